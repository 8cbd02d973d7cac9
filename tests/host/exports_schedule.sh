#!/bin/bash
# bases: 6.12 mainline
# One source of truth (issue 12 g): the deprecated exports in
# Documentation/feature-removal-schedule.txt are generated from the macros by
# 'make exports_schedule', between markers, and 'make exports_due' fails,
# naming the file and the symbol, as soon as a macro and the schedule
# disagree: a release edited, an export added, removed or changed class, the
# block edited by hand, a hand-written export entry outside it.  The text outside the block is kept as it is.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/exports_tree.inc"
scratch_dir
T=$scratch/tree
mini_tree "$T"
cp "$K/$S" "$T/$S" 2>/dev/null || echo 'Hand-written text.' >"$T/$S"
mkdir -p "$T/drivers/a"
cat >"$T/drivers/a/a.c" <<'X'
int keep_a(void) { return 0; }
EXPORT_UNUSED_SYMBOL(keep_a, "6.14");
int later_a(void) { return 0; }
EXPORT_UNUSED_SYMBOL_GPL(later_a,
			 "6.14");
X
outside() { # the schedule without its generated block
	sed '/^=== BEGIN deprecated exports/,/^=== END deprecated exports/d' "$T/$S"
}
outside >"$scratch/outside"

clean() { # CASE: exports_due must print nothing and exit 0
	run_make "$T" exports_due
	if [ "$rc" = 0 ] && [ -z "$out" ]; then
		ok "$1: clean"
	else
		problem "$1: exit $rc, printed: $out"
	fi
}
run_make "$T" help
if grep -q '^  exports_schedule ' <<<"$out"; then
	ok "make help lists exports_schedule"
else
	problem "make help does not list exports_schedule"
fi
run_make "$T" exports_schedule
echo "make exports_schedule, exit $rc: $out $err"
cp "$T/$S" "$scratch/generated"
cat "$T/$S"
want='What:	EXPORT_UNUSED_SYMBOL(keep_a)
When:	6.14
Where:	drivers/a/a.c

What:	EXPORT_UNUSED_SYMBOL_GPL(later_a)
When:	6.14
Where:	drivers/a/a.c'
if [ "$rc" = 0 ] && sed -n '/^=== BEGIN deprecated exports/,/^=== END deprecated exports/p' "$T/$S" |
	sed '1d;$d' | diff -u <(echo "$want") - && outside | cmp -s - "$scratch/outside"; then
	ok "exports_schedule wrote the block and kept the rest"
else
	problem "exports_schedule (exit $rc) wrote something else (above)"
fi
run_make "$T" exports_schedule
if cmp -s "$scratch/generated" "$T/$S" && [ "$rc" = 0 ] && [ -z "$out" ]; then
	ok "exports_schedule again: nothing to change"
else
	problem "exports_schedule again (exit $rc): $out"
fi
run_make "$T" exports_due
clean "exports_due on the fresh schedule"

stale() { # CASE EXPECTED-LINE: exports_due must fail with that line
	run_make "$T" exports_due
	if [ "$rc" = 1 ] && [ "$out" = "$2" ]; then
		ok "$1: $out"
	else
		problem "$1: exit $rc, printed: $out
expected: $2"
	fi
	cp "$scratch/a.c" "$T/drivers/a/a.c"
	cp "$scratch/generated" "$T/$S"
}
cp "$T/drivers/a/a.c" "$scratch/a.c"
sed -i 's/"6.14");/"6.15");/' "$T/drivers/a/a.c"
sed -i '2s/"6.15"/"6.14"/' "$T/drivers/a/a.c"
stale "release edited" "$S: later_a: schedule says 6.14, EXPORT_UNUSED_SYMBOL_GPL in drivers/a/a.c says 6.15; run 'make exports_schedule'"
printf '%s\n' 'int new_a(void) { return 0; }' 'EXPORT_UNUSED_SYMBOL(new_a, "7.0");' >>"$T/drivers/a/a.c"
stale "export added" "$S: new_a: no entry, EXPORT_UNUSED_SYMBOL in drivers/a/a.c says 7.0; run 'make exports_schedule'"
sed -i '/keep_a, "6.14"/d' "$T/drivers/a/a.c"
stale "export removed" "$S: keep_a: schedule says 6.14, but drivers/a/a.c has no such export; run 'make exports_schedule'"
sed -i 's/EXPORT_UNUSED_SYMBOL(keep_a/EXPORT_UNUSED_SYMBOL_GPL(keep_a/' "$T/drivers/a/a.c"
stale "class changed" "$S: keep_a: schedule says EXPORT_UNUSED_SYMBOL, drivers/a/a.c has EXPORT_UNUSED_SYMBOL_GPL; run 'make exports_schedule'"
sed -i 's/^Where:\tdrivers/Where:  drivers/' "$T/$S"
stale "block edited" "$S: generated block edited by hand; run 'make exports_schedule'"
sed -i '1i What:\tEXPORT_UNUSED_SYMBOL(keep_a)' "$T/$S"
stale "hand-written entry" "$S:1: a hand-written entry for a deprecated export; the generated block lists them"
rm "$T/$S"
stale "file deleted" "$S: missing; run 'make exports_schedule'"
# And the fix is the one the message names.
sed -i 's/"6.14");/"6.15");/' "$T/drivers/a/a.c"
run_make "$T" exports_schedule
run_make "$T" exports_due
clean "exports_due after 'make exports_schedule'"
exit $failed
