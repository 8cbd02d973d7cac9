#!/bin/sh
# variants: @arch
# Before an upgrade, on the installed kernel, with Debian's kmod and no
# binutils: modules_install's modules.deprecated_exports lists vmlinux's
# deprecated exports, and the scan that 'make -C /lib/modules/<r>/build
# deprecated_imports DIR=<dir>' runs (the guest has no make; the build
# directory holds the script and Module.symvers, as a headers package does)
# reads the imports with modprobe --dump-modversions and the scanned
# modules' exports from kmod's depmod: a module loaded and not, gzipped and
# not, with and without deprecated imports.
# shellcheck source=lib.sh
. /tests/lib.sh
r=$(uname -r)
lib=/lib/modules/$r
list=$lib/modules.deprecated_exports
scan=$lib/build/scripts/deprecated_imports.sh
[ -f "$list" ] || fail "no $list"
for s in kernel_read_file kernel_read_file_from_fd; do
	grep -qx "$s	vmlinux	EXPORT_UNUSED_SYMBOL_GPL	$REL" "$list" ||
		fail "$list has no line for $s: $(cat "$list")"
done
echo "$list:"
cat "$list"
[ "$(grep -c vmlinux "$list")" -eq 2 ] || fail "vmlinux has 2 deprecated exports, $list lists $(grep -c vmlinux "$list")"
[ -f "$scan" ] || fail "no $scan"
! command -v nm >/dev/null || fail "the guest has nm: the kmod path would not be tested"

# An installed tree of five modules, depmod'ed by kmod.
d=/tmp/root/lib/modules/$r/updates
mkdir -p "$d"
for m in krf_path krf_fd hello unused_exporter unused_plain_user; do
	cp "$lib/updates/$m.ko" "$d/" || fail "no $m.ko"
done
gzip "$d/krf_fd.ko" || fail "gzip failed"
# what modules_install would have put there, for a quiet depmod
touch "$d/../modules.order" "$d/../modules.builtin" "$d/../modules.builtin.modinfo"
depmod -b /tmp/root "$r" || fail "depmod failed"
grep -q '^alias symbol:unx_plain unused_exporter$' "/tmp/root/lib/modules/$r/modules.symbols" ||
	fail "depmod did not record unused_exporter's exports"
modprobe unused_plain_user || fail "modprobe unused_plain_user failed"
expect_loaded unused_plain_user

want="krf_fd: uses deprecated export kernel_read_file_from_fd (EXPORT_UNUSED_SYMBOL_GPL), to be removed in $REL
krf_path: uses deprecated export kernel_read_file (EXPORT_UNUSED_SYMBOL_GPL), to be removed in $REL"
for symvers in "$lib/build/Module.symvers" "$list"; do
	rc=0
	out=$(sh "$scan" --symvers "$symvers" "/tmp/root/lib/modules/$r" 2>/tmp/err) || rc=$?
	[ "$rc" -eq 1 ] || fail "the scan with $symvers exited $rc, not 1: $out $(cat /tmp/err)"
	[ "$out" = "$want" ] || fail "the scan with $symvers printed:
$out
$(cat /tmp/err)
expected:
$want"
	echo "against $symvers: exit 1, the two deprecated imports"
done
mkdir -p /tmp/clean
cp "$lib/updates/hello.ko" /tmp/clean/
rc=0
out=$(sh "$scan" --symvers "$lib/build/Module.symvers" /tmp/clean 2>&1) || rc=$?
if [ "$rc" -ne 0 ] || [ -n "$out" ]; then fail "hello.ko alone: exit $rc: $out"; fi
echo "hello.ko alone: exit 0, nothing printed"
rmmod unused_plain_user unused_exporter || fail "rmmod failed"
