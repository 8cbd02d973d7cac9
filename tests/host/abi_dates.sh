#!/bin/bash
# bases: 6.12 mainline
# Issue 12 e: the sysfs ABI entries the series adds carry true dates and
# versions.  Date: is the month of the commit that adds the entry (its
# author date); KernelVersion: is the kernel the series makes the entry
# appear in: for the 6.12 backport, the 6.12.y release it is made against
# (the base's VERSION.PATCHLEVEL.SUBLEVEL); for mainline, the release whose
# merge window the series is for: the one before the removal release $REL
# (configs/mainline/harness.env), as the exports are deprecated for one cycle.
. "$(dirname "$0")/lib.sh"
K=$BUILD/linux
[ -e "$K/.git" ] || fail "no kernel tree at ${K#"$TOP"/}"
read -r v p s < <(git -C "$K" show base:Makefile |
	awk '/^VERSION =/{v=$3} /^PATCHLEVEL =/{p=$3} /^SUBLEVEL =/{s=$3} END{print v, p, s}')
case $BASE in
6.12) want_ver=$v.$p.$s ;;
*) want_ver=${REL%.*}.$((${REL#*.} - 1)) ;;
esac
echo "base is $v.$p.$s: expected KernelVersion $want_ver"
scratch_dir
# What, Date and KernelVersion of each entry the series adds
git -C "$K" diff base HEAD -- Documentation/ABI |
	awk '/^\+What:/{w=$0; sub(/^\+What:[ \t]*/, "", w)}
	     /^\+Date:/{d=$0; sub(/^\+Date:[ \t]*/, "", d)}
	     /^\+KernelVersion:/{k=$0; sub(/^\+KernelVersion:[ \t]*/, "", k); print w "\t" d "\t" k}' >"$scratch/entries"
n=$(wc -l <"$scratch/entries")
[ "$n" -gt 0 ] || fail "the series adds no ABI entry with What:, Date: and KernelVersion:"
bad=0 tab=$(printf '\t')
while IFS="$tab" read -r what date kv; do
	month=$(cd "$K" && LC_ALL=C git log --reverse --format=%ad --date=format:'%B %Y' -S"$what" base..HEAD -- Documentation/ABI | head -n1)
	[ -n "$month" ] || fail "no commit of the series adds '$what'"
	line="$what: Date '$date' (added $month), KernelVersion '$kv' (expected $want_ver)"
	if [ "$date" = "$month" ] && [ "$kv" = "$want_ver" ]; then
		echo "ok    $line"
	else
		echo "WRONG $line"
		bad=$((bad + 1))
	fi
done <"$scratch/entries"
[ "$bad" = 0 ] || fail "$bad of $n ABI entries have a wrong Date or KernelVersion"
echo "$n ABI entries dated and versioned truly"
