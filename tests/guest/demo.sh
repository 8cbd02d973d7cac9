# variants: none
# The demo (make demo): load the example modules and show what happens.
. /tests/lib.sh
set -x
modprobe dep_user
lsmod
modprobe -r dep_user
insmod /lib/modules/$(uname -r)/updates/sys_open_user.ko
set +x
dmesg | grep -q "Unknown symbol sys_open" || fail "sys_open_user was not refused"
