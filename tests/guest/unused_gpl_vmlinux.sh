#!/bin/sh
# variants: @arch
# Case 1: a GPL module using a vmlinux EXPORT_UNUSED_SYMBOL_GPL export loads
# and works, with exactly one warning line; sysfs lists the export; no taint
# beyond out-of-tree; unloading and reloading warns again, once.
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
W="krf_path: uses deprecated export kernel_read_file (EXPORT_UNUSED_SYMBOL_GPL), to be removed in $REL"
echo "hello from a file" >/tmp/data.txt
insmod "$M/krf_path.ko" path=/tmp/data.txt || fail "insmod krf_path.ko failed"
expect_loaded krf_path
expect_dmesg_count 1 "$W"
expect_dmesg_count 1 "deprecated export"
expect_dmesg_count 1 "krf_path: read 18 bytes from /tmp/data.txt: hello from a file"
f=/sys/module/krf_path/deprecated_exports
cat $f
[ "$(cat $f)" = "kernel_read_file $REL EXPORT_UNUSED_SYMBOL_GPL" ] || fail "$f does not list exactly kernel_read_file"
[ "$(cat /sys/module/krf_path/taint)" = "O" ] || fail "taint is '$(cat /sys/module/krf_path/taint)', expected only O"
rmmod krf_path || fail "rmmod failed"
dmesg -c >/dev/null
insmod "$M/krf_path.ko" path=/tmp/data.txt || fail "reload failed"
expect_dmesg_count 1 "$W"
rmmod krf_path
