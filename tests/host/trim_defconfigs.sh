#!/bin/bash
# bases: 6.12 mainline
# Issue 12 a: a defconfig must keep what it asks for.  Every in-tree
# defconfig that sets CONFIG_TRIM_UNUSED_KSYMS=y (m68k's, mips generic,
# eyeq5, eyeq6 and, on mainline, eyeq6lplus) still has it after
# "make <defconfig>" with the series applied (the deprecated exports option
# defaults to y).  Configuration only: the host gcc stands in for the cross
# compiler, which Kconfig only asks for its name and version.
# "make <defconfig>" (conf --defconfig) gives every symbol the defconfig does
# not set its default, as "make olddefconfig" does, so olddefconfig is not
# run after it (it left .config byte for byte the same for m68k's amiga and
# sun3 and mips's eyeq5 and 32r2el, 2026-12-07).
. "$(dirname "$0")/lib.sh"
K=$BUILD/linux
[ -e "$K/.git" ] || fail "no kernel tree at ${K#"$TOP"/}"
scratch_dir
mapfile -t defconfigs < <(cd "$K" && grep -lx 'CONFIG_TRIM_UNUSED_KSYMS=y' arch/*/configs/*defconfig | sort)
[ ${#defconfigs[@]} -ge 4 ] || fail "found only ${#defconfigs[@]} defconfigs setting CONFIG_TRIM_UNUSED_KSYMS=y"
bad=0
for d in "${defconfigs[@]}"; do
	arch=${d#arch/}
	arch=${arch%%/*}
	name=$(basename "$d")
	# mips generic_defconfig is a base for the board targets: make it
	# through the one that merges it with the 32r2el fragments
	[ "$d" = arch/mips/configs/generic_defconfig ] && name=32r2el_defconfig
	o=$scratch/$arch
	mkdir -p "$o"
	# a make that writes no .config must not pass on the one before
	rm -f "$o/.config"
	if ! make -s -C "$K" O="$o" ARCH="$arch" CROSS_COMPILE= "$name" >"$o/log" 2>&1; then
		tail -n 5 "$o/log"
		fail "make ARCH=$arch $name failed"
	fi
	trim=$(grep -E '^(# )?CONFIG_TRIM_UNUSED_KSYMS[= ]' "$o/.config" || echo "(no line: dependency not met)")
	unused=$(grep -E "^(# )?${DEP_CONFIG}[= ]" "$o/.config" || echo "(no $DEP_CONFIG)")
	if [ "$trim" = CONFIG_TRIM_UNUSED_KSYMS=y ]; then
		echo "ok   $d: $trim, $unused"
	else
		echo "LOST $d: $trim, $unused"
		bad=$((bad + 1))
	fi
done
[ "$bad" = 0 ] || fail "$bad of ${#defconfigs[@]} defconfigs lose CONFIG_TRIM_UNUSED_KSYMS=y"
echo "all ${#defconfigs[@]} defconfigs keep CONFIG_TRIM_UNUSED_KSYMS=y"
