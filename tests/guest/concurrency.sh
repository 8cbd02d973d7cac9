#!/bin/sh
# variants: x86_64-debug
# Two vCPUs: users of deprecated exports (by relocation and by
# symbol_get()) load and unload in parallel loops while their exporter is
# unloaded and reloaded and sysfs lists are read, a fixed number of rounds.
# Afterwards nothing is half-loaded, everything unloads, kmemleak is clean
# (and KASAN, lockdep, DEBUG_LIST, panic_on_warn found nothing).
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
N=15
[ "$(grep -c ^processor /proc/cpuinfo)" -ge 2 ] || fail "needs two CPUs"
kmemleak_start
insmod "$M/unused_exporter.ko" || fail "insmod unused_exporter failed"
churn() { # MODULE: load and unload it N times, failures allowed
	i=0 ok=0
	while [ $i -lt $N ]; do
		if insmod "$M/$1.ko" 2>/dev/null; then
			ok=$((ok + 1))
			rmmod "$1" 2>/dev/null
		fi
		i=$((i + 1))
	done
	echo "$1: loaded $ok of $N times"
}
exporter_churn() {
	i=0 gone=0
	while [ $i -lt $N ]; do
		rmmod unused_exporter 2>/dev/null && gone=$((gone + 1))
		insmod "$M/unused_exporter.ko" 2>/dev/null
		i=$((i + 1))
	done
	echo "unused_exporter: unloaded $gone of $N times"
}
reader() {
	i=0
	while [ $i -lt $((N * 4)) ]; do
		cat /sys/module/*/deprecated_exports >/dev/null 2>&1
		i=$((i + 1))
	done
	echo "reader: $((N * 4)) passes over /sys/module/*/deprecated_exports"
}
churn unused_plain_user &
churn unused_many_user &
churn unused_symbol_get &
exporter_churn &
reader &
wait
module_states_settled
for m in unused_plain_user unused_many_user unused_symbol_get unused_exporter; do
	rmmod $m 2>/dev/null
done
grep -qE '^unused_' /proc/modules && fail "modules left after the run: $(grep -E '^unused_' /proc/modules)"
echo "all test modules unloaded"
# every deprecation line is whole and names a module
bad=$(dmesg | grep 'deprecated export' | grep -vE 'unused_(plain_user|many_user|symbol_get): (uses|symbol_get of) (deprecated export [a-z_0-9]+ \(EXPORT_UNUSED_SYMBOL(_GPL)?\), to be removed in 6\.1[34]|[0-9]+ more deprecated exports, see /sys/module/unused_many_user/deprecated_exports)$' | head -n3)
[ -z "$bad" ] || fail "malformed deprecation lines: $bad"
[ "$(count_dmesg 'uses deprecated export')" -gt 0 ] || fail "no deprecation warning at all"
kmemleak_check
