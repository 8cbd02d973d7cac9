#!/bin/sh
# variants: @arch
# Case 3: a module using a plain EXPORT_UNUSED_SYMBOL export of another
# module: modprobe pulls the exporter in via depmod; one warning.
# shellcheck source=lib.sh
. /tests/lib.sh
grep "^updates/unused_plain_user.ko:" "/lib/modules/$(uname -r)/modules.dep" | grep -q unused_exporter.ko ||
	fail "depmod did not record unused_plain_user -> unused_exporter"
modprobe unused_plain_user || fail "modprobe unused_plain_user failed"
expect_loaded unused_exporter
expect_loaded unused_plain_user
expect_dmesg_count 1 "unused_plain_user: uses deprecated export unx_plain (EXPORT_UNUSED_SYMBOL), to be removed in 6.13"
expect_dmesg_count 1 "deprecated export"
expect_dmesg_count 1 "unused_plain_user: sum 1"
[ "$(cat /sys/module/unused_plain_user/deprecated_exports)" = "unx_plain 6.13 EXPORT_UNUSED_SYMBOL" ] ||
	fail "sysfs does not list unx_plain"
[ -z "$(cat /sys/module/unused_exporter/deprecated_exports)" ] || fail "the exporter itself lists deprecated imports"
modprobe -r unused_plain_user || fail "modprobe -r failed"
expect_not_loaded unused_exporter
