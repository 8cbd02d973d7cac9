#!/bin/bash
# Gate 7: the series' documentation. scripts/kernel-doc -none -Wall on every C
# file and header the series touches prints nothing that it does not print
# for the unpatched files (messages compared without line numbers); each new
# .rst page is in its directory's index and parses as reStructuredText with
# no warning (Debian's python3-docutils); the ABI files still validate.
. "$(dirname "$0")/lib.sh"
K=$BUILD/linux
scratch_dir
mapfile -t files < <(git -C "$K" diff --name-only base HEAD -- '*.c' '*.h' | grep -v '^tools/')
[ ${#files[@]} -gt 3 ] || fail "found only ${#files[@]} touched C files"
norm='s|^\([^:]*\):[0-9]*:|\1:|'
mkdir -p "$scratch/base"
for f in "${files[@]}"; do
	git -C "$K" cat-file -e "base:$f" 2>/dev/null || continue
	mkdir -p "$scratch/base/$(dirname "$f")"
	git -C "$K" show "base:$f" >"$scratch/base/$f"
done
(cd "$scratch/base" && for f in "${files[@]}"; do [ -f "$f" ] && echo "$f"; done |
	xargs "$K/scripts/kernel-doc" -none -Wall 2>&1) | grep ': warning\|: error' |
	sed "$norm" | sort -u >"$scratch/base.txt"
(cd "$K" && scripts/kernel-doc -none -Wall "${files[@]}" 2>&1) | grep ': warning\|: error' |
	sed "$norm" | sort -u >"$scratch/series.txt"
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
# the ABI checker: scripts/get_abi.pl on 6.12, tools/docs/get_abi.py on 7.x
if [ -x "$K/tools/docs/get_abi.py" ]; then
	# it warns about other subsystems' duplicates on pristine 7.2 already:
	# only what concerns the file the series adds to counts
	abi=$({ cd "$K" && python3 tools/docs/get_abi.py --dir Documentation/ABI validate 2>&1 | grep 'sysfs-module'; } || true)
else
	abi=$(cd "$K" && scripts/get_abi.pl validate --dir Documentation/ABI 2>&1)
fi
[ -z "$abi" ] || fail "Documentation/ABI does not validate: $abi"
echo "Documentation/ABI validates"
