#!/bin/bash
# bases: harness
# Every environment knob is documented: each NAME that a script of the
# harness reads with a default (the ${...:-...} form) is listed in
# 'make help' (the README points there). Not knobs, and so not required: variant fields (set by a
# configs/*.variant file), what the runner gives the checks (RUN_BOOTS), other
# tools' own variables, and standard ones.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || fail "no $TOP"
not_knobs=' OBJPATH KARCH WEIGHT KIND RUN_BOOTS CROSS_COMPILE CCACHE_DIR XDG_CACHE_HOME TMPDIR '
help=$(make --no-print-directory help) || fail "make help failed"
knobs=$(grep -rhoE '\$\{[A-Z][A-Z0-9_]*:-' tools tests bench Makefile .ci | sed 's/^\${//; s/:-$//' | sort -u)
[ -n "$knobs" ] || fail "found no knob at all (the pattern is broken)"
missing=
for k in $knobs; do
	case "$not_knobs" in *" $k "*) continue ;; esac
	grep -qE "(^|[^A-Z_])$k=" <<<"$help" || missing="$missing $k"
done
[ -z "$missing" ] || fail "knobs that make help does not list:$missing"
echo "make help lists all $(wc -w <<<"$knobs") knobs read by the harness's scripts (less the $(wc -w <<<"$not_knobs") that are not knobs)"
