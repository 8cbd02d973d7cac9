#!/bin/bash
# needs: bisect
# Gate 4: every prefix of the series, then of the next-cycle series on top,
# applies with git am, builds vmlinux and modules with no warning, and, where
# the patch changes what runs, boots and loads a module
# (tools/series/bisect-check.sh; one incremental object directory; the result is
# reused while the series is unchanged).
. "$(dirname "$0")/lib.sh"
out=$BUILD/bisect/out
[ -s "$out/report" ] || fail "the bisection pass left no report (${out#"$TOP"/}/report)"
cat "$out/report"
[ "$(cat "$out/status" 2>/dev/null)" = 0 ] || fail "a prefix of the series is not bisectable (${out#"$TOP"/}/report)"
n=$(cat "$PATCHES/series" "$PATCHES"/next/series 2>/dev/null | grep -vc '^\s*\(#\|$\)')
ok=$(grep -c '^ok   prefix ' "$out/report")
[ "$ok" -eq "$n" ] || fail "expected $n prefixes (series and next-cycle series) ok, the report has $ok"
booted=$(grep -c 'boots, loads a module' "$out/report")
[ "$booted" -gt 0 ] || fail "no prefix was booted"
echo "$n prefixes build; $booted of them booted and loaded a module"
