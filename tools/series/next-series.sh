#!/bin/bash
# Generate the next-cycle series (patches/next/): the removal of every
# deprecated export due in RELEASE, made by the series' own
# 'make exports_remove' on top of build/linux, as it would be sent for that
# release. Deterministic: re-running on an unchanged tree changes no file.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

RELEASE=${RELEASE:-$REL}
TREE=$BUILD/linux
OUT=$PATCHES/next
[ -d "$TREE/.git" ] || die "no tree at $TREE; run 'make tree'"
gen=$BUILD/tmp/next-gen
rm -rf "$gen"; git -C "$TREE" worktree prune
mkdir -p "$BUILD/tmp"
git -C "$TREE" worktree add -q --detach "$gen" HEAD
trap 'git -C "$TREE" worktree remove --force "$gen"' EXIT

due=$(make -s -C "$gen" exports_due RELEASE="$RELEASE" 2>/dev/null | grep ': due in ' || true)
[ -n "$due" ] || die "no deprecated export is due in $RELEASE"
make -s -C "$gen" exports_remove RELEASE="$RELEASE" >/dev/null 2>&1 ||
	die "make exports_remove RELEASE=$RELEASE failed in ${gen#"$TOP"/}"
git -C "$gen" add -A -f
# shellcheck disable=SC2001 # a multi-line regex rewrite with back-references
list=$(echo "$due" | sed 's/^\([^:]*\):[0-9]*: \([^ ]*\) (.*/  \2(), in \1/')
GIT_AUTHOR_DATE='2000-01-01T00:00:00Z' GIT_COMMITTER_DATE='2000-01-01T00:00:00Z' \
	git -C "$gen" commit -q -s -F - <<MSG
treewide: remove the exports deprecated for $RELEASE

These exports were marked EXPORT_UNUSED_SYMBOL*() with $RELEASE as their
removal release, and modpost and the module loader have warned every user
since:

$list

Remove the exports, their DECLARE_DEPRECATED_EXPORT*() declarations and
their Documentation/feature-removal-schedule.txt entries.  The functions
stay for their built-in callers.

This patch was generated with 'make exports_remove RELEASE=$RELEASE'.
MSG
tmp=$(mktemp -d)
git -C "$gen" format-patch -q --zero-commit --no-signature -o "$tmp" HEAD~1..HEAD
mkdir -p "$OUT"
rm -f "$OUT"/*.patch
cp "$tmp"/*.patch "$OUT/"
{
	echo "# The next cycle's series: applied on top of ${PATCHES#"$TOP"/}/series."
	(cd "$OUT" && printf '%s\n' *.patch)
} >"$OUT/series"
rm -rf "$tmp"
new=("$OUT"/*.patch)
say "${OUT#"$TOP"/}: ${#new[@]} patch(es) removing the exports due in $RELEASE"
