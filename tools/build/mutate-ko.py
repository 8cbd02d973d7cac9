#!/usr/bin/env python3
"""Make malformed copies of a module's deprecated export tables.

usage: mutate-ko.py [--seed N] [--random K] IN.ko OUTDIR

IN.ko is an x86_64 (ELF64, RELA) module built by the harness with ordinary
and deprecated exports (tests/modules/mut_exporter). Each mutant changes
only what the series reads. The tables are the base's:
- 6.12: the __ksymtab_unused*, __kcrctab_unused* and __kremoval_unused*
  sections and the relocations that fill the ksymtab entries;
- mainline: the KSYM_FLAG_DEPRECATED bits of __kflagstab and the
  __kdeprecated entries (a removal release and a place-relative reference
  to the export's __ksymtab entry), with their relocations.
OUTDIR gets one .ko per mutant and a MANIFEST, a line per mutant:

    FILE <TAB> EXPECT <TAB> WHAT

EXPECT is "refuse:TEXT" (the kernel must refuse it and log TEXT), "load"
(it must load) or "any" (random: refused with a kernel message, or loaded).
The same seed gives the same mutants, byte for byte.
"""

import argparse
import os
import random
import struct
import sys

SHDR = struct.Struct('<IIQQQQIIQQ')  # Elf64_Shdr
RELA = struct.Struct('<QQq')         # Elf64_Rela
ENTRY = 12                           # struct kernel_symbol with PREL32 offsets
FAR = 0x10000000                     # 256 MiB: outside any module


def die(msg):
    sys.exit('mutate-ko: ' + msg)


class Elf:
    def __init__(self, data):
        if data[:4] != b'\x7fELF' or data[4] != 2 or data[5] != 1:
            die('not a little-endian ELF64 file')
        if struct.unpack_from('<H', data, 0x12)[0] != 62:
            die('not an x86_64 object (the mutations assume RELA and PC32)')
        self.data = bytearray(data)
        self.shoff = struct.unpack_from('<Q', data, 0x28)[0]
        shnum, shstrndx = struct.unpack_from('<HH', data, 0x3c)
        self.shdrs = [list(SHDR.unpack_from(data, self.shoff + i * SHDR.size))
                      for i in range(shnum)]
        strtab = self.shdrs[shstrndx]
        self.shstr_off = strtab[4]
        self.names = [self._str(strtab[4], sh[0]) for sh in self.shdrs]

    def _str(self, base, off):
        end = self.data.index(b'\0', base + off)
        return self.data[base + off:end].decode()

    def index(self, name):
        if name not in self.names:
            die('no section ' + name)
        return self.names.index(name)

    def set_size(self, name, size):
        i = self.index(name)
        self.shdrs[i][5] = size
        SHDR.pack_into(self.data, self.shoff + i * SHDR.size, *self.shdrs[i])

    def size(self, name):
        return self.shdrs[self.index(name)][5]

    def body(self, name):
        sh = self.shdrs[self.index(name)]
        return sh[4], sh[5]

    def rename(self, old, new):
        if len(old) != len(new):
            die('renames must keep the length')
        off = self.shstr_off + self.shdrs[self.index(old)][0]
        self.data[off:off + len(old)] = new.encode()

    def symbol(self, name):
        """index of the symbol @name in .symtab"""
        off, size = self.body('.symtab')
        stroff = self.shdrs[self.shdrs[self.index('.symtab')][6]][4]
        for k in range(size // 24):
            if self._str(stroff, struct.unpack_from('<I', self.data, off + 24 * k)[0]) == name:
                return k
        die('no symbol ' + name)

    def relas(self, name):
        """(file offset, r_offset, r_info, r_addend) of each relocation"""
        off, size = self.body('.rela' + name)
        return [(off + k,) + RELA.unpack_from(self.data, off + k)
                for k in range(0, size, RELA.size)]

    def rela_at(self, name, r_offset):
        for r in self.relas(name):
            if r[1] == r_offset:
                return r
        die('no relocation at %s+%#x' % (name, r_offset))

    def set_rela(self, r, info=None, addend=None):
        RELA.pack_into(self.data, r[0], r[1],
                       r[2] if info is None else info,
                       r[3] if addend is None else addend)


KSYM_FLAG_DEPRECATED = 0x2           # include/linux/module_symbol.h (mainline series)
DEP_ENTRY = 8                        # struct kernel_deprecated_export: removal, PREL32 reference
MALFORMED = 'refuse:malformed section __kdeprecated'


def flag_mutants(src, seed, nrandom):
    """yield (name, expect, what, bytes): mutants of mainline's tables"""
    dep, flags = '__kdeprecated', '__kflagstab'

    def m():
        return Elf(src)

    e = m()
    n = e.size(dep) // DEP_ENTRY
    foff, nsyms = e.body(flags)
    flagged = [i for i in range(nsyms) if e.data[foff + i] & KSYM_FLAG_DEPRECATED]
    plain = [i for i in range(nsyms) if not e.data[foff + i] & KSYM_FLAG_DEPRECATED]
    if n < 3 or len(flagged) != n or not plain:
        die('the module needs three deprecated exports and an ordinary one (%d entries, %d flagged)'
            % (n, len(flagged)))
    if len(e.relas(dep)) != n:
        die('expected one relocation per __kdeprecated entry')

    def ref(e, k):
        """the relocation of entry k's reference to its __ksymtab entry"""
        return e.rela_at(dep, k * DEP_ENTRY + 4)

    # Shortened tables lose the last entry's relocation too: a relocation past
    # the end of its section is the relocator's business (x86 refuses it with
    # "Invalid relocation target"), not the table check's.
    e = m(); e.set_size(dep, e.size(dep) - 1)
    e.set_size('.rela' + dep, e.size('.rela' + dep) - RELA.size)
    yield ('kdeprecated-partial', MALFORMED, '__kdeprecated one byte short of whole entries', e.data)
    e = m(); e.set_size(dep, e.size(dep) - DEP_ENTRY)
    e.set_size('.rela' + dep, e.size('.rela' + dep) - RELA.size)
    yield ('kdeprecated-short', MALFORMED, 'one entry fewer than flagged exports', e.data)
    e = m(); off, _ = e.body(dep)
    e.data[off + DEP_ENTRY:off + DEP_ENTRY + 4] = bytes(4)
    yield ('kdeprecated-zero', MALFORMED, 'the second entry without a removal release (0)', e.data)
    e = m(); e.data[foff + flagged[0]] &= ~KSYM_FLAG_DEPRECATED & 0xff
    yield ('flag-cleared', MALFORMED, 'a deprecated export\'s flag cleared, its entry kept', e.data)
    e = m(); e.data[foff + plain[0]] |= KSYM_FLAG_DEPRECATED
    yield ('flag-set', MALFORMED, 'an ordinary export flagged deprecated, without an entry', e.data)
    e = m(); a, b = ref(e, 0), ref(e, 1)
    e.set_rela(a, addend=b[3]); e.set_rela(b, addend=a[3])
    yield ('kdeprecated-unsorted', MALFORMED, 'the first two entries\' references swapped', e.data)
    e = m(); a, b = ref(e, 0), ref(e, 1)
    e.set_rela(b, addend=a[3])
    yield ('kdeprecated-twice', MALFORMED, 'two entries for the same export', e.data)
    e = m(); r = ref(e, 1)
    e.set_rela(r, addend=r[3] + 4)
    yield ('kdeprecated-misaligned', MALFORMED, 'a reference into the middle of a __ksymtab entry', e.data)
    e = m(); r = ref(e, 1)
    e.set_rela(r, addend=r[3] + FAR)
    yield ('kdeprecated-far', MALFORMED, 'a reference 256 MiB past __ksymtab', e.data)
    e = m(); r = ref(e, 0)
    e.set_rela(r, addend=r[3] - FAR)
    yield ('kdeprecated-below', MALFORMED, 'a reference 256 MiB before __ksymtab', e.data)
    # an entry that points at an ordinary export: the next entry's target
    # moved onto the ordinary export just before it, when there is one
    k = next((k for k in range(1, n) if flagged[k] - 1 in plain and flagged[k] - 1 > flagged[k - 1]), None)
    if k is None:
        die('mut_exporter needs an ordinary export sorted between two deprecated ones')
    e = m(); r = ref(e, k)
    e.set_rela(r, addend=r[3] - 12)
    yield ('kdeprecated-ordinary', MALFORMED, 'an entry pointing at an ordinary export', e.data)
    e = m(); e.set_size(dep, 0); e.set_size('.rela' + dep, 0)
    for i in flagged:
        e.data[foff + i] &= ~KSYM_FLAG_DEPRECATED & 0xff
    yield ('kdeprecated-none', 'load', 'no flag and no entry: every export ordinary', e.data)
    e = m(); e.set_size(dep, 0x7ffff000)
    yield ('kdeprecated-enormous', 'any', '__kdeprecated claims 2 GiB', e.data)

    rng = random.Random(seed)
    for k in range(nrandom):
        e = m()
        sec = rng.choice((dep, flags))
        off, size = e.body(sec)
        flips = []
        for _ in range(rng.randint(1, 4)):
            pos = rng.randrange(size)
            bit = rng.randrange(8)
            e.data[off + pos] ^= 1 << bit
            flips.append('%d.%d' % (pos, bit))
        yield ('random-%03d' % k, 'any',
               'seed %d: bit flips in %s at %s' % (seed, sec, ','.join(flips)), e.data)


def mutants(src, seed, nrandom):
    """yield (name, expect, what, bytes)"""
    gpl = '__ksymtab_unused_gpl'

    def m():
        return Elf(src)

    e = m()
    if '__kdeprecated' in e.names:
        yield from flag_mutants(src, seed, nrandom)
        return
    if e.size(gpl) < 3 * ENTRY:
        die('the module needs at least three EXPORT_UNUSED_SYMBOL_GPL exports')

    e = m(); e.set_size(gpl, e.size(gpl) - 1)
    yield ('ksymtab-partial', 'refuse:is not a whole number of entries',
           '__ksymtab_unused_gpl one byte short of whole entries', e.data)
    # (with the relocations of the entry dropped too: the tables are checked
    # once relocated, and a relocation past the end of its section is the
    # relocator's business, not the deprecated tables')
    e = m(); e.set_size(gpl, e.size(gpl) - ENTRY)
    e.set_size('.rela' + gpl, e.size('.rela' + gpl) - 3 * RELA.size)
    yield ('ksymtab-short', 'refuse:deprecated export tables are inconsistent',
           'one ksymtab entry (and its relocations) fewer than removal releases', e.data)
    e = m(); e.set_size('__kcrctab_unused_gpl', e.size('__kcrctab_unused_gpl') - 1)
    yield ('kcrctab-partial', 'refuse:bytes of CRCs',
           '__kcrctab_unused_gpl size not a multiple of 4', e.data)
    e = m(); e.set_size('__kcrctab_unused_gpl', e.size('__kcrctab_unused_gpl') - 4)
    yield ('kcrctab-short', 'refuse:bytes of CRCs',
           'one CRC fewer than exports (a lookup would read past the table)', e.data)
    e = m(); e.set_size('__kremoval_unused_gpl', e.size('__kremoval_unused_gpl') - 2)
    yield ('kremoval-partial', 'refuse:is not a whole number of entries',
           '__kremoval_unused_gpl size not a multiple of 4', e.data)
    e = m(); e.set_size('__kremoval_unused_gpl', e.size('__kremoval_unused_gpl') - 4)
    yield ('kremoval-short', 'refuse:removal releases',
           'removal release of the last export out of bounds', e.data)
    e = m(); e.set_size('__kremoval_unused_gpl', e.size('__kremoval_unused_gpl') + 4)
    yield ('kremoval-long', 'refuse:removal releases',
           'one removal release more than exports', e.data)
    e = m(); off, _ = e.body('__kremoval_unused_gpl')
    e.data[off + 4:off + 8] = bytes(4)
    yield ('kremoval-zero', 'refuse:no removal release',
           'an export without a removal release (0)', e.data)

    for field, what, text in ((0, 'value', 'symbol outside the module'),
                              (4, 'name', 'name outside the module'),
                              (8, 'namespace', 'namespace outside the module')):
        e = m(); r = e.rela_at(gpl, ENTRY + field)
        e.set_rela(r, addend=r[3] + FAR)
        yield ('far-' + what, 'refuse:' + text,
               'second entry\'s %s offset points 256 MiB away' % what, e.data)

    # Entries pointing into init memory, which is freed after init while the
    # export stays: the second entry's value at the init function, its name
    # and its namespace at a copy of its own name in .init.rodata (so that
    # the order and duplicate checks pass).
    init_code, init_name = e.symbol('mut_exporter_init'), e.symbol('mut_init_name')
    for field, what, sym, text in ((0, 'value', init_code, 'symbol outside the module\'s core memory'),
                                   (4, 'name', init_name, 'name outside the module\'s core memory'),
                                   (8, 'namespace', init_name, 'namespace outside the module\'s core memory')):
        e = m(); r = e.rela_at(gpl, ENTRY + field)
        e.set_rela(r, info=(sym << 32) | (r[2] & 0xffffffff), addend=0)
        yield ('init-' + what, 'refuse:' + text,
               'second entry\'s %s in init memory (freed after init)' % what, e.data)

    e = m(); a, b = e.rela_at(gpl, 4), e.rela_at(gpl, ENTRY + 4)
    e.set_rela(a, info=b[2]); e.set_rela(b, info=a[2])
    yield ('unsorted', 'refuse:not sorted',
           'names of the first two entries swapped', e.data)
    e = m(); a, b = e.rela_at(gpl, 4), e.rela_at(gpl, ENTRY + 4)
    e.set_rela(b, info=a[2])
    yield ('twice', 'refuse:not sorted, or exported twice',
           'the same name in two entries', e.data)
    e = m(); ordinary = e.rela_at('__ksymtab_gpl', 4)
    e.set_rela(e.rela_at(gpl, 4), info=ordinary[2], addend=ordinary[3])
    yield ('also-ordinary', 'refuse:also exported otherwise',
           'a deprecated entry named like an ordinary export', e.data)
    e = m(); e.rename('__kcrctab_unused_gpl', '__kcrctab_unusex_gpl')
    yield ('no-crcs', 'refuse:no versions for deprecated exports',
           'no __kcrctab_unused_gpl under MODVERSIONS', e.data)
    e = m()
    for s in ('__ksymtab_unused_gpl', '.rela__ksymtab_unused_gpl',
              '__kcrctab_unused_gpl', '__kremoval_unused_gpl'):
        e.set_size(s, 0)
    yield ('empty', 'load', 'the unused_gpl tables (and their relocations) empty', e.data)
    e = m(); e.set_size(gpl, 0x7ffff000)
    yield ('enormous', 'refuse:Invalid ELF section',
           '__ksymtab_unused_gpl claims 2 GiB', e.data)

    rng = random.Random(seed)
    targets = ['__ksymtab_unused', '__ksymtab_unused_gpl', '__kcrctab_unused',
               '__kcrctab_unused_gpl', '__kremoval_unused', '__kremoval_unused_gpl']
    for k in range(nrandom):
        e = m()
        sec = rng.choice(targets)
        off, size = e.body(sec)
        flips = []
        for _ in range(rng.randint(1, 4)):
            pos = rng.randrange(size)
            bit = rng.randrange(8)
            e.data[off + pos] ^= 1 << bit
            flips.append('%d.%d' % (pos, bit))
        yield ('random-%03d' % k, 'any',
               'seed %d: bit flips in %s at %s' % (seed, sec, ','.join(flips)), e.data)


def user_mutants(src):
    """yield (name, expect, what, bytes): mutants of mut_user.ko"""
    # mut_dep_2's undefined symbol renamed mut_dep_1: the module's symbol
    # table names the deprecated import mut_dep_1 twice.  The loader must
    # record and log that use once (and mut_user's check of mut_dep_2 then
    # fails, since the call resolves to mut_dep_1).
    e = Elf(src)
    off, _ = e.body('.symtab')
    one, two = e.symbol('mut_dep_1'), e.symbol('mut_dep_2')
    name_one = struct.unpack_from('<I', e.data, off + 24 * one)[0]
    struct.pack_into('<I', e.data, off + 24 * two, name_one)
    yield ('user-import-twice', 'once:mut_dep_1',
           'mut_user naming the deprecated import mut_dep_1 twice', e.data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int, default=2007)
    ap.add_argument('--random', type=int, default=40)
    ap.add_argument('ko')
    ap.add_argument('outdir')
    args = ap.parse_args()
    with open(args.ko, 'rb') as f:
        src = f.read()
    os.makedirs(args.outdir, exist_ok=True)
    lines = []
    for name, expect, what, data in mutants(src, args.seed, args.random):
        fname = name + '.ko'
        with open(os.path.join(args.outdir, fname), 'wb') as f:
            f.write(data)
        lines.append('%s\t%s\t%s\n' % (fname, expect, what))
    with open(os.path.join(args.outdir, 'MANIFEST'), 'w') as f:
        f.writelines(lines)
    # Mutants of the user module, when it was built next to the exporter
    # (build/<base>/mods/<variant>/mut_user/mut_user.ko): OUTDIR/users/,
    # MANIFEST lines "FILE <TAB> once:SYMBOL <TAB> WHAT".
    user = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(args.ko))),
                        'mut_user', 'mut_user.ko')
    if os.path.exists(user):
        with open(user, 'rb') as f:
            usrc = f.read()
        udir = os.path.join(args.outdir, 'users')
        os.makedirs(udir, exist_ok=True)
        ulines = []
        for name, expect, what, data in user_mutants(usrc):
            with open(os.path.join(udir, name + '.ko'), 'wb') as f:
                f.write(data)
            ulines.append('%s.ko\t%s\t%s\n' % (name, expect, what))
        with open(os.path.join(udir, 'MANIFEST'), 'w') as f:
            f.writelines(ulines)
        print('%d mutants of mut_user.ko in %s' % (len(ulines), udir))
    print('%d mutants of %s in %s (seed %d)' % (len(lines), os.path.basename(args.ko),
                                              args.outdir, args.seed))


if __name__ == '__main__':
    main()
