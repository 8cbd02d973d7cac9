#!/bin/sh
# variants: @arch @off
# modprobe pulls in another out-of-tree module's export through depmod.
# shellcheck source=lib.sh
. /tests/lib.sh
grep -q 'dep_exporter.ko' "/lib/modules/$(uname -r)/modules.dep" || fail "modules.dep lacks dep_exporter"
grep "^updates/dep_user.ko:" "/lib/modules/$(uname -r)/modules.dep" | grep -q dep_exporter.ko ||
	fail "depmod did not record dep_user -> dep_exporter"
modprobe dep_user || fail "modprobe dep_user failed"
expect_loaded dep_exporter
expect_loaded dep_user
lsmod | grep '^dep_exporter ' | grep -q dep_user || fail "lsmod does not show dep_user using dep_exporter"
expect_dmesg_count 1 "dep_user: the answer is 42"
modprobe -r dep_user || fail "modprobe -r dep_user failed"
expect_not_loaded dep_user
expect_not_loaded dep_exporter
expect_dmesg_count 0 "deprecated export"
