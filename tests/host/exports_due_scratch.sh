# The report against planted cases in a scratch tree: due, not yet due,
# malformed, commented out, the macro's own #define, a kernel-doc example,
# and every kind of schedule mismatch; then --remove rewrites exactly the
# due exports and their entries.
. "$(dirname "$0")/lib.sh"
scratch_dir
T=$scratch/tree
mkdir -p "$T/scripts" "$T/Documentation" "$T/drivers/a" "$T/arch/arm/b" "$T/include/linux"
cp "$BUILD/linux/scripts/exports_due.sh" "$T/scripts/"
printf 'VERSION = 6\nPATCHLEVEL = 13\nSUBLEVEL = 0\n' >"$T/Makefile"
cat >"$T/include/linux/export.h" <<'X'
#define EXPORT_UNUSED_SYMBOL(sym, rel) _EXPORT_SYMBOL(sym, "UNUSED:" rel)
/*
 * Example:
 * EXPORT_UNUSED_SYMBOL(example_in_comment, "6.1");
 */
X
cat >"$T/drivers/a/a.c" <<'X'
int due_a(void) { return 0; }
EXPORT_UNUSED_SYMBOL(due_a, "6.13");
int later_a(void) { return 0; }
EXPORT_UNUSED_SYMBOL_GPL(later_a, "6.14");
// EXPORT_UNUSED_SYMBOL(commented_a, "6.1");
/* EXPORT_UNUSED_SYMBOL(block_a, "6.1"); */
/*
EXPORT_UNUSED_SYMBOL(in_block_a, "6.1");
*/
	EXPORT_UNUSED_SYMBOL_GPL(old_gpl, "6.2");
EXPORT_UNUSED_SYMBOL(bad_rel, "613");
X
cat >"$T/arch/arm/b/b.S" <<'X'
EXPORT_UNUSED_SYMBOL(asm_due, "6.10")
X
cat >"$T/Documentation/feature-removal-schedule.txt" <<'X'
Header.

---------------------------

What:	EXPORT_UNUSED_SYMBOL(due_a)
When:	6.13
Why:	test
Who:	test list

---------------------------

What:	EXPORT_UNUSED_SYMBOL_GPL(later_a)
When:	6.15
Why:	test (wrong When:)
Who:	test list

---------------------------

What:	EXPORT_UNUSED_SYMBOL(gone_a)
When:	6.13
Why:	test (no export)
Who:	test list

---------------------------

What:	EXPORT_UNUSED_SYMBOL(asm_due)
When:	6.10
Why:	test
Who:	test list

---------------------------

What:	Some other feature
When:	7.0
Why:	not an export entry: ignored
Who:	test list

---------------------------
X
S=Documentation/feature-removal-schedule.txt
check() { # ARGS... ; compares stdout with $scratch/want, expects exit 1
	rc=0
	sh "$T/scripts/exports_due.sh" "$@" "$T" >"$scratch/got" 2>&1 || rc=$?
	diff -u "$scratch/want" "$scratch/got" || fail "exports_due $*: output differs (above)"
	[ "$rc" = 1 ] || fail "exports_due $*: exit $rc, expected 1"
	echo "exports_due $*: output as expected, exit 1"
}
cat >"$scratch/want" <<X
$S:12: later_a: When: 6.15, but drivers/a/a.c:4 says 6.14
$S:19: EXPORT_UNUSED_SYMBOL(gone_a): no such export in the tree
arch/arm/b/b.S:1: asm_due (EXPORT_UNUSED_SYMBOL): due in 6.10
drivers/a/a.c:2: due_a (EXPORT_UNUSED_SYMBOL): due in 6.13
drivers/a/a.c:10: old_gpl (EXPORT_UNUSED_SYMBOL_GPL): due in 6.2
drivers/a/a.c:10: old_gpl (EXPORT_UNUSED_SYMBOL_GPL): no entry in $S
drivers/a/a.c:11: bad_rel (EXPORT_UNUSED_SYMBOL): malformed removal release "613"
X
check
# Look behind: at 6.9 only the 6.2 export is due; ALL lists the rest.
cat >"$scratch/want" <<X
$S:12: later_a: When: 6.15, but drivers/a/a.c:4 says 6.14
$S:19: EXPORT_UNUSED_SYMBOL(gone_a): no such export in the tree
arch/arm/b/b.S:1: asm_due (EXPORT_UNUSED_SYMBOL): scheduled for 6.10
drivers/a/a.c:2: due_a (EXPORT_UNUSED_SYMBOL): scheduled for 6.13
drivers/a/a.c:4: later_a (EXPORT_UNUSED_SYMBOL_GPL): scheduled for 6.14
drivers/a/a.c:10: old_gpl (EXPORT_UNUSED_SYMBOL_GPL): due in 6.2
drivers/a/a.c:10: old_gpl (EXPORT_UNUSED_SYMBOL_GPL): no entry in $S
drivers/a/a.c:11: bad_rel (EXPORT_UNUSED_SYMBOL): malformed removal release "613"
X
check --all --release 6.9
# --remove at 6.13: the four due lines go, with the entries of due_a and asm_due.
cp -a "$T" "$scratch/before"
sh "$T/scripts/exports_due.sh" --remove "$T" >/dev/null 2>&1 || true
diff -r "$scratch/before" "$T" >"$scratch/diff" || true
cat "$scratch/diff"
for l in 'EXPORT_UNUSED_SYMBOL(due_a, "6.13");' 'EXPORT_UNUSED_SYMBOL_GPL(old_gpl, "6.2");' \
	'EXPORT_UNUSED_SYMBOL(asm_due, "6.10")' 'What:	EXPORT_UNUSED_SYMBOL(due_a)' 'What:	EXPORT_UNUSED_SYMBOL(asm_due)'; do
	grep -qF "< $l" "$scratch/diff" || grep -qF "<  	$l" "$scratch/diff" || grep -qF "< 	$l" "$scratch/diff" ||
		fail "--remove did not remove: $l"
done
[ "$(grep -c '^>' "$scratch/diff")" = 0 ] || fail "--remove added lines"
for l in later_a bad_rel commented_a in_block_a example_in_comment gone_a 'Some other feature'; do
	grep -rqF "$l" "$T" || fail "--remove removed $l"
done
grep -q 'int due_a(void)' "$T/drivers/a/a.c" || fail "--remove removed the function"
echo "--remove removed exactly the due exports and their entries"
