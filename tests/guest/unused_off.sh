#!/bin/sh
# variants: @off
# Case 7: with deprecated exports compiled out ($DEP_CONFIG=n) the deprecated export does not exist:
# the loader says Unknown symbol, and the loader's switch is gone too.
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
insmod "$M/krf_path.ko" 2>/tmp/err && fail "krf_path loaded without $DEP_CONFIG"
cat /tmp/err
expect_dmesg_count 1 "krf_path: Unknown symbol kernel_read_file (err -2)"
expect_dmesg_count 0 "deprecated export"
[ ! -e /sys/module/module/parameters/$DEP_PARAM ] || fail "the $DEP_PARAM switch exists"
[ ! -e /sys/kernel/deprecated_exports ] || fail "/sys/kernel/deprecated_exports exists"
[ ! -e "/lib/modules/$(uname -r)/modules.deprecated_exports" ] || fail "modules_install installed modules.deprecated_exports"
echo "no /sys/kernel/deprecated_exports, no modules.deprecated_exports"
