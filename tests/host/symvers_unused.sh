#!/bin/bash
# variants: x86_64
# Case 9: Module.symvers holds the new export types in five tab-separated
# columns, the removal release in the type column (EXPORT_UNUSED_SYMBOL@6.13,
# issue 12 i; the namespace column is the true namespace, empty here: see
# host/symvers_consumers for a namespaced one), and the information
# round-trips into external (M=) builds: their modpost warns with the release.
. "$(dirname "$0")/lib.sh"
O=$(variant_obj x86_64) MODS=$BUILD/mods/x86_64
bad=$(awk -F'\t' 'NF != 5' "$O/Module.symvers" "$MODS"/*/Module.symvers | head -n3)
[ -z "$bad" ] || fail "Module.symvers lines without exactly five columns: $bad"
tab=$(printf '\t')
expect_grep "^0x[0-9a-f]{8}${tab}kernel_read_file${tab}vmlinux${tab}EXPORT_UNUSED_SYMBOL_GPL@${REL//./\\.}${tab}$" "$O/Module.symvers"
expect_grep "^0x[0-9a-f]{8}${tab}kernel_read_file_from_fd${tab}vmlinux${tab}EXPORT_UNUSED_SYMBOL_GPL@${REL//./\\.}${tab}$" "$O/Module.symvers"
sv=$MODS/unused_exporter/Module.symvers
expect_grep "^0x[0-9a-f]{8}${tab}unx_plain${tab}(.*/)?unused_exporter${tab}EXPORT_UNUSED_SYMBOL@6\.13${tab}$" "$sv"
expect_grep "^0x[0-9a-f]{8}${tab}unx_gpl${tab}(.*/)?unused_exporter${tab}EXPORT_UNUSED_SYMBOL_GPL@6\.13${tab}$" "$sv"
[ "$(grep -c "${tab}EXPORT_UNUSED_SYMBOL_GPL@6\.14${tab}$" "$sv")" = 12 ] || fail "unx_many_* not all in $sv"
# The kernel's Module.symvers → an M= build of a user of a vmlinux export.
expect_grep "^WARNING: modpost: $(modpost_use krf_path kernel_read_file EXPORT_UNUSED_SYMBOL_GPL "$REL" | sed 's/[.()]/\\&/g')$" "$MODS/krf_path/build.log"
# A module's Module.symvers via KBUILD_EXTRA_SYMBOLS → another M= build.
expect_grep "^WARNING: modpost: $(modpost_use unused_plain_user unx_plain EXPORT_UNUSED_SYMBOL 6.13 | sed 's/[.()]/\\&/g')$" "$MODS/unused_plain_user/build.log"
# unused_many_user imports 12: ten lines, then the count of the others,
# as the loader does; W=1 lists all 12.
n=$(grep -c "^WARNING: modpost: module unused_many_user uses .*, to be removed in " "$MODS/unused_many_user/build.log")
[ "$n" = 10 ] || fail "modpost listed $n of unused_many_user's 12 uses, not 10"
expect_grep "^WARNING: modpost: $(modpost_more unused_many_user 2 | sed 's/[.()]/\\&/g')$" "$MODS/unused_many_user/build.log"
scratch_dir
mkdir "$scratch/unused_exporter" "$scratch/many"
cp "$TOP"/tests/modules/unused_exporter/unused_exporter.h "$scratch/unused_exporter/"
cp "$TOP"/tests/modules/unused_many_user/{unused_many_user.c,Kbuild} "$scratch/many/"
make -C "$O" M="$scratch/many" W=1 KBUILD_EXTRA_SYMBOLS="$MODS/unused_exporter/Module.symvers" modules >"$scratch/many/build.log" 2>&1 ||
	fail "the W=1 build of unused_many_user failed: $(grep -m3 -E 'error|Error' "$scratch/many/build.log")"
n=$(grep -c "^WARNING: modpost: module unused_many_user uses .*, to be removed in " "$scratch/many/build.log")
[ "$n" = 12 ] || fail "modpost with W=1 listed $n of unused_many_user's 12 uses"
! grep -q "$(modpost_more unused_many_user 2)" "$scratch/many/build.log" || fail "modpost with W=1 still printed the count line"
echo "W=1: all 12 uses listed"
# GPL rule at build time: a Proprietary copy of krf_nongpl does not build.
mkdir "$scratch/nongpl"
cp "$TOP"/tests/modules/krf_nongpl/{krf_nongpl.c,Kbuild} "$scratch/nongpl/"
sed -i 's/MODULE_LICENSE("GPL");/MODULE_LICENSE("Proprietary");/' "$scratch/nongpl/krf_nongpl.c"
make -C "$O" M="$scratch/nongpl" modules >"$scratch/nongpl/build.log" 2>&1 && fail "a Proprietary user of a _GPL deprecated export built"
expect_grep "ERROR: modpost: GPL-incompatible module krf_nongpl.ko uses GPL-only symbol 'kernel_read_file'" "$scratch/nongpl/build.log"
# Case 10 at build time: modules using ordinary exports hear nothing new.
for m in hello dep_exporter dep_user; do
	! grep -q "UNUSED" "$MODS/$m/build.log" || fail "$m's build mentions UNUSED"
done
echo "ordinary modules' builds do not mention UNUSED"
