#!/bin/sh
# variants: @arch
# bases: mainline
# A module built with the 6.12 backport's deprecated export sections
# (__ksymtab_unused_gpl and its CRC and removal tables) loads on mainline:
# the loader ignores each section with a message, as it does for the
# obsolete __ksymtab_gpl, and the module's ordinary export still works.
# shellcheck source=lib.sh
. /tests/lib.sh
modprobe old_format_user || fail "modprobe old_format_user failed"
for s in __ksymtab_unused_gpl __kcrctab_unused_gpl __kremoval_unused_gpl; do
	expect_dmesg_count 1 "old_format: ignoring obsolete section $s"
done
expect_dmesg_count 1 "old_format_user: answer 42"
expect_dmesg_count 0 "deprecated export"
modprobe -r old_format_user || fail "modprobe -r old_format_user failed"
expect_not_loaded old_format
