#!/bin/bash
# make bench: the series side by side with unpatched 6.12, same config.
#
# Kernels (configs/bench*.variant, fragments base.config + x86_64.config):
#   bench-base      unpatched: tag "base" of build/linux, worktree build/bench-base
#   bench           patched (build/linux HEAD), CONFIG_UNUSED_SYMBOLS=y
#   bench-nounused  patched, CONFIG_UNUSED_SYMBOLS=n
# Measurements, one run:
#   size     size(1) of vmlinux and readelf -S of its export tables, three
#            kernels; kernel/module/*.o for the loader's fixed cost
#   lookup   bench_lookup.ko: __symbol_get()/__symbol_put() of ordinary and
#            deprecated GPL-only exports, in QEMU with -icount (two boots of
#            each kernel)
#   load     insmod of bench_load.ko (~1,000 imports) minus bench_load0.ko
#   build    modpost under callgrind: instructions, patched vs unpatched
#            modpost, both fed the unpatched vmlinux.o and modules
#   report   make exports_due vs git grep, wall time, median of several runs
# Output: the table on stdout, build/bench/bench.md, bench.csv, ratios.png;
# raw data under build/bench/raw, guest consoles under build/bench/boot-*.log.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

OUT=$BUILD/bench
RAW=$OUT/raw
BOOTS=${BENCH_BOOTS:-2}
RUNS=${BENCH_RUNS:-5}
ICOUNT="-icount shift=0,sleep=off"

QEMU_BIN=$(load_variant bench && echo "$QEMU")
for tool in valgrind gnuplot readelf size "$QEMU_BIN"; do
	command -v "$tool" >/dev/null ||
		die "bench needs '$tool' (valgrind and gnuplot-nox: apt-get install valgrind gnuplot-nox, or make deps)"
done
[ -d "$BUILD/linux/.git" ] || die "no kernel tree at build/linux; run 'make tree'"
git -C "$BUILD/linux" rev-parse -q --verify 'base^{commit}' >/dev/null ||
	die "build/linux has no tag 'base' (the unpatched source); run 'make tree'"

rm -rf "$RAW" && mkdir -p "$RAW"

# ---- the unpatched tree: a worktree of build/linux at tag base
base_commit=$(git -C "$BUILD/linux" rev-parse 'base^{commit}')
if [ ! -e "$BUILD/bench-base/.git" ]; then
	say "worktree build/bench-base at tag base"
	# -f: also when a removed build/bench-base is still registered
	git -C "$BUILD/linux" worktree add -f --detach "$BUILD/bench-base" base >"$LOGS/bench-worktree.log" 2>&1 ||
		die "git worktree add build/bench-base failed (see $LOGS/bench-worktree.log)"
fi
[ "$(git -C "$BUILD/bench-base" rev-parse HEAD)" = "$base_commit" ] ||
	die "build/bench-base is not at tag base ($base_commit); remove it (git -C build/linux worktree remove build/bench-base) and rerun"
[ -z "$(git -C "$BUILD/bench-base" status --porcelain --untracked-files=no)" ] ||
	die "build/bench-base has local changes; it must be the pristine source"
{
	echo "base $base_commit"
	echo "patched $(git -C "$BUILD/linux" rev-parse HEAD) $(git -C "$BUILD/linux" describe --always --dirty)"
	echo "series $(git -C "$BUILD/linux" rev-list --count base..HEAD)"
	echo "qemu $("$QEMU_BIN" --version | head -n1)"
	echo "date $(date -u +%Y-%m-%dT%H:%MZ)"
	echo "host $(nproc) cores, $(uname -m)"
} >"$RAW/meta.txt"

# ---- kernels
for v in bench-base bench bench-nounused; do
	"$TOP/tools/build-kernel.sh" "$v"
done

# ---- size
for v in bench-base bench bench-nounused; do
	load_variant "$v"
	size "$OBJ/vmlinux" >"$RAW/size-$v.txt"
	readelf -S --wide "$OBJ/vmlinux" >"$RAW/sections-$v.txt"
	(cd "$OBJ" && size kernel/module/*.o) >"$RAW/modobj-$v.txt"
	grep -x 'CONFIG_UNUSED_SYMBOLS=y' "$OBJ/.config" >"$RAW/config-$v.txt" || true
	cp "$OBJ/Module.symvers" "$RAW/Module.symvers-$v"
done
grep -qx 'CONFIG_UNUSED_SYMBOLS=y' "$BUILD/obj/bench/.config" || die "bench: CONFIG_UNUSED_SYMBOLS=y did not stick"
grep -q '^CONFIG_UNUSED_SYMBOLS' "$BUILD/obj/bench-nounused/.config" && die "bench-nounused: CONFIG_UNUSED_SYMBOLS is set"

# ---- symbol lists for the modules, the same for both kernels: exports of
# vmlinux that both have, of the same class, without a namespace.
GEN=$OUT/gen
mkdir -p "$GEN"
exports() { # SYMVERS TYPE: names of vmlinux exports of that type, no namespace
	awk -F'\t' -v t="$2" '$3 == "vmlinux" && $4 == t && $5 == "" { print $2 }' "$1" | LC_ALL=C sort
}
for t in EXPORT_SYMBOL EXPORT_SYMBOL_GPL; do
	LC_ALL=C comm -12 <(exports "$RAW/Module.symvers-bench-base" "$t") \
		<(exports "$RAW/Module.symvers-bench" "$t") >"$GEN/$t.list"
done
n_gpl=$(wc -l <"$GEN/EXPORT_SYMBOL_GPL.list")
n_plain=$(wc -l <"$GEN/EXPORT_SYMBOL.list")
[ "$n_gpl" -ge 100 ] || die "only $n_gpl GPL-only exports common to both kernels"
LOAD_N=${BENCH_LOAD_IMPORTS:-1000}
if [ "$n_plain" -lt "$LOAD_N" ]; then
	warn "only $n_plain ordinary EXPORT_SYMBOL exports in this config; bench_load imports all of them"
	LOAD_N=$n_plain
fi
sed 's/.*/\t"&",/' "$GEN/EXPORT_SYMBOL_GPL.list" >"$GEN/bench_lookup_syms.h"
head -n "$LOAD_N" "$GEN/EXPORT_SYMBOL.list" | sed 's/.*/\tBENCH_IMPORT(&)/' >"$GEN/bench_load_syms.h"
echo "lookup_names $n_gpl" >>"$RAW/meta.txt"
echo "load_imports $LOAD_N of $n_plain" >>"$RAW/meta.txt"
dep_list() { # VARIANT: deprecated GPL-only exports of its vmlinux
	awk -F'\t' '$3 == "vmlinux" && $4 == "EXPORT_UNUSED_SYMBOL_GPL" { print $2 }' \
		"$RAW/Module.symvers-$1" | LC_ALL=C sort
}

# ---- modules, built out of tree against each kernel (make -C <obj> M=)
build_bench_modules() { # VARIANT
	load_variant "$1"
	local m dst
	for m in bench_lookup bench_exporter bench_load bench_clock; do
		dst=$OUT/mods/$VARIANT/$m
		rm -rf "$dst" && mkdir -p "$dst"
		cp "$TOP/bench/modules/$m"/* "$dst/"
		cp "$GEN/bench_lookup_syms.h" "$GEN/bench_load_syms.h" "$dst/"
		dep_list "$VARIANT" | sed 's/.*/\t"&",/' >"$dst/bench_lookup_dep.h"
		run_logged "$dst/build.log" "bench module $m for $VARIANT" kmake M="$dst" modules
	done
}

# ---- guest: the variant's initramfs plus /bench/*.ko and the scenarios,
# appended as a second cpio archive (the kernel unpacks both)
bench_initramfs() { # VARIANT
	load_variant "$1"
	"$TOP/tools/mkinitramfs.sh" "$VARIANT"
	local stage=$OUT/initramfs/$VARIANT
	rm -rf "$stage" && mkdir -p "$stage/bench" "$stage/tests"
	cp "$OUT/mods/$VARIANT"/*/*.ko "$stage/bench/"
	cp "$TOP"/bench/guest/*.sh "$stage/tests/"
	(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0 | gzip -1) \
		>>"$BUILD/initramfs/$VARIANT.cpio.gz"
}

bench_boot() { # VARIANT N
	local v=$1 n=$2 out
	say "boot $v #$n under -icount: bench_lookup, bench_load"
	if ! out=$(QEMU_EXTRA="$ICOUNT" GUEST_TIMEOUT=${BENCH_TIMEOUT:-600} \
		"$TOP/tools/run-guest.sh" "$v" "bench-$n" bench_lookup,bench_load); then
		echo "$out" >&2
		die "benchmark boot $v #$n failed (console: $LOGS/boot-$v-bench-$n.log)"
	fi
	cp "$LOGS/boot-$v-bench-$n.log" "$OUT/boot-$v-$n.log"
	grep '^# BENCH ' "$LOGS/boot-$v-bench-$n.log" | sed "s/^# BENCH /$v $n /" >>"$RAW/guest.txt"
}

: >"$RAW/guest.txt"
for v in bench-base bench bench-nounused; do
	build_bench_modules "$v"
	bench_initramfs "$v"
	for n in $(seq 1 "$BOOTS"); do
		bench_boot "$v" "$n"
	done
done

# ---- build: modpost under callgrind, same input for both: the unpatched
# vmlinux.o (with .vmlinux.objs and its objects' .cmd files, where modpost
# reads the CRCs) and the bench modules built against it.
say "modpost under callgrind (patched and unpatched modpost, unpatched input)"
MP=$OUT/modpost
rm -rf "$MP" && mkdir -p "$MP/input/mods"
base_obj=$BUILD/obj/bench-base
cp "$base_obj/vmlinux.o" "$base_obj/.vmlinux.objs" "$MP/input/"
while read -r o; do
	d=$(dirname "$o") f=$(basename "$o")
	mkdir -p "$MP/input/$d"
	cp "$base_obj/$d/.$f.cmd" "$MP/input/$d/"
done <"$base_obj/.vmlinux.objs"
for ko in "$OUT"/mods/bench-base/*/*.ko; do
	m=$(basename "$ko" .ko) src=$(dirname "$ko")
	cp "$src/$m.o" "$src/.$m.o.cmd" "$MP/input/mods/"
	echo "mods/$m.o" >"$MP/input/mods/$m.mod"
	echo "mods/$m.o" >>"$MP/input/modules.order"
done
for v in bench-base bench; do
	cmd=$(sed -n 's/^savedcmd_Module.symvers := *//p' "$BUILD/obj/$v/.Module.symvers.cmd")
	case "$cmd" in
	"scripts/mod/modpost "*"-T modules.order"*" vmlinux.o") ;;
	*) die "$v: unexpected modpost command line in .Module.symvers.cmd: $cmd" ;;
	esac
	echo "$v $cmd" >>"$RAW/modpost-cmd.txt"
	rm -rf "${MP:?}/$v" && cp -a "$MP/input" "$MP/$v"
	# shellcheck disable=SC2086 # the saved command line, split as make did
	(cd "$MP/$v" && valgrind --tool=callgrind --callgrind-out-file="$MP/callgrind.out.$v" \
		"$BUILD/obj/$v/scripts/mod/modpost" ${cmd#scripts/mod/modpost }) \
		>"$MP/$v.log" 2>&1 || die "modpost of $v under callgrind failed (see $MP/$v.log)"
	ir=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$MP/$v.log")
	[ -n "$ir" ] || die "no instruction count in $MP/$v.log"
	echo "$v $ir" >>"$RAW/modpost.txt"
done
cmp -s "$MP/bench-base/Module.symvers" "$MP/bench/Module.symvers" ||
	warn "patched and unpatched modpost wrote different Module.symvers for the same input (diff $MP/bench-base/Module.symvers $MP/bench/Module.symvers)"

# ---- report: make exports_due vs git grep over the whole build/linux tree
say "make exports_due vs git grep, $RUNS runs each (after one warm-up)"
ED=$OUT/exports_due
rm -rf "$ED" && mkdir -p "$ED"
K=$BUILD/linux
time_ns() { # LABEL CMD...: append "LABEL NANOSECONDS" to raw/report.txt
	local label=$1 t0 t1
	shift
	t0=$(date +%s%N)
	"$@" >"$ED/$label.out" 2>&1 || die "$label failed: $* (see $ED/$label.out)"
	t1=$(date +%s%N)
	echo "$label $((t1 - t0))" >>"$RAW/report.txt"
}
make -s -C "$K" O="$ED/obj" exports_due >"$ED/warmup.out" 2>&1 ||
	die "make exports_due failed on build/linux (see $ED/warmup.out)"
git -C "$K" grep -n -F EXPORT_UNUSED_SYMBOL >/dev/null
: >"$RAW/report.txt"
for _ in $(seq 1 "$RUNS"); do
	time_ns exports_due make -s -C "$K" O="$ED/obj" exports_due
	time_ns git_grep git -C "$K" grep -n -F EXPORT_UNUSED_SYMBOL
done

# ---- the table, bench.md, bench.csv, ratios.png
python3 -B "$TOP/tools/bench-report.py" "$OUT"
gnuplot "$OUT/ratios.gp" >"$OUT/gnuplot.log" 2>&1 || die "gnuplot failed (see $OUT/gnuplot.log)"
[ -s "$OUT/ratios.png" ] || die "gnuplot wrote no $OUT/ratios.png"
say "bench done: build/bench/bench.md, bench.csv, ratios.png"
