#!/bin/sh
# variants: @arch
# Case 8: MODVERSIONS: a CRC mismatch on a deprecated export is refused like
# any other, before any deprecation warning.
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
insmod "$M/unused_exporter.ko" || fail "insmod unused_exporter failed"
insmod "$M/unused_crc_user.ko" 2>/tmp/err && fail "unused_crc_user loaded despite a CRC mismatch"
cat /tmp/err
expect_dmesg_count 1 "unused_crc_user: disagrees about version of symbol unx_gpl"
expect_dmesg_count 0 "deprecated export"
rmmod unused_exporter
