#!/bin/sh
# variants: x86_64-debug
# Two vCPUs: users of deprecated exports (by relocation and by
# symbol_get()) load and unload in parallel loops while their exporter is
# unloaded and reloaded, the sysfs lists are read and the deny switch is
# flipped, a fixed number of rounds (15; harness.rounds=N on the command
# line, which make soak sets). Each round is four load/unload cycles: one per
# user, one of the exporter. The loops must have met (refused loads and
# unloads, loads under deny, reads of a loaded user's list, with a lower
# bound). Afterwards nothing is half-loaded, everything unloads, every
# deprecation line is whole, each load logged at most the designed ten
# lines and a summary, kmemleak is clean (and KASAN, lockdep, DEBUG_LIST and
# panic_on_warn found nothing).
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
P=/sys/module/module/parameters/$DEP_PARAM
N=$(harness_arg rounds)
[ -n "$N" ] || N=15
T=/tmp/concurrency
[ "$(grep -c ^processor /proc/cpuinfo)" -ge 2 ] || fail "needs two CPUs"
[ -w "$P" ] || fail "no writable $P"
rm -rf $T && mkdir -p $T
kmemleak_start
insmod "$M/unused_exporter.ko" || fail "insmod unused_exporter failed"
churn() { # MODULE: load and unload it N times, failures allowed
	i=0 ok=0
	while [ $i -lt "$N" ]; do
		if insmod "$M/$1.ko" 2>/dev/null; then
			ok=$((ok + 1))
			rmmod "$1" 2>/dev/null
		fi
		i=$((i + 1))
	done
	echo "$ok" >"$T/$1"
	echo "$1: loaded $ok of $N times"
}
exporter_churn() {
	i=0 gone=0
	while [ $i -lt "$N" ]; do
		rmmod unused_exporter 2>/dev/null && gone=$((gone + 1))
		insmod "$M/unused_exporter.ko" 2>/dev/null
		i=$((i + 1))
	done
	echo "$gone" >$T/exporter
	echo "unused_exporter: unloaded $gone of $N times"
}
# The reader and the switch run until the loops above have ended. The
# reader counts the passes that found a user's list: read while it was
# loaded.
reader() {
	i=0 seen=0
	while [ ! -e $T/done ]; do
		cat /sys/module/*/deprecated_exports >/dev/null 2>&1
		if cat /sys/module/unused_plain_user/deprecated_exports /sys/module/unused_many_user/deprecated_exports \
			/sys/module/unused_symbol_get/deprecated_exports 2>/dev/null | grep -q .; then
			seen=$((seen + 1))
		fi
		i=$((i + 1))
	done
	echo "$i" >$T/reads
	echo "$seen" >$T/seen
	echo "reader: $i passes over /sys/module/*/deprecated_exports, $seen with a user's list"
}
switch() {
	i=0
	while [ ! -e $T/done ]; do
		if ! { echo deny >"$P" && usleep 20000 && echo warn >"$P" && usleep 20000; }; then
			break
		fi
		i=$((i + 1))
	done
	echo warn >"$P"
	echo "$i" >$T/flips
	echo "$DEP_PARAM: set to deny and back $i times"
}
reader &
switch &
churn unused_plain_user &
p1=$!
churn unused_many_user &
p2=$!
churn unused_symbol_get &
p3=$!
exporter_churn &
p4=$!
wait $p1 $p2 $p3 $p4
touch $T/done
wait
[ "$(cat "$P")" = warn ] || fail "$DEP_PARAM is $(cat "$P") after the run"
module_states_settled
for m in unused_plain_user unused_many_user unused_symbol_get unused_exporter; do
	rmmod $m 2>/dev/null
done
grep -qE '^unused_' /proc/modules && fail "modules left after the run: $(grep -E '^unused_' /proc/modules)"
echo "all test modules unloaded"
# every deprecation line is whole and names a module: a use, the summary
# after ten, or the switch's refusal
line='unused_(plain_user|many_user|symbol_get): (uses|symbol_get(\(\))? of) (deprecated export [a-z_0-9]+ \(EXPORT_UNUSED_SYMBOL(_GPL)?\), to be removed in 6\.1[34]|[0-9]+ more deprecated exports, see /sys/module/unused_many_user/deprecated_exports)$'
bad=$(dmesg | grep 'deprecated export' | sed 's/^\[[^]]*\] //' | grep -vE "^$line" | grep -vE "$DENY_RE" | head -n3)
[ -z "$bad" ] || fail "malformed deprecation lines: $bad"
uses=$(count_dmesg 'uses deprecated export')
[ "$uses" -gt 0 ] || fail "no deprecation warning at all"
# the bound: unused_many_user imports more than ten, so each of its N load
# attempts logs at most ten uses (and one summary line)
many=$(count_dmesg 'unused_many_user: uses deprecated export')
[ "$many" -le $((N * 10)) ] || fail "unused_many_user logged $many uses in $N loads, over ten a load"
echo "unused_many_user: $many use lines in $N load attempts (at most ten each)"
kmemleak_check
loads=$(($(cat $T/unused_plain_user) + $(cat $T/unused_many_user) + $(cat $T/unused_symbol_get)))
gone=$(cat $T/exporter) seen=$(cat $T/seen)
denied=$(dmesg | grep -cE "$DENY_RE")
echo "SUMMARY: concurrency: $N rounds, $((N * 4)) load/unload cycles tried: users loaded $loads of $((N * 3)) (the rest raced the exporter's absence or the deny switch), exporter unloaded $gone of $N (the rest raced a user holding it), $(cat $T/flips) deny flips, $(cat $T/reads) sysfs passes, $uses use lines, $denied loads met deny, $seen passes read a user's list"
# The races the scenario exists to cause happened, or it proved nothing: a
# user's load met the exporter's absence or the deny switch, the exporter's
# unload met a user holding it, a load met deny, the reader read a user's
# list while it was loaded; and the loops met at least once a round (make
# soak saw 2.4 refused loads and unloads a round: 297 in 125 rounds).
refused=$((N * 3 - loads)) held=$((N - gone))
[ "$loads" -gt 0 ] || fail "no user ever loaded"
[ "$refused" -gt 0 ] || fail "no user's load met the exporter's absence or the deny switch: the loops did not overlap"
[ "$held" -gt 0 ] || fail "the exporter's unload never met a user holding it: the loops did not overlap"
[ "$denied" -gt 0 ] || fail "no load met the deny switch"
[ "$seen" -gt 0 ] || fail "the reader never read a user's list while it was loaded"
[ $((refused + held)) -ge "$N" ] ||
	fail "the loops met $((refused + held)) times in $N rounds ($refused refused loads, $held refused unloads): fewer than once a round"
echo "the loops overlapped: $refused refused loads and $held refused unloads in $N rounds, $denied loads met deny, $seen reads found a user's list"
