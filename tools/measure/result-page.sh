#!/bin/bash
# Write a result page: a measurement's own output (the body) under the facts
# that say where it comes from, so that no figure has to be typed by hand.
#
# usage: tools/measure/result-page.sh TITLE COMMAND BODY PAGE
#   TITLE    the page's heading ("make crossbuild, mainline")
#   COMMAND  the command that made the body, as a user would type it again
#            ("make crossbuild BASES=mainline")
#   BODY     a file with the measurement, in Markdown; it must not be empty
#   PAGE     the page to write (docs/results/<name>.md); its directory is
#            made if missing, and the page is replaced whole, only once it
#            is complete
# The page is "# TITLE", then four facts, a line each:
#   - command: `COMMAND`
#   - commit: the project's `git rev-parse --short HEAD`, and "with
#     uncommitted changes" when `git status` lists any change outside
#     docs/results/ (a page written by an earlier step of the same command
#     does not change what was measured)
#   - date: the time of writing, UTC
#   - machine: nproc's cores, the memory of /proc/meminfo, `uname -m` and
#     the Debian version of /etc/debian_version
# then a blank line and BODY as it is.
# Prints the page's path. Exit 1 (and no page) on a wrong call or an empty
# BODY; exit 0 otherwise.
# Standalone on purpose (it does not source tools/lib.sh), so that every
# target, make check included, can call it whatever its BASE.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)

[ $# -eq 4 ] || { echo "usage: $0 TITLE COMMAND BODY PAGE" >&2; exit 1; }
title=$1 command=$2 body=$3 page=$4
[ -s "$body" ] || { echo "ERROR: result-page: no body in '$body'" >&2; exit 1; }

# The project's own checkout: not one that a copy of the harness happens
# to sit in (the harness's tests copy it under build/tmp).
if [ "$(git -C "$top" rev-parse --show-toplevel 2>/dev/null)" = "$top" ] &&
	commit=$(git -C "$top" rev-parse --short HEAD 2>/dev/null); then
	changes=$(git -C "$top" status --porcelain -- . ':(exclude)docs/results') ||
		{ echo "ERROR: result-page: git status failed in $top" >&2; exit 1; }
	[ -z "$changes" ] || commit="$commit with uncommitted changes"
else
	commit="unknown ($top is not a git checkout)"
fi
mem=$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
if debian=$(cat /etc/debian_version 2>/dev/null); then
	debian="Debian $debian"
else
	debian="not Debian (no /etc/debian_version)"
fi
machine="$(nproc) cores, ${mem:-unknown} memory, $(uname -m), $debian"

mkdir -p "$(dirname "$page")"
tmp=$(mktemp "$page.XXXX")
trap 'rm -f "$tmp"' EXIT
{
	echo "# $title"
	echo
	echo "- command: \`$command\`"
	echo "- commit: $commit"
	echo "- date: $(date -u '+%Y-%m-%d %H:%M') UTC"
	echo "- machine: $machine"
	echo
	echo "Written by tools/measure/result-page.sh: run the command again rather than edit the page."
	echo
	cat "$body"
} >"$tmp"
chmod 644 "$tmp"
mv "$tmp" "$page"
echo "$page"
