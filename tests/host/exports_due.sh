#!/bin/bash
# bases: 6.12 mainline
# make exports_due on the series' own tree, unconfigured and with O=: nothing
# due at the tree's release and the schedule's generated block current; at
# the release of the series' kernel_read_file deprecation exactly the exports
# that carry it, located by an independent grep, and a non-zero exit; the
# test module's "99.0" exports are never due.  make help lists the targets.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/exports_tree.inc"
scratch_dir
due() { # ARGS...: the tree's 'make exports_due', or EXPORTS_DUE's script
	if [ "$EXPORTS_DUE" = "$K/scripts/exports_due.sh" ]; then
		make -s -C "$K" O="$scratch" exports_due "$@"
	else
		sh "$EXPORTS_DUE" ${1:+--release "${1#RELEASE=}"} "$K"
	fi
}
own=$(make -s -C "$K" kernelversion | cut -d. -f1,2)
out=$(due 2>&1) || fail "exports_due at $own exited non-zero: $out"
[ -z "$out" ] || fail "exports_due at $own printed: $out"
echo "$own: nothing due, schedule current"
rel=$(sed -n 's/^EXPORT_UNUSED_SYMBOL_GPL(kernel_read_file, "\([0-9.]*\)");$/\1/p' "$K/fs/kernel_read_file.c")
[ -n "$rel" ] || fail "fs/kernel_read_file.c does not deprecate kernel_read_file"
expected=$(cd "$K" && grep -rn --include='*.[chS]' -E "^EXPORT_UNUSED_SYMBOL(_GPL)?\([a-z_0-9]+, \"${rel//./\\.}\"\);\$" . |
	sed -E 's|^\./||; s/^([^:]*:[0-9]+):(EXPORT_UNUSED_SYMBOL(_GPL)?)\(([a-z_0-9]+), .*/\1: \4 (\2): due in '"$rel"'/' | LC_ALL=C sort -t: -k1,1 -k2,2n)
echo "$expected" | grep -q ' kernel_read_file_from_fd ' || fail "kernel_read_file_from_fd is not deprecated for $rel: $expected"
rc=0
out=$(due RELEASE="$rel" 2>/dev/null) || rc=$?
[ "$rc" -ne 0 ] || fail "exports_due RELEASE=$rel exited 0"
[ "$out" = "$expected" ] || fail "exports_due RELEASE=$rel printed:
$out
expected:
$expected"
echo "$rel (O=, unconfigured): exactly the $(echo "$expected" | wc -l) exports marked for it, exit $rc"
help=$(make -s -C "$K" O="$scratch" help)
for t in exports_due exports_schedule exports_remove; do
	grep -q "^  $t " <<<"$help" || fail "make help does not list $t"
done
echo "make help lists exports_due, exports_schedule and exports_remove"
