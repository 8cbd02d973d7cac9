#!/bin/bash
# variants: x86_64 x86_64-next
# What ABI tools see. libabigail (Debian's abigail-tools) recognises a
# kernel's exports by their __ksymtab_<name> labels: abidw lists exactly
# the exports of Module.symvers' vmlinux rows, the deprecated ones among
# them with their CRCs, and kmidiff from this kernel to the next cycle's
# reports exactly the two exports the removal patch deletes as removed
# (a deprecated export is still an export until then).
. "$(dirname "$0")/lib.sh"
scratch_dir
if ! command -v abidw >/dev/null || ! command -v kmidiff >/dev/null; then
	fail "abidw and kmidiff are missing (Debian package abigail-tools: make deps)"
fi
load_variant x86_64
cur=$OBJ
next=$(variant_obj x86_64-next)
for o in "$cur" "$next"; do
	if [ ! -s "$o/vmlinux" ] || [ ! -s "$o/Module.symvers" ]; then
		fail "no vmlinux or Module.symvers in ${o#"$TOP"/}"
	fi
done
abidw "$cur/vmlinux" >"$scratch/abi.xml" 2>"$scratch/abidw.err" ||
	fail "abidw failed: $(cat "$scratch/abidw.err")"
# name and CRC of every symbol abidw reports as exported
sed -nE "s/^ *<elf-symbol name='([^']+)'.* crc='0x([0-9a-f]+)'.*/\1 \2/p" "$scratch/abi.xml" |
	awk '{ c = sprintf("%8s", $2); gsub(/ /, "0", c); print $1, c }' | LC_ALL=C sort >"$scratch/abidw"
awk -F '\t' '$3 == "vmlinux" { print $2, substr($1, 3) }' "$cur/Module.symvers" | LC_ALL=C sort >"$scratch/symvers"
echo "abidw: $(wc -l <"$scratch/abidw") exports with CRCs; Module.symvers: $(wc -l <"$scratch/symvers") of vmlinux"
bad=$(join "$scratch/symvers" "$scratch/abidw" | awk '$2 != $3')
[ -z "$bad" ] || fail "abidw's CRCs differ from Module.symvers (symbol, Module.symvers, abidw): $bad"
only=$(join -v1 "$scratch/symvers" "$scratch/abidw" | cut -d' ' -f1 | tr '\n' ' ')
extra=$(join -v2 "$scratch/symvers" "$scratch/abidw" | cut -d' ' -f1 | tr '\n' ' ')
[ -z "$extra" ] || fail "abidw lists exports that Module.symvers does not: $extra"
for s in $only; do
	! grep -qP "\t$s\tvmlinux\tEXPORT_UNUSED_SYMBOL" "$cur/Module.symvers" ||
		fail "abidw does not see the deprecated export $s"
done
echo "the CRCs agree; exports abidw does not see, none of them deprecated: ${only:-none}"
for s in kernel_read_file kernel_read_file_from_fd; do
	grep -qP "\t$s\tvmlinux\tEXPORT_UNUSED_SYMBOL_GPL@$REL\t" "$cur/Module.symvers" ||
		fail "Module.symvers does not mark $s deprecated for $REL"
	grep "^$s " "$scratch/abidw" || fail "abidw does not list $s"
done
echo "abidw lists the deprecated exports like the others, with their CRCs"
mkdir "$scratch/m1" "$scratch/m2"
rc=0
kmidiff --vmlinux1 "$cur/vmlinux" --vmlinux2 "$next/vmlinux" "$scratch/m1" "$scratch/m2" >"$scratch/kmi" 2>&1 || rc=$?
cat "$scratch/kmi"
removed=$(sed -n 's/^ *\[D\] \([A-Za-z0-9_]*\)$/\1/p' "$scratch/kmi" | LC_ALL=C sort | tr '\n' ' ')
[ "$removed" = "kernel_read_file kernel_read_file_from_fd " ] ||
	fail "kmidiff to the next cycle's kernel removed '$removed', not kernel_read_file and kernel_read_file_from_fd"
grep -q '^Function symbols changes summary: 2 Removed, 0 Added' "$scratch/kmi" ||
	fail "kmidiff's summary is not 2 removed, 0 added function symbols"
grep -q 'summary: 0 Removed, 0 Changed, 0 Added function' "$scratch/kmi" ||
	fail "kmidiff reports function changes beyond the two symbols"
echo "kmidiff to the next cycle: exactly the two deprecated exports removed (exit $rc)"
