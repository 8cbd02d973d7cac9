#!/bin/bash
# Install, with apt-get, what the harness needs and the machine lacks.
# Skips what is present; says which package failed and why.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# Host tools: kernel build, cache, emulator, guest userland, checks.
PKGS="build-essential bc bison flex libelf-dev libssl-dev ccache cpio kmod
busybox-static qemu-system-x86 qemu-system-arm gcc-aarch64-linux-gnu sparse rsync python3 python3-ply python3-git python3-docutils xz-utils gzip
valgrind gnuplot-nox"
# Extra guest architectures (Debian names) whose userland is unpacked from
# .debs: dpkg must know them for apt-get download.
FOREIGN_ARCHES=${FOREIGN_ARCHES-i386 arm64}

missing=()
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
need_update=0
for a in $FOREIGN_ARCHES; do
	dpkg --print-foreign-architectures | grep -qx "$a" && continue
	[ "$(id -u)" = 0 ] || die "adding dpkg architecture $a needs root; run 'sudo make deps'"
	say "adding dpkg architecture $a"
	dpkg --add-architecture "$a"
	need_update=1
done
# The pinned source package must be known to apt (it is fetched, not installed).
. "$TOP/source.lock"
apt-cache show "$PACKAGE" >/dev/null 2>&1 || need_update=1

if [ ${#missing[@]} -eq 0 ] && [ "$need_update" = 0 ]; then
	say "all build and test dependencies are present"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	SUDO=sudo
	command -v sudo >/dev/null || die "missing packages (${missing[*]}) and not root; run 'make deps' as root"
else
	SUDO=
fi
say "apt-get update"
$SUDO apt-get update >"$LOGS/apt-update.log" 2>&1 || die "apt-get update failed (see $LOGS/apt-update.log)"
apt-cache show "$PACKAGE" >/dev/null 2>&1 || die "apt knows no package $PACKAGE: is a Debian 12 (bookworm) security/updates source configured?"
if [ ${#missing[@]} -gt 0 ]; then
	for p in "${missing[@]}"; do
		apt-cache show "$p" >/dev/null 2>&1 || die "package $p is not available from apt on this machine"
	done
	say "installing: ${missing[*]}"
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}" \
		>"$LOGS/apt-install.log" 2>&1 || {
		tail -n 15 "$LOGS/apt-install.log" >&2
		die "apt-get install failed for: ${missing[*]} (see $LOGS/apt-install.log)"
	}
fi
say "dependencies installed"
