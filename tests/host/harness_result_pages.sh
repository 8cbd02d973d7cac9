#!/bin/bash
# bases: harness
# The result pages (docs/results/) are written by tools/measure/result-page.sh, not
# typed: fed a planted report, the page must carry the four facts that say
# where a figure comes from (the command, the commit, the UTC date, the
# machine), each as this machine and this repository give it, and then the
# report itself, whole. The helper runs in a git repository of its own in a
# scratch directory, so that its commit and its "uncommitted changes" are
# known here. A missing body writes no page. And each measurement target
# (make crossbuild, make soak, make bench) writes its page with it.
. "$(dirname "$0")/lib.sh"
helper=$TOP/tools/measure/result-page.sh
[ -x "$helper" ] || fail "no executable tools/measure/result-page.sh"
scratch_dir
repo=$scratch/repo
mkdir -p "$repo/tools/measure"
cp "$helper" "$repo/tools/measure/"
echo 'a tracked file' >"$repo/tracked.txt"
g() { git -C "$repo" -c user.name=harness -c user.email=harness@example.invalid "$@"; }
{ g init -q && g add . && g commit -q -m 'the helper'; } || fail "could not make the scratch repository"
commit=$(g rev-parse --short HEAD)

# The planted report: a table and a line that appear nowhere else.
body=$scratch/report.md
printf '%s\n' "planted report $$ of ${0##*/}" '' '| row | value |' '|---|---|' '| x | 42 |' >"$body"

# page NAME: write docs/results/NAME.md in the scratch repository
page() {
	"$repo/tools/measure/result-page.sh" "Planted title" "make planted KNOB='a b'" "$body" \
		"$repo/docs/results/$1.md" >"$scratch/$1.out" 2>&1
}
day0=$(date -u +%F)
page clean || { cat "$scratch/clean.out"; fail "the helper failed on a planted report"; }
day1=$(date -u +%F)
p=$repo/docs/results/clean.md
[ -s "$p" ] || fail "the helper wrote no page"
grep -qxF "$p" "$scratch/clean.out" || fail "the helper did not print the page's path"
[ "$(head -n1 "$p")" = "# Planted title" ] || fail "the page does not start with its title: $(head -n1 "$p")"
expect_grep "^- command: \`make planted KNOB='a b'\`$" "$p"
expect_grep "^- commit: $commit$" "$p"
expect_grep "^- date: ($day0|$day1) [0-2][0-9]:[0-5][0-9] UTC$" "$p"
# The machine, read here from the system, not from the page.
mem=$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
[ -n "$mem" ] || fail "no MemTotal in /proc/meminfo"
debian="Debian $(cat /etc/debian_version)" || fail "no /etc/debian_version (the harness runs on Debian)"
grep -qxF -- "- machine: $(nproc) cores, $mem memory, $(uname -m), $debian" "$p" ||
	fail "the machine line is not '$(nproc) cores, $mem memory, $(uname -m), $debian': $(grep '^- machine' "$p")"
echo "the page names the machine: $(nproc) cores, $mem, $(uname -m), $debian"
# The report is the page's end, whole and in order.
n=$(wc -l <"$body")
tail -n "$n" "$p" | cmp -s - "$body" || fail "the page does not end with the planted report as it is"
echo "the page ends with the planted report ($n lines)"

# A page written beside it is not a change of what was measured; an edited
# tracked file is.
page second || { cat "$scratch/second.out"; fail "the second page failed"; }
expect_grep "^- commit: $commit$" "$repo/docs/results/second.md"
echo 'edited' >>"$repo/tracked.txt"
page dirty || { cat "$scratch/dirty.out"; fail "the helper failed in an edited checkout"; }
expect_grep "^- commit: $commit with uncommitted changes$" "$repo/docs/results/dirty.md"

# No body (an empty report, or none), no page.
: >"$scratch/empty.md"
for b in empty.md missing.md; do
	if "$repo/tools/measure/result-page.sh" "t" "c" "$scratch/$b" "$repo/docs/results/$b" >/dev/null 2>&1; then
		fail "the helper succeeded with the body $b"
	fi
	[ ! -e "$repo/docs/results/$b" ] || fail "the helper wrote a page with the body $b"
done
[ -z "$(find "$repo/docs/results" -name '*.md.*')" ] || fail "the helper left a partial page behind"
echo "an empty or missing body: the helper fails and writes no page"

# The targets' call sites (their runs take hours, so they are read here):
# each one passes its report to the helper and names its page.
for t in crossbuild.sh:crossbuild- soak.sh:soak- bench.sh:bench-; do
	f=$TOP/tools/measure/${t%%:*}
	grep -qE "result-page\.sh\".*/${t#*:}" "$f" || fail "${f#"$TOP"/} does not write its page with tools/measure/result-page.sh"
	bash -n "$f" || fail "${f#"$TOP"/} does not parse"
done
echo "make crossbuild, make soak and make bench write their pages with tools/measure/result-page.sh"
