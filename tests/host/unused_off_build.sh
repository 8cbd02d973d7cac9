#!/bin/bash
# variants: s390x-nounused
# Case 7 at build time: with $DEP_CONFIG=n the export does not
# exist: modpost reports the import undefined, and the kernel's
# Module.symvers has no deprecated export at all.
. "$(dirname "$0")/lib.sh"
O=$(variant_obj s390x-nounused) MODS=$BUILD/mods/s390x-nounused
grep -qx "# $DEP_CONFIG is not set" "$O/.config" || fail "$DEP_CONFIG is set in $O/.config"
expect_grep "modpost: \"kernel_read_file\" \[.*krf_path\.ko\] undefined!" "$MODS/krf_path/build.log"
! grep -q "EXPORT_UNUSED" "$O/Module.symvers" || fail "Module.symvers has deprecated exports"
! grep -q "EXPORT_UNUSED" "$MODS/unused_exporter/Module.symvers" || fail "the exporter module exports deprecated symbols"
echo "no deprecated exports with $DEP_CONFIG=n"
