#!/bin/sh
# shellcheck shell=sh
# timeout: 300
# Benchmark scenario, run by tools/measure/bench.sh (not by make check): upstream's
# find_symbol() stress, in the order of tools/testing/selftests/module/
# find_symbol.sh: insmod of test_kallsyms_b (which imports one export of
# test_kallsyms_a) with a loaded, then with a and c, then with a, c and d.
# Each insmod is timed by the TSC of bench_clock's sysfs parameter, read
# before and after by the shell's "read" builtin. One "BENCH kallsyms" line
# per insmod.
set -eu
B=/bench
RUNS=5
dmesg -n 1
insmod "$B/bench_clock.ko"
time_b() { # STATE
	i=0
	while [ $i -lt $RUNS ]; do
		i=$((i + 1))
		read -r t0 </sys/module/bench_clock/parameters/cycles
		insmod "$B/test_kallsyms_b.ko"
		read -r t1 </sys/module/bench_clock/parameters/cycles
		rmmod test_kallsyms_b
		echo "BENCH kallsyms $1 run=$i t0=$t0 t1=$t1"
	done
}
insmod "$B/test_kallsyms_a.ko"
time_b a
insmod "$B/test_kallsyms_c.ko"
time_b a+c
insmod "$B/test_kallsyms_d.ko"
time_b a+c+d
rmmod test_kallsyms_d test_kallsyms_c test_kallsyms_a bench_clock
dmesg -n 8
