#!/bin/bash
# Gate 7: the series' documentation. scripts/kernel-doc -none -Wall on every C
# file and header the series touches prints nothing that it does not print
# for the unpatched files (messages compared without line numbers); each new
# .rst page is in its directory's index and parses as reStructuredText with
# no warning (Debian's python3-docutils); the ABI checker says nothing on
# Documentation/ABI with the series that it does not say at base. Each tool
# must exit 0 and must find the fault planted in a control file (a missing
# parameter description; each ABI file the series adds or changes, with a
# broken tag), or the gate could not fail.
. "$(dirname "$0")/lib.sh"
K=$BUILD/linux
scratch_dir
# The C files and headers the series adds or changes: one that it deletes
# has no comment left to check.
mapfile -t files < <(git -C "$K" diff --name-only --diff-filter=d base HEAD -- '*.c' '*.h' | grep -v '^tools/')
[ ${#files[@]} -gt 3 ] || fail "found only ${#files[@]} touched C files"
# A tool's messages: everything it prints, so that no format can hide one
# (6.12's kernel-doc prints "<file>:<line>: warning: ...", 7.x's Python one
# "Warning: <file>:<line> ..." and the comment's text on a line of its own).
# A line that begins with a blank belongs to the message before it; blank
# lines are dropped.
joined() {
	awk '/^[[:space:]]*$/ {next} n && /^[ \t]/ {m = m " " $0; next} n {print m} {m = $0; n = 1} END {if (n) print m}'
}
# kdoc DIR OUT FILE...: kernel-doc -none -Wall on the FILEs, run in DIR; its
# messages in OUT, without the line number after a .c or .h name.
kdoc() {
	local dir=$1 out=$2 rc=0
	shift 2
	(cd "$dir" && "$K/scripts/kernel-doc" -none -Wall "$@") >"$out.raw" 2>&1 || rc=$?
	[ "$rc" = 0 ] || fail "kernel-doc exited with status $rc in ${dir#"$TOP"/}: $(tail -n 3 "$out.raw")"
	joined <"$out.raw" | sed -E 's/(\.[ch])[:#][0-9]+/\1/g' | sort -u >"$out"
}
mkdir -p "$scratch/base" "$scratch/control"
base_files=()
for f in "${files[@]}"; do
	git -C "$K" cat-file -e "base:$f" 2>/dev/null || continue
	mkdir -p "$scratch/base/$(dirname "$f")"
	git -C "$K" show "base:$f" >"$scratch/base/$f"
	base_files+=("$f")
done
# The control: a comment that leaves a parameter out must give a warning, in
# one of the two formats, or this kernel-doc (or this gate) sees nothing.
cat >"$scratch/control/control.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/**
 * harness_control() - a kernel-doc comment that leaves a parameter out
 * @described: the parameter that is described
 *
 * Return: nothing.
 */
int harness_control(int described, int undescribed);
C
kdoc "$scratch/control" "$scratch/control.txt" control.c
grep -qiE "^(warning: control\.c .*|control\.c: warning: .*)'undescribed'" "$scratch/control.txt" ||
	fail "kernel-doc gives no warning for the control file's undescribed parameter: $(cat "$scratch/control.txt.raw")"
echo "kernel-doc's control: $(head -n1 "$scratch/control.txt")"
if [ ${#base_files[@]} -gt 0 ]; then
	kdoc "$scratch/base" "$scratch/base.txt" "${base_files[@]}"
else
	: >"$scratch/base.txt"
fi
kdoc "$K" "$scratch/series.txt" "${files[@]}"
echo "kernel-doc on ${#files[@]} files: $(wc -l <"$scratch/base.txt") message(s) before the series, $(wc -l <"$scratch/series.txt") after"
new=$(comm -13 "$scratch/base.txt" "$scratch/series.txt")
[ -z "$new" ] || fail "kernel-doc reports new problems: $new"
grep -q 'kernel/module/deprecated.c' <(printf '%s\n' "${files[@]}") || fail "kernel/module/deprecated.c was not checked"

# New pages only: the existing ones use Sphinx's own directives (toctree...),
# which plain docutils does not know.
mapfile -t pages < <(git -C "$K" diff --name-only --diff-filter=A base HEAD -- 'Documentation/*.rst')
[ ${#pages[@]} -gt 0 ] || fail "the series adds no .rst page"
for p in "${pages[@]}"; do
	idx=$(dirname "$p")/index.rst
	grep -qE "^[[:space:]]+$(basename "$p" .rst)[[:space:]]*$" "$K/$idx" ||
		fail "new page $p is not in the toctree of $idx"
	echo "$p: listed in $idx"
	/usr/bin/python3 - "$K/$p" <<'PY' || fail "$p does not parse cleanly as reStructuredText"
import sys
import docutils.core
src = open(sys.argv[1]).read()
docutils.core.publish_doctree(src, source_path=sys.argv[1],
                              settings_overrides={'halt_level': 2, 'report_level': 2})
PY
	echo "$p: reStructuredText without warnings"
done
# The ABI checker: scripts/get_abi.pl on 6.12, tools/docs/get_abi.py on 7.x.
# It warns about other subsystems on pristine 7.2 already: what it says with
# the series is compared with what it says on base's Documentation/ABI. All
# it prints counts (a message's indented lines joined to it, line numbers
# dropped), and it must exit 0.
if [ -x "$K/tools/docs/get_abi.py" ]; then
	abi_tool() { python3 "$K/tools/docs/get_abi.py" --dir "$1" validate; }
else
	abi_tool() { "$K/scripts/get_abi.pl" validate --dir "$1"; }
fi
abi_validate() { # ROOT DIR OUT: the checker on DIR, run in ROOT
	local rc=0
	(cd "$1" && abi_tool "$2") >"$3.raw" 2>&1 || rc=$?
	[ "$rc" = 0 ] || fail "the ABI checker exited with status $rc on ${2#"$TOP"/}: $(tail -n 3 "$3.raw")"
	joined <"$3.raw" | sed -E 's@(Documentation/ABI/[^ :;#]*)[:#][0-9]+@\1@g' | sort -u >"$3"
}
mapfile -t abis < <(git -C "$K" diff --name-only base HEAD -- Documentation/ABI)
[ ${#abis[@]} -gt 0 ] || fail "the series adds or changes no file in Documentation/ABI"
# The control: each of those files, alone in a scratch ABI directory with a
# broken tag, must give a finding that names it.
for a in "${abis[@]}"; do
	[ -f "$K/$a" ] || continue
	c=$scratch/abi-control/${a##*/}
	rm -rf "$c" && mkdir -p "$c/testing"
	sed '1a\Brokentag: planted by the control of host/<base>/docs' "$K/$a" >"$c/testing/${a##*/}"
	abi_validate "$c" "$c" "$c.txt"
	grep -F "${a##*/}" "$c.txt" | grep -q Brokentag ||
		fail "the ABI checker finds nothing in a copy of $a with a broken tag: $(cat "$c.txt.raw")"
	echo "the ABI checker's control, $a with a broken tag: $(grep -m1 Brokentag "$c.txt")"
done
mkdir -p "$scratch/abi-base"
git -C "$K" archive base Documentation/ABI | tar -C "$scratch/abi-base" -xf - ||
	fail "cannot take Documentation/ABI from base"
abi_validate "$scratch/abi-base" Documentation/ABI "$scratch/abi-base.txt"
abi_validate "$K" Documentation/ABI "$scratch/abi-series.txt"
echo "the ABI checker on Documentation/ABI: $(wc -l <"$scratch/abi-base.txt") message(s) at base, $(wc -l <"$scratch/abi-series.txt") with the series (which changes ${abis[*]})"
new=$(comm -13 "$scratch/abi-base.txt" "$scratch/abi-series.txt")
[ -z "$new" ] || fail "Documentation/ABI does not validate: $new"
echo "Documentation/ABI validates"
