#!/bin/bash
# make soak: the reliability goals at full size, for one base, on the debug
# kernel (x86_64-debug: KASAN, lockdep, kmemleak, DEBUG_LIST, two vCPUs,
# panic_on_warn=1). make check-full runs the same two scenarios at CI's size.
#
# The work is sharded over SOAK_SHARDS boots. Shard i (1-based) has seed
# SOAK_SEED+i-1 and runs, in one boot:
#   hostile_modules  the fixed malformed modules of tools/build/mutate-ko.py plus
#                    its share of SOAK_MUTANTS random ones from that seed;
#   concurrency      its share of SOAK_CYCLES parallel load/unload cycles
#                    (four a round: three users and the exporter), with
#                    sysfs readers and the deny switch flipping.
# A boot passes when both scenarios pass and its console shows no splat.
#
# env:  SOAK_MUTANTS (default 1000), SOAK_CYCLES (default 2000),
#       SOAK_SHARDS (default 4), SOAK_SEED (default 1)
#       SOAK_PLAN=1  print the plan (one line per shard) and stop
# out:  build/<base>/soak/summary.md: a row per shard and the totals, also
#       written as the result page docs/results/soak-<base>.md
#       (tools/measure/result-page.sh); consoles and results in $LOGS (tools/lib.sh)
#       as boot-x86_64-debug-soak-<i>.log and .results
# exit: 0 when every shard passed
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

mutants=${SOAK_MUTANTS:-1000}
cycles=${SOAK_CYCLES:-2000}
shards=${SOAK_SHARDS:-4}
seed0=${SOAK_SEED:-1}
for n in "$mutants" "$cycles" "$shards" "$seed0"; do
	[[ $n =~ ^[0-9]+$ ]] || die "soak sizes are whole numbers (got '$n')"
done
[ "$shards" -ge 1 ] || die "SOAK_SHARDS must be at least 1"
# Time limits, from the rates seen on the debug kernel under TCG (about 1 s
# a mutant, 3 s a round), with room to spare.
per_mutant=4 per_round=10

# plan I: "SEED MUTANTS ROUNDS" of shard I; the shares add up to the totals
# (the first shards take the remainders)
plan() {
	local i=$1 m r rounds
	m=$((mutants / shards + (i <= mutants % shards ? 1 : 0)))
	rounds=$(((cycles + 3) / 4))
	r=$((rounds / shards + (i <= rounds % shards ? 1 : 0)))
	echo "$((seed0 + i - 1)) $m $r"
}
if [ -n "${SOAK_PLAN:-}" ]; then
	for ((i = 1; i <= shards; i++)); do
		read -r s m r < <(plan $i)
		echo "shard $i: seed $s, $m random mutants, $r rounds ($((r * 4)) cycles)"
	done
	exit 0
fi

V=x86_64-debug
out=$BUILD/soak
mkdir -p "$out" "$LOGS"
say "$BASE: building $V"
"$TOP/tools/build/build-kernel.sh" $V
"$TOP/tools/build/build-modules.sh" $V
load_variant $V

sum=$out/summary.md
{
	echo "# make soak, $BASE ($(cat "$OBJ/.release"))"
	echo
	echo "SOAK_MUTANTS=$mutants SOAK_CYCLES=$cycles SOAK_SHARDS=$shards SOAK_SEED=$seed0; kernel $V (GUEST_CMDLINE=$GUEST_CMDLINE, $GUEST_CPUS vCPUs)"
	echo
	echo "| shard | seed | mutants tried | refused | loaded | misbehaved | cycles tried | users loaded | exporter unloaded | deny flips | sysfs passes | splats | leaks | result | wall |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
} >"$sum"
rc=0 tot_m=0 tot_c=0 tot_splat=0 tot_leak=0 t_all=$(date +%s)
# field TEXT WORDS: the number before WORDS in a SUMMARY line
field() { sed -nE "s|.*[^0-9]([0-9]+) $2.*|\1|p" <<<"$1" | head -n1; }
for ((i = 1; i <= shards; i++)); do
	read -r s m r < <(plan $i)
	t0=$(date +%s)
	say "$BASE: shard $i of $shards: seed $s, $m random mutants, $r rounds"
	MUTANT_SEED=$s MUTANT_RANDOM=$m "$TOP/tools/build/mkinitramfs.sh" $V
	lm=$((300 + per_mutant * (m + 60))) lc=$((300 + per_round * r))
	log=$LOGS/boot-$V-soak-$i.log res=$LOGS/boot-$V-soak-$i.results
	text=$(GUEST_TIMEOUT=$((120 + lm + lc)) "$TOP/tools/guest/run-guest.sh" $V soak-$i hostile_modules,concurrency \
		"harness.rounds=$r harness.limit.hostile_modules=$lm harness.limit.concurrency=$lc log_buf_len=8M") || true
	printf '%s\n' "$text"
	hm=$(grep -m1 '^# SUMMARY: hostile_modules: ' "$res" || true)
	cc=$(grep -m1 '^# SUMMARY: concurrency: ' "$res" || true)
	splats=$(grep -cE "$SPLAT_RE" "$log" || true)
	leaks=$(grep -c 'kmemleak reports suspected leaks' "$res" || true)
	result=PASS
	grep -q '^ok [0-9]* .*/hostile_modules$' <<<"$text" || result=FAIL
	grep -q '^ok [0-9]* .*/concurrency$' <<<"$text" || result=FAIL
	grep -qE '^ok [0-9]+ [^ ]*/boot(:[^ ]*)?$' <<<"$text" || result=FAIL
	[ $result = PASS ] || rc=1
	tried=$(field "$hm" mutants)
	ctried=$(field "$cc" 'load/unload cycles tried')
	tot_m=$((tot_m + ${tried:-0})) tot_c=$((tot_c + ${ctried:-0}))
	tot_splat=$((tot_splat + splats)) tot_leak=$((tot_leak + leaks))
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s s |\n' "$i" "$s" \
		"${tried:--}" "$(field "$hm" 'refused')" "$(field "$hm" 'loaded and')" "$(field "$hm" misbehaved)" \
		"${ctried:--}" "$(sed -nE 's/.*users loaded ([0-9]+ of [0-9]+).*/\1/p' <<<"$cc")" \
		"$(sed -nE 's/.*exporter unloaded ([0-9]+ of [0-9]+).*/\1/p' <<<"$cc")" \
		"$(field "$cc" 'deny flips')" "$(field "$cc" 'sysfs passes')" "$splats" "$leaks" "$result" \
		"$(($(date +%s) - t0))" >>"$sum"
done
{
	echo
	echo "Total: $tot_m mutants, $tot_c load/unload cycles tried, $tot_splat splat lines, $tot_leak shards with suspected leaks; $(($(date +%s) - t_all)) s wall."
	[ $rc -eq 0 ] && echo "Every shard passed." || echo "A shard FAILED: see its console and results in ${LOGS#"$TOP"/}."
} >>"$sum"
# Fewer than asked (a scenario that stopped early) is a failure too.
[ "$tot_m" -ge "$mutants" ] || { echo "Only $tot_m of $mutants mutants were tried." >>"$sum"; rc=1; }
[ "$tot_c" -ge "$cycles" ] || { echo "Only $tot_c of $cycles cycles were tried." >>"$sum"; rc=1; }
echo
cat "$sum"
# The result page: the summary under its heading, failed shards included
# (a soak that failed is a result too). The command names every size, for
# the page is only comparable with a run of the same sizes.
sed '1,2d' "$sum" >"$out/page-body.md"
cmd="make soak BASE=$BASE SOAK_MUTANTS=$mutants SOAK_CYCLES=$cycles SOAK_SHARDS=$shards SOAK_SEED=$seed0"
page=$("$TOP/tools/measure/result-page.sh" "$(sed -n '1s/^# //p' "$sum")" "$cmd" "$out/page-body.md" "$TOP/docs/results/soak-$BASE.md")
say "result page: ${page#"$TOP"/}"
exit $rc
