#!/bin/bash
# Make $TREE (default build/<base>/linux) a git repository: a 'base' commit of
# the pristine source, then the series (patches/<base>/series) applied with git am, one
# commit per patch. Re-running on an up-to-date tree does nothing. A tree
# holding commits or edits that patches/ lacks is never thrown away: edits
# stop the run, commits are kept on a backup branch.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

TREE=${TREE:-$BUILD/linux}
SERIES=$PATCHES/series
[ -f "$SERIES" ] || die "no series file: $SERIES"

# Identity for commits made here: the project's git identity.
export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
GIT_AUTHOR_NAME=$(git -C "$TOP" config user.name || echo harness)
GIT_AUTHOR_EMAIL=$(git -C "$TOP" config user.email || echo harness@localhost)
GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME
GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL

series_files() { grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$SERIES" || true; }

patch_ids_of_series() {
	local p
	series_files | while read -r p; do git patch-id --stable <"$PATCHES/$p"; done |
		awk '{print $1}'
}
patch_ids_of_tree() {
	git -C "$TREE" log -p --reverse base..HEAD | git patch-id --stable | awk '{print $1}'
}

make_base() {
	if [ "$TREE" != "$BUILD/linux" ] && git --git-dir="$BUILD/linux/.git" rev-parse -q --verify base >/dev/null 2>&1; then
		# a scratch tree: share the objects of the main tree's base
		say "cloning base into ${TREE#"$TOP"/}"
		git clone -q --shared --no-checkout "$BUILD/linux" "$TREE"
		git -C "$TREE" checkout -q -B work base
		git -C "$TREE" rev-parse -q --verify base >/dev/null || git -C "$TREE" tag base base
		return
	fi
	rm -rf "$TREE.tmp"
	"$TOP/tools/source/fetch-source.sh"
	say "creating ${TREE#"$TOP"/} with a base commit of the pristine source"
	# The unpacked source becomes the tree (a copy of it took 22 s and
	# 1.8 GB). It no longer counts as unpacked: a run stopped before the
	# tree has its base commit unpacks the .deb from the cache again.
	rm -f "$BUILD/src/.unpacked"
	mv "$BUILD/src/linux" "$TREE.tmp"
	(
		cd "$TREE.tmp"
		git init -q -b work
		git config core.autocrlf false
		# The tarball's .gitignore ignores the top level: add everything by force.
		git add -f -A
		GIT_AUTHOR_DATE='2000-01-01T00:00:00Z' GIT_COMMITTER_DATE='2000-01-01T00:00:00Z' \
			git commit -q -m "base: Debian $(basename "$(awk -v b="$BASE" '$1 == b {print $2}' "$TOP/source.lock")") $(cat "$BUILD/src/version")"
		git tag base
		git config user.name "$GIT_AUTHOR_NAME"
		git config user.email "$GIT_AUTHOR_EMAIL"
	)
	mv "$TREE.tmp" "$TREE"
}

if [ ! -d "$TREE/.git" ]; then
	make_base
else
	git -C "$TREE" rev-parse -q --verify base >/dev/null || die "$TREE has no 'base' tag; move it away and re-run"
	if [ -d "$TREE/.git/rebase-apply" ]; then
		die "$TREE has a git am in progress: finish it or run 'git -C $TREE am --abort'"
	fi
	if [ -n "$(git -C "$TREE" status --porcelain --untracked-files=no)" ]; then
		die "$TREE has uncommitted edits; commit them (then 'make refresh') or discard them"
	fi
	if [ "$(patch_ids_of_tree)" = "$(patch_ids_of_series)" ]; then
		say "${TREE#"$TOP"/} is up to date with the series"
		exit 0
	fi
	if [ "$(git -C "$TREE" rev-parse HEAD)" != "$(git -C "$TREE" rev-parse base)" ]; then
		backup=backup/$(date +%Y%m%d-%H%M%S)
		git -C "$TREE" branch "$backup" HEAD
		warn "the tree's commits differ from ${PATCHES#"$TOP"/}; they are kept on branch '$backup'"
	fi
	git -C "$TREE" reset -q --hard base
fi

n=0
while read -r p; do
	f=$PATCHES/$p
	[ -f "$f" ] || die "${PATCHES#"$TOP"/}/series names $p, but $f does not exist"
	if ! out=$(git -C "$TREE" am -q --keep-cr "$f" 2>&1); then
		git -C "$TREE" am --abort >/dev/null 2>&1 || true
		printf '%s\n' "$out" >&2
		die "patch does not apply: ${PATCHES#"$TOP"/}/$p (tree left at the patch before it)"
	fi
	n=$((n + 1))
done < <(series_files)
say "${TREE#"$TOP"/}: base + $n patch(es) applied"
