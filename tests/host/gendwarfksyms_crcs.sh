#!/bin/bash
# variants: arm64
# bases: mainline
# Deprecated exports are versioned by gendwarfksyms as by genksyms (issue 11).
# Mainline's arm64 kernel takes its MODVERSIONS CRCs from DWARF
# (configs/mainline/versions.config); every other variant uses genksyms.
# The deprecated exports of vmlinux and of an out-of-tree (M=) module must
# get a CRC of their own in Module.symvers, and no export goes without one
# (modpost's "version generation failed"): gendwarfksyms finds an export
# only through the __gendwarfksyms_ptr_<sym> reference that the export
# macro emits.
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
# modpost says "version generation failed" for an export it has no CRC
# for, and writes it with CRC 0. The build log cannot tell (a kernel from
# the object cache, or objects kept from an earlier run, ran no modpost in
# this run); the Module.symvers files of this run's kernel and module can:
# every export in them has a CRC.
for f in "$O/Module.symvers" "$MODS/unused_exporter/Module.symvers"; do
	n=$(grep -c . "$f") || fail "no export in ${f#"$TOP"/}"
	zero=$(awk -F'\t' 'length($1) != 10 || $1 !~ /^0x[0-9a-f]+$/ || $1 == "0x00000000" { print $2 }' "$f")
	[ -z "$zero" ] || fail "exports without a version in ${f#"$TOP"/}: $(tr "\n" " " <<<"$zero")"
	echo "${f#"$TOP"/}: all $n exports have a CRC"
done
