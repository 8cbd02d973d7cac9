#!/bin/bash
# alone: yes
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
for name in guest/mainline/s390x/boot guest/6.12/s390x/boot guest/mainline/s390x-nounused/unused_off; do
	grep -qx "$name" "$scratch/check" || fail "make check does not run $name"
done
echo "make check: $(wc -l <"$scratch/check") of the $n names of make check-full"
bad=0
while IFS= read -r name; do
	got=$(FULL=1 ONLY=$name LIST=1 "$TOP/tests/run.sh")
	# The plan holds the name and the products it needs (its tree, builds
	# and boots), and a host check that reads this run's boots (# needs:
	# boots) brings the scenarios of its "# scenarios:" header along:
	# nothing else.
	f=$TOP/tests/host/${name##*/}.sh sc=
	if [[ $name == host/* ]] && grep -qx '# needs: boots' "$f"; then
		sc=$(sed -n 's/^# scenarios: *//p' "$f")
	fi
	others=$(echo "$got" | while IFS= read -r g; do
		[ "$g" = "$name" ] && continue
		[[ $g == tree/* || $g == build/* || $g =~ ^guest/[^/]+/[^/]+/boot(:|$) ]] && continue
		[[ " $sc " == *" ${g##*/} "* && $g == guest/* ]] && continue
		echo "$g"
	done)
	if ! grep -qxF -- "$name" <<<"$got" || [ -n "$others" ]; then
		echo "ONLY=$name selects: $(echo "$got" | tr '\n' ' ')"
		bad=$((bad + 1))
	fi
done < <(grep -E '^host/|^tree/|^build/|/boot(:|$)' "$scratch/all"
	grep -vE '^host/|^tree/|^build/|/boot(:|$)' "$scratch/all" | awk -F/ '!seen[$2 "/" $3]++'
	echo guest/6.12/i386/policy)
[ "$bad" = 0 ] || fail "$bad name(s) do not select exactly themselves"
echo "the names tried (of $n) select exactly themselves"

# A pattern that selects nothing is an error that names it (the README's
# example guest/6.12/i386/policy is in make check-full only).
rc=0
env -u FULL ONLY='guest/6.12/i386/policy host/mainline/no_such_check' LIST=1 "$TOP/tests/run.sh" \
	>"$scratch/none" 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "ONLY= with patterns that select nothing: exit $rc, not 2"
for p in guest/6.12/i386/policy host/mainline/no_such_check; do
	grep -q "'$p'" "$scratch/none" || fail "the error does not name '$p': $(cat "$scratch/none")"
done
echo "ONLY= patterns that select nothing: exit 2, named: $(head -n1 "$scratch/none")"
# A pattern that matches only scenarios run when named exactly (# explicit)
# selects nothing too.
rc=0
ONLY='guest/mainline/x86_64/selftest_*' LIST=1 "$TOP/tests/run.sh" >"$scratch/none" 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "ONLY= matching only explicit scenarios: exit $rc, not 2"
echo "a pattern that matches only explicit scenarios is an error too"
# A pattern is matched against names, never expanded against the files
# where make runs: build/* used to become build/mainline, build/logs...
(cd "$TOP" && ONLY='build/*' LIST=1 tests/run.sh) >"$scratch/builds" 2>&1 ||
	fail "ONLY='build/*' failed: $(cat "$scratch/builds")"
grep -qx 'build/mainline/x86_64' "$scratch/builds" || fail "ONLY='build/*' does not select build/mainline/x86_64"
echo "ONLY='build/*' selects the builds, whatever build/ holds"

# A name that needs no kernel runs too: ONLY=<a host check> used to stop at
# "no test selected" because nothing had to be built.
h=$(grep -m1 '^host/mainline/' "$scratch/all")
RUN_DIR=$scratch/run BASES=mainline ONLY=$h inner_run >"$scratch/one" 2>&1 || true
grep -E '^(not )?ok |passed, ' "$scratch/one"
if [ "$(grep -cE '^(not )?ok [0-9]+ host/' "$scratch/one")" = 1 ] &&
	grep -qE "^(not )?ok [0-9]+ $h( |$)" "$scratch/one"; then
	echo "ONLY=$h runs that check alone"
else
	fail "ONLY=$h does not run exactly that check"
fi

# LIST=1 makes no run: no directory, and the last run stays the last.
mkdir -p "$TOP/build/runs"
before=$(readlink "$TOP/build/runs/last" || true)
find "$TOP/build/runs" -maxdepth 1 | sort >"$scratch/runs.before"
LIST=1 "$TOP/tests/run.sh" >/dev/null
find "$TOP/build/runs" -maxdepth 1 | sort | cmp -s - "$scratch/runs.before" || fail "LIST=1 made a run directory"
[ "$(readlink "$TOP/build/runs/last" || true)" = "$before" ] || fail "LIST=1 moved build/runs/last"
echo "LIST=1 makes no run directory"
