#!/bin/bash
# The main job, end to end, on BASE (default mainline): build the patched
# kernel, build the example out-of-tree modules as a user would, boot it
# under QEMU, load them, and show what a user sees; then the release report
# that tells the maintainers which exports are due.
#
# usage: tools/guest/demo.sh [--no-build]
#   --no-build  show it from the kernel, modules and initramfs already built
#               (tests/host/demo.sh does, on the products of its run)
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

v=x86_64
case ${1-} in
"")
	"$TOP/tools/build/build-kernel.sh" $v
	"$TOP/tools/build/build-modules.sh" $v
	"$TOP/tools/build/mkinitramfs.sh" $v
	;;
--no-build) ;;
*) die "usage: tools/guest/demo.sh [--no-build]" ;;
esac
load_variant $v
rel=$(cat "$OBJ/.release")
obj=${OBJ#"$TOP"/}

echo
echo "=== 1. What modpost tells module authors at build time ($BASE: $rel)"
for m in krf_path demo_user sys_open_user; do
	echo "\$ make -C $obj M=tests/modules/$m"
	grep -h "WARNING: modpost\|ERROR: modpost" "$BUILD/mods/$v/$m/build.log" | sed "s|$BUILD/mods/$v/||; s/^/    /"
done
echo
echo "=== 2. Booting $rel under QEMU and loading the modules"
rc=0
"$TOP/tools/guest/run-guest.sh" $v demo demo >"$LOGS/demo.out" || rc=$?
res=$LOGS/boot-$v-demo.results
sed -n '/^KTAP version/,/^HARNESS-END/p' "$res" | grep '^# ' | sed 's/^# //' |
	grep -v '^demo: [0-9]* s$'
echo
echo "=== 3. The release report: which deprecated exports are due"
report_bad=
for r in "" "$REL"; do
	echo "\$ make exports_due${r:+ RELEASE=$r}    # in build/$BASE/linux"
	due_rc=0
	out=$(make -s -C "$KSRC" exports_due ${r:+RELEASE=$r} 2>&1) || due_rc=$?
	# make's own "*** [...] Error" lines only say that the report failed
	printf '%s\n' "$out" | grep -vE '^make(\[[0-9]+\])?: \*\*\* ' | sed '/^$/d; s/^/    /' || true
	if [ "$due_rc" = 0 ]; then
		echo "    (exit status 0: no deprecated export is due)"
	elif grep -q ': due in ' <<<"$out"; then
		echo "    (exit status $due_rc: the release cannot be cut until these are removed)"
	else
		echo "    (exit status $due_rc: the report itself failed)"
		report_bad="make exports_due${r:+ RELEASE=$r}"
	fi
done
echo
echo "=== 4. Where to look"
echo "    kernel console of that boot:  ${LOGS#"$TOP"/}/boot-$v-demo.log"
echo "    scenario output of that boot: ${res#"$TOP"/}"
echo "    modpost output per module:    build/$BASE/mods/$v/<module>/build.log"
echo "    the series as commits:        git -C build/$BASE/linux log base..HEAD"
grep -q '^ok [0-9]* guest/.*/demo$' "$LOGS/demo.out" || rc=1
[ "$rc" -eq 0 ] || die "the demo guest reported a failure (see $LOGS/demo.out)"
[ -z "$report_bad" ] || die "$report_bad failed (its output is above)"
