#!/bin/bash
# bases: 6.12
# make crossbuild's sample in make check: the architectures whose row in
# configs/arches.tsv has role "check" (m68k: its gas reads '|' as a comment,
# which once turned the 6.12 series' removal release 6.13 into 6.0) are
# built with deprecated exports on, vmlinux and modules, and an out-of-tree
# module with M=; then every deprecated export of vmlinux, the in-tree test
# module and tests/cross/module must decode, with that architecture's
# readelf, to the class and release of its macro (tools/measure/decode-exports.py).
# On 6.12 only, the base whose tables once decoded wrong there: a cold m68k
# kernel costs 7 to 8 minutes of CI's budget, and mainline's m68k row runs
# in make crossbuild (README).
. "$(dirname "$0")/lib.sh"
mapfile -t arches < <(awk '!/^#/ && NF && $13 == "check" { print $1 }' "$TOP/configs/arches.tsv")
[ ${#arches[@]} -gt 0 ] || fail "no architecture has role check in configs/arches.tsv"
rc=0
CROSS_STRICT=1 CROSS_SETTINGS=on "$TOP/tools/measure/crossbuild.sh" "${arches[@]}" || rc=$?
for a in "${arches[@]}"; do
	log=$BUILD/cross/$a-on.log
	[ -f "$log" ] || fail "$a: no log"
	n=$(grep -c ': ok$' "$log" || true)
	echo "$a: $n deprecated exports decoded right"
	# kernel_read_file{,_from_fd}, the test module's two and cross_exporter's two
	[ "$n" -ge 6 ] || fail "$a: only $n deprecated exports decoded right (want 6)"
done
[ "$rc" = 0 ] || fail "tools/measure/crossbuild.sh exited $rc"
