#!/usr/bin/env python3
"""Decode the deprecated-export tables of a built kernel object with binutils.

usage: decode-exports.py [--off] READELF OBJECT SOURCE...

OBJECT is a vmlinux or a .ko of any architecture, read with that
architecture's readelf (-h, -S, -s and -x only).  SOURCE files are the C files
built into OBJECT; their EXPORT_UNUSED_SYMBOL{,_GPL}(sym, "MAJOR.MINOR") lines
say what the tables must hold.

Both designs are read:
  mainline  one __ksymtab, a flag byte per export in __kflagstab (bit 0
            GPL-only, bit 1 deprecated; the __flags_<sym> label), and a
            sparse __kdeprecated table of (removal, reference) entries
            sorted like __ksymtab
  6.12      deprecated exports in __ksymtab_unused{,_gpl}, and their
            removals at the same index of __kremoval_unused{,_gpl}
A removal is (major << 16) | minor in the object's byte order.

Each deprecated export must decode to the class and release of its macro,
no ordinary export may carry a deprecation mark, and the tables must hold
nothing else.  Prints one line per export checked, then 'ok' or the problems;
exits 1 on a problem, 2 on a usage error.

With --off the object was built with deprecated exports compiled out: none
of the macros' symbols may be exported, and no export may carry a mark.
"""
import os
import re
import subprocess
import sys

MACRO = re.compile(r'^\s*EXPORT_UNUSED_SYMBOL(_GPL)?\(\s*(\w+)\s*,\s*"(\d+)\.(\d+)"\s*\)')
FLAG_GPL, FLAG_DEPRECATED = 1, 2


def readelf(tool, *args):
    return subprocess.run([tool, '-W', *args], check=True, capture_output=True,
                          text=True).stdout


def sections(tool, obj):
    """name -> (index, addr, offset, size)"""
    out = {}
    for line in readelf(tool, '-S', obj).splitlines():
        m = re.match(r'\s*\[\s*(\d+)\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)', line)
        if m:
            out[m.group(2)] = (int(m.group(1)), int(m.group(3), 16),
                               int(m.group(4), 16), int(m.group(5), 16))
    return out


def symbols(tool, obj):
    """(name, value, section index) of every symbol but section symbols"""
    out = []
    for line in readelf(tool, '-s', obj).splitlines():
        f = line.split()
        if len(f) >= 8 and f[0].endswith(':') and f[6].isdigit() and f[3] != 'SECTION':
            out.append((f[7], int(f[1], 16), int(f[6])))
    return out


def section_bytes(tool, obj, name):
    """the contents of a section, in file order, from readelf -x"""
    data = bytearray()
    for line in readelf(tool, '-x', name, obj).splitlines():
        m = re.match(r'\s+0x[0-9a-f]+ ((?:[0-9a-f]{2,8} ){1,4})', line + ' ')
        if m:
            data += bytes.fromhex(m.group(1).replace(' ', ''))
    return bytes(data)


def main():
    args = sys.argv[1:]
    off = bool(args) and args[0] == '--off'
    args = args[off:]
    if len(args) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    tool, obj, srcs = args[0], args[1], args[2:]
    want = {}
    for src in srcs:
        with open(src, encoding='utf-8', errors='replace') as f:
            for line in f:
                m = MACRO.match(line)
                if m:
                    cls = 'EXPORT_UNUSED_SYMBOL' + (m.group(1) or '')
                    want[m.group(2)] = (cls, int(m.group(3)) << 16 | int(m.group(4)))
    if not want:
        print(f'{obj}: no deprecated export in {" ".join(srcs)}', file=sys.stderr)
        return 2

    hdr = readelf(tool, '-h', obj)
    big = 'big endian' in hdr
    rel = re.search(r'Type:\s+REL\b', hdr) is not None
    order = 'big' if big else 'little'
    secs = sections(tool, obj)
    syms = symbols(tool, obj)
    by_index = {v[0]: k for k, v in secs.items()}
    problems = []

    def offset(name, value, sec):
        # st_value is section-relative in a .ko, an address in vmlinux
        return value if rel else value - secs[sec][1]

    def u32(data, off):
        return int.from_bytes(data[off:off + 4], order)

    def rel_str(r):
        return f'{r >> 16}.{r & 0xffff}'

    ksymtab = {}        # export -> (section, address/offset)
    for name, value, ndx in syms:
        sec = by_index.get(ndx, '')
        if name.startswith('__ksymtab_') and sec.startswith('__ksymtab') and \
           sec != '__ksymtab_strings':
            ksymtab[name[len('__ksymtab_'):]] = (sec, value)
    if off:
        # compiled out: the macros export nothing, and nothing is marked
        for s in want:
            if s in ksymtab:
                problems.append(f'{s}: exported from {ksymtab[s][0]} with deprecated exports off')
        want = {}
    for s in want:
        if s not in ksymtab:
            problems.append(f'{s}: deprecated in its source, not exported by {obj}')

    if '__kflagstab' in secs:
        design = 'mainline'
        flags = section_bytes(tool, obj, '__kflagstab')
        flag_of = {n[len('__flags_'):]: flags[offset(n, v, '__kflagstab')]
                   for n, v, ndx in syms
                   if n.startswith('__flags_') and by_index.get(ndx) == '__kflagstab'}
        dep_sorted = []
        for s, (sec, value) in sorted(ksymtab.items(), key=lambda kv: kv[1][1]):
            if s not in flag_of:
                problems.append(f'{s}: no flag byte')
                continue
            fl = flag_of[s]
            if s in want:
                cls = 'EXPORT_UNUSED_SYMBOL' + ('_GPL' if fl & FLAG_GPL else '')
                if not fl & FLAG_DEPRECATED:
                    problems.append(f'{s}: flags {fl:#x} lack the deprecation bit')
                elif cls != want[s][0]:
                    problems.append(f'{s}: flags {fl:#x} say {cls}, its macro {want[s][0]}')
                dep_sorted.append((s, value))
            elif fl & FLAG_DEPRECATED:
                problems.append(f'{s}: an ordinary export with flags {fl:#x} (deprecated)')
        # vmlinux's own .config says how __kdeprecated refers to __ksymtab
        prel32 = None
        if not rel:
            cfg = os.path.join(os.path.dirname(obj) or '.', '.config')
            try:
                with open(cfg, encoding='utf-8') as f:
                    prel32 = 'CONFIG_HAVE_ARCH_PREL32_RELOCATIONS=y\n' in f.read()
            except OSError:
                problems.append(f'no {cfg}: cannot tell how __kdeprecated refers to __ksymtab')
        table = section_bytes(tool, obj, '__kdeprecated') if '__kdeprecated' in secs else b''
        n = len(dep_sorted)
        entsize = len(table) // n if n else 0
        if n and (entsize not in (8, 16) or entsize * n != len(table)):
            problems.append(f'__kdeprecated: {len(table)} bytes for {n} deprecated exports')
            entsize = 0
        elif not n and table:
            problems.append(f'__kdeprecated: {len(table)} bytes and no deprecated export')
        got = {}
        readable = entsize and (rel or prel32 is not None)
        for i, (s, value) in enumerate(dep_sorted if readable else []):
            got[s] = u32(table, i * entsize)
            if not rel:
                # the reference to __ksymtab_<sym>: place-relative where the
                # architecture has PREL32 relocations, else an absolute
                # pointer after the removal, aligned to its size
                base = secs['__kdeprecated'][1] + i * entsize
                if prel32:
                    ref = int.from_bytes(table[i * 8 + 4:i * 8 + 8], order, signed=True)
                    target = (base + 4 + ref) & 0xffffffffffffffff
                    if not secs['__kdeprecated'][1] >> 32:
                        target &= 0xffffffff
                else:
                    half = entsize // 2
                    target = int.from_bytes(table[i * entsize + half:(i + 1) * entsize], order)
                if target != value:
                    problems.append(f'{s}: __kdeprecated entry {i} refers to {target:#x}, '
                                    f'__ksymtab_{s} is {value:#x}')
        classes = {s: 'EXPORT_UNUSED_SYMBOL' + ('_GPL' if flag_of.get(s, 0) & FLAG_GPL else '')
                   for s in want}
    else:
        design = '6.12'
        got, classes = {}, {}
        for sec, cls in (('__ksymtab_unused', 'EXPORT_UNUSED_SYMBOL'),
                         ('__ksymtab_unused_gpl', 'EXPORT_UNUSED_SYMBOL_GPL')):
            members = sorted((v, s) for s, (x, v) in ksymtab.items() if x == sec)
            if not members:
                continue
            size = secs[sec][3]
            if size % len(members):
                problems.append(f'{sec}: {size} bytes for {len(members)} exports')
                continue
            entsize = size // len(members)
            rsec = sec.replace('__ksymtab', '__kremoval')
            table = section_bytes(tool, obj, rsec) if rsec in secs else b''
            if len(table) != 4 * len(members):
                problems.append(f'{rsec}: {len(table)} bytes for {len(members)} exports')
                continue
            for value, s in members:
                i = offset(s, value, sec) // entsize
                got[s], classes[s] = u32(table, 4 * i), cls
        for s in want:
            if s in ksymtab and s not in got:
                problems.append(f'{s}: exported from {ksymtab[s][0]}, not a deprecated table')
        for s in got:
            if s not in want:
                problems.append(f'{s}: in a deprecated table, an ordinary export in its source')

    for s in sorted(want):
        cls, removal = want[s]
        if s not in got:
            continue
        mark = 'ok' if (got[s], classes.get(s)) == (removal, cls) else 'WRONG'
        print(f'{s}: {classes.get(s)} {rel_str(got[s])} (0x{got[s]:08x}); '
              f'macro {cls} {rel_str(removal)}: {mark}')
        if mark != 'ok':
            problems.append(f'{s}: decodes to {classes.get(s)} {rel_str(got[s])}, '
                            f'its macro says {cls} {rel_str(removal)}')
    ordinary = len(ksymtab) - len(want)
    bits = '64-bit' if 'ELF64' in hdr else '32-bit'
    print(f'{obj}: {design} tables, {bits} {"big" if big else "little"} endian, '
          f'{len(want)} deprecated and {ordinary} ordinary exports')
    for p in problems:
        print(f'PROBLEM: {p}')
    print('ok' if not problems else f'{len(problems)} problem(s)')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
