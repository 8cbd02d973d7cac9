#!/bin/bash
# Write base..HEAD of build/<base>/linux back into patches/<base>/ as git
# format-patch files, deterministically, and rewrite its series file.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

TREE=${TREE:-$BUILD/linux}
[ -d "$TREE/.git" ] || die "no tree at $TREE; run 'make tree' first"
if [ -n "$(git -C "$TREE" status --porcelain --untracked-files=no)" ]; then
	die "$TREE has uncommitted edits; commit them first"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# --zero-commit and --no-signature drop the two fields that would change on
# every run (the commit hash in the From line, the git version footer).
# The cover letter's subject and blurb come from patches/cover-letter.txt
# (first line: subject); --base records the pristine tree it applies to.
cover=()
COVER=${COVER:-$TOP/patches/$BASE/cover-letter.txt}
if [ -f "$COVER" ]; then
	desc=$(git -C "$TREE" config --get branch.work.description || true)
	if [ "$desc" != "$(cat "$COVER")" ]; then
		git -C "$TREE" config branch.work.description "$(cat "$COVER")"
	fi
	cover=(--cover-letter --cover-from-description=subject --base=base)
fi
# The cover letter is dated like the newest patch, not "now".
GIT_COMMITTER_DATE=$(git -C "$TREE" log -1 --format=%aI HEAD) \
	git -C "$TREE" -c diff.noprefix=false format-patch -q --zero-commit --no-signature \
	"${cover[@]}" -o "$tmp" base..HEAD

mkdir -p "$PATCHES"
# Remove patches that are no longer in the series, then copy changed ones.
for f in "$PATCHES"/*.patch; do
	[ -e "$f" ] || continue
	[ -e "$tmp/$(basename "$f")" ] || rm -f "$f"
done
: >"$tmp/series.new"
for f in "$tmp"/*.patch; do
	[ -e "$f" ] || continue
	b=$(basename "$f")
	cmp -s "$f" "$PATCHES/$b" || cp "$f" "$PATCHES/$b"
	[ "$b" = 0000-cover-letter.patch ] || echo "$b" >>"$tmp/series.new"
done
{
	echo "# Applied in this order onto Debian's $(awk -v b="$BASE" '$1 == b {print $2}' "$TOP/source.lock") (see source.lock)."
	cat "$tmp/series.new"
} >"$tmp/series"
cmp -s "$tmp/series" "$PATCHES/series" || cp "$tmp/series" "$PATCHES/series"
say "${PATCHES#"$TOP"/}: $(wc -l <"$tmp/series.new") patch(es) from ${TREE#"$TOP"/} base..HEAD"
