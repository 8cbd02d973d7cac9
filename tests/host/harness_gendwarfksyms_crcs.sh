#!/bin/bash
# bases: harness
# host/mainline/gendwarfksyms_crcs's "no export without a version" reads
# this run's Module.symvers files, where modpost writes CRC 0 for each
# export it warned "version generation failed" about, not a build log that
# may hold no modpost at all (a kernel from the object cache). On a copy of
# the harness with planted objects, the check must fail when any export of
# the kernel or of the test module has CRC 0, also when the deprecated
# exports themselves have theirs; and it must pass on a kernel and module
# whose every export has one. A warm build log with no modpost in it is
# planted too: the check must not take it for a pass.
. "$(dirname "$0")/lib.sh"
scratch_dir
d=$scratch/copy
harness_copy "$d" tests/host
B=$d/build/mainline O=$d/build/mainline/obj/arm64 M=$d/build/mainline/mods/arm64/unused_exporter
mkdir -p "$O" "$M" "$B/logs"
printf '%s\n' 'CONFIG_GENDWARFKSYMS=y' '# CONFIG_GENKSYMS is not set' >"$O/.config"
printf '%s\n' "make[1]: Entering directory '$O'" '  GEN     Makefile' "make[1]: Leaving directory '$O'" >"$B/logs/build-arm64.log"
: >"$M/build.log"
. "$TOP/configs/mainline/harness.env"
plant() { # CRC-OF-memcpy CRC-OF-unx_helper: the two Module.symvers
	printf '%s\t%s\t%s\t%s\t\n' \
		0x1a2b3c4d kernel_read_file vmlinux "EXPORT_UNUSED_SYMBOL_GPL@$REL" \
		0x2b3c4d5e kernel_read_file_from_fd vmlinux "EXPORT_UNUSED_SYMBOL_GPL@$REL" \
		"$1" memcpy vmlinux EXPORT_SYMBOL >"$O/Module.symvers"
	printf '%s\t%s\t%s\t%s\t\n' \
		0x3c4d5e6f unx_plain "$M/unused_exporter" EXPORT_UNUSED_SYMBOL@6.13 \
		0x4d5e6f70 unx_gpl "$M/unused_exporter" EXPORT_UNUSED_SYMBOL_GPL@6.13 \
		"$2" unx_helper "$M/unused_exporter" EXPORT_SYMBOL_GPL >"$M/Module.symvers"
}
check() { # NAME: run the copy's check; its output in $scratch/NAME, its status returned
	local rc=0
	env -u RUN_DIR BASE=mainline bash "$d/tests/host/gendwarfksyms_crcs.sh" >"$scratch/$1" 2>&1 || rc=$?
	sed 's/^/    | /' "$scratch/$1"
	return "$rc"
}
plant 0x00000000 0x5e6f7081
! check vmlinux || fail "the check passed with memcpy unversioned in the kernel"
expect_grep '^FAIL: exports without a version in build/mainline/obj/arm64/Module\.symvers: memcpy' "$scratch/vmlinux"
plant 0x6f708192 0x00000000
! check module || fail "the check passed with unx_helper unversioned in the module"
expect_grep '^FAIL: exports without a version in build/mainline/mods/arm64/unused_exporter/Module\.symvers: unx_helper' "$scratch/module"
plant 0x6f708192 0x5e6f7081
check ok || fail "the check failed on a kernel and a module whose every export has a CRC"
expect_grep '^build/mainline/obj/arm64/Module\.symvers: all 3 exports have a CRC$' "$scratch/ok"
