#!/bin/sh
# variants: @arch @off @next
# The 2007 story: sys_open/sys_read are not exported; the loader refuses a
# module that wants them, names both, and the kernel stays healthy.
# shellcheck source=lib.sh
. /tests/lib.sh
if insmod "/lib/modules/$(uname -r)/updates/sys_open_user.ko" 2>/tmp/err; then
	fail "sys_open_user.ko loaded"
fi
echo "insmod said: $(cat /tmp/err)"
grep -q "^insmod: ERROR" /tmp/err || fail "not kmod's insmod (see its message above)"
expect_not_loaded sys_open_user
# kmod's insmod makes one attempt, so each name is logged once
expect_dmesg_count 1 "Unknown symbol sys_open (err"
expect_dmesg_count 1 "Unknown symbol sys_read (err"
# still healthy: an ordinary module loads and unloads
insmod "/lib/modules/$(uname -r)/updates/hello.ko" || fail "kernel no longer loads modules"
rmmod hello || fail "rmmod hello failed"
