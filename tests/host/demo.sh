#!/bin/bash
# variants: x86_64
# make demo, the README's first command, shows what it promises: its four
# sections in order; modpost's warning for each example module; the
# loader's warnings naming module, export, class and release, the sysfs
# lists, the deny rehearsal and the 2007 story's refusal, with no kernel
# line that is not one of its modules'; the release report's lines and its
# exit-status notes; only the base's removal release (REL); the console of
# its boot. It runs the demo's own output path (tools/guest/demo.sh --no-build:
# one boot of its own, on the kernel, modules and initramfs the runner built
# for this run) and reads what that printed, nothing left by another run.
# The demo cannot reuse a boot of the runner: its scenario needs a kernel
# that no other scenario has touched (the loader warns once per module and
# export, and another scenario may have loaded its modules already).
# Known-bad copies of the output (a section removed, an unrelated kernel
# line, another release) must fail the same checks.
. "$(dirname "$0")/lib.sh"
scratch_dir
load_variant x86_64
krel=$(cat "$OBJ/.release")
obj=${OBJ#"$TOP"/}
kfile=$KSRC/fs/kernel_read_file.c
[ -f "$kfile" ] || fail "no ${kfile#"$TOP"/}"
out=$scratch/demo.out
touch "$scratch/start"

# The demo's own run, with its logs (tools/lib.sh: LOGS=RUN_DIR/<base>)
# beside this check's log when the runner runs it, so that the console of
# its boot stays with the run; in the scratch directory otherwise.
demo_run=$scratch/run
[ -z "${RUN_DIR:-}" ] || demo_run=$RUN_DIR/host/host-$BASE-demo.run
rm -rf "$demo_run"
mkdir -p "$demo_run" || fail "cannot make $demo_run"
rc=0
RUN_DIR=$demo_run nice "$TOP/tools/guest/demo.sh" --no-build >"$out" 2>"$scratch/demo.err" || rc=$?
echo "--- tools/guest/demo.sh --no-build (exit $rc):"
cat "$out"
echo "---"
[ "$rc" -eq 0 ] || fail "tools/guest/demo.sh --no-build exited $rc: $(tail -n 5 "$scratch/demo.err")"

# section N FILE: the lines below the "=== N. " line, up to the next "=== "
section() { awk -v n="$1" '/^=== /{on = index($0, "=== " n ". ") == 1; next} on' "$2"; }
# in_order WANT TEXT: each line of WANT is a line of TEXT, in this order;
# WANT's command lines ("$ ...") are found anywhere after the last match,
# its other lines (a command's output) before the next command. A line of
# WANT that begins "re:" is an extended regular expression.
in_order() {
	awk 'function hit(w) { return substr(w, 1, 3) == "re:" ? $0 ~ substr(w, 4) : $0 == w }
		NR == FNR { want[++n] = $0; next }
		i < n && hit(want[i + 1]) { i++; next }
		i > 0 && i < n && /^\$ / && want[i + 1] !~ /^\$ / { exit }
		END { if (i < n) { printf "%s", want[i + 1]; if (i) printf " (after \"%s\")", want[i]; exit 1 } }' \
		<(printf '%s\n' "$1") <(printf '%s\n' "$2")
}
# broken PROMISE: one broken promise, counted; check goes on, so that one
# run shows every promise that the demo broke
broken() { echo "FAIL: $*"; nbad=$((nbad + 1)); }
# want SECTION WANT: section SECTION of the output shows WANT (in_order)
want() {
	local miss
	miss=$(in_order "$2" "$(section "$1" "$f")") || broken "section $1 does not show: $miss"
}
# re TEXT: a base or release name as an extended regular expression that
# matches it alone (they have no special characters but '.' and '+')
re() { local s=${1//./\\.}; printf '%s' "${s//+/\\+}"; }
# ok N TEXT: say TEXT when no promise broke since there were N
ok() { [ "$nbad" != "$1" ] || echo "$2"; }

# check FILE: every promise of the demo kept in FILE; status 1 when one broke
check() {
	f=$1 nbad=0
	local got n bad rels console due m=/lib/modules/$krel/updates
	got=$(sed -n 's/^=== \([0-9]*\)\. .*/\1/p' "$f" | tr '\n' ' ')
	[ "$got" = "1 2 3 4 " ] || broken "the demo's sections are [ $got], not [ 1 2 3 4 ]"
	grep -qE "^=== 1\. .*modpost.* \($(re "$BASE: $krel")\)$" "$f" ||
		broken "section 1's title does not name modpost, $BASE and $krel"
	grep -qE "^=== 2\. Booting $(re "$krel") " "$f" || broken "section 2's title does not name $krel"
	grep -qE '^=== 3\. .*release report' "$f" || broken "section 3's title does not name the release report"
	grep -qE '^=== 4\. Where to look' "$f" || broken "section 4's title is not 'Where to look'"
	ok 0 "the four sections, in order"

	n=$nbad
	want 1 "\$ make -C $obj M=tests/modules/krf_path
    WARNING: modpost: $(modpost_use krf_path kernel_read_file EXPORT_UNUSED_SYMBOL_GPL "$REL")
\$ make -C $obj M=tests/modules/demo_user
    WARNING: modpost: $(modpost_use demo_user demo_old_api EXPORT_UNUSED_SYMBOL "$REL")
\$ make -C $obj M=tests/modules/sys_open_user
re:^    (WARNING|ERROR): modpost: \"sys_open\" \[[^]]*sys_open_user\.ko\] undefined!$"
	ok "$n" "section 1: modpost's line for each module, with $REL"

	n=$nbad
	want 2 "\$ /sbin/insmod $m/krf_path.ko path=/tmp/data.txt
    [kernel] krf_path: uses deprecated export kernel_read_file (EXPORT_UNUSED_SYMBOL_GPL), to be removed in $REL
    [kernel] krf_path: read 18 bytes from /tmp/data.txt: hello from a file
\$ cat /sys/module/krf_path/deprecated_exports
    kernel_read_file $REL EXPORT_UNUSED_SYMBOL_GPL
\$ /sbin/modprobe demo_user
    [kernel] demo_user: uses deprecated export demo_old_api (EXPORT_UNUSED_SYMBOL), to be removed in $REL
\$ cat /sys/module/demo_user/deprecated_exports
    demo_old_api $REL EXPORT_UNUSED_SYMBOL
\$ /sbin/insmod $m/krf_path.ko path=/tmp/data.txt
    [kernel] $(deny_line krf_path kernel_read_file EXPORT_UNUSED_SYMBOL_GPL "$REL")
\$ /sbin/insmod $m/sys_open_user.ko
    [kernel] sys_open_user: Unknown symbol sys_open (err -2)"
	bad=$(section 2 "$f" | grep -F '[kernel]' | grep -vE '^    \[kernel\] (krf_path|demo_exporter|demo_user|sys_open_user): ') &&
		broken "section 2 shows kernel lines that are not its modules': $bad"
	bad=$(section 2 "$f" | grep FAIL) && broken "section 2 shows a failure: $bad"
	ok "$n" "section 2: the loader's lines for each module, with $REL, and no other kernel line"

	# the report's lines, located in the source by an independent grep
	n=$nbad
	due=$(grep -nE "^EXPORT_UNUSED_SYMBOL_GPL\(kernel_read_file(_from_fd)?, \"$(re "$REL")\"\);$" "$kfile" |
		sed -E 's/^([0-9]+):EXPORT_UNUSED_SYMBOL_GPL\(([a-z_]+), .*/    fs\/kernel_read_file.c:\1: \2 (EXPORT_UNUSED_SYMBOL_GPL): due in '"$REL"'/')
	[ "$(wc -l <<<"$due")" -eq 2 ] || broken "${kfile#"$TOP"/} does not deprecate the two exports for $REL: $due"
	want 3 "\$ make exports_due    # in build/$BASE/linux
    (exit status 0: no deprecated export is due)
\$ make exports_due RELEASE=$REL    # in build/$BASE/linux
$due
re:^    \(exit status [1-9][0-9]*: the release cannot be cut until these are removed\)$"
	ok "$n" "section 3: nothing due now, the two exports due in $REL, and what each exit status means"

	n=$nbad
	want 4 "re:^    kernel console of that boot: +[^ ]+/boot-x86_64-demo\.log$
re:^    scenario output of that boot: +[^ ]+/boot-x86_64-demo\.results$"
	console=$(section 4 "$f" | sed -n 's/^    kernel console of that boot: *//p')
	[ "${console#/}" != "$console" ] || console=$TOP/$console
	[ -n "$(find "$console" -newer "$scratch/start" -size +0 2>/dev/null)" ] ||
		broken "section 4 names a console that this run did not write: $console"
	ok "$n" "section 4: the console of this boot, $console"

	n=$nbad
	rels=$(grep -oE '(to be removed in|due in) [0-9]+\.[0-9]+' "$f" | grep -vE " $(re "$REL")$" | sort -u | tr '\n' ' ')
	[ -z "$rels" ] || broken "the demo shows releases other than $BASE's $REL: $rels"
	ok "$n" "every release the demo shows is $REL"
	[ "$nbad" = 0 ]
}
check "$out" || fail "make demo broke $nbad of its promises (above)"

# Known-bad copies must fail, each for its reason.
other=6.13
[ "$REL" != 6.13 ] || other=7.5
awk '/^=== /{skip = /^=== 3\. /} !skip' "$out" >"$scratch/no-section-3"
awk '{print} /^    \[kernel\] / && !done {print "    [kernel] clocksource: Switched to clocksource tsc"; done = 1}' \
	"$out" >"$scratch/clocksource"
sed "s/\(demo_user: uses deprecated export demo_old_api (EXPORT_UNUSED_SYMBOL), to be removed in \).*/\1$other/" \
	"$out" >"$scratch/release"
for bad in "no-section-3|sections are" "clocksource|kernel lines that are not" "release|does not show: .*demo_user: uses"; do
	b=${bad%%|*}
	! cmp -s "$out" "$scratch/$b" || fail "control $b: the copy is the same as the output"
	check "$scratch/$b" >"$scratch/$b.log" 2>&1 && fail "control $b: the checks passed it"
	grep -q "^FAIL: .*${bad#*|}" "$scratch/$b.log" || fail "control $b failed for another reason: $(grep FAIL "$scratch/$b.log")"
	echo "control $b: fails ($(grep '^FAIL' "$scratch/$b.log"))"
done
