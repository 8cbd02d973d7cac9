#!/bin/bash
# bases: harness
# A tree made from another source than the pin fails host/<base>/source_pin
# (issue 28, item 9), and fetch-source still falls back (README: make
# source). In a copy of the harness, with small packages of its own (a .deb
# with a tarball, as linux-source has) and apt-get and apt-cache stubbed to
# serve them, so that the real trees, sources, cache and apt stay as they
# are:
#  - the pinned version served: the tree is made, source_pin passes;
#  - the pinned version gone, a newer one served: the tree is still made (of
#    the newer one, with fetch-source's warning), and source_pin fails,
#    naming both versions;
#  - fetch-source's record disagreeing with the tree: source_pin fails.
. "$(dirname "$0")/lib.sh"
scratch_dir
h=$scratch/top pkg=linux-source-0.1
harness_copy "$h" Makefile tests/host
mkdir -p "$scratch/archive" "$scratch/bin" "$scratch/patches"
: >"$scratch/patches/series"
# package VERSION: a linux-source-0.1 .deb of VERSION in the stub's archive
package() {
	local d=$scratch/deb-$1
	mkdir -p "$d/src/$pkg/kernel" "$d/root/DEBIAN" "$d/root/usr/src"
	echo "int version_$(echo "$1" | tr -c '0-9\n' _);" >"$d/src/$pkg/kernel/x.c"
	tar -C "$d/src" -cJf "$d/root/usr/src/$pkg.tar.xz" "$pkg"
	printf '%s\n' "Package: $pkg" "Version: $1" 'Architecture: all' \
		'Maintainer: harness <harness@localhost>' 'Description: test' >"$d/root/DEBIAN/control"
	dpkg-deb --root-owner-group -b "$d/root" "$scratch/archive/${pkg}_$1_all.deb" >/dev/null ||
		fail "dpkg-deb could not build the package $1"
}
package 0.1.1-1
package 0.1.2-1
# apt-get download PKG=VER copies it from the archive; apt-cache madison
# lists the archive, newest first (what fetch-source uses of apt)
cat >"$scratch/bin/apt-get" <<EOF
#!/bin/bash
[ "\$1" = download ] || { echo "stub apt-get: only download" >&2; exit 100; }
f=$scratch/archive/\${2%%=*}_\${2#*=}_all.deb
[ -f "\$f" ] || { echo "E: Version '\${2#*=}' for '\${2%%=*}' was not found" >&2; exit 100; }
cp "\$f" .
EOF
cat >"$scratch/bin/apt-cache" <<EOF
#!/bin/bash
[ "\$1" = madison ] || { echo "stub apt-cache: only madison" >&2; exit 100; }
ls "$scratch/archive" | sed -n "s/^\$2_\(.*\)_all.deb\$/\1/p" | sort -rV |
	while read -r v; do echo " \$2 | \$v | file:$scratch/archive ./ Packages"; done
EOF
chmod +x "$scratch/bin/apt-get" "$scratch/bin/apt-cache"
b=$h/build/$BASE

# attempt NAME PINNED: a new tree in the copy, with source.lock pinning
# PINNED (the checksum of the archive's package of that version, if any);
# the copy's logs go to a RUN_DIR of its own, not the outer run's
attempt() {
	local sum=0000000000000000000000000000000000000000000000000000000000000000
	[ -f "$scratch/archive/${pkg}_$2_all.deb" ] && sum=$(sha256sum "$scratch/archive/${pkg}_$2_all.deb" | cut -d' ' -f1)
	echo "$BASE $pkg $2 system $sum" >"$h/source.lock"
	rm -rf "$b" "$scratch/cache"
	mkdir -p "$scratch/cache/dl"
	PATH=$scratch/bin:$PATH DEPRECATED_EXPORTS_CACHE=$scratch/cache PATCHES=$scratch/patches RUN_DIR=$scratch/run \
		make -s -C "$h" tree >"$scratch/$1.tree.log" 2>&1 || fail "make tree failed ($1): $(tail -n 3 "$scratch/$1.tree.log")"
}
check() { # NAME: source_pin of the copy on its tree; status in $rc
	rc=0
	RUN_DIR=$scratch/run bash "$h/tests/host/source_pin.sh" >"$scratch/$1.log" 2>&1 || rc=$?
}

attempt pinned 0.1.1-1
grep -q 'int version_0_1_1_1;' "$b/linux/kernel/x.c" || fail "the tree is not made of the pinned package"
[ "$(cat "$b/src/pin" 2>&1)" = "$(printf '%s\t%s\n' package "$pkg" version 0.1.1-1 pinned 0.1.1-1 sha256 checked)" ] ||
	fail "fetch-source's record of the pinned tree is not 0.1.1-1, pinned, checked: $(cat "$b/src/pin" 2>&1)"
check pinned
[ "$rc" = 0 ] || fail "source_pin fails on a tree of the pinned package: $(grep -m1 FAIL "$scratch/pinned.log" || tail -n 3 "$scratch/pinned.log")"
echo "the pin served: the tree is of 0.1.1-1, source_pin passes: $(tail -n 1 "$scratch/pinned.log")"

# the record of the pinned tree, turned into one of another version
sed -i 's/^version\t.*/version\t0.1.0-1/' "$b/src/pin"
check stale
[ "$rc" != 0 ] || fail "source_pin passes with a record that is not the tree's: $(tail -n 3 "$scratch/stale.log")"
grep -q '^FAIL: .*the record is not this tree' "$scratch/stale.log" ||
	fail "source_pin fails with a record that is not the tree's, but not for that: $(grep -m1 FAIL "$scratch/stale.log")"
echo "a record that is not the tree's: source_pin fails: $(grep -m1 FAIL "$scratch/stale.log")"

attempt fallback 0.1.0-1
grep -q 'int version_0_1_2_1;' "$b/linux/kernel/x.c" || fail "the pin gone, the tree is not made of the newest package"
grep -q 'no longer served; falling back to 0.1.2-1' "$scratch/fallback.tree.log" ||
	fail "the pin gone, fetch-source says nothing of its fallback: $(cat "$scratch/fallback.tree.log")"
[ "$(cat "$b/src/pin" 2>&1)" = "$(printf '%s\t%s\n' package "$pkg" version 0.1.2-1 pinned 0.1.0-1 sha256 unchecked)" ] ||
	fail "fetch-source's record of the fallen-back tree is not 0.1.2-1, 0.1.0-1 pinned, unchecked: $(cat "$b/src/pin" 2>&1)"
check fallback
[ "$rc" != 0 ] || fail "source_pin passes on a tree of 0.1.2-1 with 0.1.0-1 pinned: $(tail -n 3 "$scratch/fallback.log")"
grep -q '^FAIL: .*0\.1\.2-1, not the pinned linux-source-0\.1 0\.1\.0-1' "$scratch/fallback.log" ||
	fail "source_pin fails on the fallen-back tree, but not naming both versions: $(grep -m1 FAIL "$scratch/fallback.log")"
echo "the pin gone: the tree is of 0.1.2-1, source_pin fails: $(grep -m1 FAIL "$scratch/fallback.log" | cut -c1-120)"
