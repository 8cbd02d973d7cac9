#!/bin/sh
# variants: none
# The demo (make demo): what a user of the patched kernel sees. Each command
# is printed as "$ command", its output indented below it, and the kernel
# messages it caused as "[kernel] ...". Only the kernel lines of the demo's
# own modules are shown (each begins "<module>: "): the kernel logs other
# things at any time (clocksource: Switched to clocksource tsc), which the
# command did not cause; they stay on the console (the host keeps its log).
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
P=/sys/module/module/parameters/$DEP_PARAM
own='^(krf_path|demo_exporter|demo_user|sys_open_user): '
run() {
	echo "\$ $*"
	sh -c "$*" 2>&1 | sed 's/^/    /'
	dmesg -c | sed 's/^\[[ 0-9.]*\] //' | grep -E "$own" | sed 's/^/    [kernel] /'
}
echo "hello from a file" >/tmp/data.txt
echo "# a module reading a file through the deprecated kernel_read_file()"
run /sbin/insmod "$M/krf_path.ko" path=/tmp/data.txt
run cat /sys/module/krf_path/deprecated_exports
echo "# a module using another module's deprecated export, found by depmod"
run /sbin/modprobe demo_user
run cat /sys/module/demo_user/deprecated_exports
echo "# rehearse the removal: the export is treated as gone"
run /sbin/rmmod krf_path
run "echo deny >$P"
run /sbin/insmod "$M/krf_path.ko" path=/tmp/data.txt
run "echo warn >$P"
echo "# the 2007 story: sys_open/sys_read are gone for good"
run /sbin/insmod "$M/sys_open_user.ko"
lsmod | grep -q '^demo_user ' || fail "demo_user did not load"
