#!/bin/sh
# variants: @arch
# Case 2: a non-GPL module cannot use an EXPORT_UNUSED_SYMBOL_GPL export:
# refused with the loader's usual message, and no deprecation line.
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
insmod "$M/krf_nongpl.ko" 2>/tmp/err && fail "krf_nongpl.ko loaded"
cat /tmp/err
expect_not_loaded krf_nongpl
expect_dmesg_count 1 "krf_nongpl: Unknown symbol kernel_read_file (err -2)"
expect_dmesg_count 0 "deprecated export"
modinfo -F license "$M/krf_nongpl.ko" | grep -qx MIT || fail "krf_nongpl.ko is not MIT-licensed"
