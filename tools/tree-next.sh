#!/bin/bash
# build/linux-next: build/linux's HEAD plus the next-cycle series
# (patches/next/), as a git worktree of build/linux. Generated, not for
# editing: it is moved to the right commits on every run, touching only the
# files that change so that its kernel builds stay incremental.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

TREE=$BUILD/linux
NEXT=$BUILD/linux-next
PATCHES=$TOP/patches/next
[ -d "$TREE/.git" ] || die "no tree at $TREE; run 'make tree'"
[ -f "$PATCHES/series" ] || die "no next-cycle series ($PATCHES/series); run 'make next-series'"

if [ ! -e "$NEXT/.git" ]; then
	git -C "$TREE" worktree prune
	git -C "$TREE" worktree add -q --detach "$NEXT" HEAD
fi
git -C "$NEXT" am --abort >/dev/null 2>&1 || true
git -C "$NEXT" checkout -q --detach "$(git -C "$TREE" rev-parse HEAD)"
export GIT_COMMITTER_NAME=harness GIT_COMMITTER_EMAIL=harness@localhost
while read -r p; do
	case "$p" in '#'*|'') continue ;; esac
	if ! out=$(git -C "$NEXT" am -q "$PATCHES/$p" 2>&1); then
		git -C "$NEXT" am --abort >/dev/null 2>&1 || true
		printf '%s\n' "$out" >&2
		die "next-cycle patch does not apply: $p"
	fi
done <"$PATCHES/series"
say "build/linux-next: build/linux + $(grep -vc '^#' "$PATCHES/series") next-cycle patch(es)"
