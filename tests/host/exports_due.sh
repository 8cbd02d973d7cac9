#!/bin/bash
# make exports_due on the patched tree: nothing due at its own release
# (6.12) with a consistent schedule; at 6.13 exactly the exports the series
# marked, located by an independent grep, and a non-zero exit. It runs
# unconfigured and with O=.
. "$(dirname "$0")/lib.sh"
K=$BUILD/linux
scratch_dir
out=$(make -s -C "$K" exports_due 2>&1) || fail "exports_due at 6.12 exited non-zero: $out"
[ -z "$out" ] || fail "exports_due at 6.12 printed: $out"
echo "6.12: nothing due, schedule consistent"
expected=$(cd "$K" && grep -n -E '^EXPORT_UNUSED_SYMBOL_GPL\((kernel_read_file|kernel_read_file_from_fd), "6\.13"\);$' fs/kernel_read_file.c |
	sed -E 's/^([0-9]+):EXPORT_UNUSED_SYMBOL_GPL\(([a-z_]+), .*/fs\/kernel_read_file.c:\1: \2 (EXPORT_UNUSED_SYMBOL_GPL): due in 6.13/')
[ "$(echo "$expected" | wc -l)" = 2 ] || fail "the tree does not mark exactly the two exports: $expected"
rc=0
out=$(make -s -C "$K" O="$scratch" exports_due RELEASE=6.13 2>/dev/null) || rc=$?
[ "$rc" -ne 0 ] || fail "exports_due RELEASE=6.13 exited 0"
[ "$out" = "$expected" ] || fail "exports_due RELEASE=6.13 printed:
$out
expected:
$expected"
echo "6.13 (O=, unconfigured): exactly the two marked exports, exit $rc"
