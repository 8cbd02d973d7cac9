#!/bin/sh
# variants: none
# The demo (make demo): what a user of the patched kernel sees.
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
echo "hello from a file" >/tmp/data.txt
set -x
# a module reading a file through the deprecated kernel_read_file()
insmod $M/krf_path.ko path=/tmp/data.txt
cat /sys/module/krf_path/deprecated_exports
# a module using another module's deprecated export, found by depmod
modprobe unused_plain_user
cat /sys/module/unused_plain_user/deprecated_exports
# rehearse the removal: refuse instead of warning
rmmod krf_path
echo deny >/sys/module/module/parameters/unused_exports
insmod $M/krf_path.ko path=/tmp/data.txt
echo warn >/sys/module/module/parameters/unused_exports
# the 2007 story: sys_open/sys_read are gone for good
insmod $M/sys_open_user.ko
set +x
dmesg | grep -q "uses deprecated export kernel_read_file" || fail "no deprecation warning"
