#!/bin/bash
# bases: harness
# The unpacked source becomes the tree (tools/source/tree.sh, tools/source/fetch-source.sh):
# making a tree leaves one copy of the source, not two; "make tree" on a
# tree that exists unpacks nothing (nor does a scratch tree, TREE=); a tree
# that was removed, or whose making was stopped, is made again from the
# cached package; a copy of the source left beside an existing tree goes.
# In a copy of the harness, with a small package
# of its own (a .deb with a tarball, as linux-source has) and an empty
# series, so that the real trees, source and cache stay as they are.
. "$(dirname "$0")/lib.sh"
scratch_dir
h=$scratch/top pkg=linux-source-0.1 ver=0.1.1-1
harness_copy "$h" Makefile
mkdir -p "$scratch/src/$pkg/kernel" "$scratch/deb/DEBIAN" "$scratch/deb/usr/src" \
	"$scratch/cache/dl" "$scratch/patches"
echo 'int x;' >"$scratch/src/$pkg/kernel/x.c"
echo 'small source for a test of the harness' >"$scratch/src/$pkg/README"
tar -C "$scratch/src" -cJf "$scratch/deb/usr/src/$pkg.tar.xz" "$pkg"
printf '%s\n' "Package: $pkg" "Version: $ver" 'Architecture: all' \
	'Maintainer: harness <harness@localhost>' 'Description: test' >"$scratch/deb/DEBIAN/control"
deb=$scratch/cache/dl/${pkg}_${ver}_all.deb
dpkg-deb --root-owner-group -b "$scratch/deb" "$deb" >/dev/null || fail "dpkg-deb could not build the package"
echo "$BASE $pkg $ver system $(sha256sum "$deb" | cut -d' ' -f1)" >"$h/source.lock"
: >"$scratch/patches/series"
b=$h/build/$BASE
tree() { # LOG [TREE]: "make tree" in the copy
	DEPRECATED_EXPORTS_CACHE=$scratch/cache PATCHES=$scratch/patches TREE=${2:-} \
		make -s -C "$h" tree >"$scratch/$1" 2>&1 || fail "make tree failed: $(tail -n3 "$scratch/$1")"
}
unpacks() { grep -c '^==> unpacking' "$scratch/$1" || true; }

tree first.log
[ "$(unpacks first.log)" = 1 ] || fail "the first tree did not unpack the package once: $(cat "$scratch/first.log")"
[ -f "$b/linux/kernel/x.c" ] || fail "the tree has not the package's source"
git -C "$b/linux" rev-parse -q --verify base >/dev/null || fail "the tree has no base commit"
[ ! -e "$b/src/linux" ] || fail "making the tree left a second copy of the source in build/$BASE/src/linux"
echo "the first tree: unpacked once, one copy of the source"

tree again.log
[ "$(unpacks again.log)" = 0 ] || fail "make tree on a tree that exists unpacked the package again"
grep -q 'up to date' "$scratch/again.log" || fail "the tree was not up to date: $(cat "$scratch/again.log")"
echo "the tree again: up to date, nothing unpacked"

rm -rf "$b/linux"
tree remade.log
[ "$(unpacks remade.log)" = 1 ] || fail "a removed tree was not made again from the package"
[ -f "$b/linux/kernel/x.c" ] || fail "the tree made again has not the package's source"
[ ! -e "$b/src/linux" ] || fail "making the tree again left a second copy of the source"
echo "the removed tree: made again from the cached package"

# a scratch tree (TREE=) is a clone of the base's tree: no source needed
tree scratch.log "$scratch/other"
[ "$(unpacks scratch.log)" = 0 ] || fail "a scratch tree unpacked the package"
git -C "$scratch/other" rev-parse -q --verify base >/dev/null || fail "the scratch tree has no base commit"
echo "a scratch tree: cloned from the base's tree, nothing unpacked"

# the copy of the source an older harness left beside its tree goes
cp -r "$scratch/src/$pkg" "$b/src/linux"
tree older.log
[ ! -e "$b/src/linux" ] || fail "the copy of the source beside the tree is still there"
[ "$(unpacks older.log)" = 0 ] || fail "make tree unpacked the package for a tree that exists"
echo "a copy of the source beside the tree: removed"

# a run stopped while the tree was being made (the source half moved, the
# half-made tree left behind) starts again from the package
rm -rf "$b/linux" "$b/src/linux"
mkdir -p "$b/linux.tmp" "$b/src/linux"
cp "$scratch/src/$pkg/README" "$b/src/linux/"
tree stopped.log
[ "$(unpacks stopped.log)" = 1 ] || fail "after a stopped run, make tree did not unpack the package again"
[ -f "$b/linux/kernel/x.c" ] || fail "after a stopped run, the tree has not the whole source"
[ ! -e "$b/linux.tmp" ] || fail "the half-made tree of the stopped run is still there"
echo "after a stopped run: the tree made again from the package"
