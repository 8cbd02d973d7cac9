#!/bin/bash
# Every patch of the series and of the next-cycle series is clean under
# scripts/checkpatch.pl --strict, run in the kernel tree as upstream does:
# no error, warning or check. (Debian's python3 is used for checkpatch's
# SPDX helper, which needs python3-ply and python3-git.)
. "$(dirname "$0")/lib.sh"
K=$BUILD/linux
n=0
for p in "$PATCHES"/*.patch "$PATCHES"/next/*.patch; do
	[ -e "$p" ] || continue
	# the cover letter has no diff, only the series' diffstat, whose long
	# "create mode" lines are format-patch's, not a commit message's
	case $(basename "$p") in 0000-cover-letter.patch) continue ;; esac
	out=$(cd "$K" && PATH=/usr/bin:$PATH scripts/checkpatch.pl --strict --show-types "$p" 2>&1) || true
	total=$(echo "$out" | grep '^total:')
	echo "$(basename "$p"): $total"
	case "$total" in
	"total: 0 errors, 0 warnings, 0 checks,"*) ;;
	*) echo "$out"; fail "checkpatch --strict is not clean on $(basename "$p")" ;;
	esac
	! echo "$out" | grep -q Traceback || fail "checkpatch's helper failed: $out"
	n=$((n + 1))
done
[ "$n" -gt 1 ] || fail "no patches checked"
echo "$n patches clean"
