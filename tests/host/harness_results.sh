#!/bin/bash
# alone: yes
# bases: harness
# variants: x86_64
# The runner's results do not bend (issue: one honest result path). Two real
# runs of tests/run.sh, each one boot of the x86_64 kernel with the harness's
# own scenarios (tests/guest/selftest_*.sh, run only when named):
#  1. selftest_skip exits 4: printed as SKIP with its reason, counted apart;
#     selftest_hang overruns its own 5 s limit: TIMEOUT, and selftest_after,
#     next in the same boot, still runs and passes; its output arrives on the
#     results channel and not on the console, its kernel message on the
#     console and not on the results channel; the script the guest ran is the
#     file as it is now (no stale copy).
#  2. selftest_wedge outlasts the boot's own limit: the boot is one result,
#     TIMEOUT (never also PASS), with the console's tail; the scenario is a
#     SKIP naming that, not a second failure.
. "$(dirname "$0")/lib.sh"
scratch_dir
g=guest/$BASE/x86_64
runner() { # LOG ONLY...: run the runner on this base alone
	local log=$1
	shift
	RUN_DIR=$scratch/run-${log##*/} BASES=$BASE ONLY="$*" inner_run >"$log" 2>"$log.err" || true
	sed 's/^/    | /' "$log"
}
line_is() { # LOG REGEX: exactly one line of LOG matches
	local n
	n=$(grep -cE -- "$2" "$1")
	[ "$n" = 1 ] || fail "expected one line matching /$2/ in the runner's output, found $n"
	echo "one line matches /$2/"
}

runner "$scratch/run1" "$g/boot" "$g/selftest_skip" "$g/selftest_hang" "$g/selftest_after"
line_is "$scratch/run1" "^ok [0-9]+ $g/selftest_skip # SKIP .*skipping on purpose"
line_is "$scratch/run1" "^not ok [0-9]+ $g/selftest_hang # TIMEOUT after 5s"
line_is "$scratch/run1" "^ok [0-9]+ $g/selftest_after$"
line_is "$scratch/run1" "^ok [0-9]+ $g/boot$"
# the products, tree and build, are results too
line_is "$scratch/run1" "^4 passed, 1 failed, 1 skipped$"
grep -q "^ok [0-9]* $g/selftest_skip\$" "$scratch/run1" && fail "the skip is also printed as a pass"
log=$scratch/run-run1/$BASE/boot-x86_64-default.log
[ -f "$log" ] || fail "the inner run's console is not in its own run directory (${log#"$TOP"/})"
res=${log%.log}.results
expect_grep '^# harness-selftest-output-marker$' "$res"
grep -q 'harness-selftest-output-marker' "$log" && fail "scenario output reached the kernel console"
expect_grep 'harness-selftest-kmsg-marker' "$log"
grep -q 'harness-selftest-kmsg-marker' "$res" && fail "a kernel message reached the results channel"
want=$(sha256sum "$TOP/tests/guest/selftest_after.sh" | cut -d' ' -f1)
expect_grep "^# self: $want\$" "$res"

GUEST_TIMEOUT=40 runner "$scratch/run2" "$g/selftest_wedge"
line_is "$scratch/run2" "^(not )?ok [0-9]+ $g/boot"
line_is "$scratch/run2" "^not ok [0-9]+ $g/boot # TIMEOUT guest did not end within 40s"
line_is "$scratch/run2" "^ok [0-9]+ $g/selftest_wedge # SKIP no result: $g/boot is TIMEOUT"
line_is "$scratch/run2" "^2 passed, 1 failed, 1 skipped$"
grep -q '^ *#   ' "$scratch/run2" || fail "no console tail printed for the killed guest"
echo "results: skip, scenario timeout, hung boot, channels and fresh scenarios as they should be"
