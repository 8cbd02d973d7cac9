#!/bin/bash
# bases: harness
# host/6.12/stale_export's "the kernel build warns about no export due"
# reads a modpost pass of this run's objects: it runs the kernel build's own
# modpost command again, not a build log that may hold no modpost at all (a
# kernel from the object cache). On a copy of the harness with a planted
# object directory whose modpost is a stand-in, the check must fail when
# modpost warns that an export is due, when modpost fails, and when its
# Module.symvers lacks the kernel's deprecated exports (it read nothing);
# and it must pass that step on a clean pass. A warm build log with no
# modpost in it is planted too: the check must not take it for the pass.
. "$(dirname "$0")/lib.sh"
scratch_dir
d=$scratch/copy
harness_copy "$d" tests/host
B=$d/build/6.12 O=$d/build/6.12/obj/x86_64
mkdir -p "$O/scripts/mod" "$B/logs" "$B/mods/x86_64/unused_exporter"
touch "$O/vmlinux.o" "$O/modules.order"
echo 'savedcmd_Module.symvers := scripts/mod/modpost -M -m -E -o Module.symvers -T modules.order -R 6.12 vmlinux.o' >"$O/.Module.symvers.cmd"
printf '%s\n' "make[1]: Entering directory '$O'" '  GEN     Makefile' "make[1]: Leaving directory '$O'" >"$B/logs/build-x86_64.log"
# modpost, by PLANT, for the kernel's pass (run in the object directory);
# the check's later runs on a test module are not played.
cat >"$O/scripts/mod/modpost" <<'STUB'
#!/bin/bash
[ "${*: -1}" = vmlinux.o ] && [ -f vmlinux.o ] || { echo "stand-in modpost: unexpected: $*"; exit 1; }
while [ $# -gt 0 ]; do
	[ "$1" != -o ] || out=$2
	shift
done
case $PLANT in
crash) echo "Segmentation fault"; exit 139 ;;
empty) : >"$out"; exit 0 ;;
esac
printf '0x%08x\t%s\tvmlinux\t%s\t\n' 0x1234 kernel_read_file EXPORT_UNUSED_SYMBOL_GPL@6.13 \
	0x5678 kernel_read_file_from_fd EXPORT_UNUSED_SYMBOL_GPL@6.13 >"$out"
[ "$PLANT" != due ] || echo "WARNING: modpost: vmlinux: export kernel_read_file was scheduled for removal in 6.13; remove it"
STUB
chmod +x "$O/scripts/mod/modpost"
check() { # PLANT: run the copy's stale_export check; its output in $scratch/PLANT
	env -u RUN_DIR PLANT="$1" BASE=6.12 bash "$d/tests/host/stale_export.sh" >"$scratch/$1" 2>&1
	sed 's/^/    | /' "$scratch/$1"
}
step_ok="^the 6\.12 kernel's modpost pass, run again: no export is due$"
for c in 'due|the 6\.12 build warns about an export due later' \
	"crash|the kernel's modpost pass failed" \
	'empty|no line matching /.*kernel_read_file.*/'; do
	IFS='|' read -r plant msg <<<"$c"
	check "$plant"
	grep -qE "^FAIL: $msg" "$scratch/$plant" || fail "$plant: the check did not fail with /$msg/"
	grep -qE "$step_ok" "$scratch/$plant" && fail "$plant: the step passed"
	echo "$plant: the check fails as it should"
done
check ok
grep -qE "$step_ok" "$scratch/ok" || fail "the step did not pass on a clean modpost pass"
[ ! -s "$O/Module.symvers" ] || fail "the check wrote the object directory's Module.symvers"
echo "a clean modpost pass: the step passes; the object directory's Module.symvers is not written"
