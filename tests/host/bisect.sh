# Gate 4: every prefix of the series applies with git am, builds vmlinux and
# modules with no warning the unpatched build lacks, and, where the patch
# changes what runs, boots and loads a module (tools/bisect-check.sh; one
# incremental object directory, reused while the series is unchanged).
. "$(dirname "$0")/lib.sh"
"$TOP/tools/bisect-check.sh" || fail "a prefix of the series is not bisectable (build/bisect-out/report)"
n=$(grep -vc '^\s*\(#\|$\)' "$TOP/patches/series")
ok=$(grep -c '^ok   prefix ' "$BUILD/bisect-out/report")
[ "$ok" -eq $((n + 1)) ] || fail "expected base + $n prefixes ok, the report has $ok"
booted=$(grep -c 'boots, loads a module' "$BUILD/bisect-out/report")
[ "$booted" -gt 0 ] || fail "no prefix was booted"
echo "base and $n prefixes build; $booted prefixes booted and loaded a module"
