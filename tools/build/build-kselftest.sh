#!/bin/bash
# Build and install the series' kselftest (tools/testing/selftests/module)
# for one variant, the upstream way: the selftests Makefile with
# TARGETS=module, its test module built out of tree against the variant's
# kernel (KDIR, and O: the selftests Makefile passes its O= on to the
# kernel's make, and an empty one would mean the source tree). A private copy of tools/testing/selftests per variant keeps
# the source tree free of objects and the variants apart.
# Output: build/kselftest/<variant>/install (run_kselftest.sh and module/).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

load_variant "${1:?usage: build-kselftest.sh VARIANT}"
[ -d "$KSRC/tools/testing/selftests/module" ] ||
	die "$KSRC has no tools/testing/selftests/module: is the series applied?"
out=$BUILD/kselftest/$VARIANT
mkdir -p "$out/src/tools/testing"
rsync -a --delete --exclude='*.o' --exclude='*.ko' --exclude='.*.cmd' \
	"$KSRC/tools/testing/selftests" "$out/src/tools/testing/"
# what the selftests Makefile reads from the rest of the tree
mkdir -p "$out/src/scripts"
cp "$KSRC/scripts/subarch.include" "$out/src/scripts/"
rm -rf "$out/install"
cc=gcc
[ -n "$CROSS_COMPILE" ] && cc=${CROSS_COMPILE}gcc
command -v ccache >/dev/null && cc="ccache $cc"

run_logged "$LOGS/kselftest-$VARIANT.log" "kselftest module for $VARIANT" \
	make -C "$out/src/tools/testing/selftests" TARGETS=module KDIR="$OBJ" O="$OBJ" \
	ARCH="$KARCH" ${CROSS_COMPILE:+CROSS_COMPILE=$CROSS_COMPILE} CC="$cc" \
	INSTALL_PATH="$out/install" install
[ -f "$out/install/module/test_modules/test_deprecated_exports_user.ko" ] ||
	die "kselftest for $VARIANT: no test_deprecated_exports_user.ko installed (see $LOGS/kselftest-$VARIANT.log)"
