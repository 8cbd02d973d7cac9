#!/bin/bash
# Unpack the guest's userland for one Debian architecture: busybox-static and
# kmod with the libraries they need, from Debian's own packages (downloaded
# with apt, so any architecture works the same way). Output:
# build/userland/<debarch>/ (shared by both bases) holding bin/, sbin/, lib*/. Debian's dash is
# /bin/sh, as on Debian, for scripts with a #!/bin/sh line (kselftests):
# busybox sh would run its own modprobe and insmod instead of kmod's.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

arch=${1:?usage: guest-userland.sh DEBARCH}
out=$TOP/build/userland/$arch
# Bump when the contents change, so that old unpacked trees are redone.
stamp="busybox kmod dash 2"
[ "$(cat "$out/.done" 2>/dev/null)" = "$stamp" ] && exit 0
# Both bases' build lanes may want it at once (with kernels from the object
# cache they reach their initramfs together): one unpacks, the other waits
# and then finds it done.
mkdir -p "$TOP/build/userland"
exec 9>"$TOP/build/userland/.lock-$arch"
flock 9
[ "$(cat "$out/.done" 2>/dev/null)" = "$stamp" ] && exit 0

pkgs="busybox-static kmod dash libc6 libzstd1 liblzma5 libssl3"
# Asked again once if dpkg lacks the architecture: once, under two lanes of
# builds, the architecture that "make deps" had added was reported missing
# (the cause is not known; the second answer is logged as a warning).
if ! dpkg_has_arch "$arch"; then
	sleep 1
	dpkg_has_arch "$arch" ||
		die "guest architecture $arch is not enabled in dpkg (dpkg --print-foreign-architectures: '$(dpkg --print-foreign-architectures 2>&1 | tr '\n' ' ')'); run 'make deps' (it adds it)"
	warn "dpkg listed $arch as a foreign architecture only when asked a second time"
fi
dl=$CACHE/dl/userland-$arch
mkdir -p "$dl"
for p in $pkgs; do
	ls "$dl/${p}"_*.deb >/dev/null 2>&1 && continue
	(cd "$dl" && apt-get download "$p:$arch") >>"$LOGS/userland-$arch.log" 2>&1 ||
		die "apt-get download $p:$arch failed (see $LOGS/userland-$arch.log)"
done
rm -rf "$out.tmp" && mkdir -p "$out.tmp/x"
for d in "$dl"/*.deb; do dpkg-deb -x "$d" "$out.tmp/x"; done

root=$out.tmp/root
mkdir -p "$root/bin" "$root/sbin"
cp "$out.tmp/x/bin/busybox" "$root/bin/busybox"
cp "$out.tmp/x/bin/kmod" "$root/bin/kmod"
cp "$out.tmp/x/bin/dash" "$root/bin/sh"
for t in insmod rmmod modprobe depmod modinfo lsmod; do ln -s ../bin/kmod "$root/sbin/$t"; done

# Copy the ELF interpreter and every shared library kmod needs, transitively.
find_lib() { find "$out.tmp/x" -name "$1" \( -type f -o -type l \) | head -n1; }
copy_into_root() { # file inside $out.tmp/x → same path under $root, following links
	local f=$1 rel=${1#"$out.tmp/x"}
	mkdir -p "$root$(dirname "$rel")"
	cp -L "$f" "$root$rel"
}
interp=$(readelf -l "$root/bin/kmod" | sed -n 's/.*interpreter: \(.*\)]/\1/p')
[ -n "$interp" ] || die "cannot read kmod's ELF interpreter"
mkdir -p "$root$(dirname "$interp")"
cp -L "$(find_lib "$(basename "$interp")")" "$root$interp"
todo=$(readelf -d "$root/bin/kmod" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
seen=""
while [ -n "$todo" ]; do
	next=""
	for l in $todo; do
		case " $seen " in *" $l "*) continue ;; esac
		seen="$seen $l"
		f=$(find_lib "$l")
		[ -n "$f" ] || die "library $l for kmod ($arch) not found in the unpacked packages"
		copy_into_root "$f"
		next="$next $(readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
	done
	todo=$next
done
rm -rf "$out" && mv "$root" "$out" && rm -rf "$out.tmp"
echo "$stamp" >"$out/.done"
say "guest userland for $arch: busybox, kmod and$seen"
