#!/bin/bash
# variants: x86_64
# tools/build/mutate-ko.py is rerunnable: the same seed gives the same mutants
# byte for byte, another seed other random ones; every mutant differs from
# the module it was made from, and the manifest names each file once.
. "$(dirname "$0")/lib.sh"
scratch_dir
ko=$BUILD/mods/x86_64/mut_exporter/mut_exporter.ko
[ -f "$ko" ] || fail "mut_exporter.ko was not built"
python3 "$TOP/tools/build/mutate-ko.py" --seed 7 "$ko" "$scratch/a" >/dev/null || fail "mutate-ko.py failed"
python3 "$TOP/tools/build/mutate-ko.py" --seed 7 "$ko" "$scratch/b" >/dev/null || fail "mutate-ko.py failed (second run)"
python3 "$TOP/tools/build/mutate-ko.py" --seed 8 "$ko" "$scratch/c" >/dev/null || fail "mutate-ko.py failed (seed 8)"
n=$(wc -l <"$scratch/a/MANIFEST")
[ "$n" -ge 50 ] || fail "only $n mutants"
[ "$(cut -f1 "$scratch/a/MANIFEST" | sort -u | wc -l)" -eq "$n" ] || fail "a file is listed twice in the manifest"
diff -r "$scratch/a" "$scratch/b" >/dev/null || fail "the same seed gave different mutants"
echo "seed 7 twice: $n identical mutants"
same=0
for f in "$scratch/a"/random-*.ko; do cmp -s "$f" "$scratch/c/$(basename "$f")" && same=$((same + 1)); done
[ "$same" -lt 5 ] || fail "seed 8 repeated $same of seed 7's random mutants"
for f in "$scratch/a"/*.ko; do
	! cmp -s "$f" "$ko" || fail "$(basename "$f") is identical to the original"
done
echo "every mutant differs from mut_exporter.ko; seed 8 differs from seed 7"
