#!/bin/bash
# variants: x86_64 x86_64-next
# The consumers' view before an upgrade. make modules_install installs
# modules.deprecated_exports: exactly the exports marked in the sources
# (vmlinux's in fs/kernel_read_file.c, the in-tree test module's), with owner,
# class and release. make deprecated_imports, run unconfigured in the tree
# and in the installed build directory, scans installed modules (plain,
# gzip, xz and zstd): one loader-format line per deprecated import, the
# exports of scanned modules count as present, exit 1; a clean directory
# exits 0 silently. Against the next cycle's Module.symvers the same modules
# use missing exports instead.
. "$(dirname "$0")/lib.sh"
scratch_dir
load_variant x86_64
MODS=$BUILD/mods/x86_64
[ -f "$KSRC/scripts/deprecated_imports.sh" ] || fail "the series has no scripts/deprecated_imports.sh"
release=$(cat "$OBJ/include/config/kernel.release") || fail "no kernel release in ${OBJ#"$TOP"/}"
lib=$scratch/root/lib/modules/$release
list=$lib/modules.deprecated_exports

# The installed modules: the in-tree ones (modules_install, below) and the
# harness's, four of them compressed the ways kmod installs them. Each
# compressed file must be what it is named: the tool's format (its magic
# number) and, decompressed, the module itself; or the scan below would
# prove nothing about that format.
upd=$lib/updates
mkdir -p "$upd"
for m in krf_path krf_fd krf_weak hello unused_exporter unused_plain_user unused_symbol_get; do
	cp "$MODS/$m/$m.ko" "$upd/" || fail "no $m.ko"
done
compress() { # gzip|xz|zstd MODULE: MODULE.ko becomes MODULE.ko.<gz|xz|zst>, checked
	local tool=$1 ko=$upd/$2.ko ext magic
	case $tool in
	gzip) ext=gz magic=1f8b ;;
	xz) ext=xz magic=fd377a585a00 ;;
	zstd) ext=zst magic=28b52ffd ;;
	esac
	cp "$ko" "$scratch/$2.orig"
	case $tool in
	zstd) zstd -q --rm "$ko" ;;
	*) "$tool" "$ko" ;;
	esac || fail "$tool $2.ko failed"
	if [ -e "$ko" ] || [ ! -s "$ko.$ext" ]; then fail "$tool did not replace $2.ko with $2.ko.$ext"; fi
	[ "$(head -c $((${#magic} / 2)) "$ko.$ext" | od -An -tx1 | tr -d ' \n')" = "$magic" ] ||
		fail "$2.ko.$ext is not $tool data (magic $(head -c 6 "$ko.$ext" | od -An -tx1 | tr -d '\n'))"
	"$tool" -dc "$ko.$ext" | cmp -s - "$scratch/$2.orig" || fail "$2.ko.$ext does not decompress to $2.ko"
	echo "$2.ko.$ext: $tool data, decompresses to $2.ko"
}
compress gzip krf_fd
compress xz unused_plain_user
compress zstd krf_weak
compress xz hello

kmake -s INSTALL_MOD_PATH="$scratch/root" DEPMOD=true modules_install >"$scratch/install.log" 2>&1 ||
	fail "modules_install failed: $(tail -n 5 "$scratch/install.log")"
[ -d "$upd" ] || fail "modules_install removed ${upd#"$scratch"/}"
[ -f "$list" ] || fail "modules_install did not install modules.deprecated_exports"
# Expected from the sources: each EXPORT_UNUSED_SYMBOL*(sym, "rel") call in
# fs/kernel_read_file.c (owner vmlinux) and in the in-tree test module.
testmod=$(cd "$KSRC" && grep -rl --include='test_deprecated_exports.c' '^EXPORT_UNUSED_SYMBOL' lib)
[ -n "$testmod" ] || fail "no in-tree test module exports a deprecated symbol"
expected=$( (cd "$KSRC" && for f in fs/kernel_read_file.c "$testmod"; do
	owner=vmlinux
	[ "$f" = fs/kernel_read_file.c ] || owner=${f%.c}
	sed -nE "s#^(EXPORT_UNUSED_SYMBOL(_GPL)?)\(([a-z_0-9]+), \"([0-9.]+)\"\);\$#\3\t$owner\t\1\t\4#p" "$f"
done) | LC_ALL=C sort)
[ "$(wc -l <<<"$expected")" -eq 4 ] || fail "expected 4 deprecated exports in the sources, found: $expected"
[ "$(LC_ALL=C sort "$list")" = "$expected" ] || fail "modules.deprecated_exports is:
$(cat "$list")
expected:
$expected"
echo "modules.deprecated_exports lists the 4 exports marked in the sources, tab-separated"

depmod -b "$scratch/root" -F "$OBJ/System.map" "$release" 2>"$scratch/depmod.err" ||
	fail "depmod failed: $(cat "$scratch/depmod.err")"
ls "$upd"
# Written by hand from the modules' sources: what each one imports.
want="krf_fd: uses deprecated export kernel_read_file_from_fd (EXPORT_UNUSED_SYMBOL_GPL), to be removed in $REL
krf_path: uses deprecated export kernel_read_file (EXPORT_UNUSED_SYMBOL_GPL), to be removed in $REL
krf_weak: uses deprecated export kernel_read_file (EXPORT_UNUSED_SYMBOL_GPL), to be removed in $REL
unused_plain_user: uses deprecated export unx_plain (EXPORT_UNUSED_SYMBOL), to be removed in 6.13"
scan() { # NAME DIR [make arguments]: make deprecated_imports; $out, and in
	# $rc the script's exit status (make reports it as "Error N")
	local name=$1 dir=$2
	shift 2
	rc=0
	out=$(MAKELEVEL='' make -s -C "$dir" deprecated_imports "$@" 2>"$scratch/err") || {
		rc=$(sed -n 's/^make.*deprecated_imports\] Error \([0-9]*\)$/\1/p' "$scratch/err")
		[ -n "$rc" ] || fail "$name: make failed before the script ran: $(cat "$scratch/err")"
	}
	if [ "$rc" -eq 0 ] && [ -s "$scratch/err" ]; then
		fail "$name: exit 0 with errors: $(cat "$scratch/err")"
	fi
	return 0
}
# In the tree (O=, unconfigured: no .config there), with the test modules'
# Module.symvers for the deprecation of unx_plain.
mkdir -p "$scratch/o"
scan tree "$KSRC" O="$scratch/o" DIR="$upd" SYMVERS="$OBJ/Module.symvers $MODS/unused_exporter/Module.symvers"
[ "$rc" -eq 1 ] || fail "tree: exit $rc, not 1: $out $(cat "$scratch/err")"
[ "$out" = "$want" ] || fail "tree: printed:
$out
expected:
$want"
echo "make deprecated_imports (tree, O=, no .config): the 4 deprecated imports, exit 1"
# The installed build directory, as a kernel's build symlink points at: its
# default SYMVERS is that kernel's Module.symvers, which does not know the
# external exporter's deprecation, but its exports count as present.
want_kernel=$(grep -v unused_plain_user <<<"$want")
scan build "$OBJ" DIR="$lib"
[ "$rc" -eq 1 ] || fail "build directory: exit $rc, not 1: $out $(cat "$scratch/err")"
[ "$out" = "$want_kernel" ] || fail "build directory: printed:
$out
expected:
$want_kernel"
echo "make -C <build dir> deprecated_imports DIR=/lib/modules/<release>: vmlinux's 3, exit 1"
# The installed list alone: deprecations known, missing imports not checked.
scan list "$OBJ" DIR="$upd" SYMVERS="$list"
if [ "$rc" -ne 1 ] || [ "$out" != "$want_kernel" ]; then fail "SYMVERS=modules.deprecated_exports: exit $rc: $out"; fi
echo "SYMVERS=modules.deprecated_exports: the same 3 lines"
# Nothing to report: exit 0, silent.
mkdir "$scratch/clean"
cp "$MODS/hello/hello.ko" "$scratch/clean/"
scan clean "$OBJ" DIR="$scratch/clean"
if [ "$rc" -ne 0 ] || [ -n "$out" ]; then fail "a directory with hello.ko only: exit $rc: $out"; fi
echo "hello.ko alone: exit 0, nothing printed"
# Against the next cycle's kernel the exports are gone: missing, not deprecated.
next=$(variant_obj x86_64-next)/Module.symvers
[ -s "$next" ] || fail "no ${next#"$TOP"/}"
scan next "$OBJ" DIR="$upd" SYMVERS="$next $MODS/unused_exporter/Module.symvers"
want_next="krf_fd: uses missing export kernel_read_file_from_fd
krf_path: uses missing export kernel_read_file
unused_plain_user: uses deprecated export unx_plain (EXPORT_UNUSED_SYMBOL), to be removed in 6.13"
[ "$rc" -eq 1 ] || fail "next cycle: exit $rc, not 1"
[ "$out" = "$want_next" ] || fail "next cycle: printed:
$out
expected:
$want_next"
echo "SYMVERS=<next cycle's Module.symvers>: krf_fd and krf_path use missing exports; krf_weak's weak reference is not reported"
# A bad SYMVERS file is a usage error, not a clean result.
echo garbage >"$scratch/bad"
scan bad "$OBJ" DIR="$upd" SYMVERS="$scratch/bad"
if [ "$rc" -eq 0 ] || [ "$rc" -eq 1 ] || ! grep -q 'not a Module.symvers' "$scratch/err"; then
	fail "a malformed SYMVERS file: exit $rc, stderr: $(cat "$scratch/err")"
fi
echo "a malformed SYMVERS file: an error naming it (exit $rc)"
