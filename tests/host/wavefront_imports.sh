#!/bin/bash
# variants: i386
# snd-wavefront, the driver of the 2007 story, builds as a module on 32-bit
# x86 with MODVERSIONS and imports request_firmware() and none of the
# file-reading exports of fs/kernel_read_file.c, fs/open.c, fs/read_write.c
# (the list is taken from those files, not written here).
. "$(dirname "$0")/lib.sh"
O=$(variant_obj i386)
ko=$O/sound/isa/wavefront/snd-wavefront.ko
[ -f "$ko" ] || fail "no $ko"
grep -qx 'CONFIG_MODVERSIONS=y' "$O/.config" || fail "i386 has no MODVERSIONS"
scratch_dir
modprobe --dump-modversions "$ko" | awk '{print $2}' | sort -u >"$scratch/imports"
[ -s "$scratch/imports" ] || fail "no versioned imports in $ko"
echo "snd-wavefront imports $(wc -l <"$scratch/imports") versioned symbols"
grep -qx request_firmware "$scratch/imports" || fail "snd-wavefront does not import request_firmware"
sed -n 's/^EXPORT_[A-Z_]*(\([a-z0-9_]*\).*/\1/p' "$BUILD/linux"/fs/{kernel_read_file,open,read_write}.c |
	sort -u >"$scratch/fsexports"
[ "$(wc -l <"$scratch/fsexports")" -gt 30 ] || fail "could not list the fs exports"
both=$(comm -12 "$scratch/imports" "$scratch/fsexports")
[ -z "$both" ] || fail "snd-wavefront imports file-reading exports: $both"
echo "none of the $(wc -l <"$scratch/fsexports") file-reading exports is imported"
for s in sys_open sys_read; do
	! grep -qP "\t$s\t" "$O/Module.symvers" || fail "$s is exported on i386"
done
echo "sys_open and sys_read are not exported on i386"
