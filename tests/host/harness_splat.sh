#!/bin/bash
# bases: harness
# The splat check of every boot (SPLAT_RE of tools/lib.sh, which
# tools/guest/run-guest.sh greps each guest's console with) matches each kind of
# report of a kernel in trouble, the hung-task, lockup and RCU-stall ones
# included (issue 28, item 8), and none of the lines of a clean boot. The
# lines are those the kernels print (kernel/hung_task.c, kernel/watchdog.c,
# kernel/rcu/tree_stall.h, tree_exp.h, tasks.h), with the console's time
# stamp on some.
. "$(dirname "$0")/lib.sh"
[ -n "${SPLAT_RE-}" ] || fail "tools/lib.sh sets no SPLAT_RE"
splats=(
	'[   12.345678] BUG: kernel NULL pointer dereference, address: 0000000000000000'
	'[   12.345679] Oops: 0002 [#1] PREEMPT SMP NOPTI'
	'WARNING: CPU: 0 PID: 1 at kernel/module/main.c:1234 load_module+0x10/0x20'
	'Call Trace:'
	'Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000009'
	'BUG: KASAN: slab-out-of-bounds in deprecated_use+0x10/0x20'
	'kmemleak: 2 new suspected memory leaks (see /sys/kernel/debug/kmemleak)'
	'[  245.678901] INFO: task insmod:87 blocked for more than 122 seconds.'
	'INFO: task kworker/0:1:45 blocked in I/O wait for more than 122 seconds.'
	'[   40.123456] watchdog: BUG: soft lockup - CPU#0 stuck for 22s! [insmod:99]'
	'watchdog: CPU1: Watchdog detected hard LOCKUP on cpu 0'
	'NMI watchdog: Watchdog detected hard LOCKUP on cpu 1'
	'[   61.000001] rcu: INFO: rcu_sched self-detected stall on CPU'
	'rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:'
	'rcu: INFO: rcu_sched detected expedited stalls on CPUs/tasks: { 0-... } 21002 jiffies s: 41 root: 0x1/.'
	'INFO: rcu_tasks detected stalls on tasks:'
)
clean=(
	'[    0.000000] Linux version 7.2.13 (harness@localhost) (gcc (Debian 12.2.0-14) 12.2.0) #1 SMP'
	'[    0.812345] clocksource: Switched to clocksource tsc'
	'clocksource: Switched to clocksource tsc'
	'rcu: Preemptible hierarchical RCU implementation.'
	'rcu: RCU calculated value of scheduler-enlistment delay is 25 jiffies.'
	'rcu: srcu_init: Setting srcu_struct sizes based on contention.'
	'NMI watchdog: Perf NMI watchdog permanently disabled'
	'watchdog: Delayed init of the lockup detector failed: -19'
	'kmemleak: Kernel memory leak detector initialized (mem pool available: 15713)'
	'kmemleak: 0 new suspected memory leaks'
	'Freeing unused kernel image (initmem) memory: 1234K'
	'Run /init as init process'
	'test_deprecated_exports: uses deprecated export kernel_read_file (EXPORT_UNUSED_SYMBOL_GPL), to be removed in 7.5'
	'ok 1 policy'
)
missed=0 wrong=0
for l in "${splats[@]}"; do
	if grep -qE -- "$SPLAT_RE" <<<"$l"; then
		echo "splat:     $l"
	else
		echo "MISSED:    $l"
		missed=$((missed + 1))
	fi
done
for l in "${clean[@]}"; do
	if grep -qE -- "$SPLAT_RE" <<<"$l"; then
		echo "NOT CLEAN: $l"
		wrong=$((wrong + 1))
	else
		echo "clean:     $l"
	fi
done
[ "$missed" = 0 ] || fail "the splat check misses $missed of ${#splats[@]} kernel reports"
[ "$wrong" = 0 ] || fail "the splat check takes $wrong of ${#clean[@]} clean console lines for a splat"
echo "the splat check matches all ${#splats[@]} reports and none of ${#clean[@]} clean lines"
