#!/bin/sh
# shellcheck shell=sh
# timeout: 300
# Benchmark scenario, run by tools/measure/bench.sh (not by make check): insmod of
# bench_load.ko (many imports of vmlinux), of bench_loadbig.ko (imports of
# one large module) and of bench_load0.ko (none), interleaved.
# Start: the TSC read from bench_clock's sysfs parameter by the shell's
# "read" builtin; end: the TSC printed by the module's init. One "BENCH load"
# line per insmod; the host subtracts.
set -eu
B=/bench
RUNS=5
dmesg -n 1
insmod "$B/bench_clock.ko"
# load_runs MODULE...: RUNS rounds of insmod + rmmod of each, interleaved
load_runs() {
	i=0
	while [ $i -lt $RUNS ]; do
		i=$((i + 1))
		for m in "$@"; do
			dmesg -c >/dev/null
			read -r t0 </sys/module/bench_clock/parameters/cycles
			insmod "$B/$m.ko"
			t1=$(dmesg | sed -n "s/^.*$m: init at cycles=\([0-9]*\)$/\1/p")
			rmmod "$m"
			if [ -z "$t1" ]; then
				echo "load $m: no init line in the kernel log"
				exit 1
			fi
			echo "BENCH load $m run=$i t0=$t0 t1=$t1"
		done
	done
}
load_runs bench_load0 bench_load
# growth: an importer of BENCH_IMPORTS exports of the largest growth table
# shellcheck source=/dev/null # written by tools/measure/bench-growth.py
. "$B/growth.env"
if [ "$BENCH_IMPORTS" -gt 0 ]; then
	insmod "$B/bench_big$BENCH_IMPORT_SIZE.ko"
	load_runs bench_load0 bench_loadbig
	rmmod "bench_big$BENCH_IMPORT_SIZE"
fi
rmmod bench_clock
dmesg -n 8
