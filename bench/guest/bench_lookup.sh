#!/bin/sh
# shellcheck shell=sh
# timeout: 900
# Benchmark scenario, run by tools/measure/bench.sh (not by make check):
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

# growth (tools/measure/bench-growth.py): one owner's table of each size, 100 of its
# ordinary exports spread over the table and its deprecated ones (1%)
# shellcheck source=/dev/null # written by tools/measure/bench-growth.py
. "$B/growth.env"
for n in $BENCH_SIZES; do
	insmod "$B/bench_big$n.ko"
	lookup "big${n}_ord" set=range prefix="bg${n}_" first=1 stride=$((n / 100)) count=100 rounds=20
	lookup "big${n}_dep" set=range prefix="bg${n}_" first=0 stride=100 count=$((n / 100)) rounds=20
	rmmod "bench_big$n"
done
# growth in loaded owners: the loader puts a new module at the head of the
# list, so the first one loaded is searched last (worst case) and the last
# one loaded first (best case); ordinary exports 1 .. 24 of each
owner() { printf 'bench_own%04d' "$1"; }
k=0
for want in $BENCH_OWNERS; do
	while [ $k -lt "$want" ]; do
		k=$((k + 1))
		insmod "$B/$(owner $k).ko"
	done
	count=$((BENCH_OWNER_EXPORTS - 1))
	lookup "owners${want}_first" set=range prefix=bo0001_ first=1 count=$count rounds=20
	lookup "owners${want}_last" set=range prefix="$(printf 'bo%04d_' "$want")" first=1 count=$count rounds=20
done
while [ $k -gt 0 ]; do
	rmmod "$(owner $k)"
	k=$((k - 1))
done
dmesg -n 8
