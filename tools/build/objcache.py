#!/usr/bin/env python3
"""Make a restored object directory valid where it now lives.

usage: objcache.py fix DIR SRC OLD=NEW...

An object directory DIR comes out of the cache (tools/lib.sh,
objcache_restore) with the paths and times of the clone that built it. Two
things tell kbuild whether a target is up to date, and both are put right
here:

- the command lines and dependency lists kept in the .cmd files (and the
  other text files kbuild writes: the generated Makefile, logs) name the old
  clone's absolute paths: each OLD becomes NEW, or every command would look
  changed;
- make compares times: every restored file must be newer than every source
  file of this tree (made minutes ago in a fresh clone) and no newer than
  now, in the order in which they were built. The files keep their order
  (equal times stay equal) and are spread between the newest file of the
  source tree SRC and now.
"""
import os
import re
import sys
import time

TEXT_NAMES = {"Makefile", "modules.order"}
TEXT_SUFFIXES = (".cmd", ".log", ".mod", ".symvers")


def newest_source(src):
    newest = 0
    for root, dirs, files in os.walk(src):
        if ".git" in dirs:
            dirs.remove(".git")
        for name in files:
            try:
                st = os.lstat(os.path.join(root, name))
            except FileNotFoundError:
                continue
            newest = max(newest, st.st_mtime_ns)
    return newest


def fix(obj, src, pairs):
    files = []
    for root, dirs, names in os.walk(obj):
        # a link to a directory is listed with the directories
        for name in names + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            path = os.path.join(root, name)
            st = os.lstat(path)
            files.append((st.st_mtime_ns, path))
    # one pass, longest first: an old path may hold another, or a new one
    repl = {a.encode(): b.encode() for a, b in pairs if a != b}
    pattern = re.compile(b"|".join(re.escape(a) for a in sorted(repl, key=len, reverse=True)))
    rewritten = 0
    for _t, path in files:
        name = os.path.basename(path)
        if os.path.islink(path):
            # such as kbuild's "source", a link to the source tree
            target = os.readlink(path).encode()
            moved = pattern.sub(lambda m: repl[m.group(0)], target) if repl else target
            if moved != target:
                os.unlink(path)
                os.symlink(moved, path)
                rewritten += 1
            continue
        if not (name in TEXT_NAMES or name.endswith(TEXT_SUFFIXES)):
            continue
        with open(path, "rb") as f:
            data = f.read()
        new = pattern.sub(lambda m: repl[m.group(0)], data) if repl else data
        if new != data:
            with open(path, "wb") as f:
                f.write(new)
            rewritten += 1
    # times: keep the order, spread over (newest source, now]
    lo = newest_source(src) if src else 0
    now = time.time_ns()
    if now <= lo:
        raise SystemExit("objcache: the tree has files newer than now")
    distinct = sorted({t for t, _ in files})
    step = (now - lo) // (len(distinct) + 1)
    if step == 0:
        raise SystemExit("objcache: no room between the newest source and now")
    rank = {t: lo + step * (i + 1) for i, t in enumerate(distinct)}
    for t, path in files:
        os.utime(path, ns=(rank[t], rank[t]), follow_symlinks=False)
    print(f"{len(files)} files, {rewritten} rewritten")


def main():
    if len(sys.argv) < 4 or sys.argv[1] != "fix" or not all("=" in a for a in sys.argv[4:]):
        raise SystemExit(__doc__.split("\n\n")[1])
    pairs = [a.split("=", 1) for a in sys.argv[4:]]
    fix(os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3]), pairs)


if __name__ == "__main__":
    main()
