#!/bin/bash
# variants: x86_64
# bases: 6.12
# (mainline has no stale-export warning in modpost: "make exports_due", which
# fails once an export is due, is the one check of that, on both bases)
# modpost -R (the tree's own release, passed for in-tree builds) warns about
# exports built here whose removal release has come, and only those.
. "$(dirname "$0")/lib.sh"
O=$(variant_obj x86_64)
scratch_dir
# The kernel build's own modpost pass, run again on this run's objects: the
# build log cannot tell (a kernel from the object cache, or objects kept
# from an earlier run, ran no modpost in this run). kbuild keeps the command
# in .Module.symvers.cmd; it runs in the object directory as kbuild ran it,
# with its Module.symvers written here instead (modpost writes the other
# files, the modules' .mod.c, only when their content changes).
cmd=$(sed -n 's/^savedcmd_Module\.symvers := //p' "$O/.Module.symvers.cmd" 2>/dev/null)
read -ra args <<<"$cmd"
[ "${args[0]#./}" = scripts/mod/modpost ] || fail "no modpost command in ${O#"$TOP"/}/.Module.symvers.cmd: '$cmd'"
[[ " ${args[*]} " == *" -R 6.12 "* && " ${args[*]} " == *" vmlinux.o "* ]] ||
	fail "the kernel's modpost pass does not check vmlinux.o against release 6.12 (-R 6.12): $cmd"
for i in "${!args[@]}"; do
	[ "${args[$i]}" != -o ] || args[i+1]=$scratch/vmlinux.symvers
done
(cd "$O" && "${args[@]}") >"$scratch/modpost.log" 2>&1 ||
	fail "the kernel's modpost pass failed: $(tail -n5 "$scratch/modpost.log")"
# modpost's sign that it read the kernel's deprecated exports
expect_grep "^0x[0-9a-f]{8}	kernel_read_file	vmlinux	EXPORT_UNUSED_SYMBOL_GPL@${REL//./\\.}	" "$scratch/vmlinux.symvers"
! grep "scheduled for removal" "$scratch/modpost.log" ||
	fail "the 6.12 build warns about an export due later"
echo "the 6.12 kernel's modpost pass, run again: no export is due"
cp "$BUILD"/mods/x86_64/unused_exporter/{unused_exporter.o,unused_exporter.mod.c,unused_exporter.mod} "$scratch/" 2>/dev/null ||
	cp "$BUILD"/mods/x86_64/unused_exporter/unused_exporter.o "$scratch/"
echo "$scratch/unused_exporter.o" >"$scratch/modules.order"
for rel in 6.12 6.13 6.14 7.0; do
	(cd "$scratch" && "$O/scripts/mod/modpost" -M -R $rel -i "$O/Module.symvers" \
		-o "$scratch/Module.symvers" -T modules.order) >"$scratch/$rel.log" 2>&1 ||
		fail "modpost -R $rel failed: $(cat "$scratch/$rel.log")"
	n=$(grep -c "unused_exporter.ko: export [a-z_0-9]* was scheduled for removal in 6.1[34]; remove it" "$scratch/$rel.log")
	case $rel in 6.12) want=0 ;; 6.13) want=2 ;; *) want=14 ;; esac
	[ "$n" = "$want" ] || fail "modpost -R $rel: $n stale-export warnings, expected $want"
	echo "modpost -R $rel: $n stale-export warning(s)"
done
expect_grep "unused_exporter.ko: export unx_gpl was scheduled for removal in 6.13; remove it" "$scratch/6.13.log"
