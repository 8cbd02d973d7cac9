#!/bin/bash
# variants: arm64
# bases: mainline
# Deprecated exports are versioned by gendwarfksyms as by genksyms (issue 11).
# Mainline's arm64 kernel takes its MODVERSIONS CRCs from DWARF
# (configs/mainline/versions.config); every other variant uses genksyms.
# The deprecated exports of vmlinux and of an out-of-tree (M=) module must
# get a CRC of their own in Module.symvers, with no "version generation
# failed" from modpost: gendwarfksyms finds an export only through the
# __gendwarfksyms_ptr_<sym> reference that the export macro emits.
. "$(dirname "$0")/lib.sh"
O=$(variant_obj arm64) MODS=$BUILD/mods/arm64
grep -qx 'CONFIG_GENDWARFKSYMS=y' "$O/.config" || fail "arm64 is not built with CONFIG_GENDWARFKSYMS=y"
! grep -qx 'CONFIG_GENKSYMS=y' "$O/.config" || fail "arm64 still uses genksyms"
echo "arm64: CONFIG_GENDWARFKSYMS=y"
tab=$(printf '\t')
crc_of() { # SYMBOL MODULE.SYMVERS: the CRC column of the export's line
	awk -F'\t' -v s="$1" '$2 == s { print $1 }' "$2"
}
check_crc() { # SYMBOL TYPE MODULE.SYMVERS
	expect_grep "^0x[0-9a-f]{8}${tab}$1${tab}[^${tab}]*${tab}$2${tab}" "$3"
	local crc
	crc=$(crc_of "$1" "$3")
	[ "$crc" != 0x00000000 ] || fail "$1 has no CRC in ${3#"$TOP"/}"
	echo "$1: CRC $crc"
}
check_crc kernel_read_file "EXPORT_UNUSED_SYMBOL_GPL@${REL//./\\.}" "$O/Module.symvers"
check_crc kernel_read_file_from_fd "EXPORT_UNUSED_SYMBOL_GPL@${REL//./\\.}" "$O/Module.symvers"
check_crc unx_plain 'EXPORT_UNUSED_SYMBOL@6\.13' "$MODS/unused_exporter/Module.symvers"
check_crc unx_gpl 'EXPORT_UNUSED_SYMBOL_GPL@6\.13' "$MODS/unused_exporter/Module.symvers"
for log in "$LOGS/build-arm64.log" "$MODS/unused_exporter/build.log"; do
	! grep -q 'version generation failed' "$log" || fail "modpost in ${log#"$TOP"/}: $(grep -m1 'version generation failed' "$log")"
done
echo "no export without a version"
