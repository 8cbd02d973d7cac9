#!/bin/sh
# variants: @arch @debug
# The series' own selftest (tools/testing/selftests/module), installed with
# the selftests Makefile and run by kselftest's runner under Debian's dash:
# it must run, not skip, and report every KTAP test as ok.
# shellcheck source=lib.sh
. /tests/lib.sh
[ -x /kselftest/run_kselftest.sh ] || fail "no kselftest installed in the initramfs"
cd /kselftest || fail "cannot enter /kselftest"
# append mode: the runner reopens /dev/stdout with >> for its own lines
: >/tmp/ksft.out
./run_kselftest.sh -t module:deprecated_exports.sh >>/tmp/ksft.out 2>&1
rc=$?
cat /tmp/ksft.out
[ "$rc" -eq 0 ] || fail "run_kselftest.sh exited $rc"
grep -q '^ok 1 selftests: module: deprecated_exports.sh$' /tmp/ksft.out ||
	fail "kselftest did not report 'ok 1 selftests: module: deprecated_exports.sh'"
grep -q 'SKIP' /tmp/ksft.out && fail "the selftest skipped"
grep -q '^# not ok' /tmp/ksft.out && fail "a selftest case failed"
grep -q '^# # Totals: pass:[1-9][0-9]* fail:0 ' /tmp/ksft.out ||
	fail "no KTAP totals with passes and no failures"
echo "kselftest module: all cases passed"
