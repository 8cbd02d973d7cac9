#!/bin/bash
# bases: harness
# needs: trees
# host/<base>/checkpatch_pristine can fail (issue 28, item 4): a pristine
# checkpatch that dies, or that exits 0 without its "total:" line, fails the
# gate instead of giving "0 findings". On each base whose tree exists: the
# gate passes on the real tree (for the first patches of the series, which
# stand on their own: the checkpatch patches come first), and fails, for the
# planted reason, on a scratch clone of it (objects shared, no work tree)
# whose base commit carries such a checkpatch.pl. The gate run is the one of
# a copy of the harness (tests/host as it is in this clone).
. "$(dirname "$0")/lib.sh"
scratch_dir
h=$scratch/top
harness_copy "$h" tests/host
export GIT_AUTHOR_NAME=harness GIT_AUTHOR_EMAIL=harness@localhost
export GIT_COMMITTER_NAME=harness GIT_COMMITTER_EMAIL=harness@localhost
n=0 runs=0

# gate BASE TREE PATCHES: the copy's gate on TREE (as the copy's
# build/<base>/linux) for the series in PATCHES; output in $log, status in
# $rc; its RUN_DIR is its own (nothing lands in the outer run's directory)
gate() {
	rm -rf "$h/build/$1/linux"
	mkdir -p "$h/build/$1"
	ln -s "$2" "$h/build/$1/linux"
	runs=$((runs + 1)) rc=0
	log=$scratch/gate-$runs.log
	BASE=$1 PATCHES=$3 RUN_DIR=$scratch/run bash "$h/tests/host/checkpatch_pristine.sh" >"$log" 2>&1 || rc=$?
}
# fails BASE TREE PATCHES WHAT REGEX: the gate must fail, with a FAIL line
# matching REGEX
fails() {
	gate "$1" "$2" "$3"
	[ "$rc" != 0 ] || fail "$1: checkpatch_pristine passes with $4: $(tail -n 2 "$log")"
	grep -qE -- "^FAIL: .*$5" "$log" ||
		fail "$1: checkpatch_pristine fails with $4, but not for the planted reason (/$5/): $(grep -m1 FAIL "$log" || tail -n 3 "$log")"
	echo "$1: checkpatch_pristine fails with $4: $(grep -m1 '^FAIL' "$log" | cut -c1-160)"
}
# plant_base CLONE PERL: the clone's base commit becomes the real base with
# the line PERL put before the first line of its scripts/checkpatch.pl
plant_base() {
	local blob tree commit idx=$scratch/index
	blob=$({ printf '%s\n' "$2"; git -C "$1" show "$orig:scripts/checkpatch.pl"; } | git -C "$1" hash-object -w --stdin)
	rm -f "$idx"
	GIT_INDEX_FILE=$idx git -C "$1" read-tree "$orig"
	GIT_INDEX_FILE=$idx git -C "$1" update-index --cacheinfo "100755,$blob,scripts/checkpatch.pl"
	tree=$(GIT_INDEX_FILE=$idx git -C "$1" write-tree)
	commit=$(git -C "$1" commit-tree "$tree" -p "$orig" -m "planted: a broken checkpatch.pl")
	git -C "$1" tag -f base "$commit" >/dev/null
}

mapfile -t bases < <(tree_bases)
for b in "${bases[@]}"; do
	real=$TOP/build/$b/linux
	n=$((n + 1))
	# the first three patches of the series
	p=$scratch/$b-patches
	mkdir -p "$p"
	grep -v '^\s*\(#\|$\)' "$TOP/patches/$b/series" | head -n 3 >"$p/series"
	while read -r f; do cp "$TOP/patches/$b/$f" "$p/"; done <"$p/series"
	gate "$b" "$real" "$p"
	[ "$rc" = 0 ] || fail "$b: checkpatch_pristine fails on the real tree (status $rc): $(grep -m1 FAIL "$log" || tail -n 3 "$log")"
	echo "$b: checkpatch_pristine passes on the real tree: $(grep 'pristine checkpatch --strict:' "$log")"

	c=$scratch/$b-linux
	git clone -q --shared --no-checkout "$real" "$c" || fail "cannot clone ${real#"$TOP"/}"
	orig=$(git -C "$c" rev-parse base)
	plant_base "$c" 'die "planted: checkpatch dies\n";'
	fails "$b" "$c" "$p" "a pristine checkpatch that dies" "pristine checkpatch exited with status 255 "
	# The next ones break on the patches only (base's vmlinux.lds.h, which the
	# gate checks first, passes as before).
	# shellcheck disable=SC2016 # Perl's $ARGV, not the shell's
	plant_base "$c" 'die "planted: checkpatch dies on a patch\n" if $ARGV[-1] =~ /\.patch$/;'
	fails "$b" "$c" "$p" "a pristine checkpatch that dies on the patches" "pristine checkpatch exited with status 255 on .*[.]patch"
	# shellcheck disable=SC2016
	plant_base "$c" 'exit 0 if $ARGV[-1] =~ /\.patch$/;'
	fails "$b" "$c" "$p" "a pristine checkpatch that exits 0 on the patches and prints nothing" "pristine checkpatch printed no total: line for .*[.]patch"
	# what its findings look like, but without the summary of a finished run
	# shellcheck disable=SC2016
	plant_base "$c" 'if ($ARGV[-1] =~ /\.patch$/) { print "$ARGV[-1]:1: CHECK:LINE_SPACING: planted\n"; exit 1; }'
	fails "$b" "$c" "$p" "a pristine checkpatch that stops before its summary" "pristine checkpatch printed no total: line for .*[.]patch"
done
if [ "$n" = 0 ]; then
	echo "SKIP: no kernel tree (build/<base>/linux) to check checkpatch_pristine on"
	exit 4
fi
echo "checkpatch_pristine fails on each broken checkpatch, on $n base(s)"
