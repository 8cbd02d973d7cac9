#!/bin/bash
# variants: x86_64
# bases: 6.12
# (mainline has no stale-export warning in modpost: "make exports_due", which
# fails once an export is due, is the one check of that, on both bases)
# modpost -R (the tree's own release, passed for in-tree builds) warns about
# exports built here whose removal release has come, and only those.
. "$(dirname "$0")/lib.sh"
O=$(variant_obj x86_64)
! grep -q "scheduled for removal" "$LOGS/build-x86_64.log" ||
	fail "the 6.12 build warns about an export due later"
echo "the 6.12 kernel build warns about no export"
scratch_dir
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
