#!/bin/bash
# alone: yes
# bases: harness
# variants: x86_64 s390x
# The runner's two build lanes share one queue of kernels: with one base
# selected, its two kernels (x86_64 and s390x, each with its modules and
# initramfs) are built at once, so the builds' wall time, less the tree
# step before them, is less than the sum of their steps. With one lane per
# base, as before, they were built one after the other and the wall time
# was at least that sum. The runner keeps the times to the millisecond, so
# the wall time must be below the sum by more than half a second: far more
# than their rounding, and far less than a kernel step, a few seconds even
# when its objects come from the object cache. (With whole seconds and 8 s
# allowed for their rounding, a cold make check failed on 2026-12-07
# although the two kernels overlapped: 16 s of steps in 10 s of wall time.)
. "$(dirname "$0")/lib.sh"
scratch_dir
g=guest/$BASE
RUN_DIR=$scratch/rundir BASES=$BASE ONLY="$g/x86_64/boot $g/s390x/boot" inner_run \
	>"$scratch/run" 2>"$scratch/run.err" || fail "the runner failed: $(tail -n3 "$scratch/run")"
# the tree, two builds and two boots
grep -qx '5 passed, 0 failed, 0 skipped' "$scratch/run" || fail "not two boots passed: $(tail -n1 "$scratch/run")"
t=$scratch/rundir/timing.tsv
sum=$(awk -F'\t' '$2 ~ /: (kernel|modules|initramfs) (x86_64|s390x)$/ { s += $1; n++ } END { if (n == 6) print s }' "$t")
[ -n "$sum" ] || fail "the timing has not the six steps of two kernels: $(tr '\n' ' ' <"$t")"
# The builds' wall time less the tree step, which one lane runs while the
# other waits for it: what is left is the time the kernels had.
wall=$(awk -F'\t' -v tree="$BASE: tree" '$2 ~ /^all builds/ { w = $1; n++ } $2 == tree { tr = $1; m++ }
	END { if (n == 1 && m == 1) print w - tr }' "$t")
[ -n "$wall" ] || fail "the timing has not one wall time of the builds and one tree step: $(tr '\n' ' ' <"$t")"
echo "two kernels: their steps took ${sum}s, the builds ${wall}s of wall time after the tree"
awk -v w="$wall" -v s="$sum" 'BEGIN { exit !(w + 0.5 < s) }' ||
	fail "the two kernels of one base were built one after the other (${wall}s + 0.5 s is not below ${sum}s)"
