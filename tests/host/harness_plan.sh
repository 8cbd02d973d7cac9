#!/bin/bash
# bases: harness
# The runner plans, executes and reconciles (issue 28): every planned name
# gets exactly one result, in KTAP. Run on a copy of the harness whose
# kernel builds are stubs (a file where the kernel image would be) and whose
# QEMU is a stub that prints a planted guest report: the real tests/run.sh
# and tools/guest/run-guest.sh read them. Planted in the copy:
#  - a boot whose guest reports one of its two scenarios: a FAIL for the
#    other, naming it;
#  - a guest that reports a scenario twice, and one whose report has no plan
#    line: the boot fails, saying why;
#  - a hung guest: one TIMEOUT (its boot), its scenario and the host check
#    that reads it SKIPs naming what they waited for, never a second
#    failure; likewise a run-guest.sh that dies without a word, and a
#    scenario that failed in a boot that passed, for the check that reads it;
#  - a build that fails: one FAIL, and the host check that needs it a SKIP;
#  - a run-guest.sh that prints a result twice and one nobody planned:
#    harness errors, diagnostic lines that fail the run, never numbered
#    results past the plan (a KTAP parser drops what follows them);
#  - the boot limit from the times measured before, not from the headers;
#  - a check that reads a boot gets this run's boot, not a stale file;
#  - a check that says "# alone: yes" runs with no other beside it;
#  - the run's directory: every boot's console, every check's log, the plan;
#    a run without RUN_DIR makes build/runs/<id> and build/runs/last.
. "$(dirname "$0")/lib.sh"
scratch_dir
# the runs below select what they run themselves, whatever the outer run had
unset ONLY FULL LIST
c=$scratch/copy
harness_copy "$c" tests/run.sh tests/host/lib.sh bench/guest
mkdir -p "$c/tests/guest" "$c/bin"
cp "$TOP/tests/guest/init" "$c/tests/guest/"
export DEPRECATED_EXPORTS_CACHE=$scratch/cache PATH=$c/bin:$PATH STUB_TOP=$c

# The builds: a kernel image and an initramfs that are only files; s390x's
# build fails.
cat >"$c/tools/source/tree.sh" <<'EOF'
#!/bin/bash
mkdir -p "$(dirname "$0")/../build/$BASE/linux"
EOF
cat >"$c/tools/build/build-kernel.sh" <<'EOF'
#!/bin/bash
. "$(dirname "$0")/../lib.sh"
load_variant "$1"
[ "$1" != s390x ] || die "planted failure of the s390x kernel"
mkdir -p "$(dirname "$OBJ/$IMAGE")" && echo stub >"$OBJ/$IMAGE"
echo "stub build of $1" >"$LOGS/build-$1.log"
EOF
printf '#!/bin/bash\n' >"$c/tools/build/build-modules.sh"
cat >"$c/tools/build/mkinitramfs.sh" <<'EOF'
#!/bin/bash
. "$(dirname "$0")/../lib.sh"
mkdir -p "$BUILD/initramfs" && echo stub >"$BUILD/initramfs/$1.cpio.gz"
EOF
# The guest: what each scenario's "# stub:" header says it does.
cat >"$c/bin/qemu-system-x86_64" <<'EOF'
#!/bin/bash
con= res= append=
while [ $# -gt 0 ]; do
	case $1 in
	-serial) if [ -z "$con" ]; then con=${2#file:}; else res=${2#file:}; fi; shift ;;
	-append) append=$2; shift ;;
	esac
	shift
done
list=$(tr ' ' '\n' <<<"$append" | sed -n 's/^harness\.scenarios=//p' | tr ',' ' ')
echo "Linux version stub" >"$con"
# shellcheck disable=SC2086
set -- $list
{
	echo "KTAP version 1"
	grep -q 'stub: noplan' "$STUB_TOP/tests/guest/$1.sh" || echo "1..$#"
	n=0
	for s; do
		n=$((n + 1))
		case $(sed -n 's/^# stub: //p' "$STUB_TOP/tests/guest/$s.sh") in
		omit) ;;
		twice) echo "ok $n $s"; echo "ok $n $s" ;;
		hang) sleep 600 ;;
		fail) echo "# planted failure"; echo "not ok $n $s # exit 1" ;;
		*) echo "# $s: 2 s"; echo "ok $n $s" ;;
		esac
	done
	echo HARNESS-END
} >"$res"
EOF
chmod +x "$c"/tools/*/*.sh "$c/bin/qemu-system-x86_64"
scenario() { # NAME STUB [HEADER...]
	local n=$1 st=$2
	shift 2
	printf '%s\n' '#!/bin/sh' '# variants: x86_64' "$@" "# stub: $st" >"$c/tests/guest/$n.sh"
}
scenario p_ok pass
scenario p_omit omit
scenario p_twice twice '# cmdline: stub.twice=1'
scenario p_noplan noplan '# cmdline: stub.noplan=1'
scenario p_hang hang '# cmdline: stub.hang=1'
scenario p_dup pass '# cmdline: stub.dup=1'
scenario p_gone pass '# cmdline: stub.gone=1'
scenario p_bad fail
printf '%s\n' '#!/bin/bash' '# variants: x86_64' 'echo fine' >"$c/tests/host/h_ok.sh"
printf '%s\n' '#!/bin/bash' '# variants: s390x' 'echo "should not run"; exit 1' >"$c/tests/host/h_s390x.sh"
printf '%s\n' '#!/bin/bash' '# needs: boots' '# scenarios: p_hang' '# variants: x86_64' \
	'echo "should not run"; exit 1' >"$c/tests/host/h_hang.sh"
# A check that says "# alone: yes" runs with no other beside it: h_alone
# holds a mark for 2 s, and the checks around it look for it the whole time
# they run.
# shellcheck disable=SC2016 # the planted checks expand these themselves
printf '%s\n' '#!/bin/bash' '# alone: yes' 'touch "$RUN_DIR/alone.on"; sleep 2; rm "$RUN_DIR/alone.on"' >"$c/tests/host/h_alone.sh"
for p in h_near1 h_near2; do
	# shellcheck disable=SC2016 # likewise
	printf '%s\n' '#!/bin/bash' 'for i in 1 2 3 4 5 6; do [ ! -e "$RUN_DIR/alone.on" ] || echo "$0" >>"$RUN_DIR/overlap"; sleep 0.5; done' \
		>"$c/tests/host/$p.sh"
done
# A check that reads a scenario that failed in a boot that passed is a SKIP.
printf '%s\n' '#!/bin/bash' '# needs: boots' '# scenarios: p_bad' '# variants: x86_64' \
	'echo "should not run"; exit 1' >"$c/tests/host/h_bad.sh"
# A check that reads a boot gets this run's boot of its variant, and not
# the newest file of a glob: a stale record waits in build/mainline/logs.
cat >"$c/tests/host/h_reads.sh" <<'EOF'
#!/bin/bash
# needs: boots
# scenarios: p_ok
# variants: x86_64
. "$(dirname "$0")/lib.sh"
f=$(boot_results x86_64 p_ok) || { echo "$f"; exit 1; }
[ "$f" = "$RUN_DIR/mainline/boot-x86_64-default.results" ] || fail "boot_results gave $f"
grep -qE '^ok [0-9]+ p_ok$' "$f" || fail "$f is not this run's boot"
echo "read $f"
EOF
mkdir -p "$c/build/mainline/logs"
printf '%s\n' 'KTAP version 1' '1..1' 'stale' >"$c/build/mainline/logs/boot-x86_64-default.results"
# run-guest.sh wrapped: for the boot of p_dup it prints a result twice and
# one for a name nobody planned.
mv "$c/tools/guest/run-guest.sh" "$c/tools/guest/run-guest.real"
cat >"$c/tools/guest/run-guest.sh" <<'EOF'
#!/bin/bash
[ "$3" = p_gone ] && exit 1
"$(dirname "$0")/run-guest.real" "$@"
rc=$?
if [ "$3" = p_dup ]; then echo "ok 9 guest/$BASE/x86_64/p_dup"; echo "ok 10 guest/$BASE/x86_64/p_stray"; fi

exit $rc
EOF
chmod +x "$c/tools/guest/run-guest.sh" "$c/tools/guest/run-guest.real"

g=guest/mainline/x86_64
rc=0
RUN_DIR=$scratch/run GUEST_TIMEOUT=5 BASES=mainline "$c/tests/run.sh" >"$scratch/out" 2>"$scratch/err" || rc=$?
sed 's/^/    | /' "$scratch/out"
[ "$rc" = 1 ] || fail "the runner exited $rc, not 1 (stderr: $(tail -n3 "$scratch/err"))"
one() { # REGEX: exactly one line of the output matches
	local n
	n=$(grep -cE -- "$1" "$scratch/out")
	[ "$n" = 1 ] || fail "expected one line matching /$1/, found $n"
	echo "one line: /$1/"
}
none() { ! grep -E -- "$1" "$scratch/out" || fail "a line matches /$1/"; }
# KTAP: the version, the plan, results numbered 1..N, the closing line.
[ "$(sed -n 1p "$scratch/out")" = "KTAP version 1" ] || fail "the first line is not 'KTAP version 1'"
planned=$(sed -n 2p "$scratch/out")
[ "$planned" = "1..$(wc -l <"$scratch/run/plan")" ] || fail "the plan line '$planned' is not the plan's size"
grep -E '^(not )?ok [0-9]+ ' "$scratch/out" | awk '{ n++; k = ($1 == "ok") ? $2 : $3; if (k != n) exit 1 }' ||
	fail "the results are not numbered 1, 2, 3..."
# the plan's 22 names, each numbered once, and two harness errors as
# diagnostics, counted as failed in the plain line
[ "$(grep -cE '^(not )?ok [0-9]+ ' "$scratch/out")" = 25 ] || fail "not 25 numbered results for a plan of 25"
one '^# Totals: pass:12 fail:8 xfail:0 xpass:0 skip:5 error:2$'
one '^12 passed, 10 failed, 5 skipped$'
[ ! -e "$scratch/run/overlap" ] || fail "checks ran beside the one that runs alone: $(sort -u "$scratch/run/overlap" | tr '\n' ' ')"
echo "the check that runs alone ran alone"
none 'results for a plan of'
one "^ok [0-9]+ host/mainline/h_reads$"
one "^ok [0-9]+ host/mainline/h_ok$"
one "^not ok [0-9]+ build/mainline/s390x # .*planted failure of the s390x kernel"
one "^ok [0-9]+ host/mainline/h_s390x # SKIP not run: build/mainline/s390x failed$"
one "^ok [0-9]+ $g/p_ok$"
one "^not ok [0-9]+ $g/p_omit # the guest reported no result for it$"
one "^not ok [0-9]+ $g/boot:stub.twice=1 # the guest's KTAP does not match its plan .*p_twice reported twice"
one "^not ok [0-9]+ $g/p_twice # the guest reported it twice$"
one "^not ok [0-9]+ $g/boot:stub.noplan=1 # the guest's KTAP does not match its plan .*the plan is '1..\(none\)'"
one "^not ok [0-9]+ $g/boot:stub.hang=1 # TIMEOUT guest did not end within 5s"
one "^ok [0-9]+ $g/p_hang # SKIP no result: $g/boot:stub.hang=1 is TIMEOUT$"
one "^ok [0-9]+ host/mainline/h_hang # SKIP not run: $g/p_hang is SKIP$"
one "^not ok [0-9]+ $g/boot:stub.gone=1 # run-guest.sh gave no result for it"
one "^ok [0-9]+ $g/p_gone # SKIP not run: $g/boot:stub.gone=1 failed$"
one "^not ok [0-9]+ $g/p_bad # exit 1$"
one "^ok [0-9]+ host/mainline/h_bad # SKIP not run: $g/p_bad failed$"
one "^ok [0-9]+ $g/p_dup$"
one "^# harness error: a second result for $g/p_dup: PASS"
one "^# harness error: a result nobody planned: PASS $g/p_stray"
none 'should not run'
# The run's directory holds every boot's console and results, every check's
# log and the plan; no boot wrote to the copy's build/<base>/logs.
for t in default stub.twice-1 stub.noplan-1 stub.hang-1 stub.dup-1; do
	for f in "$scratch/run/mainline/boot-x86_64-$t".{log,results}; do
		[ -f "$f" ] || fail "no ${f##*.} of the boot '$t' in the run's directory"
	done
done
[ -f "$scratch/run/host/host-mainline-h_ok.log" ] || fail "no log of host/mainline/h_ok in the run's directory"
[ -f "$scratch/run/mainline/build-x86_64.log" ] || fail "the build's log is not in the run's directory"
[ "$(ls "$c/build/mainline/logs")" = boot-x86_64-default.results ] || fail "a boot wrote into build/mainline/logs"
echo "every console, log and the plan are in the run's directory"

# The limit of a boot comes from what its scenarios took before: p_ok took
# 2 s in the run above. An edited scenario is measured afresh: p_ok with a
# header of 900 s gets 90 s plus that; once it has taken 2 s, the floor.
times=$DEPRECATED_EXPORTS_CACHE/boot-times/mainline-x86_64.tsv
[ "$(awk '$1 ~ /^p_ok@/ { print $2 }' "$times")" = 2 ] || fail "the time of p_ok was not recorded: $(cat "$times")"
limit() { # SCENARIO REGEX: run-guest.sh's limit for a boot of SCENARIO matches
	BASE=mainline RUN_DIR=$scratch/run-$1-$RANDOM "$c/tools/guest/run-guest.sh" x86_64 t "$1" >"$scratch/limit" 2>&1
	grep -qE "^# limit $2" "$scratch/limit" || fail "$1: the limit is not /$2/: $(grep '^# limit' "$scratch/limit")"
	echo "$1: $(grep '^# limit' "$scratch/limit")"
}
printf '%s\n' '#!/bin/sh' '# variants: x86_64' '# timeout: 900' '# stub: pass' >"$c/tests/guest/p_ok.sh"
limit p_ok "990 s: the scenarios' own limits"
limit p_ok "120 s: 3 times the [0-9]+ s measured before, at least 120 s$"
# A boot killed at a measured limit forgets it: the next gets the headers'.
printf '%s\n' '#!/bin/sh' '# variants: x86_64' '# timeout: 900' '# stub: hang' >"$c/tests/guest/p_hang.sh"
echo "p_hang@$(sha256sum "$c/tests/guest/p_hang.sh" | cut -c1-12) 1" >>"$times"
GUEST_LIMIT_FLOOR=3 limit p_hang "[0-9]+ s: 3 times the [0-9]+ s measured before"
grep -q "now forgotten" "$scratch/limit" || fail "the TIMEOUT does not say that the measured limit is forgotten"
grep -q '^p_hang@' "$times" && fail "the killed boot's times are still kept"
GUEST_TIMEOUT=1 limit p_hang "1 s: GUEST_TIMEOUT"
awk '$1 ~ /^p_hang@/' "$times" | grep -q . && fail "a boot at GUEST_TIMEOUT recorded a time"
echo "the boot limit: measured, with a floor; the headers' for an edited scenario and after a kill"

# Without RUN_DIR, a run makes build/runs/<id>/ and points build/runs/last at it.
for i in 1 2; do
	env -u RUN_DIR BASES=mainline ONLY=host/mainline/h_ok "$c/tests/run.sh" >"$scratch/own$i" 2>&1 ||
		fail "ONLY=host/mainline/h_ok failed: $(tail -n3 "$scratch/own$i")"
	last=$(readlink "$c/build/runs/last")
	[ -f "$c/build/runs/$last/host/host-mainline-h_ok.log" ] || fail "run $i: its log is not in build/runs/$last"
	echo "run $i: build/runs/$last"
	eval "last$i=\$last"
	sleep 1
done
# shellcheck disable=SC2154 # last1 and last2: set by the eval above
[ "$last1" != "$last2" ] || fail "two runs shared one directory"
echo "each run has a directory of its own"
# A run given the directory of another (an inner run that inherited its
# outer run's RUN_DIR) refuses it, and leaves it as it was.
cp "$scratch/run/results" "$scratch/results.before"
rc=0
RUN_DIR=$scratch/run BASES=mainline ONLY=host/mainline/h_ok "$c/tests/run.sh" >"$scratch/again" 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "a second run in one directory: exit $rc, not 2"
grep -q "is the directory of another run" "$scratch/again" || fail "the refusal does not say why: $(cat "$scratch/again")"
cmp -s "$scratch/run/results" "$scratch/results.before" || fail "the refused run changed the first run's results"
echo "a second run in the directory of another is refused"
