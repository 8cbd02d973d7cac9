#!/bin/bash
# Install, with apt-get, what the harness needs and the machine lacks.
# Skips what is present; says which package failed and why.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

# Host tools: kernel build (libdw-dev for mainline's gendwarfksyms), cache,
# checks (zstd for compressed modules, abigail-tools for the ABI tools' view,
# clang for the call-site warning on 6.12),
# guest userland; then each architecture's emulator and cross
# compiler (configs/arches.tsv).
PKGS="build-essential bc bison flex libelf-dev libssl-dev ccache cpio kmod
busybox-static sparse rsync python3 python3-ply python3-git python3-docutils xz-utils gzip zstd
valgrind gnuplot-nox shellcheck dwarves libdw-dev abigail-tools clang"
# The rows make check uses (role guest or check); 'deps.sh cross' adds every
# row's cross compiler, for make crossbuild.
roles='guest|check'
[ "${1:-}" != cross ] || roles='guest|check|cross'
PKGS="$PKGS $(awk -v r="^($roles)\$" '!/^#/ && NF && $13 ~ r {
	if ($3 != "-") print $3; n = split($11, p, ","); for (i = 1; i <= n; i++) if (p[i] != "-") print p[i] }' \
	"$TOP/configs/arches.tsv" | sort -u | tr '\n' ' ')"
# Guest architectures (Debian names) other than the host's, whose userland
# is unpacked from .debs: dpkg must know them for apt-get download.
FOREIGN_ARCHES=$(awk '!/^#/ && NF && $8 != "-" { print $8 }' "$TOP/configs/arches.tsv" | sort -u | grep -vx "$(dpkg --print-architecture)" | tr '\n' ' ')

missing=()
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
need_update=0
for a in $FOREIGN_ARCHES; do
	dpkg_has_arch "$a" && continue
	[ "$(id -u)" = 0 ] || die "adding dpkg architecture $a needs root; run 'sudo make deps'"
	say "adding dpkg architecture $a"
	dpkg --add-architecture "$a"
	need_update=1
done
# The pinned source packages that come from the machine's own apt sources
# must be known to apt (they are fetched, not installed).
SYSTEM_PKGS=$(awk '!/^#/ && NF && $4 == "system" { print $2 }' "$TOP/source.lock")
for p in $SYSTEM_PKGS; do
	apt-cache show "$p" >/dev/null 2>&1 || need_update=1
done

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
# A mirror caught mid-sync fails one index ("File has unexpected size"):
# try again, then go on with what apt has; the checks below name any
# package that is still unknown.
for try in 1 2 3; do
	say "apt-get update (attempt $try of 3)"
	$SUDO apt-get update >"$LOGS/apt-update.log" 2>&1 && break
	if [ "$try" = 3 ]; then
		grep '^E:' "$LOGS/apt-update.log" >&2 || true
		warn "apt-get update failed 3 times (see $LOGS/apt-update.log); going on with the indexes apt has"
		break
	fi
	sleep $((try * 15))
done
for p in $SYSTEM_PKGS; do
	apt-cache show "$p" >/dev/null 2>&1 || die "apt knows no package $p: is a Debian 12 (bookworm) security/updates source configured?"
done
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
