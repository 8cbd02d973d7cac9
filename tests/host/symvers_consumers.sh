#!/bin/bash
# variants: x86_64
# bases: 6.12 mainline
# Issue 12 i: Module.symvers with deprecated exports, read by the consumers
# that exist: every line of the kernel's and the test modules'
# Module.symvers has exactly five tab-separated fields and goes through a
# parser that splits on tabs into exactly five, as Debian's ABI check
# (debian_linux/abi.py: "version, name, module, export, namespace =
# line.split('\t')") does; a namespaced deprecated export keeps its
# namespace column (UNX_NS, not UNX_NS@<release>) and carries the release in
# the type column; Debian's kmod "depmod -e -E Module.symvers" over a module
# tree that uses deprecated exports (of vmlinux, of a module, of a
# namespaced module) reports no problem and resolves the dependencies.
. "$(dirname "$0")/lib.sh"
O=$(variant_obj x86_64) MODS=$BUILD/mods/x86_64
command -v depmod >/dev/null || fail "no depmod (Debian's kmod) on the host"
files=("$O/Module.symvers" "$MODS"/*/Module.symvers)
[ -s "$O/Module.symvers" ] || fail "no ${O#"$TOP"/}/Module.symvers"
python3 - "${files[@]}" <<'PY' || fail "a five-field parser could not read every line"
import sys
n = dep = 0
for path in sys.argv[1:]:
    with open(path) as f:
        for i, line in enumerate(f, 1):
            try:
                version, name, module, export, namespace = line.strip('\r\n').split('\t')
            except ValueError:
                sys.exit('%s:%d: not five tab-separated fields: %r' % (path, i, line))
            int(version, 16)
            n += 1
            if export.startswith('EXPORT_UNUSED_SYMBOL'):
                dep += 1
print('five-field parser: read %d lines, %d deprecated exports' % (n, dep))
if not dep:
    sys.exit('no deprecated export in the files')
PY
tab=$(printf '\t')
sv=$MODS/ns_unx_exporter/Module.symvers
[ -s "$sv" ] || fail "no ${sv#"$TOP"/} (tests/modules/ns_unx_exporter not built?)"
grep "${tab}ns_unx_gpl${tab}" "$sv"
expect_grep "^0x[0-9a-f]{8}${tab}ns_unx_gpl${tab}([^${tab}]*/)?ns_unx_exporter${tab}EXPORT_UNUSED_SYMBOL_GPL@99\.0${tab}UNX_NS$" "$sv"
expect_grep "^0x[0-9a-f]{8}${tab}kernel_read_file${tab}vmlinux${tab}EXPORT_UNUSED_SYMBOL_GPL@${REL//./\\.}${tab}$" "$O/Module.symvers"

# depmod over a tree of modules using deprecated exports
scratch_dir
rel=$(cat "$O/.release")
d=$scratch/lib/modules/$rel/updates
mkdir -p "$d"
# the files modules_install would leave (no in-tree modules here)
: >"$d/../modules.order"; : >"$d/../modules.builtin"; : >"$d/../modules.builtin.modinfo"
for m in krf_path unused_exporter unused_plain_user ns_unx_exporter ns_unx_user; do
	cp "$MODS/$m/$m.ko" "$d/" || fail "no $m.ko"
done
out=$(depmod -e -E "$O/Module.symvers" -b "$scratch" "$rel" 2>&1) || fail "depmod failed: $out"
[ -z "$out" ] || fail "depmod -e -E reported: $out"
echo "depmod -e -E Module.symvers: nothing reported"
dep=$scratch/lib/modules/$rel/modules.dep
grep -x "updates/ns_unx_user.ko: updates/ns_unx_exporter.ko" "$dep" ||
	fail "modules.dep lacks ns_unx_user -> ns_unx_exporter: $(cat "$dep")"
grep -x "updates/unused_plain_user.ko: updates/unused_exporter.ko" "$dep" ||
	fail "modules.dep lacks unused_plain_user -> unused_exporter: $(cat "$dep")"
grep -x "updates/krf_path.ko:" "$dep" || fail "krf_path (a vmlinux deprecated export) has dependencies: $(cat "$dep")"
# control: the same check is live (a stale CRC in unused_crc_user's
# __versions for unx_gpl is reported)
cp "$MODS/unused_crc_user/unused_crc_user.ko" "$d/" || fail "no unused_crc_user.ko"
out=$(depmod -e -E "$O/Module.symvers" -b "$scratch" "$rel" 2>&1) || true
echo "$out" | grep -q "unused_crc_user.ko disagrees about version of symbol unx_gpl" ||
	fail "depmod -e -E did not report the control's stale CRC: $out"
echo "control: depmod reports the stale CRC of unused_crc_user"
