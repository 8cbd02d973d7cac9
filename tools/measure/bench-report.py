#!/usr/bin/env python3
"""Turn the raw data of tools/measure/bench.sh into the table (stdout), bench.md,
bench.csv and the gnuplot script of ratios.png.

usage: bench-report.py BENCH_DIR   (reads BENCH_DIR/raw, writes BENCH_DIR/*)
"""
import csv
import os
import re
import statistics
import sys

BASE, PATCHED, NOUNUSED = "bench-base", "bench", "bench-nounused"
# export tables of either base: 6.12's __ksymtab{,_gpl,_unused,_unused_gpl},
# their __kcrctab* and __kremoval_unused*; mainline's __ksymtab, __kcrctab,
# __kflagstab (one byte per export, patched or not) and __kdeprecated
TABLE_PREFIXES = ("__ksymtab", "__kcrctab", "__kremoval", "__kflagstab", "__kdeprecated")
# sections that exist for deprecated exports alone
DEP_SECTION_PREFIXES = ("__kremoval", "__kdeprecated")


def deprecated_section(name):
    return name.startswith(DEP_SECTION_PREFIXES) or (name.startswith(TABLE_PREFIXES) and "unused" in name)


def within(value, low, high):
    return value == value and low <= value <= high


def verdict(ok):
    return "PASS" if ok else "FAIL"


def die(msg):
    sys.stderr.write(f"ERROR: bench-report: {msg}\n")
    sys.exit(1)


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError as e:
        die(f"cannot read {path}: {e.strerror}")


def size_totals(text):
    """text, data, bss of `size FILE` output (one file)."""
    lines = text.strip().splitlines()
    if len(lines) < 2:
        die("unexpected size(1) output")
    t, d, b = (int(x) for x in lines[1].split()[:3])
    return {"text": t, "data": d, "bss": b, "text+data+bss": t + d + b}


def objects_sizes(text):
    """{object: (text, data, bss)} of `size a.o b.o ...` output."""
    out = {}
    for line in text.strip().splitlines()[1:]:
        f = line.split()
        out[f[5]] = (int(f[0]), int(f[1]), int(f[2]))
    return out


SECTION_RE = re.compile(r"^\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s")


def sections(text):
    out = {}
    for line in text.splitlines():
        m = SECTION_RE.match(line)
        if m:
            out[m.group(1)] = int(m.group(2), 16)
    return out


def ratio(a, b):
    return a / b if b else float("nan")


def fmt_num(v, digits=0):
    if v is None:
        return "-"
    if isinstance(v, float) and v != v:
        return "n/a"
    return f"{v:,.{digits}f}"


def fmt_ratio(v):
    return "-" if v is None or v != v else f"{v:.3f}"


def spread(values):
    """Largest relative difference between boots, in percent."""
    return (max(values) / min(values) - 1) * 100 if values and min(values) else 0.0


def main():
    if len(sys.argv) != 2:
        die("usage: bench-report.py BENCH_DIR")
    out_dir = sys.argv[1]
    raw = os.path.join(out_dir, "raw")
    meta = dict(line.split(" ", 1) for line in read(os.path.join(raw, "meta.txt")).splitlines())
    for key in ("base_name", "kernel", "dep_config"):
        if key not in meta:
            die(f"raw/meta.txt has no '{key}' line")

    rows = []  # (group, metric, unit, unpatched, patched, patched_n, ratio, note)
    ratios = []  # (label, value) for the chart
    verdicts = []
    notes = []

    # ---- size
    kernels = (BASE, PATCHED, NOUNUSED)
    tot = {k: size_totals(read(os.path.join(raw, f"size-{k}.txt"))) for k in kernels}
    sec = {k: sections(read(os.path.join(raw, f"sections-{k}.txt"))) for k in kernels}
    for key in ("text", "data", "bss", "text+data+bss"):
        b, y, n = (tot[k][key] for k in kernels)
        rows.append(("size", f"vmlinux {key}", "bytes", b, y, n, ratio(y, b),
                     f"=y {y - b:+,}, =n {n - b:+,}"))
    names = sorted({s for k in kernels for s in sec[k] if s.startswith(TABLE_PREFIXES)})
    for s in names:
        b, y, n = (sec[k].get(s) for k in kernels)
        rows.append(("size", f"section {s}", "bytes", b, y, n,
                     ratio(y, b) if b else None, "" if b is not None else "not in unpatched"))
    b, n = tot[BASE]["text+data+bss"], tot[NOUNUSED]["text+data+bss"]
    ok = n <= b
    grown = [f"{s} {sec[NOUNUSED][s] - sec[BASE].get(s, 0):+}"
             for s in sorted(sec[NOUNUSED]) if sec[NOUNUSED][s] > sec[BASE].get(s, 0)]
    verdicts.append(("size", f"{meta['dep_config']}=n: text+data+bss <= unpatched",
                     "PASS" if ok else "FAIL",
                     f"{n:,} vs {b:,} bytes ({n - b:+,})" +
                     ("" if ok else "; sections grown: " + ", ".join(grown))))
    for k, label in ((PATCHED, "=y"), (NOUNUSED, "=n")):
        diff = [f"{s} {sec[k].get(s, 0) - sec[BASE].get(s, 0):+}"
                for s in sorted(set(sec[k]) | set(sec[BASE]))
                if sec[k].get(s, 0) != sec[BASE].get(s, 0)]
        notes.append(f"vmlinux sections whose size differs, patched {label} minus unpatched: " +
                     (", ".join(diff) if diff else "none"))
    ratios.append(("size =y", ratio(tot[PATCHED]["text+data+bss"], b)))
    ratios.append(("size =n", ratio(n, b)))

    # bytes per deprecated export of vmlinux: its table entries and its name
    dep = [line.split("\t")[1] for line in read(os.path.join(raw, f"Module.symvers-{PATCHED}")).splitlines()
           if line.split("\t")[2] == "vmlinux" and
           line.split("\t")[3].split("@")[0] in ("EXPORT_UNUSED_SYMBOL", "EXPORT_UNUSED_SYMBOL_GPL")]
    dep_tables = {s: v for s, v in sec[PATCHED].items() if deprecated_section(s)}
    dep_strings = sum(len(d) + 1 for d in dep)
    if dep:
        per_tables = sum(dep_tables.values()) / len(dep)
        per = per_tables + dep_strings / len(dep)
        rows.append(("size", f"per deprecated export ({len(dep)}: {', '.join(dep)})", "bytes",
                     None, per, None, None,
                     "(" + " + ".join(f"{s} {v}" for s, v in sorted(dep_tables.items())) +
                     f" + names in __ksymtab_strings {dep_strings}) / {len(dep)}"))
        verdicts.append(("size", "per deprecated export: at most 16 bytes plus the name",
                         verdict(per_tables <= 16),
                         f"{per_tables:.1f} bytes of tables per export, plus {dep_strings / len(dep):.1f} of name"))
    all_b = sum(v for s, v in sec[BASE].items() if s.startswith(TABLE_PREFIXES) or s == "__ksymtab_strings")
    all_y = sum(v for s, v in sec[PATCHED].items() if s.startswith(TABLE_PREFIXES) or s == "__ksymtab_strings")
    all_n = sum(v for s, v in sec[NOUNUSED].items() if s.startswith(TABLE_PREFIXES) or s == "__ksymtab_strings")
    rows.append(("size", "all export tables + __ksymtab_strings", "bytes", all_b, all_y, all_n,
                 ratio(all_y, all_b), f"=y {all_y - all_b:+}, =n {all_n - all_b:+}"))

    # the loader's fixed cost: kernel/module/*.o
    objs = {k: objects_sizes(read(os.path.join(raw, f"modobj-{k}.txt"))) for k in kernels}
    for part, idx in (("text", 0), ("data", 1), ("bss", 2)):
        b, y, n = (sum(v[idx] for v in objs[k].values()) for k in kernels)
        rows.append(("size", f"loader kernel/module/*.o {part}", "bytes", b, y, n, ratio(y, b),
                     f"fixed cost =y {y - b:+,}, =n {n - b:+,}"))
    for o in sorted(set(objs[BASE]) | set(objs[PATCHED])):
        b, y, n = (objs[k].get(o, (None,))[0] for k in kernels)
        if b != y or b != n:
            rows.append(("size", f"loader {o} text", "bytes", b, y, n,
                         ratio(y, b) if b else None, ""))

    # ---- guest: lookup and load
    lookup = {}  # (kernel, label) -> [per_pair per boot]
    warmup = {}
    warned = {}
    loads = {}  # (kernel, boot, module) -> [cycles per run]
    for line in read(os.path.join(raw, "guest.txt")).splitlines():
        f = line.split()
        kernel, boot, kind = f[0], int(f[1]), f[2]
        kv = dict(x.split("=", 1) for x in f[4:] if "=" in x)
        if kind == "lookup" and kv.get("names", "").rstrip(":") == "0":
            continue  # "nothing to time": a set without names on this kernel
        if kind == "lookup":
            lookup.setdefault((kernel, f[3]), []).append(float(kv["per_pair"]))
            warmup.setdefault((kernel, f[3]), []).append(float(kv["warmup_per_pair"]))
            warned.setdefault((kernel, f[3]), []).append(int(kv["warned"]))
            lookup.setdefault(("names", f[3]), [int(kv["names"])])
        elif kind == "load":
            loads.setdefault((kernel, boot, f[3]), []).append(int(kv["t1"]) - int(kv["t0"]))
    for k in (BASE, PATCHED):
        if (k, "vmlinux") not in lookup:
            die(f"no lookup figures from the {k} guest (raw/guest.txt)")

    def mean(key):
        return statistics.mean(lookup[key]) if key in lookup else None

    def boots_note(*keys):
        parts = []
        for key in keys:
            if key in lookup:
                vals = lookup[key]
                who = {BASE: "unpatched", PATCHED: "patched =y", NOUNUSED: "patched =n"}[key[0]]
                parts.append(f"{who} boots " +
                             " / ".join(f"{v:.3f}" for v in vals) + f" (spread {spread(vals):.2f}%)")
        return "; ".join(parts)

    for label, desc in (("vmlinux", "ordinary GPL exports of vmlinux"),
                        ("module_ord", "ordinary GPL exports of a module (100)")):
        b, y, n = mean((BASE, label)), mean((PATCHED, label)), mean((NOUNUSED, label))
        n_names = lookup.get(("names", label), [0])[0]
        rows.append(("lookup", f"symbol_get+put, {desc}, {n_names} names", "virtual ns/pair",
                     b, y, n, ratio(y, b),
                     boots_note((BASE, label), (PATCHED, label), (NOUNUSED, label)) +
                     (f"; =n/unpatched {ratio(n, b):.3f}" if n is not None else "")))
        ratios.append((f"lookup {label} p/u", ratio(y, b)))
        verdicts.append(("lookup", f"ordinary lookup, {desc}: 1.00 +- 0.01 of unpatched",
                         verdict(within(ratio(y, b), 0.99, 1.01)), f"{ratio(y, b):.3f}"))
        if n is not None:
            ratios.append((f"lookup {label} =n/u", ratio(n, b)))
    # module_dep: the same owner's ordinary exports on the patched kernel
    # (bench_exp_ord: names of the same length and shape); vmlinux_dep: the
    # same names on the unpatched kernel, where they are ordinary exports
    for label, ref_key, desc, ref_desc in (
            ("module_dep", (PATCHED, "module_ord"), "deprecated GPL exports of a module (100)",
             "the module's ordinary exports (bench_exp_ord) on the patched kernel"),
            ("vmlinux_dep", (BASE, "vmlinux_dep"), "deprecated GPL exports of vmlinux",
             "the same names on the unpatched kernel, where they are ordinary exports")):
        y, r = mean((PATCHED, label)), mean(ref_key)
        if y is None:
            continue
        if r is None:
            die(f"no reference figures for {label} ({ref_key[0]} {ref_key[1]})")
        n_names = lookup.get(("names", label), [0])[0]
        w = warned[(PATCHED, label)]
        rows.append(("lookup", f"symbol_get+put, {desc}, {n_names} names", "virtual ns/pair",
                     mean((BASE, label)), y, None, ratio(y, r),
                     f"ratio = deprecated / ordinary: {ref_desc} ({r:,.3f}); "
                     f"warnings printed during this set, per boot: {', '.join(map(str, w))} "
                     f"(pr_warn_ratelimited: 10 per 5 s of virtual time, one budget for all sets; "
                     f"printed ones fall in the warm-up rounds (at least 32 lookups), the timed rounds take the suppressed path); "
                     f"warm-up rounds {statistics.mean(warmup[(PATCHED, label)]):,.0f} ns/pair; "
                     + boots_note((PATCHED, label))))
        ratios.append((f"lookup {label} dep/ord", ratio(y, r)))
        verdicts.append(("lookup", f"deprecated lookup, {desc}: at most 1.05 of an ordinary one of the same owner",
                         verdict(ratio(y, r) <= 1.05), f"{ratio(y, r):.3f}"))

    def load_median(kernel, mod):
        per_boot = [statistics.median(v) for (k, _, m), v in sorted(loads.items())
                    if k == kernel and m == mod]
        return per_boot

    net = {}
    booted = [k for k in (BASE, PATCHED, NOUNUSED) if any(key[0] == k for key in loads)]
    for k in booted:
        full, empty = load_median(k, "bench_load"), load_median(k, "bench_load0")
        if not full or len(full) != len(empty):
            die(f"no load figures from the {k} guest (raw/guest.txt)")
        net[k] = [a - e for a, e in zip(full, empty)]
        net[(k, "full")] = full
        net[(k, "empty")] = empty
        # the growth importer, timed in the same boots (bench_load0 runs
        # twice per boot then: with bench_load and with bench_loadbig)
        big = load_median(k, "bench_loadbig")
        if big:
            net[(k, "full_bench_loadbig")] = [a - e for a, e in zip(big, empty)]
    imports = meta.get("load_imports", "?").split()[0]
    names_k = {BASE: "unpatched", PATCHED: "patched =y", NOUNUSED: "patched =n"}

    def load_row(desc, key, note):
        vals = {k: statistics.mean(net[(k, key)] if key else net[k]) / 1000 for k in booted}
        boots = "; ".join(names_k[k] + " " + " / ".join(f"{v / 1000:.1f}" for v in (net[(k, key)] if key else net[k]))
                          for k in booted)
        rows.append(("load", desc, "virtual us", vals[BASE], vals[PATCHED], vals.get(NOUNUSED),
                     ratio(vals[PATCHED], vals[BASE]), f"{note}; boots: {boots}"))
        return vals

    load_row(f"insmod bench_load.ko ({imports} imports)", "full", "median of the runs of each boot")
    load_row("insmod bench_load0.ko (no imports)", "empty", "median of the runs of each boot")
    vals = load_row(f"net: resolving {imports} imports", None, "bench_load minus bench_load0")
    b, y = vals[BASE], vals[PATCHED]
    ratios.append(("load p/u", ratio(y, b)))

    # ---- upstream's find_symbol() stress: insmod test_kallsyms_b
    ks = {}  # (kernel, state) -> [median of each boot]
    per_run = {}
    for line in read(os.path.join(raw, "guest.txt")).splitlines():
        f = line.split()
        if f[2] == "kallsyms":
            kv = dict(x.split("=", 1) for x in f[4:] if "=" in x)
            per_run.setdefault((f[0], int(f[1]), f[3]), []).append(int(kv["t1"]) - int(kv["t0"]))
    for (k, _, state), v in sorted(per_run.items()):
        ks.setdefault((k, state), []).append(statistics.median(v))
    states = [st for st in ("a", "a+c", "a+c+d") if (BASE, st) in ks]
    if not states:
        die("no test_kallsyms figures from the unpatched guest (raw/guest.txt)")
    exports = dict(x.split("=") for x in meta.get("kallsyms_exports", "").split())
    for st in states:
        vals = {k: statistics.mean(ks[(k, st)]) / 1000 for k in booted if (k, st) in ks}
        if PATCHED not in vals:
            die(f"no test_kallsyms figures for state {st} from the patched guest")
        owners = " + ".join(f"{x} ({exports.get(x, '?')} exports)" for x in st.split("+"))
        r = ratio(vals[PATCHED], vals[BASE])
        rows.append(("kallsyms", f"insmod test_kallsyms_b, loaded: {owners}", "virtual us",
                     vals[BASE], vals[PATCHED], vals.get(NOUNUSED), r,
                     "median of 5 runs per boot; boots: " +
                     "; ".join(names_k[k] + " " + " / ".join(f"{v / 1000:.1f}" for v in ks[(k, st)])
                               for k in booted if (k, st) in ks)))
        ratios.append((f"kallsyms {st} p/u", r))
        verdicts.append(("kallsyms", f"upstream's test_kallsyms load with {st} loaded: 1.00 +- 0.01 of unpatched",
                         verdict(within(r, 0.99, 1.01)), f"{r:.3f}" +
                         (f" (=n: {ratio(vals[NOUNUSED], vals[BASE]):.3f})" if NOUNUSED in vals else "")))

    # ---- build: modpost instructions
    mp = {}  # (kernel, label) -> instructions
    for line in read(os.path.join(raw, "modpost.txt")).splitlines():
        k, label, ir = line.split()
        mp[(k, label)] = int(ir)
    if (BASE, "all") not in mp or (PATCHED, "all") not in mp:
        die("raw/modpost.txt lacks the 'all' figures of both modposts")
    b, y = mp[(BASE, "all")], mp[(PATCHED, "all")]
    rows.append(("build", "modpost, unpatched vmlinux.o + bench modules", "instructions (callgrind Ir)",
                 b, y, None, ratio(y, b), "same input for both, the growth tables and exporters included; each binary's own saved command line"))
    ratios.append(("modpost p/u", ratio(y, b)))
    verdicts.append(("build", "modpost at most 1.01 of unpatched (same input)",
                     verdict(ratio(y, b) <= 1.01), f"{ratio(y, b):.3f}"))

    # ---- report: exports_due vs git grep
    rep = {}
    for line in read(os.path.join(raw, "report.txt")).splitlines():
        label, ns = line.split()
        rep.setdefault(label, []).append(int(ns) / 1e6)
    e, g = statistics.median(rep["exports_due"]), statistics.median(rep["git_grep"])
    rows.append(("report", "wall time: git grep -F (unpatched column) vs make exports_due (patched column)", "ms wall, median",
                 g, e, None, ratio(e, g),
                 f"{len(rep['exports_due'])} runs each; 'unpatched' column = git grep -n -F "
                 "EXPORT_UNUSED_SYMBOL (whole tree), 'patched' = make exports_due; "
                 "runs: exports_due " + ", ".join(f"{v:.0f}" for v in rep["exports_due"]) +
                 "; git grep " + ", ".join(f"{v:.0f}" for v in rep["git_grep"])))
    ratios.append(("exports_due/git grep", ratio(e, g)))

    growth = growth_section(raw, meta, rows, verdicts, lookup, mean, net, booted, mp)
    write_outputs(out_dir, meta, rows, ratios, verdicts, notes)
    if growth:
        write_growth_plot(out_dir, meta, growth)


def growth_section(raw, meta, rows, verdicts, lookup, mean, net, booted, mp):
    """Rows and goals of the growth axes; the series of growth.png."""
    sizes = [int(x) for x in meta.get("growth_sizes", "").split()]
    owners = [int(x) for x in meta.get("growth_owners", "").split()]
    if not sizes and not owners:
        return None
    plot = {"sizes": [], "owners": []}
    ord_ratios = []  # (axis point, ratio) of ordinary lookups, patched / unpatched
    dep_ratios = []
    for n in sizes:
        o_b, o_y, o_n = (mean((k, f"big{n}_ord")) for k in (BASE, PATCHED, NOUNUSED))
        d_b, d_y = mean((BASE, f"big{n}_dep")), mean((PATCHED, f"big{n}_dep"))
        if o_b is None or o_y is None or d_y is None:
            die(f"no growth lookup figures for the table of {n} exports (raw/guest.txt)")
        rows.append(("growth", f"symbol_get+put, ordinary exports of a table of {n:,} (100 spread over it)",
                     "virtual ns/pair", o_b, o_y, o_n, ratio(o_y, o_b), ""))
        rows.append(("growth", f"symbol_get+put, deprecated exports of a table of {n:,} ({n // 100})",
                     "virtual ns/pair", d_b, d_y, None, ratio(d_y, o_y),
                     f"ratio = deprecated / ordinary of the same table, patched ({o_y:,.3f}); "
                     f"unpatched, where they are ordinary: {fmt_num(d_b, 3)}"))
        ord_ratios.append((f"{n:,} exports", ratio(o_y, o_b)))
        dep_ratios.append((f"{n:,} exports", ratio(d_y, o_y)))
        mb, my = mp.get((BASE, f"big{n}")), mp.get((PATCHED, f"big{n}"))
        if mb is None or my is None:
            die(f"no modpost figures for the table of {n} exports (raw/modpost.txt)")
        rows.append(("growth", f"modpost, unpatched vmlinux.o + a table of {n:,}", "instructions (callgrind Ir)",
                     mb, my, None, ratio(my, mb), "same input for both"))
        sec = {k: sections(read(os.path.join(raw, f"growth-sections-{k}-{n}.txt"))) for k in (BASE, PATCHED)}
        tb, ty = (sum(v for s, v in sec[k].items() if s.startswith(TABLE_PREFIXES)) for k in (BASE, PATCHED))
        rows.append(("growth", f"export tables of the module with {n:,} exports", "bytes", tb, ty, None,
                     ratio(ty, tb), "; ".join(
                         f"{s} {sec[BASE].get(s, '-')} / {sec[PATCHED].get(s, '-')}"
                         for s in sorted(set(sec[BASE]) | set(sec[PATCHED])) if s.startswith(TABLE_PREFIXES))))
        sym = {}
        for k in (BASE, PATCHED):
            text = read(os.path.join(raw, f"growth-symvers-{k}"))
            sym[k] = sum(len(line) + 1 for line in text.splitlines() if line.split("\t")[2].endswith(f"bench_big{n}"))
        rows.append(("growth", f"Module.symvers lines of the module with {n:,} exports", "bytes",
                     sym[BASE], sym[PATCHED], None, ratio(sym[PATCHED], sym[BASE]),
                     "the release in the type field of the deprecated ones"))
        plot["sizes"].append((n, o_b, o_y, d_y, mb, my))
    for k_owners in owners:
        for where, desc in (("first", "the first loaded (searched last)"),
                            ("last", "the last loaded (searched first)")):
            label = f"owners{k_owners}_{where}"
            b, y, n = (mean((k, label)) for k in (BASE, PATCHED, NOUNUSED))
            if b is None or y is None:
                die(f"no growth lookup figures for {label} (raw/guest.txt)")
            rows.append(("growth", f"symbol_get+put with {k_owners:,} exporters loaded, in {desc}",
                         "virtual ns/pair", b, y, n, ratio(y, b), "24 ordinary exports"))
            ord_ratios.append((f"{k_owners:,} owners, {where}", ratio(y, b)))
        plot["owners"].append((k_owners, mean((BASE, f"owners{k_owners}_first")),
                               mean((PATCHED, f"owners{k_owners}_first")),
                               mean((BASE, f"owners{k_owners}_last")),
                               mean((PATCHED, f"owners{k_owners}_last"))))
    if (BASE, "full_bench_loadbig") in net:
        vals = {k: statistics.mean(net[(k, "full_bench_loadbig")]) / 1000 for k in booted}
        size = int(meta.get("growth_import_size", "0"))
        rows.append(("growth", f"net insmod: resolving {meta.get('growth_imports', '?')} imports "
                     f"of the table of {size:,}", "virtual us", vals[BASE], vals[PATCHED], vals.get(NOUNUSED),
                     ratio(vals[PATCHED], vals[BASE]), "bench_loadbig minus bench_load0, medians of each boot"))
        ord_ratios.append(("importer", ratio(vals[PATCHED], vals[BASE])))
    if ord_ratios:
        verdicts.append(("growth", "ordinary lookups 1.00 +- 0.01 of unpatched at every size",
                         verdict(all(within(r, 0.99, 1.01) for _, r in ord_ratios)),
                         ", ".join(f"{p}: {r:.3f}" for p, r in ord_ratios)))
        vals = [r for _, r in ord_ratios]
        verdicts.append(("growth", "the patched/unpatched ratio stays flat as exports and owners grow "
                         "(largest minus smallest at most 0.02)",
                         verdict(max(vals) - min(vals) <= 0.02), f"{min(vals):.3f} .. {max(vals):.3f}"))
    if dep_ratios:
        verdicts.append(("growth", "deprecated lookup at most 1.05 of an ordinary one of the same table, at every size",
                         verdict(all(r <= 1.05 for _, r in dep_ratios)),
                         ", ".join(f"{p}: {r:.3f}" for p, r in dep_ratios)))
    if sizes:
        mpr = [(n, ratio(mp[(PATCHED, f"big{n}")], mp[(BASE, f"big{n}")])) for n in sizes]
        verdicts.append(("growth", "modpost at most 1.01 of unpatched at every size",
                         verdict(all(r <= 1.01 for _, r in mpr)),
                         ", ".join(f"{n:,}: {r:.3f}" for n, r in mpr)))
    return plot


def write_growth_plot(out_dir, meta, growth):
    """growth.dat and growth.gp: cost against each axis, log x."""
    dat = os.path.join(out_dir, "growth.dat")
    with open(dat, "w") as f:
        f.write("# exports ord_unpatched ord_patched dep_patched modpost_unpatched modpost_patched\n")
        for r in growth["sizes"]:
            f.write(" ".join(f"{v}" for v in r) + "\n")
        f.write("\n\n# owners first_unpatched first_patched last_unpatched last_patched\n")
        for r in growth["owners"]:
            f.write(" ".join(f"{v}" for v in r) + "\n")
    gp = f"""set terminal pngcairo size 1500,480 font "sans,10" noenhanced
set output "{os.path.join(out_dir, 'growth.png')}"
set multiplot layout 1,3 title "Growth, {meta['kernel']} (make bench, BASE={meta['base_name']}): unpatched vs patched, log x"
set logscale x 10
set grid
set key top left
set xlabel "exports in the owner's table"
set ylabel "virtual ns per symbol_get+put"
plot "{dat}" index 0 using 1:2 with linespoints title "ordinary, unpatched", \
     "" index 0 using 1:3 with linespoints title "ordinary, patched", \
     "" index 0 using 1:4 with linespoints title "deprecated, patched"
set xlabel "exporter modules loaded"
plot "{dat}" index 1 using 1:2 with linespoints title "first loaded, unpatched", \
     "" index 1 using 1:3 with linespoints title "first loaded, patched", \
     "" index 1 using 1:4 with linespoints title "last loaded, unpatched", \
     "" index 1 using 1:5 with linespoints title "last loaded, patched"
set xlabel "exports in the module given to modpost (with vmlinux.o)"
set ylabel "modpost instructions"
plot "{dat}" index 0 using 1:5 with linespoints title "unpatched modpost", \
     "" index 0 using 1:6 with linespoints title "patched modpost"
unset multiplot
"""
    with open(os.path.join(out_dir, "growth.gp"), "w") as f:
        f.write(gp)


def write_outputs(out_dir, meta, rows, ratios, verdicts, notes):
    header = ("group", "metric", "unit", "unpatched", "patched =y", "patched =n", "ratio =y/unp.")

    def cells(r):
        digits = 3 if r[2].startswith("virtual ns") else (1 if r[2].startswith(("virtual us", "ms")) else 0)
        return (r[0], r[1], r[2], fmt_num(r[3], digits), fmt_num(r[4], digits),
                fmt_num(r[5], digits), fmt_ratio(r[6]))

    table = [header] + [cells(r) for r in rows]
    widths = [max(len(t[i]) for t in table) for i in range(len(header))]
    text = []
    for i, t in enumerate(table):
        text.append("  ".join(c.ljust(w) if j < 3 else c.rjust(w)
                              for j, (c, w) in enumerate(zip(t, widths))).rstrip())
        if i == 0:
            text.append("  ".join("-" * w for w in widths))
    for v in verdicts:
        text.append(f"{v[2]}  {v[0]}: {v[1]}: {v[3]}")
    print("\n".join(text))

    md = [f"# Benchmark: deprecated exports vs unpatched {meta['kernel']} (BASE={meta['base_name']})", "",
          "Made by `make bench` (tools/measure/bench.sh). "
          f"Unpatched: `{meta['base'][:12]}` (tag base); patched: `{meta['patched'].split()[1]}` "
          f"(base + {meta['series']} commits); same fragments (base.config x86_64.config, "
          f"tinyconfig-based); =n adds unused-off.config ({meta['dep_config']} off). "
          f"{meta['qemu']}, `-icount shift=0,sleep=off` (one guest instruction = one virtual ns); "
          f"{meta['host']}; {meta['date']}.", "",
          "| " + " | ".join(header) + " | note |",
          "|" + "---|" * (len(header) + 1)]
    for r in rows:
        md.append("| " + " | ".join(c.replace("|", "\\|") for c in cells(r)) +
                  " | " + r[7].replace("|", "\\|") + " |")
    md += ["", "Goals:", ""]
    for v in verdicts:
        md.append(f"- **{v[2]}** {v[0]}: {v[1]}: {v[3]}")
    md += [""] + [f"- {n}" for n in notes]
    md += ["", "How each figure is made:", "",
           "- size: `size vmlinux`; section sizes from `readelf -S --wide vmlinux`. "
           "Per deprecated export: the bytes of every section that exists for deprecated exports alone "
           "(6.12: `__ksymtab_unused*`, `__kcrctab_unused*`, `__kremoval_unused*`; mainline: "
           "`__kdeprecated`; mainline's flag is a bit of the `__kflagstab` byte every export has) "
           "plus the exports' names (with NUL) in `__ksymtab_strings`, divided by their number. Loader's fixed cost: `size kernel/module/*.o` summed, patched minus "
           "unpatched (objects built with the same config; `deprecated.o` exists only when =y).",
           "- lookup: `bench_lookup.ko` calls `__symbol_get()` and `__symbol_put()` on each name of a set "
           "(warm-up rounds of at least 32 lookups, then timed rounds) and reads the TSC, which counts virtual ns under "
           f"`-icount`. Ordinary vmlinux set: the {meta['lookup_names']} EXPORT_SYMBOL_GPL exports of vmlinux "
           "common to both kernels (`__symbol_get()` finds only GPL-only exports). Module sets: "
           "`bench_exp_ord.ko` (100 EXPORT_SYMBOL_GPL) and `bench_exp_dep.ko` (100 EXPORT_UNUSED_SYMBOL_GPL, "
           "release 99.0), each loaded alone. A deprecated lookup goes through the rate-limited "
           "`pr_warn` of the patched kernel: the printed warnings fall in the warm-up rounds, "
           "so the timed figure is the rate-limited (suppressed) path. printk is kept off the console "
           "(`dmesg -n 1`) while timing. The figure is the mean of the boots; each boot's value is in the note.",
           f"- load: `insmod bench_load.ko`, which refers to {meta['load_imports']} ordinary EXPORT_SYMBOL "
           "exports of vmlinux (names common to both kernels, from Module.symvers) from a table of "
           "addresses; the start is the TSC read by the guest shell from `bench_clock.ko`'s sysfs "
           "parameter, the end the TSC printed by the module's init. `bench_load0.ko` is the same module "
           "without imports; net = difference of the medians (5 runs per boot). bench_load0 runs in both "
           "load rounds, beside bench_load and beside the growth importer bench_loadbig, and its median "
           "is taken over the runs of both.",
           "- kallsyms: upstream's stress modules, generated by 7.2's `lib/tests/module/gen_test_kallsyms.sh` "
           "with CONFIG_TEST_KALLSYMS_LARGE's values (100 symbols, scale factor 8) and built out of tree "
           "against each kernel; `insmod test_kallsyms_b.ko` (one import from test_kallsyms_a) timed by "
           "the TSC read before and after by the guest shell, with a, then a+c, then a+c+d loaded, as "
           "`tools/testing/selftests/module/find_symbol.sh` does; median of 5 runs per boot.",
           "- build: `valgrind --tool=callgrind` over each tree's own modpost with its saved command line "
           "(`.Module.symvers.cmd`), both given the unpatched vmlinux.o (with its objects' .cmd files for "
           "CRCs) and the bench modules built against the unpatched kernel.",
           "- report: wall time of `make -s -C build/linux O=... exports_due` and of "
           "`git grep -n -F EXPORT_UNUSED_SYMBOL` (the macro name; it also matches the _GPL one) over the "
           "same tree, after one warm-up run each; median.", ""]
    with open(os.path.join(out_dir, "bench.md"), "w") as f:
        f.write("\n".join(md))

    with open(os.path.join(out_dir, "bench.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["group", "metric", "unit", "unpatched", "patched_y", "patched_n", "ratio_y_unpatched", "note"])
        for r in rows:
            w.writerow([r[0], r[1], r[2]] + ["" if v is None else
                                             (f"{v:.6g}" if isinstance(v, float) else v) for v in r[3:7]] + [r[7]])
        for v in verdicts:
            w.writerow(["goal", v[1], "", "", "", "", "", f"{v[2]}: {v[3]}"])

    with open(os.path.join(out_dir, "ratios.dat"), "w") as f:
        for i, (label, v) in enumerate(ratios):
            f.write(f'{i} "{label}" {v:.6f}\n')
    gp = f"""set terminal pngcairo size 1100,560 font "sans,10" noenhanced
set output "{os.path.join(out_dir, 'ratios.png')}"
set title "Deprecated exports vs unpatched {meta['kernel']} (make bench, BASE={meta['base_name']}): ratios, log scale; 1 = no change"
set style fill solid 0.8 border -1
set boxwidth 0.6
set logscale y 2
set yrange [0.25:*]
set grid ytics
set ylabel "ratio"
set xtics rotate by -30 nomirror
set xrange [-0.7:{len(ratios) - 0.3}]
set arrow from graph 0, first 1 to graph 1, first 1 nohead lc rgb "#c00000" lw 1.5
plot "{os.path.join(out_dir, 'ratios.dat')}" using 1:3:xtic(2) with boxes lc rgb "#4477aa" notitle, \\
     "" using 1:3:(sprintf("%.3f", $3)) with labels offset 0,0.8 notitle
"""
    with open(os.path.join(out_dir, "ratios.gp"), "w") as f:
        f.write(gp)


if __name__ == "__main__":
    main()
