#!/bin/bash
# bases: 6.12 mainline
# Issue 12 f: the loader's deprecated-export code has none of the dead or
# quadratic code that review found in the first 6.12 series:
# - num_removal, written but never read;
# - a branch on the caller's licence in the symbol_get() hook
#   (__symbol_get() finds only GPL-only exports, so it never ran);
# - a loop in the per-symbol recording (module_deprecated_use() searched
#   the module's earlier uses for every symbol: O(n^2) per module).
# Duplicates are dropped once per module instead; hostile_modules checks
# that a module naming an import twice is logged once.
# usage: dead_code.sh [TREE] (default: the base's tree, build/<base>/linux)
. "$(dirname "$0")/lib.sh"
K=${1:-$BUILD/linux}
[ -f "$K/kernel/module/deprecated.c" ] || fail "no kernel/module/deprecated.c in ${K#"$TOP"/}"
python3 - "$K" <<'EOF' || fail "dead or quadratic code in the series' loader code"
import re
import sys

tree = sys.argv[1]
bad = 0


def say_bad(msg):
    global bad
    print("WRONG: " + msg)
    bad = 1


def source(path):
    with open(f"{tree}/{path}") as f:
        # comments and strings out, so that only code is matched
        text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", f.read(), flags=re.S)
        return re.sub(r'"(\\.|[^"\\])*"', '""', text)


def body(text, name):
    """the definition of function @name: signature and braced body"""
    m = re.search(r"^[a-z][^;{}()]*\b" + name + r"\([^;{]*\)\s*\{", text, re.M)
    if not m:
        return None
    depth, i = 0, m.end() - 1
    while i < len(text):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[m.start():i + 1]
        i += 1
    return None


files = ["kernel/module/deprecated.c", "kernel/module/main.c", "kernel/module/internal.h",
         "include/linux/module.h"]
code = {f: source(f) for f in files}
hits = [f for f in files if re.search(r"\bnum_removal\b", code[f])]
if hits:
    say_bad("num_removal in " + ", ".join(hits))
else:
    print("no num_removal in " + ", ".join(files))

hook = body(code["kernel/module/deprecated.c"], "module_deprecated_symbol_get")
if hook is None:
    say_bad("no module_deprecated_symbol_get() in kernel/module/deprecated.c")
else:
    conds = re.findall(r"\b(?:if|while)\s*\(([^{;]*)\)", hook)
    lic = [c for c in conds if re.search(r"licen[cs]e|GPL|gpl|proprietary|taint", c)]
    if lic:
        say_bad("the symbol_get() hook branches on the licence: " + "; ".join(lic))
    else:
        print(f"module_deprecated_symbol_get(): {len(conds)} condition(s), none on the licence")

use = body(code["kernel/module/deprecated.c"], "module_deprecated_use")
if use is None:
    say_bad("no module_deprecated_use() in kernel/module/deprecated.c")
elif re.search(r"\b(for|while)\s*\(", use):
    say_bad("module_deprecated_use() loops: recording one use must not search the others")
else:
    print("module_deprecated_use(): no loop, one use recorded in O(1)")
sys.exit(bad)
EOF
echo "dead_code: nothing of issue 12 f in ${K#"$TOP"/}"
