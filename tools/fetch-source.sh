#!/bin/bash
# Fetch the pinned linux-source-6.12 package with apt and unpack its tarball
# under build/src once. Falls back, loudly, to the newest 6.12 apt serves.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# shellcheck disable=SC1091
. "$TOP/source.lock"
DL=$BUILD/dl
SRC=$BUILD/src
mkdir -p "$DL" "$SRC"

stamp=$SRC/.unpacked
if [ -f "$stamp" ] && [ -d "$SRC/linux" ]; then
	exit 0
fi

version=$VERSION
deb=$DL/${PACKAGE}_${version//:/%3a}_all.deb
if [ ! -f "$deb" ]; then
	say "fetching $PACKAGE=$version with apt"
	if ! (cd "$DL" && apt-get download "$PACKAGE=$version") >"$LOGS/fetch.log" 2>&1; then
		newest=$(apt-cache madison "$PACKAGE" 2>/dev/null | awk '{print $3; exit}')
		[ -n "$newest" ] || die "apt serves no $PACKAGE at all (try 'apt-get update'; see $LOGS/fetch.log)"
		warn "pinned $PACKAGE $VERSION is no longer served; falling back to $newest."
		warn "the recorded checksum is for $VERSION and cannot be checked; update source.lock."
		version=$newest
		deb=$DL/${PACKAGE}_${version//:/%3a}_all.deb
		(cd "$DL" && apt-get download "$PACKAGE=$version") >>"$LOGS/fetch.log" 2>&1 ||
			die "apt-get download $PACKAGE=$version failed; see $LOGS/fetch.log"
	fi
fi
# apt-get download may leave the epoch-less name; find what it wrote
[ -f "$deb" ] || deb=$(ls "$DL"/"${PACKAGE}"_*.deb | head -n1)

if [ "$version" = "$VERSION" ]; then
	got=$(sha256sum "$deb" | cut -d' ' -f1)
	if [ "$got" != "$SHA256" ]; then
		rm -f "$deb"
		die "checksum mismatch for $(basename "$deb"): got $got, source.lock says $SHA256 (file removed)"
	fi
fi

say "unpacking $(basename "$deb")"
rm -rf "$SRC/pkg" "$SRC/linux" "$SRC/$PACKAGE"
dpkg-deb -x "$deb" "$SRC/pkg"
tar -C "$SRC" -xf "$SRC/pkg/usr/src/$PACKAGE.tar.xz"
mv "$SRC/$PACKAGE" "$SRC/linux"
rm -rf "$SRC/pkg"
echo "$version" >"$SRC/version"
touch "$stamp"
say "source $PACKAGE $version in ${SRC#"$TOP"/}/linux"
