#!/bin/sh
# shellcheck shell=sh
# timeout: 300
# Benchmark scenario, run by tools/bench.sh (not by make check):
# symbol_get()/symbol_put() timings from bench_lookup.ko, one "BENCH lookup"
# line per set. Modules are under /bench; printk stays off the console
# (dmesg -n 1) while timing, so that the serial port is not measured.
set -eu
# the base's wording of the symbol_get() warning (SYMBOL_GET)
# shellcheck source=../../configs/mainline/harness.env
. /tests/base.env
B=/bench
lookup() { # LABEL INSMOD-ARGS...
	label=$1
	shift
	dmesg -c >/dev/null
	if ! insmod "$B/bench_lookup.ko" "$@"; then
		echo "lookup $label: insmod bench_lookup.ko $* failed:"
		dmesg | tail -n 5
		exit 1
	fi
	rmmod bench_lookup
	line=$(dmesg | grep 'bench_lookup: set=' | tail -n 1)
	if [ -z "$line" ]; then
		echo "lookup $label: bench_lookup printed no result:"
		dmesg | tail -n 5
		exit 1
	fi
	warned=$(dmesg | grep -c "$SYMBOL_GET deprecated export" || true)
	echo "BENCH lookup $label ${line#*bench_lookup: } warned=$warned"
}
with_exporter() { # EXPORTER LABEL PREFIX
	insmod "$B/$1.ko"
	lookup "$2" set=module prefix="$3" count=100 rounds=200
	rmmod "$1"
}
dmesg -n 1
lookup vmlinux set=vmlinux rounds=20
with_exporter bench_exp_ord module_ord bench_ord_
if [ -f "$B/bench_exp_dep.ko" ]; then
	with_exporter bench_exp_dep module_dep bench_dep_
fi
# the patched kernel's deprecated exports of vmlinux (ordinary ones on the
# unpatched kernel; none on =n, where bench_lookup times nothing)
lookup vmlinux_dep set=vmlinux_dep rounds=1000
dmesg -n 8
