#!/bin/bash
# bases: harness
# guest concurrency must see the races it exists to cause, with a lower
# bound: users' loads refused (the exporter gone, or the deny switch on),
# the exporter's unloads refused (a user holding it), loads that met deny,
# the reader finding a loaded user's list; and refused loads and unloads at
# least once a round. The scenario runs in a stand-in guest
# (tests/host/fake_guest.inc) whose kernel is planted: loops that never
# meet (every load and unload succeeds, nothing to read), or that meet
# fewer times than rounds, must fail it; a kernel that refuses every other
# load under deny and every other unload of the exporter, and lists a
# user's imports, passes.
. "$(dirname "$0")/lib.sh"
# shellcheck source=fake_guest.inc
. "$(dirname "$0")/fake_guest.inc"
scratch_dir
users='unused_plain_user unused_many_user unused_symbol_get'
plant_guest() { # DIR CALLS: a stand-in guest; the loops meet at these
	# calls (each user's Nth load refused under deny, the exporter's Nth
	# unload refused), none if empty
	local g=$1 u i
	fake_guest "$g"
	fake_scenario "$g" concurrency.sh
	mkdir -p "$g/sys/kernel/debug" "$g/sys/module/module/parameters" "$g/lib/modules/7.2.0-fake/updates"
	ln -s /dev/null "$g/sys/kernel/debug/kmemleak"
	echo warn >"$g/sys/module/module/parameters/deprecated_exports"
	echo 'load unused_exporter' >"$g/plant/unused_exporter.ko"
	for u in $users; do
		printf '%s\n' "load $u" \
			"[    5.000000] $u: uses deprecated export unx_gpl (EXPORT_UNUSED_SYMBOL_GPL), to be removed in 6.13" >"$g/plant/$u.ko"
		[ -n "$2" ] || continue
		echo 'unx_gpl EXPORT_UNUSED_SYMBOL_GPL 6.13' >"$g/plant/$u.ko.sys"
		for i in $2; do
			printf '%s\n' refuse \
				"[    5.000000] $u: module.deprecated_exports=deny hides deprecated export unx_gpl (EXPORT_UNUSED_SYMBOL_GPL), to be removed in 6.13" \
				"[    5.000001] $u: Unknown symbol unx_gpl (err -2)" >"$g/plant/$u.ko.$i"
		done
	done
	[ -n "$2" ] || return 0
	# (a user's list stays after rmmod: the reader's sight of it does not
	# hang on the host's timing)
	: >"$g/plant/keep-lists"
	for i in $2; do echo busy >"$g/plant/rmmod-unused_exporter.$i"; done
}

plant_guest "$scratch/apart" ""
! fake_run "$scratch/apart" concurrency.sh "$scratch/apart.out" || fail "loops that never met: the scenario passed"
expect_grep "^FAIL: no user's load met the exporter's absence or the deny switch" "$scratch/apart.out"
echo "loops that never met: the scenario fails"

# Each race once: 3 refused loads and 1 refused unload in 15 rounds.
plant_guest "$scratch/once" 2
! fake_run "$scratch/once" concurrency.sh "$scratch/once.out" || fail "loops that met 4 times in 15 rounds: the scenario passed"
expect_grep '^FAIL: the loops met 4 times in 15 rounds \(3 refused loads, 1 refused unloads\): fewer than once a round' "$scratch/once.out"
echo "loops that met 4 times in 15 rounds: the scenario fails"

plant_guest "$scratch/met" "1 3 5 7 9 11 13 15"
fake_run "$scratch/met" concurrency.sh "$scratch/met.out" || fail "loops that met: the scenario failed"
expect_grep '^the loops overlapped: 24 refused loads and 8 refused unloads in 15 rounds, 24 loads met deny, [1-9][0-9]* reads found a user.s list$' "$scratch/met.out"
