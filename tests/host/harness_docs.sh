#!/bin/bash
# bases: harness
# needs: trees
# host/<base>/docs can fail (issue 28, items 1 and 2). On each base whose
# tree exists: the gate passes on the real tree and on a scratch clone of it
# (sharing its objects, with a work tree of the files the gate reads only),
# and fails, for the reason planted, when in the clone
#  - a touched file has a kernel-doc comment with an undescribed parameter;
#  - scripts/kernel-doc crashes, or prints nothing and exits 0;
#  - either ABI file the series adds or changes has a broken tag in the
#    series' entry;
#  - the ABI checker crashes, or prints nothing and exits 0.
# The gate run is the one of a copy of the harness (tests/host/docs.sh as it
# is in this clone), so that the real trees and build/ are only read.
. "$(dirname "$0")/lib.sh"
scratch_dir
h=$scratch/top
harness_copy "$h" tests/host
export GIT_AUTHOR_NAME=harness GIT_AUTHOR_EMAIL=harness@localhost
export GIT_COMMITTER_NAME=harness GIT_COMMITTER_EMAIL=harness@localhost
n=0

# gate BASE TREE: the copy's docs gate on TREE (as the copy's
# build/<base>/linux); its output in $log, its status in $rc. Its RUN_DIR is
# its own, so that nothing of it lands in the outer run's directory.
runs=0
gate() {
	rm -rf "$h/build/$1/linux"
	mkdir -p "$h/build/$1"
	ln -s "$2" "$h/build/$1/linux"
	runs=$((runs + 1)) rc=0
	log=$scratch/gate-$runs.log
	BASE=$1 RUN_DIR=$scratch/run bash "$h/tests/host/docs.sh" >"$log" 2>&1 || rc=$?
}
passes() { # BASE TREE NAME
	gate "$1" "$2"
	[ "$rc" = 0 ] || fail "$1: docs fails on $3 (status $rc): $(grep -m1 FAIL "$log" || tail -n 3 "$log")"
	echo "$1: docs passes on $3"
}
fails() { # BASE TREE NAME REGEX: the gate must fail, with a FAIL line matching REGEX
	gate "$1" "$2"
	[ "$rc" != 0 ] || fail "$1: docs passes on $3: $(tail -n 3 "$log")"
	grep -qE -- "^FAIL: .*$4" "$log" ||
		fail "$1: docs fails on $3, but not for the planted reason (/$4/): $(grep -m1 FAIL "$log" || tail -n 3 "$log")"
	echo "$1: docs fails on $3: $(grep -m1 '^FAIL' "$log" | cut -c1-160)"
}
# stub TREE PATH EXIT: replace the tool at PATH with one that prints nothing
# and exits with EXIT, in its own language (the gate runs a .py with python3);
# a symbolic link (7.2's scripts/kernel-doc) is replaced, not written through
stub() {
	rm -f "${1:?}/$2"
	case $2 in
	*.py) printf 'import sys\nsys.exit(%s)\n' "$3" >"$1/$2" ;;
	*) printf '#!/bin/sh\nexit %s\n' "$3" >"$1/$2" ;;
	esac
	chmod +x "$1/$2"
}
restore() { rm -f "${1:?}/$2" && git -C "$1" checkout -q -- "$2"; }
# plant_commit TREE MESSAGE: commit what was planted in the clone
plant_commit() { git -C "$1" commit -q -a -m "$2"; }
undo_commit() { git -C "$1" reset -q --hard HEAD~1; }

mapfile -t bases < <(tree_bases)
for b in "${bases[@]}"; do
	real=$TOP/build/$b/linux
	n=$((n + 1))
	passes "$b" "$real" "the real tree"

	c=$scratch/$b-linux
	git clone -q --shared --no-checkout "$real" "$c" || fail "cannot clone ${real#"$TOP"/}"
	{
		printf '%s\n' /scripts/ /tools/docs/ /tools/lib/python/ /Documentation/ABI/
		git -C "$real" diff --name-only base HEAD | sed 's|^|/|'
		git -C "$real" diff --name-only --diff-filter=A base HEAD -- 'Documentation/*.rst' | sed 's|/[^/]*$|/index.rst|; s|^|/|'
	} | git -C "$c" sparse-checkout set --no-cone --stdin || fail "cannot set the clone's sparse checkout"
	git -C "$c" checkout -q || fail "cannot check out the clone"
	passes "$b" "$c" "a scratch clone"

	# A kernel-doc comment that leaves a parameter out, appended to the
	# first file the series changes (one that base has too, so that base's
	# own messages count).
	file=$(git -C "$c" diff --name-only --diff-filter=M base HEAD -- '*.c' '*.h' ':!tools' | head -n1)
	[ -n "$file" ] || fail "$b: the series changes no C file that base has"
	printf '%s\n' '' '/**' ' * harness_planted() - planted by host/harness/harness_docs' \
		' *' ' * Return: 0.' ' */' 'int harness_planted(int planted_param);' >>"$c/$file"
	plant_commit "$c" "planted: an undescribed parameter"
	fails "$b" "$c" "a clone whose $file has an undescribed parameter" "kernel-doc reports new problems.*planted_param"
	undo_commit "$c"

	stub "$c" scripts/kernel-doc 1
	fails "$b" "$c" "a clone whose kernel-doc crashes" "kernel-doc exited with status 1 "
	stub "$c" scripts/kernel-doc 0
	fails "$b" "$c" "a clone whose kernel-doc prints nothing" "no warning for the control"
	restore "$c" scripts/kernel-doc

	mapfile -t abis < <(git -C "$c" diff --name-only --diff-filter=AM base HEAD -- Documentation/ABI)
	[ ${#abis[@]} -ge 2 ] || fail "$b: the series adds or changes ${#abis[@]} ABI file(s), not 2"
	for a in "${abis[@]}"; do
		# the Date: tag of the first entry the series adds, broken
		what=$(git -C "$c" diff base HEAD -- "$a" | sed -n 's/^+\(What:.*\)/\1/p' | head -n1)
		[ -n "$what" ] || fail "$b: the series adds no What: line to $a"
		awk -v w="$what" '$0 == w {on = 1} on && /^Date:/ {sub(/^Date:/, "Dat:"); on = 0} {print}' "$c/$a" >"$scratch/f"
		cmp -s "$scratch/f" "$c/$a" && fail "$b: no Date: tag after '$what' in $a"
		cp "$scratch/f" "$c/$a"
		plant_commit "$c" "planted: a broken tag in $a"
		fails "$b" "$c" "a clone whose ${a##*/} has a broken tag" "Documentation/ABI does not validate.*${a##*/}"
		undo_commit "$c"
	done
	if [ -x "$c/tools/docs/get_abi.py" ]; then abi=tools/docs/get_abi.py; else abi=scripts/get_abi.pl; fi
	stub "$c" "$abi" 1
	fails "$b" "$c" "a clone whose ABI checker crashes" "the ABI checker exited with status 1 "
	stub "$c" "$abi" 0
	fails "$b" "$c" "a clone whose ABI checker prints nothing" "the ABI checker finds nothing in a copy of"
	restore "$c" "$abi"
	passes "$b" "$c" "the scratch clone again, restored"
done
if [ "$n" = 0 ]; then
	echo "SKIP: no kernel tree (build/<base>/linux) to check the docs gate on"
	exit 4
fi
echo "docs fails on each planted fault, on $n base(s)"
