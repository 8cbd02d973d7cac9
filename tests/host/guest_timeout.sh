# variants: x86_64
# The harness's own failure path: a guest that never ends is killed at the
# timeout, reported as a failure, and the tail of its console is printed.
. "$(dirname "$0")/lib.sh"
rc=0
out=$(GUEST_TIMEOUT=20 "$TOP/tools/run-guest.sh" x86_64 selftest-hang hang 2>&1) || rc=$?
echo "$out"
[ "$rc" -ne 0 ] || fail "run-guest.sh exited 0 for a hung guest"
echo "$out" | grep -q "guest did not end within 20s; killed" || fail "no timeout message"
echo "$out" | grep -q "hanging on purpose" || fail "console tail not printed"
echo "$out" | grep -q "^not ok - hang" || fail "the hung scenario is not reported as failed"
