#!/bin/bash
# needs: boots
# scenarios: deny_rehearsal
# variants: x86_64 x86_64-next
# bases: 6.12 mainline
# Issue 12 b: module.unused_exports=deny rehearses the removal exactly.
# Compares the records that guest/deny_rehearsal printed in this run on the
# deny boot of the x86_64 kernel and on the x86_64-next kernel (the exports
# gone), read from those two boots' results channels (the runner names them:
# boot_results, tests/host/lib.sh; a boot that did not pass makes this check
# a SKIP, never a second failure):
#  - the same load result for every module, the same insmod errors and the
#    same kernel messages, once the deny boot's deny lines are taken out;
#  - the deny lines: only on the deny boot, one per module and export;
#  - neither record mentions "(err -1)" (deny used to fail with -EPERM).
. "$(dirname "$0")/lib.sh"
scratch_dir
record() { # VARIANT OUT: the record of VARIANT's boot in this run
	local v=$1 out=$2 log sum
	log=$(boot_results "$v" deny_rehearsal) || { echo "$log"; exit 1; }
	grep -q '^# DENY-REHEARSAL-BEGIN' "$log" || fail "${log#"$TOP"/}: no deny_rehearsal record"
	awk '/^# DENY-REHEARSAL-BEGIN/{on=1; next} /^# DENY-REHEARSAL-END/{print "END " $3 > "/dev/stderr"; exit} on && /^# /{print substr($0, 3)}' \
		"$log" >"$out" 2>"$out.end"
	sum=$(sed -n 's/^END //p' "$out.end")
	[ -n "$sum" ] || fail "${log#"$TOP"/}: record without its end marker"
	[ "$(md5sum <"$out" | cut -d' ' -f1)" = "$sum" ] ||
		fail "${log#"$TOP"/}: the record does not match its md5sum (console lines interleaved?)"
	grep -q '^module ' "$out" || fail "${log#"$TOP"/}: empty record"
	echo "$v: record of $(grep -c '^module ' "$out") modules from ${log#"$TOP"/}"
}
record x86_64 "$scratch/deny"
record x86_64-next "$scratch/next"
denyre=$DENY_RE
! grep -E -- "$denyre" "$scratch/next" || fail "the next-cycle kernel printed deny lines"
grep -E -- "$denyre" "$scratch/deny" >"$scratch/denylines" || fail "the deny boot printed no deny line"
echo "deny lines:"; sed 's/^/  /' "$scratch/denylines"
dups=$(sort "$scratch/denylines" | uniq -d)
[ -z "$dups" ] || fail "deny lines repeated: $dups"
for m in krf_path krf_fd krf_weak; do
	grep -qE "kmsg: $m$DENY_RE" "$scratch/denylines" || fail "no deny line for $m"
done
! grep -F '(err -1)' "$scratch/deny" "$scratch/next" || fail "a record shows (err -1)"
grep -vE -- "$denyre" "$scratch/deny" >"$scratch/deny.rest"
if ! diff -u "$scratch/next" "$scratch/deny.rest" >"$scratch/diff"; then
	cat "$scratch/diff"
	fail "deny (+) and the next-cycle kernel (-) differ beyond the deny lines"
fi
echo "same load results and messages on both kernels:"; sed 's/^/  /' "$scratch/next"
