#!/bin/bash
# bases: harness
# The unpacked source becomes the tree (tools/tree.sh, tools/fetch-source.sh):
# making a tree leaves one copy of the source, not two; "make tree" on a
# tree that exists unpacks nothing; a tree that was removed is made again
# from the cached package. In a copy of the harness, with a small package
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
tree() { # LOG: "make tree" in the copy
	DEPRECATED_EXPORTS_CACHE=$scratch/cache PATCHES=$scratch/patches TREE='' \
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
echo "the removed tree: made again from the cached package"
