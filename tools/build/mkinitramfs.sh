#!/bin/bash
# Make the guest's initramfs for one variant: busybox + Debian's kmod, the
# kernel's own modules (modules_install) and the out-of-tree test modules
# under /lib/modules/<release>/updates, depmod run, the series' kselftest
# under /kselftest. The scenarios and /init are not in it: tools/guest/run-guest.sh
# packs them fresh at every boot.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

load_variant "${1:?usage: mkinitramfs.sh VARIANT}"
release=$(cat "$OBJ/.release")
"$TOP/tools/build/guest-userland.sh" "$DEBARCH"

root=$BUILD/initramfs/$VARIANT
rm -rf "$root" && mkdir -p "$root"
cp -a "$TOP/build/userland/$DEBARCH/." "$root/"
rm -f "$root/.done"

# In-tree modules, if the variant builds any.
kmake -s INSTALL_MOD_PATH="$root" INSTALL_MOD_STRIP=1 DEPMOD=true modules_install \
	>"$LOGS/modules_install-$VARIANT.log" 2>&1 ||
	die "modules_install for $VARIANT failed (see $LOGS/modules_install-$VARIANT.log)"
mkdir -p "$root/lib/modules/$release/updates"
for ko in "$BUILD/mods/$VARIANT"/*/*.ko; do
	[ -e "$ko" ] && cp "$ko" "$root/lib/modules/$release/updates/"
done
# The build directory as a headers package installs it, for the scans that
# 'make -C /lib/modules/<release>/build deprecated_imports' runs: the
# kernel's Module.symvers and the series' script (modules_install's symlink
# points at this machine's object directory).
build=$root/lib/modules/$release/build
rm -f "$build"
mkdir -p "$build/scripts"
cp "$OBJ/Module.symvers" "$build/"
if [ -f "$KSRC/scripts/deprecated_imports.sh" ]; then
	cp "$KSRC/scripts/deprecated_imports.sh" "$build/scripts/"
fi
# Host depmod resolves out-of-tree dependencies; its warnings are kept.
depmod -e -F "$OBJ/System.map" -b "$root" "$release" >"$LOGS/depmod-$VARIANT.log" 2>&1 ||
	die "depmod failed for $VARIANT (see $LOGS/depmod-$VARIANT.log)"

# The series' kselftest, installed the upstream way, when the variant has
# its exporter module.
if grep -qx 'CONFIG_TEST_DEPRECATED_EXPORTS=m' "$OBJ/.config"; then
	"$TOP/tools/build/build-kselftest.sh" "$VARIANT"
	cp -a "$BUILD/kselftest/$VARIANT/install" "$root/kselftest"
fi

# Malformed modules for the hostile_modules scenario (seeded, reproducible;
# MUTANT_RANDOM random ones besides the fixed cases, make soak sets it).
if [ -n "$MUTANTS" ]; then
	ko=$BUILD/mods/$VARIANT/mut_exporter/mut_exporter.ko
	[ -f "$ko" ] || die "variant $VARIANT wants mutants, but $ko was not built"
	seed=${MUTANT_SEED:-2007} nrandom=${MUTANT_RANDOM:-30}
	python3 "$TOP/tools/build/mutate-ko.py" --seed "$seed" --random "$nrandom" "$ko" "$root/mutants" >&2 ||
		die "mutate-ko.py failed for $ko"
	echo "$seed" >"$root/mutants/SEED"
	echo "$nrandom" >"$root/mutants/RANDOM"
fi

(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0 | gzip -1) \
	>"$BUILD/initramfs/$VARIANT.cpio.gz"
say "initramfs for $VARIANT ($release): $(du -h "$BUILD/initramfs/$VARIANT.cpio.gz" | cut -f1)"
