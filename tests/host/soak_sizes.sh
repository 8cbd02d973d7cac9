#!/bin/bash
# bases: harness
# make soak's sizes cannot shrink silently: with no knob set, its plan adds up
# to the reliability goals (1,000 random malformed modules and 2,000
# parallel load/unload cycles), shared over shards with seeds of their own;
# the knobs size it; the scenarios take the sizes soak passes them.
# shellcheck disable=SC2016 # the greps below look for the scripts' literal text
. "$(dirname "$0")/lib.sh"
cd "$TOP" || fail "no $TOP"
# totals PLAN-TEXT -> "SHARDS MUTANTS CYCLES DISTINCT-SEEDS"
totals() {
	awk '{ n++; m += $5; c += substr($10, 2); seeds[$4] = 1 }
	END { k = 0; for (s in seeds) k++; print n, m, c, k }' <<<"$1"
}
plan=$(env -u SOAK_MUTANTS -u SOAK_CYCLES -u SOAK_SHARDS -u SOAK_SEED SOAK_PLAN=1 tools/measure/soak.sh) ||
	fail "SOAK_PLAN=1 tools/measure/soak.sh failed"
printf '%s\n' "$plan"
read -r n m c k < <(totals "$plan")
[ "$m" -ge 1000 ] || fail "the default plan has $m random mutants, under the goal of 1,000"
[ "$c" -ge 2000 ] || fail "the default plan has $c cycles, under the goal of 2,000"
[ "$k" -eq "$n" ] || fail "$n shards but $k distinct seeds"
echo "default: $n shards, $m random mutants, $c cycles, a seed each"
plan=$(SOAK_PLAN=1 SOAK_MUTANTS=10 SOAK_CYCLES=9 SOAK_SHARDS=3 SOAK_SEED=40 tools/measure/soak.sh) || fail "a sized plan failed"
read -r n m c k < <(totals "$plan")
[ "$n $m $c $k" = "3 10 12 3" ] || fail "SOAK_MUTANTS=10 SOAK_CYCLES=9 SOAK_SHARDS=3 planned $n shards, $m mutants, $c cycles, $k seeds"
grep -q '^shard 1: seed 40,' <<<"$plan" || fail "SOAK_SEED=40 is not the first shard's seed"
echo "sized: 3 shards, 10 mutants, 12 cycles (whole rounds of four), seeds from 40"
! SOAK_PLAN=1 SOAK_CYCLES=lots tools/measure/soak.sh >/dev/null 2>&1 || fail "a size that is not a number was taken"
# What soak passes, the guest takes: the rounds on the command line, the
# mutants and their seed through mkinitramfs.sh.
grep -q 'harness_arg rounds' tests/guest/concurrency.sh || fail "concurrency.sh does not read harness.rounds"
grep -q 'harness.rounds=\$r ' tools/measure/soak.sh || fail "soak.sh does not pass harness.rounds"
grep -q 'nrandom=${MUTANT_RANDOM:-30}' tools/build/mkinitramfs.sh || fail "mkinitramfs.sh does not read MUTANT_RANDOM"
grep -q -- '--random "$nrandom"' tools/build/mkinitramfs.sh || fail "mkinitramfs.sh does not pass MUTANT_RANDOM on"
grep -q 'MUTANT_SEED=$s MUTANT_RANDOM=$m ' tools/measure/soak.sh || fail "soak.sh does not pass a shard's seed and mutants"
echo "soak.sh passes its sizes to the guest; the scenarios read them"
