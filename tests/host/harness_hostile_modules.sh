#!/bin/bash
# bases: harness
# guest hostile_modules counts a mutant as "refused with a message" only for
# the module loader's own refusal of it, not for any kernel line that came
# meanwhile (such as "clocksource: Switched to clocksource tsc"). The
# scenario runs in a stand-in guest (tests/host/fake_guest.inc) whose kernel
# refuses a random mutant with a planted log: an unrelated line only, or a
# loader's refusal of another module, must fail the scenario; the x86
# relocator's refusal, or the series' "malformed section __kdeprecated" for
# the fixed mutant that tools/build/mutate-ko.py says it gives, passes.
. "$(dirname "$0")/lib.sh"
# shellcheck source=fake_guest.inc
. "$(dirname "$0")/fake_guest.inc"
scratch_dir
g=$scratch/guest
fake_guest "$g"
fake_scenario "$g" hostile_modules.sh
m=$g/mutants
mkdir -p "$m/users" "$g/lib/modules/7.2.0-fake/updates"
echo 1 >"$m/SEED"
echo 2 >"$m/RANDOM"
printf '%s\t%s\t%s\n' flag-set.ko 'refuse:malformed section __kdeprecated' 'an ordinary export flagged deprecated' \
	random-000.ko any 'seed 1: bit flips in __kdeprecated at 5.3' \
	random-001.ko any 'seed 1: bit flips in __kflagstab at 2.0' >"$m/MANIFEST"
printf '%s\t%s\t%s\n' user-import-twice.ko once:mut_dep_1 'mut_user naming mut_dep_1 twice' >"$m/users/MANIFEST"
p=$g/plant
printf '%s\n' refuse '[    3.100000] mut_exporter: loading out-of-tree module taints kernel.' \
	'[    3.100001] mut_exporter: malformed section __kdeprecated' >"$p/flag-set.ko"
printf '%s\n' 'load mut_exporter' >"$p/random-001.ko"
printf '%s\n' 'load mut_exporter' >"$p/mut_exporter.ko"
printf '%s\n' 'load mut_user' '[    3.300000] mut_user: all 7 exports answer correctly' >"$p/mut_user.ko"
printf '%s\n' 'load mut_user' \
	'[    3.400000] mut_user: uses deprecated export mut_dep_1 (EXPORT_UNUSED_SYMBOL_GPL), to be removed in 7.5' >"$p/user-import-twice.ko"
clocksource='[    3.200000] clocksource: Switched to clocksource tsc'
for c in "unrelated|$clocksource" \
	"another module's|[    3.200000] hello: Unknown symbol kernel_read_file (err -2)"; do
	IFS='|' read -r name line <<<"$c"
	printf '%s\n' refuse "$line" >"$p/random-000.ko"
	! fake_run "$g" hostile_modules.sh "$scratch/out" || fail "random-000 refused with $name line only: the scenario passed"
	expect_grep '^PROBLEM: random-000\.ko refused without a refusal of the module loader' "$scratch/out"
	echo "a mutant refused with $name kernel line only: the scenario fails"
done
printf '%s\n' refuse "$clocksource" \
	'[    3.200001] module: x86/modules: Invalid relocation target, existing value is nonzero for type 2, loc 00000000a1b2c3d4, val ffffffffc0201008' >"$p/random-000.ko"
fake_run "$g" hostile_modules.sh "$scratch/out" || fail "the scenario failed with each mutant refused by the loader"
expect_grep '^random-000\.ko: refused: module: x86/modules: Invalid relocation target' "$scratch/out"
expect_grep '^flag-set\.ko: refused: mut_exporter: malformed section __kdeprecated$' "$scratch/out"
expect_grep '^SUMMARY: hostile_modules: 4 mutants \(seed 1\), 2 refused by the loader, 2 loaded and behaved, 0 misbehaved$' "$scratch/out"
