#!/bin/bash
# bases: harness
# Every test name the runner prints can be given back to ONLY= as it is and
# selects exactly that test: for each kind of name that LIST=1 prints (every
# boot, every host check, and the first scenario of each base and variant;
# the matching is the same for all names of a kind), LIST=1 with ONLY=<name>
# prints that one name and nothing else. The boot of each variant is a test
# of its own with a stable name (no counter in it).
. "$(dirname "$0")/lib.sh"
scratch_dir
# the whole list of make check-full (a superset of make check's), whatever
# ONLY or BASES this run was given
unset ONLY BASES
FULL=1 LIST=1 "$TOP/tests/run.sh" >"$scratch/all" || fail "LIST=1 failed"
n=$(wc -l <"$scratch/all")
[ "$n" -gt 20 ] || fail "LIST=1 printed only $n names"
grep -qx 'guest/6.12/i386/policy' "$scratch/all" || fail "no guest/6.12/i386/policy in the list"
grep -qx 'guest/6.12/x86_64/boot' "$scratch/all" || fail "no boot test guest/6.12/x86_64/boot"
# make check's list: part of it, without the variants a CHECK_BASES leaves out
env -u FULL LIST=1 "$TOP/tests/run.sh" >"$scratch/check" || fail "LIST=1 failed (make check)"
extra=$(comm -23 "$scratch/check" "$scratch/all" | tr '\n' ' ')
[ -z "$extra" ] || fail "make check lists names that make check-full does not: $extra"
! grep -E '^guest/[^/]+/(i386|x86_64-nounused)/|^guest/6\.12/(arm64|s390x-nounused)/' "$scratch/check" ||
	fail "make check lists variants that configs/*.variant leave to make check-full"
grep -qx 'guest/mainline/arm64/boot' "$scratch/check" || fail "make check does not boot mainline's arm64"
# the big-endian guest, on both bases, and its option-off kernel on mainline
for n in guest/mainline/s390x/boot guest/6.12/s390x/boot guest/mainline/s390x-nounused/unused_off; do
	grep -qx "$n" "$scratch/check" || fail "make check does not run $n"
done
echo "make check: $(wc -l <"$scratch/check") of the $n names of make check-full"
bad=0
while IFS= read -r name; do
	got=$(FULL=1 ONLY=$name LIST=1 "$TOP/tests/run.sh")
	# a host check that reads this run's boots (# needs: boots) brings the
	# scenarios of its "# scenarios:" header along, and nothing else
	f=$TOP/tests/host/${name##*/}.sh
	if [[ $name == host/* ]] && grep -qx '# needs: boots' "$f"; then
		sc=$(sed -n 's/^# scenarios: *//p' "$f")
		got=$(echo "$got" | while IFS= read -r g; do
			[[ " $sc " == *" ${g##*/} "* && $g == guest/* ]] || echo "$g"; done)
	fi
	if [ "$got" != "$name" ]; then
		echo "ONLY=$name selects: $(echo "$got" | tr '\n' ' ')"
		bad=$((bad + 1))
	fi
done < <(grep -E '^host/|/boot(:|$)' "$scratch/all"
	grep -vE '^host/|/boot(:|$)' "$scratch/all" | awk -F/ '!seen[$2 "/" $3]++'
	echo guest/6.12/i386/policy)
[ "$bad" = 0 ] || fail "$bad name(s) do not select exactly themselves"
echo "the names tried (of $n) select exactly themselves"

# A name that needs no kernel runs too: ONLY=<a host check> used to stop at
# "no test selected" because nothing had to be built.
h=$(grep -m1 '^host/mainline/' "$scratch/all")
RUN_LOGS=$scratch/logs BASES=mainline ONLY=$h inner_run >"$scratch/one" 2>&1 || true
grep -E '^(PASS|FAIL|SKIP|TIMEOUT) |passed, ' "$scratch/one"
if [ "$(grep -cE '^(PASS|FAIL|SKIP|TIMEOUT) ' "$scratch/one")" = 1 ] &&
	grep -qE "^(PASS|FAIL) +$h(:|$)" "$scratch/one"; then
	echo "ONLY=$h runs that check alone"
else
	fail "ONLY=$h does not run exactly that check"
fi

# LIST=1 leaves the last run's timings alone: make check's table of build
# times was once emptied by the LIST=1 runs of this very test.
mkdir -p "$scratch/keep"
printf '1\tsentinel\n' >"$scratch/keep/timing.tsv"
RUN_LOGS=$scratch/keep LIST=1 "$TOP/tests/run.sh" >/dev/null
grep -q sentinel "$scratch/keep/timing.tsv" || fail "LIST=1 emptied timing.tsv"
echo "LIST=1 leaves timing.tsv alone"
