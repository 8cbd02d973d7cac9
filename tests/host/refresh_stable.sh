#!/bin/bash
# Refreshing patches/ from an unchanged build/linux changes no file: the
# output has no volatile hashes, dates or version footers, and it equals
# the committed series (so build/linux holds exactly patches/).
. "$(dirname "$0")/lib.sh"
scratch_dir
for i in 1 2; do
	mkdir -p "$scratch/p$i"
	PATCHES="$scratch/p$i" "$TOP/tools/series/refresh.sh" || fail "refresh $i failed"
done
diff -r "$scratch/p1" "$scratch/p2" || fail "two refreshes of the same tree differ"
diff -r -x next -x '*.md' -x cover-letter.txt "$scratch/p1" "$PATCHES" || fail "${PATCHES#"$TOP"/} differs from a refresh of build/$BASE/linux"
if grep -lq "^From [1-9a-f][0-9a-f]\{39\} " "$scratch"/p1/*.patch 2>/dev/null; then
	fail "a patch carries a real commit hash in its From line"
fi
echo "two refreshes identical and equal to patches/"
