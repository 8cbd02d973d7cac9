#!/bin/bash
# Boot one variant under QEMU, run the given guest scenarios, and print their
# KTAP results. The VM always ends: the guest's init reboots (-no-reboot turns
# that into an exit), a panic reboots at once (panic=-1, oops=panic), and a
# host-side timeout kills a hung guest and prints the tail of its console.
# The console log is kept in build/logs/boot-<variant>-<tag>.log.
#
# usage: run-guest.sh VARIANT TAG SCENARIO[,SCENARIO...] [EXTRA-CMDLINE]
# env:   GUEST_TIMEOUT (seconds, default 300)
# exit:  0 all scenarios ok and a clean console; 1 otherwise
set -euo pipefail
. "$(dirname "$0")/lib.sh"

load_variant "${1:?usage: run-guest.sh VARIANT TAG SCENARIOS [CMDLINE]}"
tag=${2:?tag}
scenarios=${3:?scenarios}
extra=${4:-}
timeout=${GUEST_TIMEOUT:-300}
log=$LOGS/boot-$VARIANT-$tag.log
initrd=$BUILD/initramfs/$VARIANT.cpio.gz
kernel=$OBJ/$IMAGE
[ -f "$initrd" ] || die "no initramfs for $VARIANT; run tools/mkinitramfs.sh $VARIANT"
[ -f "$kernel" ] || die "no kernel image $kernel"

# TCG by default: /dev/kvm exists on this machine kind, but a KVM guest hung
# with an empty console there (nested virtualisation). GUEST_KVM=1 tries it.
accel=(-accel tcg)
if [ -n "${GUEST_KVM:-}" ] && [ -w /dev/kvm ]; then
	accel=(-accel kvm)
fi
cmdline="console=$CONSOLE panic=-1 oops=panic loglevel=7 $GUEST_CMDLINE harness.scenarios=$scenarios $extra"

rc=0
timeout -k 5 "$timeout" "$QEMU" "${accel[@]}" ${QEMU_MACHINE:-} ${QEMU_EXTRA:-} -m "$GUEST_MEM" -smp "$GUEST_CPUS" \
	-nodefaults -display none -no-reboot -monitor none -serial "file:$log" \
	-kernel "$kernel" -initrd "$initrd" -append "$cmdline" </dev/null >"$log.qemu" 2>&1 || rc=$?
tr -d '\r' <"$log" >"$log.tmp" && mv "$log.tmp" "$log"

status=0
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	echo "not ok - boot-$tag: guest did not end within ${timeout}s; killed. Console tail:"
	tail -n 20 "$log" | sed 's/^/#   /'
	[ -s "$log" ] || echo "#   (the console is empty)"
	status=1
elif [ "$rc" -ne 0 ]; then
	echo "not ok - boot-$tag: qemu exited with $rc: $(head -c 300 "$log.qemu")"
	status=1
elif ! grep -q '^HARNESS-END' "$log"; then
	echo "not ok - boot-$tag: guest ended without finishing its scenarios. Console tail:"
	tail -n 20 "$log" | sed 's/^/#   /'
	status=1
fi
# Every boot: no oops, BUG, WARNING or call trace on the console.
if grep -nE 'Oops|BUG:|WARNING:|Call Trace|Kernel panic|KASAN|kmemleak: [1-9]' "$log" >"$log.splats"; then
	echo "not ok - boot-$tag: console shows a kernel splat:"
	head -n 5 "$log.splats" | sed 's/^/#   /'
	status=1
else
	echo "ok - boot-$tag: console clean"
fi
rm -f "$log.splats"
# Scenario results, as reported by the guest.
want=$(echo "$scenarios" | tr ',' ' ')
for s in $want; do
	line=$(grep -E "^(not )?ok [0-9]+ $s( |$)" "$log" | head -n1 || true)
	if [ -z "$line" ]; then
		echo "not ok - $s: no result (boot $VARIANT/$tag did not report it)"
		status=1
	elif [[ $line == "not ok"* ]]; then
		echo "not ok - $s: ${line#*# }"
		# the scenario's own diagnostics, from the console
		awk -v s="$s" '/^# /{buf=buf"\n"$0} /^(not )?ok [0-9]+ /{if ($0 ~ " "s"( |$)") {print buf; exit} buf=""}' "$log" |
			tail -n 15 | sed 's/^# /#   /'
		status=1
	else
		echo "ok - $s"
	fi
done
# Figures a scenario wants in the run's output ("SUMMARY: ..." lines).
grep '^# SUMMARY: ' "$log" | sed 's/^# SUMMARY: /#   /' || true
exit $status
