#!/bin/bash
# Shared helpers for the harness scripts. Source it; do not run it.
# shellcheck shell=bash

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Two kernel bases: mainline (Linux 7.2, patches/mainline) and 6.12 (the LTS
# backport, patches/6.12). Everything a base makes lives in build/<base>/:
# src (the unpacked source, until tools/source/tree.sh moves it into linux), linux
# (the git tree), obj/<variant>, mods, initramfs, logs.
BASE=${BASE:-mainline}
case $BASE in
mainline | 6.12) ;;
*) printf 'ERROR: unknown BASE=%s (mainline or 6.12)\n' "$BASE" >&2; exit 1 ;;
esac
export BASE
BUILD=$TOP/build/$BASE
PATCHES=${PATCHES:-$TOP/patches/$BASE}
# Logs: inside a run of tests/run.sh, which exports RUN_DIR (a directory of
# its own per run, build/runs/<id>), each base's logs go to RUN_DIR/<base>;
# a tool run on its own (make kernel, make demo) logs to build/<base>/logs.
if [ -n "${RUN_DIR:-}" ]; then LOGS=$RUN_DIR/$BASE; else LOGS=$BUILD/logs; fi
# Downloads and ccache live outside the clone, shared by every clone on the
# machine: a fresh clone (CI) on a machine that has built before starts warm.
CACHE=${DEPRECATED_EXPORTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/deprecated-exports}
export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache} CCACHE_BASEDIR=$BUILD CCACHE_NOHASHDIR=1
# The trees of one base whose objects sit at the same place relative to them
# (linux and obj/<variant>, next/linux and next/obj/x86_64, bisect/...) give
# ccache the same relative paths and differ in the kernel's
# -fmacro-prefix-map=<tree>/= alone, which maps each tree to the same
# relative names (objects without debugging information are the same;
# CCACHE_NOHASHDIR already ignores the directory): without it in the
# hash, the objects a patch does not change come from ccache (x86_64-next
# was a cold build: 587 s after x86_64-nounused, 610 s cold, on 2026-12-06).
export CCACHE_IGNOREOPTIONS='-fmacro-prefix-map=*'
# Depend mode: ccache reads a compile's inputs from the compiler's own
# dependency file (kbuild's -Wp,-MMD) instead of running the preprocessor a
# second time to hash its output. 40 of mainline's kernel/ and mm/ files,
# compiled once each on 2026-12-07 (CPU seconds): 31 with plain gcc, 47 with
# ccache's default mode and an empty cache, 36 to 39 in depend mode. It gives
# up the hits on preprocessed output (209 of 1,041 hits in a cold make check).
export CCACHE_DEPEND=1
mkdir -p "$LOGS" "$CACHE/dl"
# What differs between the bases for the tests: REL, DEP_PARAM, DEP_CONFIG.
# shellcheck source=../configs/mainline/harness.env
. "$TOP/configs/$BASE/harness.env"

# A kernel splat on a guest's console (grep -E): any line fails the boot.
# shellcheck disable=SC2034 # used by the scripts that source lib.sh
SPLAT_RE='Oops|BUG:|WARNING:|Call Trace|Kernel panic|KASAN|kmemleak: [1-9]|INFO: task .* blocked.* for more than|hard LOCKUP|INFO: rcu_[a-z_]+ (self-)?detected (expedited )?stall'
# KTAP (version 1), the one result format from the guest's init to the
# runner's closing line: "ok N NAME", "ok N NAME # SKIP REASON",
# "not ok N NAME # DETAIL", "not ok N NAME # TIMEOUT DETAIL"; names have no
# spaces. ktap_line ST N NAME [DETAIL] prints one, ST being PASS, FAIL, SKIP
# or TIMEOUT.
ktap_line() {
	local d=${4:-}
	d=${d//$'\n'/ }
	# a failure's detail must not read as a directive
	[ "$1" != FAIL ] || [[ ! ${d^^} =~ ^(SKIP|TODO|TIMEOUT|XFAIL) ]] || d="FAIL: $d"
	case $1 in
	PASS) printf 'ok %s %s\n' "$2" "$3" ;;
	SKIP) printf 'ok %s %s # SKIP %s\n' "$2" "$3" "$d" ;;
	TIMEOUT) printf 'not ok %s %s # TIMEOUT %s\n' "$2" "$3" "$d" ;;
	*) printf 'not ok %s %s%s\n' "$2" "$3" "${d:+ # $d}" ;;
	esac
}
# ktap_parse LINE: for a result line, set KT_ST (PASS, FAIL, SKIP or
# TIMEOUT), KT_N, KT_NAME and KT_DETAIL; status 1 for any other line.
ktap_parse() {
	local l=$1 rest
	case $l in
	"ok "*) KT_ST=PASS rest=${l#ok } ;;
	"not ok "*) KT_ST=FAIL rest=${l#not ok } ;;
	*) return 1 ;;
	esac
	KT_N=${rest%% *}
	[[ $KT_N =~ ^[0-9]{1,9}$ ]] || return 1
	rest=${rest#"$KT_N"} rest=${rest# }
	KT_NAME=${rest%% *}
	[ -n "$KT_NAME" ] && [ "$KT_NAME" != "#" ] || return 1
	rest=${rest#"$KT_NAME"} KT_DETAIL=
	case $KT_ST$rest in
	PASS" # SKIP"*) KT_ST=SKIP KT_DETAIL=${rest#" # SKIP"} ;;
	FAIL" # TIMEOUT"*) KT_ST=TIMEOUT KT_DETAIL=${rest#" # TIMEOUT"} ;;
	PASS" # "* | FAIL" # "*) KT_DETAIL=${rest#" # "} ;;
	PASS | FAIL) ;;
	*) return 1 ;;
	esac
	KT_DETAIL=${KT_DETAIL# }
}
# guest_ktap RESULTS SCENARIOS: read the guest's KTAP (its results channel)
# against its plan, the SCENARIOS (comma-separated) in that order. Prints
# "PLAN ok" or "PLAN <what is wrong>" (no "KTAP version 1" line, a plan that
# is not 1..<number of scenarios>, a result out of its place in the plan, a
# scenario reported twice), then "<scenario>\t<ST>\t<detail>" for each
# scenario, ST being NONE when the guest gave no result for it.
guest_ktap() {
	local res=$1 line ver='' plan='' i gbad=()
	local -a gsc
	local -A gst=() gdet=()
	IFS=, read -ra gsc <<<"$2"
	while IFS= read -r line; do
		case $line in
		"KTAP version 1") ver=1; continue ;;
		1..*) if [ -z "$plan" ]; then plan=${line#1..}; else gbad+=("a second plan '$line'"); fi; continue ;;
		esac
		ktap_parse "$line" || continue
		i=$KT_N
		if [ "$i" -lt 1 ] || [ "$i" -gt ${#gsc[@]} ] || [ "${gsc[i - 1]}" != "$KT_NAME" ]; then
			gbad+=("'$line' is not in its place in the plan")
		elif [ -n "${gst[$KT_NAME]:-}" ]; then
			gbad+=("$KT_NAME reported twice")
			gst[$KT_NAME]=FAIL gdet[$KT_NAME]="the guest reported it twice"
		else
			gst[$KT_NAME]=$KT_ST gdet[$KT_NAME]=$KT_DETAIL
		fi
	done <"$res"
	[ -n "$ver" ] || gbad+=("no 'KTAP version 1' line")
	[ "$plan" = ${#gsc[@]} ] || gbad+=("the plan is '1..${plan:-(none)}' for ${#gsc[@]} scenario(s)")
	if [ ${#gbad[@]} -eq 0 ]; then echo "PLAN ok"; else printf -v line '%s; ' "${gbad[@]}"; echo "PLAN ${line%; }"; fi
	for i in "${gsc[@]}"; do printf '%s\t%s\t%s\n' "$i" "${gst[$i]:-NONE}" "${gdet[$i]:-}"; done
}
say()  { printf '==> %s\n' "$*" >&2; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die()  { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# run_logged LOG LABEL CMD...: run CMD with its output in LOG, show one
# progress line with the elapsed time, and on failure print the log's tail.
run_logged() {
	local log=$1 label=$2 start rc
	shift 2
	start=$(date +%s)
	say "$label (log: ${log#"$TOP"/})"
	"$@" >"$log" 2>&1 &
	local pid=$!
	if [ -t 2 ]; then
		while kill -0 "$pid" 2>/dev/null; do
			printf '    ... %s: %ss\r' "$label" $(($(date +%s) - start)) >&2
			sleep 5
		done
	fi
	wait "$pid"; rc=$?
	if [ "$rc" -ne 0 ]; then
		printf '\n' >&2
		tail -n 30 "$log" >&2
		die "$label failed (exit $rc) after $(($(date +%s) - start))s; full log: $log"
	fi
	say "$label done in $(($(date +%s) - start))s"
}

# arch_facts ARCH: set QEMU QEMU_PKG QEMU_MACHINE IMAGE CONSOLE RESULTS
# RESULTS_BUS DEBARCH LIBDIR CROSS_COMPILE CROSS_PKG KARCH ARCH_ROLE from
# configs/arches.tsv, the one table of architecture facts.
arch_facts() {
	local line m
	line=$(awk -v a="$1" '$1 == a' "$TOP/configs/arches.tsv")
	[ -n "$line" ] || die "architecture '$1' is not in configs/arches.tsv"
	# shellcheck disable=SC2034 # used by the scripts that source lib.sh
	read -r _ QEMU QEMU_PKG m IMAGE CONSOLE RESULTS DEBARCH LIBDIR CROSS_COMPILE CROSS_PKG KARCH ARCH_ROLE <<<"$line"
	[ "$KARCH" != - ] || KARCH=$1
	# hvc0@DEV: the virtio console on virtio-serial bus device DEV
	# shellcheck disable=SC2034 # used by run-guest.sh
	RESULTS_BUS=virtio-serial-device
	if [ "$RESULTS" != "${RESULTS#*@}" ]; then
		# shellcheck disable=SC2034 # used by run-guest.sh
		RESULTS_BUS=${RESULTS#*@}
		RESULTS=${RESULTS%%@*}
	fi
	QEMU_MACHINE=
	if [ "$m" != - ]; then
		QEMU_MACHINE="-M ${m%%,*}"
		[ "$m" = "${m#*,}" ] || QEMU_MACHINE="$QEMU_MACHINE -cpu ${m#*,}"
	fi
	[ "$CROSS_COMPILE" != - ] || CROSS_COMPILE=
	[ "$CROSS_PKG" != - ] || CROSS_PKG=
}

# Variants: configs/<name>.variant says ARCH, FRAGMENTS and optionally:
#   BASES       the bases it exists for (default: mainline 6.12)
#   ROLE        test (default), gate (built by a gate, not on its own) or bench
#   WEIGHT      relative build cost, for scheduling (default 1)
#   KIND        what the kernel is, for the "# variants: @KIND" of scenarios:
#               arch (default: an architecture's own kernel), off (the
#               option compiled out), next (with the next cycle's removal),
#               debug (the debug options): a new architecture's variant file
#               gets every "@arch" scenario without editing one
#   TREE        source under build/<base>/ (default linux)
#   OBJPATH     object directory under build/<base>/ (default obj/<variant>)
#   NEXT=1      the tree is the series' tree plus patches/<base>/next
#   GUEST_CPUS, GUEST_MEM (MiB), GUEST_CMDLINE (added to every boot),
#   MUTANTS=1   malformed modules in the initramfs
# Fragment F is configs/<base>/F when that exists, else configs/F.
load_variant() {
	local v=$1 f=$TOP/configs/$1.variant
	[ -f "$f" ] || die "unknown kernel variant '$v' (no $f)"
	# shellcheck disable=SC2034 # used by the scripts that source lib.sh
	VARIANT=$v
	# shellcheck disable=SC2034 # a default the .variant may override; used by the scripts that source lib.sh
	TREE=linux GUEST_MEM=512 GUEST_CMDLINE='' MUTANTS='' OBJPATH='' ROLE=test WEIGHT=1 NEXT=''
	# shellcheck disable=SC2034 # a default the .variant may override; used by the scripts that source lib.sh
	BASES="mainline 6.12"
	# shellcheck disable=SC2034 # a default the .variant may override; used by the scripts that source lib.sh
	GUEST_CPUS=1
	# shellcheck disable=SC1090
	. "$f"
	# shellcheck disable=SC2153 # ARCH: set by the .variant
	arch_facts "$ARCH"
	OBJ=$BUILD/${OBJPATH:-obj/$v}
	KSRC=$BUILD/$TREE
}
# dpkg_has_arch ARCH: dpkg knows ARCH, as the native or a foreign architecture.
# dpkg's answer is read whole before it is searched: a pipe into grep -q can
# fail under pipefail when grep exits at the match.
dpkg_has_arch() {
	local list
	[ "$1" != "$(dpkg --print-architecture)" ] || return 0
	list=$(dpkg --print-foreign-architectures) || return 1
	grep -qx -- "$1" <<<"$list"
}
# fragment_path F: the base's own copy of a Kconfig fragment, or the shared one
fragment_path() {
	if [ -f "$TOP/configs/$BASE/$1" ]; then echo "$TOP/configs/$BASE/$1"; else echo "$TOP/configs/$1"; fi
}
# variant_obj V: the object directory of variant V of this base (host checks
# ask for a kernel's objects through this, and nothing else)
variant_obj() { (load_variant "$1" && echo "$OBJ"); }
# variant_weight VARIANT: its WEIGHT, for the runner's order (no arch facts:
# the runner asks for every variant it schedules)
# shellcheck disable=SC1090 # configs/<variant>.variant, named at run time
variant_weight() { (WEIGHT=1; . "$TOP/configs/$1.variant"; echo "${WEIGHT:-1}"); }
# deprecation_enabled OBJ: the kernel in OBJ has deprecated exports compiled in
deprecation_enabled() { grep -qxE 'CONFIG_(UNUSED_SYMBOLS|DEPRECATED_EXPORTS)=y' "$1/.config"; }

# make in the kernel tree for the loaded variant
kmake() {
	local cc=gcc
	command -v ccache >/dev/null && cc="ccache gcc"
	[ -n "${CROSS_COMPILE:-}" ] && cc="ccache ${CROSS_COMPILE}gcc"
	make -C "$KSRC" O="$OBJ" ARCH="${KARCH:-$ARCH}" ${CROSS_COMPILE:+CROSS_COMPILE=$CROSS_COMPILE} \
		CC="$cc" -j"$(nproc)" "$@"
}

# The object cache: a kernel's built object directory (and the test modules
# built against it), kept outside the clone and keyed by everything they are
# made of, so that a clone on a machine that has built the same kernel before
# unpacks it instead of building it again. ccache alone leaves most of a
# tinyconfig build to do (MODVERSIONS' second preprocessing for genksyms,
# objtool, the links, modpost: 7 to 9 minutes of a kernel here, README
# "Machine and time"). tools/build/objcache.py makes an unpacked directory valid
# where it now lives (paths and times).
OBJCACHE=$CACHE/objects
# objcache_key FILE...: the key of $OBJ built from $KSRC for $KARCH with the
# given inputs (fragments, the building script), from the tree's content, the
# compilers and the host tools; nothing when the tree has changes that are not
# committed (a tree being edited is not cached). Status 0 either way.
objcache_key() {
	local tree
	[ -z "$(git -C "$KSRC" status --porcelain --untracked-files=no 2>/dev/null)" ] || return 0
	tree=$(git -C "$KSRC" rev-parse 'HEAD^{tree}' 2>/dev/null) || return 0
	{
		echo "objcache 1 $KARCH $tree"
		cat "$@"
		"${CROSS_COMPILE}gcc" -v 2>&1
		"${CROSS_COMPILE}ld" -v 2>&1
		gcc -v 2>&1
		dpkg-query -W binutils libelf-dev libdw-dev dwarves bison flex libssl-dev 2>&1
		declare -f kmake
		env | sed -n '/^KBUILD_/p' | LC_ALL=C sort
	} | sha256sum | cut -c1-24
}
# objcache_restore NAME KEY DIR [PATH...]: unpack the cached DIR of NAME with
# KEY (DIR must not hold a build). The absolute paths it was built with, its
# own and the PATHs' (the kernel's source and objects), become this clone's.
# DIR/.objcache-key names the key, and what the building script kept in DIR
# comes back with it (tools/build/build-kernel.sh keeps its build log there).
objcache_restore() {
	local name=$1 key=$2 dir=$3 f=$OBJCACHE/$1-$2.tar.zst map=() i=0 old
	shift 3
	[ -n "$key" ] && [ -f "$f" ] || return 1
	mkdir -p "$dir"
	if zstd -dcq "$f" | tar -C "$dir" -xf - && [ -f "$dir/.objcache" ]; then
		for p in "$dir" "$@"; do
			i=$((i + 1))
			old=$(sed -n "${i}p" "$dir/.objcache")
			[ -z "$old" ] || map+=("$old=$p")
		done
		if python3 "$TOP/tools/build/objcache.py" fix "$dir" "$KSRC" "${map[@]}" >/dev/null; then
			# (entries saved before the directory named its key lack it)
			echo "$key" >"$dir/.objcache-key"
			return 0
		fi
	fi
	warn "could not restore ${f#"$CACHE"/}; building instead"
	rm -rf "$dir" && mkdir -p "$dir"
	return 1
}
# objcache_save NAME KEY DIR [PATH...]: keep DIR in the cache under KEY, with
# the paths to rewrite when it is restored; the newest two keys of each NAME
# stay. DIR/.objcache-key names the key (none: DIR was built from a tree
# with changes), so that a directory, restored or built, says what it is.
objcache_save() {
	local name=$1 key=$2 dir=$3 f=$OBJCACHE/$1-$2.tar.zst
	shift 3
	if [ -z "$key" ]; then
		rm -f "$dir/.objcache-key"
		return 0
	fi
	echo "$key" >"$dir/.objcache-key"
	[ ! -f "$f" ] || return 0
	mkdir -p "$OBJCACHE"
	printf '%s\n' "$dir" "$@" >"$dir/.objcache"
	if tar -C "$dir" -cf - . | zstd -T0 -3 -q >"$f.tmp.$$"; then
		mv "$f.tmp.$$" "$f"
	else
		rm -f "$f.tmp.$$"
		warn "could not keep $dir in ${OBJCACHE#"$CACHE"/}"
	fi
	# this NAME's keys only (24 hex digits): NAME-mods is another name
	local h='[0-9a-f]' pat
	pat=$h$h$h$h$h$h$h$h$h$h$h$h$h$h$h$h$h$h$h$h$h$h$h$h
	# shellcheck disable=SC2012,SC2086 # our own names, without spaces; $pat globs
	ls -t "$OBJCACHE/$name"-$pat.tar.zst 2>/dev/null | tail -n +3 | xargs -r rm -f
}
