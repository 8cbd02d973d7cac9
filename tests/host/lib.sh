#!/bin/bash
# Helpers for host checks (sourced by bash).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib.sh"
fail() { echo "FAIL: $*"; exit 1; }
expect_grep() { # REGEX FILE
	grep -qE -- "$1" "$2" || fail "no line matching /$1/ in ${2#"$TOP"/}"
	echo "found /$1/ in ${2#"$TOP"/}"
}
# inner_run: tests/run.sh, run by a test of the runner itself. Such runs
# share build/<base>/ (the objects, and the runner's marks of which tree and
# kernels are done, which each run clears first), and host checks run two at
# a time: so they take turns.
# Each inner run needs a directory of its own, RUN_DIR, which the caller sets
# (under its scratch directory): the runner refuses the outer run's, which
# already holds a plan.
inner_run() { flock "$TOP/build/.inner-run.lock" "$TOP/tests/run.sh"; }
# boot_results VARIANT SCENARIO: the results channel of this run's boot of
# this base's VARIANT that ran SCENARIO (from RUN_BOOTS, which the runner
# gives the checks that say "# needs: boots"); fails when there is none, or
# when that boot did not pass (the runner skips the check then).
boot_results() {
	local row
	[ -s "${RUN_BOOTS:-}" ] || fail "no boots of this run (RUN_BOOTS='${RUN_BOOTS:-}'): run this check through tests/run.sh"
	row=$(awk -F'\t' -v b="$BASE" -v v="$1" -v s="$2" '$1 == b && $2 == v && index("," $4 ",", "," s ",")' "$RUN_BOOTS")
	[ -n "$row" ] || fail "no boot of $BASE/$1 ran $2 in this run"
	[ "$(wc -l <<<"$row")" = 1 ] || fail "more than one boot of $BASE/$1 ran $2"
	[ "$(cut -f5 <<<"$row")" = PASS ] || fail "the boot of $BASE/$1 that ran $2 is $(cut -f5 <<<"$row")"
	cut -f6 <<<"$row"
}
# scratch_dir: set $scratch to a fresh directory under build/tmp, removed
# when the test exits.
scratch_dir() {
	mkdir -p "$BUILD/tmp"
	scratch=$(mktemp -d "$BUILD/tmp/$(basename "$0" .sh).XXXX")
	trap 'rm -rf "$scratch"' EXIT
}
# harness_copy DIR [PATH...]: a copy of the harness at DIR (its tools and
# configs, and the PATHs of the project named), with an empty build/: its
# scripts then work under DIR, as in another clone of the project
harness_copy() {
	local d=$1 p
	shift
	mkdir -p "$d/build"
	cp -r "$TOP/tools" "$TOP/configs" "$d/"
	for p; do
		mkdir -p "$d/$(dirname "$p")"
		cp -rT "$TOP/$p" "$d/$p"
	done
}
# static_gate sparse|w1: the messages a checker printed for the series'
# files at the last prefix that it did not print at the base (file and text
# compared, line and column numbers dropped) fail the test.
static_gate() {
	local d=$BUILD/bisect/out norm='s|^.*/bisect/linux/||; s|^\([^:]*\):[0-9]*:[0-9]*:|\1:|'
	[ -s "$d/checked-series.txt" ] || fail "no file was checked (build/bisect/out/checked-series.txt)"
	grep -qx 'kernel/module/deprecated.o' "$d/checked-series.txt" ||
		fail "kernel/module/deprecated.c, new in the series, was not checked"
	echo "checked $(wc -l <"$d/checked-series.txt") files (base: $(wc -l <"$d/checked-base.txt"))"
	sed "$norm" "$d/$1-base.txt" | sort -u >"$d/$1-base.norm"
	sed "$norm" "$d/$1-series.txt" | sort -u >"$d/$1-series.norm"
	echo "$1: $(wc -l <"$d/$1-base.norm") message(s) at base, $(wc -l <"$d/$1-series.norm") with the series"
	local new
	new=$(comm -13 "$d/$1-base.norm" "$d/$1-series.norm")
	[ -z "$new" ] || fail "$1 reports new messages with the series: $new"
	echo "$1: nothing new"
}
# tree_bases: the bases of this run (BASES, default both) whose tree has its
# base commit, one a line; the others are named on stderr as not checked
tree_bases() {
	local b
	for b in ${BASES:-mainline 6.12}; do
		if git -C "$TOP/build/$b/linux" rev-parse -q --verify base >/dev/null 2>&1; then
			echo "$b"
		else
			echo "$b: no tree at build/$b/linux; not checked" >&2
		fi
	done
}
