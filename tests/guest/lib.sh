#!/bin/sh
# Helpers for guest scenarios (sourced; busybox sh).
# What differs between the bases: REL, DEP_PARAM, DEP_CONFIG
# (configs/<base>/harness.env).
# shellcheck source=../../configs/mainline/harness.env
. /tests/base.env
fail() { echo "FAIL: $*"; exit 1; }
# harness_arg NAME: the value of harness.NAME= on the kernel command line
# (make soak sizes the scenarios this way), empty when it is not there
harness_arg() { tr ' ' '\n' </proc/cmdline | sed -n "s/^harness\.$1=//p" | tail -n 1; }
# count_dmesg PATTERN: number of kernel log lines since the scenario began
# that contain the fixed string PATTERN
count_dmesg() { dmesg | grep -cF -- "$1"; }
expect_dmesg_count() { # N PATTERN
	c=$(count_dmesg "$2")
	[ "$c" -eq "$1" ] || fail "expected $1 kernel log line(s) with '$2', found $c"
	echo "dmesg has $c line(s) with '$2'"
}
expect_loaded() { lsmod | grep -q "^$1 " || fail "module $1 is not loaded"; echo "$1 is loaded"; }
expect_not_loaded() { ! lsmod | grep -q "^$1 " || fail "module $1 is loaded"; echo "$1 is not loaded"; }
# Debian's busybox sh runs its own applets before searching PATH; the tests
# must use Debian's kmod, so name it explicitly.
for t in insmod rmmod modprobe depmod modinfo lsmod; do
	eval "$t() { /sbin/$t \"\$@\"; }"
done
# kmemleak (debug variant): forget what boot left behind, then later scan
# and require no new suspect. kmemleak reports only objects older than 5 s.
kmemleak_file=/sys/kernel/debug/kmemleak
kmemleak_start() {
	[ -e $kmemleak_file ] || mount -t debugfs debugfs /sys/kernel/debug
	[ -e $kmemleak_file ] || fail "no $kmemleak_file (CONFIG_DEBUG_KMEMLEAK?)"
	echo scan >$kmemleak_file && echo clear >$kmemleak_file
	echo "kmemleak: baseline taken"
}
kmemleak_check() {
	sleep 6
	echo scan >$kmemleak_file
	echo scan >$kmemleak_file
	leaks=$(cat $kmemleak_file)
	[ -z "$leaks" ] || { echo "$leaks" | head -n 30; fail "kmemleak reports suspected leaks"; }
	echo "kmemleak: no new suspected leaks"
}
# module_states_settled: no module is left half-loaded or half-unloaded
module_states_settled() {
	if grep -E ' (Loading|Unloading) ' /proc/modules; then
		fail "modules left in a transitional state"
	fi
	echo "no module is loading or unloading"
}
# loader_refusals MODULE: of the kernel log on stdin, the lines in which
# the module loader refuses MODULE (timestamps dropped): what
# kernel/module/*.c (both bases' series included) and x86's relocator print
# when they refuse a module, MODULE named where they name it. Any other
# line, such as "clocksource: Switched to clocksource tsc", is none.
loader_refusals() {
	sed 's/^\[[^]]*\] //' | grep -E "^($1: (malformed (section|deprecated export table) |deprecated export tables are inconsistent: |no versions for deprecated exports|no flags for exported symbols|Unknown symbol |disagrees about version of symbol |no symbol version for |exports duplicate symbol |Symbol .* has an invalid section index|section .* has invalid WRITE[|]EXEC flags|version magic |module tries to import module namespace|module using GPL-only symbols uses symbols |gave up waiting for init of module |per-cpu alignment |Could not allocate .* percpu data)|module $1: |Invalid (ELF |architecture in ELF header|module architecture in ELF header)|ELF Spec violation|empty (section name|symbol string) table|Only one \.modinfo section|symbol string table |symbol name out of bounds|(more )?extended version crc|module: (x86/modules: Invalid relocation target|overflow in relocation type|$1: Unknown (rela )?relocation))"
}
