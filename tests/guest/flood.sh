#!/bin/sh
# variants: x86_64 x86_64-debug
# A module importing 300 deprecated exports: at most ten lines and a summary
# per load; sysfs lists what fits in a page and counts the rest; loading it again and again does not grow
# memory (kmemleak on the debug kernel; Slab + VmallocUsed elsewhere, where
# no KASAN quarantine holds freed memory).
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
insmod "$M/flood_exporter.ko" || fail "insmod flood_exporter failed"
insmod "$M/flood_user.ko" || fail "insmod flood_user failed"
expect_dmesg_count 10 "flood_user: uses deprecated export flood_"
expect_dmesg_count 1 "flood_user: uses 290 more deprecated exports, see /sys/module/flood_user/deprecated_exports"
lines=$(dmesg | grep -c 'flood_user')
[ "$lines" -eq 11 ] || fail "flood_user produced $lines kernel log lines, expected 11"
# sysfs shows what fits in a page and counts the rest on a last line
f=/sys/module/flood_user/deprecated_exports
shown=$(grep -c '^flood_[0-9]* 6\.14 EXPORT_UNUSED_SYMBOL_GPL$' $f)
more=$(sed -n 's/^\.\.\. \([0-9]*\) more$/\1/p' $f)
lines=$(wc -l <$f)
[ "$lines" -eq $((shown + 1)) ] || fail "sysfs: $lines lines, $shown entries, expected one more line"
[ $((shown + ${more:-0})) -eq 300 ] || fail "sysfs shows $shown entries and '... ${more:-?} more', expected 300 in all"
[ "$shown" -ge 50 ] || fail "sysfs shows only $shown entries"
echo "one load: 11 log lines; sysfs shows $shown entries and '... $more more' (300)"
rmmod flood_user || fail "rmmod flood_user failed"
loop() { # N
	i=0
	while [ $i -lt "$1" ]; do
		insmod "$M/flood_user.ko" || fail "insmod flood_user failed in round $i"
		rmmod flood_user || fail "rmmod flood_user failed in round $i"
		i=$((i + 1))
	done
}
mem_kb() { awk '/^(Slab|VmallocUsed):/ { s += $2 } END { print s }' /proc/meminfo; }
if [ -e /sys/kernel/debug/kmemleak ] || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null && [ -e /sys/kernel/debug/kmemleak ]; then
	kmemleak_start
	loop 10
	kmemleak_check
else
	loop 5
	before=$(mem_kb)
	loop 40
	after=$(mem_kb)
	echo "SUMMARY: flood: Slab + VmallocUsed $before kB before 40 more loads of a 300-import module, $after kB after"
	# 40 leaked sets of 300 uses would be over 500 kB; allow page-sized noise
	[ $((after - before)) -lt 128 ] || fail "memory grew by $((after - before)) kB over 40 loads"
fi
expect_dmesg_count 0 "refusing"
rmmod flood_exporter || fail "rmmod flood_exporter failed"
