#!/bin/bash
# Boot one variant under QEMU, run the given guest scenarios, and print one
# KTAP result line per event for the runner (tools/lib.sh: ktap_line), the
# boot first:
#
#   ok 1 guest/<base>/<variant>/boot[:<cmdline>]
#   not ok 2 guest/<base>/<variant>/<scenario> # <detail>
#   #   <diagnostic line>
#
# The boot itself is one event, <prefix>/boot (or boot:<cmdline>): PASS when
# the guest ended by itself after its scenarios with a clean console and a
# KTAP report that matches its plan, TIMEOUT when it had to be killed, FAIL
# otherwise. Each scenario is one event, <prefix>/<scenario>, as the guest
# reported it on its results channel.
#
# The kernel console goes to $LOGS/boot-<variant>-<tag>.log (inside a run of
# tests/run.sh, the run's directory) and nothing else writes there; the
# scenarios' output (KTAP) comes back on a channel of its own (a second UART,
# or a virtio console on boards with one), kept as boot-<variant>-<tag>.results.
# The scenarios are packed fresh at every boot and appended to the variant's
# initramfs, so an edited scenario runs as edited. The VM always ends: the
# guest's init reboots (-no-reboot turns that into an exit), a panic reboots
# at once (panic=-1, oops=panic), and a host-side limit kills a hung guest
# and prints its console's tail. The limit comes from how long the same
# scenarios took on this base and variant before (kept in the cache,
# boot-times/): three times that, at least 120 s, and never more than 90 s
# plus the scenarios' own limits, which is also the limit of a scenario
# never measured.
#
# usage: run-guest.sh VARIANT TAG SCENARIO[,SCENARIO...] [EXTRA-CMDLINE]
# env:   GUEST_TIMEOUT  seconds for the whole boot, instead of the measured limit
#        GUEST_LIMIT_FLOOR  the least measured limit (default 120 s)
#        GUEST_KVM=1    try KVM instead of TCG
#        QEMU_EXTRA     more QEMU options (make bench: -icount); a boot with
#                       them neither uses nor records the measured times
# exit:  0 every event passed or was skipped; 1 otherwise
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

load_variant "${1:?usage: run-guest.sh VARIANT TAG [SCENARIO,...] [CMDLINE]}"
tag=${2:?tag}
scenarios=${3-}
extra=${4:-}
prefix=guest/$BASE/$VARIANT
bootname=$prefix/boot${extra:+:${extra// /,}}
log=$LOGS/boot-$VARIANT-$tag.log
res=$LOGS/boot-$VARIANT-$tag.results
initrd=$BUILD/initramfs/$VARIANT.cpio.gz
kernel=$OBJ/$IMAGE
[ -f "$initrd" ] || die "no initramfs for $VARIANT; run tools/build/mkinitramfs.sh $VARIANT"
[ -f "$kernel" ] || die "no kernel image $kernel"

# The scenarios and init, packed now, appended to the initramfs.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/guest.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/root/tests"
# make bench's scenarios (bench/guest) beside the tests' (tests/guest)
cp "$TOP"/tests/guest/*.sh "$TOP"/bench/guest/*.sh "$tmp/root/tests/"
cp "$TOP/configs/$BASE/harness.env" "$tmp/root/tests/base.env"
cp "$TOP/tests/guest/init" "$tmp/root/init"
chmod +x "$tmp/root/init"
(cd "$tmp/root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0 | gzip -1) >"$tmp/tests.cpio.gz"
cat "$initrd" "$tmp/tests.cpio.gz" >"$tmp/initrd.cpio.gz"

# The limit: the scenarios' own limits plus 90 s, or three times what they
# took here before when that is less, at least 120 s. The times are kept in
# boot-times/<base>-<variant>.tsv as "<scenario>@<hash> <seconds>", the hash
# that of the scenario's file (an edited scenario is measured afresh), and
# "(boot)" for the rest of a boot. A boot killed at a measured limit
# forgets its scenarios' times: the next one gets the headers' limit.
times=$CACHE/boot-times/$BASE-$VARIANT.tsv
# A boot with other QEMU options (make bench's -icount) or sizes of its own
# on the command line (make soak's harness.*) measures something else.
measuring=1
[ -z "${QEMU_EXTRA:-}" ] && [[ $extra != *harness.* ]] || measuring=
measured() { # SCENARIO: its time before, or nothing
	[ -n "$measuring" ] && [ -f "$times" ] || return 0
	awk -v s="$1" '$1 == s { t = $2 } END { if (t != "") print t }' "$times"
}
limit=90 est=$(measured '(boot)') keys=
est=${est:-90}
for s in ${scenarios//,/ }; do
	f=$TOP/tests/guest/$s.sh
	[ -f "$f" ] || f=$TOP/bench/guest/$s.sh
	[ -f "$f" ] || die "no scenario $s (tests/guest/$s.sh or bench/guest/$s.sh)"
	t=$(sed -n 's/^# timeout: *//p' "$f" | head -n1)
	limit=$((limit + ${t:-120}))
	key=$s@$(sha256sum "$f" | cut -c1-12)
	keys="$keys $key"
	m=$(measured "$key")
	est=$((est + ${m:-${t:-120}}))
done
why="the scenarios' own limits plus 90 s"
if [ $((3 * est)) -lt "$limit" ]; then
	limit=$((3 * est)) why="3 times the $est s measured before"
	floor=${GUEST_LIMIT_FLOOR:-120}
	[ "$limit" -ge "$floor" ] || limit=$floor why="$why, at least $floor s"
fi
[ -z "${GUEST_TIMEOUT:-}" ] || limit=$GUEST_TIMEOUT why=GUEST_TIMEOUT
timeout=$limit
echo "# limit $timeout s: $why"

# TCG by default: /dev/kvm exists on this machine kind, but a KVM guest hung
# with an empty console there (nested virtualisation). GUEST_KVM=1 tries it.
accel=(-accel tcg)
if [ -n "${GUEST_KVM:-}" ] && [ -w /dev/kvm ]; then
	accel=(-accel kvm)
fi
case $RESULTS in
ttyS*) channel=(-serial "file:$res") ;;
hvc*) channel=(-device "$RESULTS_BUS" -chardev "file,id=results,path=$res"
	-device "virtconsole,chardev=results") ;;
*) die "unknown results channel $RESULTS for $ARCH (configs/arches.tsv)" ;;
esac
cmdline="console=$CONSOLE panic=-1 oops=panic loglevel=7 $GUEST_CMDLINE"
cmdline="$cmdline harness.results=$RESULTS harness.libdir=$LIBDIR harness.scenarios=$scenarios $extra"

rm -f "$log" "$res"
rc=0 t0=$(date +%s)
# shellcheck disable=SC2086
timeout -k 5 "$timeout" "$QEMU" "${accel[@]}" $QEMU_MACHINE ${QEMU_EXTRA:-} -m "$GUEST_MEM" -smp "$GUEST_CPUS" \
	-nodefaults -display none -no-reboot -monitor none -serial "file:$log" "${channel[@]}" \
	-kernel "$kernel" -initrd "$tmp/initrd.cpio.gz" -append "$cmdline" </dev/null >"$log.qemu" 2>&1 || rc=$?
took=$(($(date +%s) - t0))
touch "$log" "$res"
for f in "$log" "$res"; do tr -d '\r' <"$f" >"$f.tmp" && mv "$f.tmp" "$f"; done

status=0 n=0
result() { # STATUS NAME [DETAIL]
	n=$((n + 1))
	ktap_line "$1" "$n" "$2" "${3:-}"
	case $1 in PASS | SKIP) ;; *) status=1 ;; esac
}
tail_of() { tail -n 20 "$1" | sed 's/^/#   /'; [ -s "$1" ] || echo "#   (empty)"; }

# The guest's KTAP against its plan: one line per scenario, in order
# (tools/lib.sh: guest_ktap).
guest_ktap "$res" "$scenarios" >"$tmp/ktap"
plan=$(sed -n 's/^PLAN //p' "$tmp/ktap")

# The boot: one event, one result.
boot=PASS
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	boot=TIMEOUT
	forgot=
	if [[ $why == "3 times"* ]] && [ -f "$times" ]; then
		# a measured limit that was too short is not used again
		exec {lk}>"$times.lock"
		flock "$lk"
		awk -v keys="$keys " '!index(keys, " " $1 " ")' "$times" >"$times.$$" && mv "$times.$$" "$times"
		exec {lk}>&-
		forgot=" (a limit from earlier times, now forgotten: the next boot gets the headers' limit)"
	fi
	result TIMEOUT "$bootname" "guest did not end within ${timeout}s$forgot; killed. Console tail (${log#"$TOP"/}):"
	tail_of "$log"
	echo "#   results channel tail (${res#"$TOP"/}):"
	tail -n 5 "$res" | sed 's/^/#   /'
elif [ "$rc" -ne 0 ]; then
	boot=FAIL
	result FAIL "$bootname" "qemu exited with $rc: $(head -c 300 "$log.qemu")"
elif ! grep -q '^HARNESS-END' "$res"; then
	boot=FAIL
	result FAIL "$bootname" "guest ended without finishing its scenarios. Console tail (${log#"$TOP"/}):"
	tail_of "$log"
elif grep -nE "$SPLAT_RE" "$log" >"$tmp/splats"; then
	boot=FAIL
	result FAIL "$bootname" "console shows a kernel splat (${log#"$TOP"/}):"
	head -n 5 "$tmp/splats" | sed 's/^/#   /'
elif [ "$plan" != ok ]; then
	boot=FAIL
	result FAIL "$bootname" "the guest's KTAP does not match its plan (${res#"$TOP"/}): $plan"
else
	result PASS "$bootname"
fi

# Each scenario: its KTAP line on the results channel.
while IFS=$'\t' read -r s st detail; do
	diag() { # the scenario's own output, up to its result line
		awk -v s="$s" '/^# /{buf=buf"\n"$0} /^(not )?ok [0-9]+ /{if ($0 ~ " "s"( |$)") {print buf; exit} buf=""}' "$res" |
			sed '/^$/d' | tail -n 15 | sed 's/^# /#   /'
	}
	case $st in
	NONE)
		# the boot's failure is the one result for that event
		if [ "$boot" != PASS ]; then
			result SKIP "$prefix/$s" "no result: $bootname is $boot"
		else
			result FAIL "$prefix/$s" "the guest reported no result for it"
		fi ;;
	PASS | SKIP) result "$st" "$prefix/$s" "$detail" ;;
	*) result "$st" "$prefix/$s" "$detail"; diag ;;
	esac
	unset -f diag
done < <(grep -v '^PLAN ' "$tmp/ktap")
# Figures a scenario wants in the run's output ("SUMMARY: ..." lines).
grep '^# SUMMARY: ' "$res" | sed 's/^# SUMMARY: /#   /' || true

# What each scenario took ("# <scenario>: <n> s" from the guest), and the
# rest of the boot, for the next boot's limit: only from a boot that passed.
if [ "$boot" = PASS ] && [ -n "$measuring" ]; then
	mkdir -p "${times%/*}"
	# two boots of one variant may end at once: one at a time here
	exec {lk}>"$times.lock"
	flock "$lk"
	{
		cat "$times" 2>/dev/null
		awk -v keys="$keys" -v took="$took" '
			BEGIN { n = split(keys, k, " "); for (i = 1; i <= n; i++) { s = k[i]; sub(/@.*/, "", s); key[s] = k[i] } }
			/^# [A-Za-z0-9_]+: [0-9]+ s$/ { s = substr($2, 1, length($2) - 1)
				if (s in key) { t[key[s]] = $3; sum += $3 } }
			END { for (s in t) print s, t[s]; print "(boot)", (took > sum ? took - sum : 0) }' "$res"
	} | awk '{ t[$1] = $2 } END { for (s in t) print s, t[s] }' | LC_ALL=C sort >"$times.$$" && mv "$times.$$" "$times"
	exec {lk}>&-
fi
exit $status
