#!/bin/bash
# variants: x86_64
# modpost reports the 2007 story's sys_open/sys_read undefined for an
# out-of-tree module: as warnings in the kept build log of the harness build
# (KBUILD_MODPOST_WARN=1, so the guest can test the loader), and as errors
# that stop a plain user build.
. "$(dirname "$0")/lib.sh"
log=$BUILD/mods/x86_64/sys_open_user/build.log
for s in sys_open sys_read; do
	expect_grep "WARNING: modpost: \"$s\" \[.*sys_open_user.ko\] undefined!" "$log"
done
scratch_dir
cp "$TOP"/tests/modules/sys_open_user/*.c "$TOP"/tests/modules/sys_open_user/Kbuild "$scratch/"
if make -C "$(variant_obj x86_64)" M="$scratch" modules >"$scratch/build.log" 2>&1; then
	fail "a plain M= build with undefined sys_open/sys_read succeeded"
fi
for s in sys_open sys_read; do
	expect_grep "ERROR: modpost: \"$s\" \[.*sys_open_user.ko\] undefined!" "$scratch/build.log"
done
