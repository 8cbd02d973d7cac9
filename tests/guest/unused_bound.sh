#!/bin/sh
# variants: @arch @debug
# Case 5: a module importing twelve deprecated exports gets ten lines and
# one summary; sysfs still lists all twelve.
# shellcheck source=lib.sh
. /tests/lib.sh
modprobe unused_many_user || fail "modprobe unused_many_user failed"
expect_dmesg_count 10 "unused_many_user: uses deprecated export unx_many_"
expect_dmesg_count 1 "unused_many_user: uses 2 more deprecated exports, see /sys/module/unused_many_user/deprecated_exports"
expect_dmesg_count 11 "deprecated export"
n=$(grep -c "^unx_many_[0-9]* 6.14 EXPORT_UNUSED_SYMBOL_GPL$" /sys/module/unused_many_user/deprecated_exports)
[ "$n" = 12 ] || fail "sysfs lists $n of the 12 deprecated imports"
modprobe -r unused_many_user || fail "modprobe -r failed"
