#!/bin/bash
# Fetch the pinned linux-source package of BASE with apt (source.lock), check
# its SHA-256, and unpack its tarball once under build/<base>/src, from where
# tools/source/tree.sh moves it into build/<base>/linux. The .deb is kept in the
# cache outside the clone. When the pin is no longer served it falls back,
# loudly, to the newest version of the same package. What it unpacked, and
# whether that is the pin, is written beside the source, in
# build/<base>/src/pin, which stays when the tree takes the source: the
# check host/<base>/source_pin reads it, so that a fallback is a result and
# not only a warning in a log.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

read -r _ PACKAGE VERSION SUITES SHA256 < <(awk -v b="$BASE" '$1 == b' "$TOP/source.lock") ||
	die "source.lock has no line for base $BASE"
SRC=$BUILD/src
DL=$CACHE/dl
mkdir -p "$DL" "$SRC"
# Once the base's tree has its base commit the source is in it (tools/source/tree.sh
# moves the unpacked source there): nothing to do, and a copy an older
# harness left here goes. Otherwise the source is unpacked here, once.
if git --git-dir="$BUILD/linux/.git" rev-parse -q --verify base >/dev/null 2>&1; then
	rm -rf "$SRC/linux"
	exit 0
fi
[ -f "$SRC/.unpacked" ] && [ -d "$SRC/linux" ] && exit 0

# apt with the machine's configuration, or with a private sources list for
# other Debian suites (the lists live in the cache; the machine's apt
# configuration is not touched).
APT=()
if [ "$SUITES" != system ]; then
	lists=$CACHE/apt/$BASE
	mkdir -p "$lists/lists/partial" "$lists/cache/archives/partial"
	for s in ${SUITES//,/ }; do
		echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $s main"
	done >"$lists/sources.list"
	APT=(-o Dir::Etc::sourcelist="$lists/sources.list" -o Dir::Etc::sourceparts=-
		-o Dir::State::Lists="$lists/lists" -o Dir::Cache="$lists/cache")
	if [ ! -f "$lists/.updated" ] || ! apt-cache "${APT[@]}" show "$PACKAGE" >/dev/null 2>&1; then
		say "apt-get update for Debian $SUITES (private lists in ${lists#"$HOME"/})"
		apt-get "${APT[@]}" update >"$LOGS/fetch-update.log" 2>&1 ||
			die "apt-get update for Debian $SUITES failed; see $LOGS/fetch-update.log"
		touch "$lists/.updated"
	fi
fi

version=$VERSION
debname() { echo "$DL/${PACKAGE}_${1//:/%3a}_all.deb"; }
deb=$(debname "$version")
if [ ! -f "$deb" ]; then
	say "fetching $PACKAGE=$version with apt"
	if ! (cd "$DL" && apt-get "${APT[@]}" download "$PACKAGE=$version") >"$LOGS/fetch.log" 2>&1; then
		newest=$(apt-cache "${APT[@]}" madison "$PACKAGE" 2>/dev/null | awk '{print $3; exit}')
		[ -n "$newest" ] || die "apt serves no package $PACKAGE at all (try 'apt-get update'; see $LOGS/fetch.log)"
		warn "pinned $PACKAGE $VERSION is no longer served; falling back to $newest."
		warn "the recorded checksum is for $VERSION and cannot be checked; update source.lock (host/$BASE/source_pin fails until then)."
		version=$newest
		deb=$(debname "$version")
		(cd "$DL" && apt-get "${APT[@]}" download "$PACKAGE=$version") >>"$LOGS/fetch.log" 2>&1 ||
			die "apt-get download $PACKAGE=$version failed; see $LOGS/fetch.log"
	fi
fi
[ -f "$deb" ] || die "apt-get download left no $(basename "$deb") in $DL"

sha=unchecked
if [ "$version" = "$VERSION" ]; then
	got=$(sha256sum "$deb" | cut -d' ' -f1)
	if [ "$got" != "$SHA256" ]; then
		rm -f "$deb"
		die "checksum mismatch for $(basename "$deb"): got $got, source.lock says $SHA256 (file removed)"
	fi
	sha=checked
fi

say "unpacking $(basename "$deb")"
rm -rf "$SRC/pkg" "$SRC/linux" "$SRC/${PACKAGE:?}" "$SRC/pin"
mkdir -p "$SRC/pkg"
dpkg-deb --fsys-tarfile "$deb" | tar -C "$SRC/pkg" -x "./usr/src/$PACKAGE.tar.xz"
tar -C "$SRC" -xf "$SRC/pkg/usr/src/$PACKAGE.tar.xz"
mv "$SRC/$PACKAGE" "$SRC/linux"
rm -rf "$SRC/pkg"
echo "$version" >"$SRC/version"
printf '%s\t%s\n' package "$PACKAGE" version "$version" pinned "$VERSION" sha256 "$sha" >"$SRC/pin"
touch "$SRC/.unpacked"
say "source $PACKAGE $version in ${SRC#"$TOP"/}/linux"
