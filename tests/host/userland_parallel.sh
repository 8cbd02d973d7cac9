#!/bin/bash
# bases: harness
# Both bases' build lanes may unpack the same guest userland at once (with
# kernels from the object cache they reach their initramfs together): two
# tools/build/guest-userland.sh for one architecture started together both succeed
# and leave it whole. Run in a copy of the harness, so that the real
# build/userland stays as it is; the packages come from the download cache.
. "$(dirname "$0")/lib.sh"
scratch_dir
arch=$(dpkg --print-architecture)
harness_copy "$scratch/top"
for round in 1 2 3; do
	rm -rf "$scratch/top/build/userland"
	"$scratch/top/tools/build/guest-userland.sh" "$arch" >"$scratch/a.log" 2>&1 &
	a=$!
	"$scratch/top/tools/build/guest-userland.sh" "$arch" >"$scratch/b.log" 2>&1 &
	b=$!
	ra=0 rb=0
	wait "$a" || ra=$?
	wait "$b" || rb=$?
	if [ "$ra" != 0 ] || [ "$rb" != 0 ]; then
		cat "$scratch/a.log" "$scratch/b.log"
		fail "round $round: two unpacks at once exited $ra and $rb"
	fi
	for f in bin/busybox bin/kmod bin/sh sbin/modprobe .done; do
		[ -e "$scratch/top/build/userland/$arch/$f" ] || fail "round $round: no $f in the unpacked userland"
	done
done
echo "three rounds of two unpacks of the $arch userland at once: both succeeded, the result whole"
