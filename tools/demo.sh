#!/bin/bash
# The main job, end to end: build the patched kernel, build the example
# out-of-tree modules as a user would, boot it under QEMU, load them, and
# show what a user should look at.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

v=x86_64
"$TOP/tools/build-kernel.sh" $v
"$TOP/tools/build-modules.sh" $v
"$TOP/tools/mkinitramfs.sh" $v
load_variant $v

echo
echo "=== 1. What modpost told the module authors at build time"
for m in krf_path unused_plain_user sys_open_user; do
	echo "    \$ make -C build/obj/$v M=.../$m"
	grep -h "WARNING: modpost\|ERROR: modpost" "$BUILD/mods/$v/$m/build.log" | sed "s|$BUILD/mods/$v/||; s/^/    /"
done
echo
echo "=== 2. Booting $(cat "$OBJ/.release") under QEMU and loading the modules"
rc=0
GUEST_TIMEOUT=${GUEST_TIMEOUT:-300} "$TOP/tools/run-guest.sh" $v demo demo >/dev/null || rc=$?
log=$LOGS/boot-$v-demo.log
sed -n '/^KTAP version/,/^HARNESS-END/p' "$log" | grep -v '^KTAP\|^1\.\.\|^HARNESS-END\|^ok \|^not ok ' |
	grep -v 'clocksource\|tsc\|sched_clock\|^# + /sbin/\|^# + uname' | sed 's/^# /    $ /; t; s/^/    [kernel] /'
echo
echo "=== 3. Where to look"
echo "    full console log:        ${log#"$TOP"/}"
echo "    modpost output per module: build/mods/$v/<module>/build.log"
echo "    kernel tree with the series: build/linux (git log base..HEAD)"
[ "$rc" -eq 0 ] || die "the demo guest reported a failure (see $log)"
