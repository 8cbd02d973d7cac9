#!/bin/sh
# variants: x86_64-next
# On the next cycle's kernel the exports are gone: modules that used them
# are refused with Unknown symbol, and nothing mentions deprecation. The
# kernel's list of deprecated exports is there and empty.
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
insmod "$M/krf_fd.ko" </dev/null 2>/tmp/err && fail "krf_fd loaded on the next-cycle kernel"
cat /tmp/err
expect_dmesg_count 1 "krf_fd: Unknown symbol kernel_read_file_from_fd (err -2)"
insmod "$M/krf_path.ko" 2>/tmp/err && fail "krf_path loaded on the next-cycle kernel"
expect_dmesg_count 1 "krf_path: Unknown symbol kernel_read_file (err -2)"
expect_dmesg_count 0 "deprecated export"
f=/sys/kernel/deprecated_exports
[ -e $f ] || fail "no $f"
[ -z "$(cat $f)" ] || fail "$f lists: $(cat $f)"
echo "$f exists and is empty"
