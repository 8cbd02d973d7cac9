#!/bin/bash
# bases: 6.12 mainline
# Issue 28, item 9: the tree is the pinned source. tools/source/fetch-source.sh
# falls back to the newest linux-source package when the pinned version is no
# longer served, and cannot check that one's SHA-256: the tests then ran on
# other code than source.lock names, and CI would stay green with nothing
# but a warning in a log. This check FAILs then (not SKIPs: a SKIP leaves
# make check's exit status 0, so the fallback would stay unseen, and the fix
# is one line of source.lock).
#
# The tree's base commit names the package and version it was made of
# (tools/source/tree.sh: "base: Debian <package> <version>"); fetch-source's record
# beside the source (build/<base>/src/pin) must agree with it, and says
# whether the .deb's checksum was checked. A tree made before the record
# existed is judged by its base commit alone: fetch-source always checked
# the checksum of the pinned version.
. "$(dirname "$0")/lib.sh"
K=$BUILD/linux
[ -e "$K/.git" ] || fail "no kernel tree at ${K#"$TOP"/}"
line=$(awk -v b="$BASE" '$1 == b' "$TOP/source.lock")
read -r _ pkg pin _ <<<"$line"
[ -n "${pin:-}" ] || fail "source.lock has no line for base $BASE"
subject=$(git -C "$K" log -1 --format=%s base) || fail "the tree has no base commit"
read -r w1 w2 tpkg tver rest <<<"$subject"
{ [ "$w1 $w2" = "base: Debian" ] && [ -n "$tver" ] && [ -z "$rest" ]; } ||
	fail "the base commit's subject '$subject' does not name a Debian package and its version"
echo "source.lock pins $pkg $pin; the tree's base commit is Debian $tpkg $tver"
rec=$BUILD/src/pin
sha=
if [ -f "$rec" ]; then
	field() { awk -F'\t' -v k="$1" '$1 == k {print $2}' "$rec"; }
	rpkg=$(field package) rver=$(field version) rpin=$(field pinned) sha=$(field sha256)
	echo "fetch-source's record (${rec#"$TOP"/}): unpacked $rpkg $rver, pinned $rpin, checksum $sha"
	[ "$rpkg $rver" = "$tpkg $tver" ] ||
		fail "fetch-source's record says $rpkg $rver, the tree's base commit $tpkg $tver: the record is not this tree's"
else
	echo "no record of fetch-source (${rec#"$TOP"/}): the tree was made before it kept one; its base commit decides"
fi
[ "$tpkg $tver" = "$pkg $pin" ] ||
	fail "the tree is Debian $tpkg $tver, not the pinned $pkg $pin: the pin is no longer served (or changed since the tree was made) and the source's checksum was not checked; update source.lock's version and sha256, remove build/$BASE/linux and make the tree again"
[ -z "$sha" ] || [ "$sha" = checked ] || fail "the tree is the pinned version, but fetch-source did not check its checksum ($sha)"
echo "the tree is the pinned source, Debian $pkg $pin, its checksum checked against source.lock"
