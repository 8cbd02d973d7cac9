#!/bin/bash
# bases: 6.12 mainline
# Issue 12 h: the series is clean under its OWN checkpatch (host/checkpatch),
# but a maintainer may run an unpatched one.  Run PRISTINE checkpatch --strict
# (scripts/checkpatch.pl of the base commit, with its data files, run from the
# kernel tree as upstream does) over every patch of the series and print each
# finding with the patch of the series that makes it a false positive.
#
# Fails if
#  - a pristine finding has no explanation;
#  - the explaining checkpatch patch does not come BEFORE the patch it
#    explains (the checkpatch patches go first, so that every later patch is
#    checked by the taught checkpatch);
#  - an explanation's claim does not hold (the lds.h spacing ERROR must hit
#    the linker-script lines that base already has, too).
. "$(dirname "$0")/lib.sh"
K=$BUILD/linux
[ -e "$K/.git" ] || fail "no kernel tree at ${K#"$TOP"/}"
[ -f "$PATCHES/series" ] || fail "no ${PATCHES#"$TOP"/}/series"
scratch_dir
mkdir -p "$scratch/scripts"
for f in checkpatch.pl spelling.txt const_structs.checkpatch; do
	git -C "$K" show "base:scripts/$f" >"$scratch/scripts/$f" || fail "no scripts/$f at base"
done
chmod +x "$scratch/scripts/checkpatch.pl"
# checkpatch DIR OUT INPUT [ARGS...]: pristine checkpatch --strict on INPUT,
# run in DIR, its output in OUT. It exits 1 when it finds something, so its
# sign of success is its summary line, "total: ...", which it prints for
# every input (--terse would leave it out for a clean one: --emacs gives the
# same first line per finding), and a status of 0 or 1 (a Perl error is 255,
# "not a kernel tree" 2).
checkpatch() {
	local dir=$1 out=$2 input=$3 rc=0
	shift 3
	(cd "$dir" && PATH=/usr/bin:$PATH perl "$scratch/scripts/checkpatch.pl" --strict --show-types --emacs "$@" "$input") >"$out" 2>&1 || rc=$?
	[ "$rc" -le 1 ] || fail "pristine checkpatch exited with status $rc on ${input#"$TOP"/}: $(tail -n 3 "$out")"
	[ "$(grep -cE '^total: [0-9]+ errors, [0-9]+ warnings, [0-9]+ checks, [0-9]+ lines checked$' "$out")" = 1 ] ||
		fail "pristine checkpatch printed no total: line for ${input#"$TOP"/}: $(tail -n 3 "$out")"
}
mapfile -t series < <(grep -v '^\s*\(#\|$\)' "$PATCHES/series")
[ ${#series[@]} -gt 1 ] || fail "no patches in ${PATCHES#"$TOP"/}/series"

# The '+' lines a patch adds to scripts/checkpatch.pl.
checkpatch_adds() { # PATCH
	awk '/^diff --git /{on = ($3 == "a/scripts/checkpatch.pl")} on && /^\+[^+]/' "$1"
}
# The first patch of the series (index and name) that teaches checkpatch
# something: the first whose checkpatch.pl lines match the regex.
explainer() { # REGEX -> "index name", or nothing
	local i
	for i in "${!series[@]}"; do
		if checkpatch_adds "$PATCHES/${series[$i]}" | grep -qE -- "$1"; then
			echo "$i ${series[$i]}"
			return
		fi
	done
}
lds=$(explainer 'lds')
macros=$(explainer 'EXPORT_\(\?:UNUSED_\)\?SYMBOL|UNUSED_')
defines=$(explainer 'define\\b')
strlit=$(explainer 'string literal')
echo "checkpatch patches of the series: ${lds#* } (linker scripts), ${macros#* } (export macros), ${defines#* } (#define lines), ${strlit#* } (string literal arguments)"

# Claim behind the lds.h explanation: pristine checkpatch reports the same
# operator spacing ERROR on the SORT(___...+*) lines base already has.
git -C "$K" show base:include/asm-generic/vmlinux.lds.h >"$scratch/vmlinux.lds.h"
checkpatch "$scratch" "$scratch/lds.out" vmlinux.lds.h --no-tree -f
base_lds=$(grep -c "^vmlinux.lds.h:[0-9]*: ERROR:SPACING: space required before that '\*'" "$scratch/lds.out")
echo "pristine checkpatch -f on base's vmlinux.lds.h: $base_lds such ERROR(s) on lines the series does not touch"

n=0 unexplained=0 misplaced=0
for i in "${!series[@]}"; do
	p=${series[$i]}
	checkpatch "$K" "$scratch/out-$i" "$PATCHES/$p"
	while IFS= read -r finding; do
		# <patch>:<line>: <LEVEL>:<TYPE>: <message>
		ln=$(echo "$finding" | sed -nE 's|^[^:]*:([0-9]+): .*|\1|p')
		kind=$(echo "$finding" | sed -nE 's|^[^:]*:[0-9]+: ([A-Z]+:[A-Z_]+): .*|\1|p')
		{ [ -n "$ln" ] && [ -n "$kind" ]; } || continue
		n=$((n + 1))
		text=$(sed -n "${ln}p" "$PATCHES/$p")
		file=$(head -n "$ln" "$PATCHES/$p" | sed -n 's|^+++ b/||p' | tail -n1)
		why="" by=""
		case "$kind" in
		ERROR:SPACING | CHECK:SPACING)
			if [[ $file == *.lds.h ]] && [[ $text == *SORT\(*+\)* || $text == *SORT\(*+\**\)* ]]; then
				[ "${base_lds:-0}" -gt 0 ] ||
					fail "the lds.h explanation does not hold: pristine checkpatch finds no such ERROR in base's vmlinux.lds.h"
				by=$lds
				why="linker script pattern, not C operators: pristine checkpatch reports the same on $base_lds existing SORT(___...+*) line(s) of base's vmlinux.lds.h"
			fi ;;
		CHECK:LINE_SPACING)
			if [[ $text =~ ^\+[[:space:]]*EXPORT_UNUSED_SYMBOL(_GPL)?\( ]]; then
				by=$macros
				why="an export macro that pristine checkpatch does not know, directly after its function, as EXPORT_SYMBOL is"
			fi ;;
		WARNING:EXPORT_SYMBOL)
			if [[ $text =~ ^\+[[:space:]]*#[[:space:]]*define ]]; then
				by=$defines
				why="a #define whose expansion is an export macro is not an export"
			fi ;;
		CHECK:MACRO_ARG_REUSE)
			# Claim: the patch concatenates that argument with a
			# string literal, which makes it a literal too.
			arg=$(echo "$finding" | sed -nE "s/.*Macro argument reuse '([A-Za-z_0-9]+)'.*/\1/p")
			if [ -n "$arg" ] && grep -qE "^\+.*(\"[[:space:]]*${arg}\b|\b${arg}[[:space:]]*\")" "$PATCHES/$p"; then
				by=$strlit
				why="'$arg' is concatenated with a string literal, so it is one: reusing it has no side effects"
			fi ;;
		esac
		echo "$p: ${finding#*/"$p":}"
		echo "    line: $text"
		if [ -z "$by" ]; then
			echo "    UNEXPLAINED"
			unexplained=$((unexplained + 1))
		elif [ "${by%% *}" -ge "$i" ]; then
			echo "    explained by ${by#* } ($why), BUT that patch does not come before $p"
			misplaced=$((misplaced + 1))
		else
			echo "    false positive, explained by ${by#* }: $why"
		fi
	done < <(grep -E '^[^:]+:[0-9]+: (ERROR|WARNING|CHECK):' "$scratch/out-$i")
done
echo "pristine checkpatch --strict: $n finding(s) on ${#series[@]} patches"
[ "$unexplained" = 0 ] || fail "$unexplained pristine checkpatch finding(s) without an explanation"
[ "$misplaced" = 0 ] || fail "$misplaced finding(s) in patches that come before the checkpatch patch explaining them"
echo "every pristine finding is a false positive explained by an earlier checkpatch patch"
