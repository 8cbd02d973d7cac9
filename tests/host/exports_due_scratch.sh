#!/bin/bash
# bases: 6.12 mainline
# make exports_due / exports_remove (scripts/exports_due.sh) on a scratch
# tree with planted cases, one per review defect (issue 12 d), each a case
# that failed with the first script, together with what already worked:
#  split      a macro call split over two lines is an export, not malformed
#  literal    a "/*" inside a string literal hides nothing after it
#  crlf       a file with CRLF line ends is read like any other
#  noname     no file is skipped by name: an export in
#             lib/test_deprecated_exports.c is due like any other; the test
#             exports' "99.0" is simply never due
#  release    RELEASE=6 and a bare --release are usage errors (status 2)
#             that say what a release looks like
#  remove     make exports_remove exits 0 after removing the calls (split
#             ones whole, CRLF lines untouched, functions kept) and
#             rewriting the schedule; the report is clean afterwards
#  posix      the script gives the same report with busybox's sh and tools
#             only (no GNU grep/sed flags)
# Also: comments, the macro's #define, a kernel-doc example and assembler.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/exports_tree.inc"
scratch_dir
T=$scratch/tree
mini_tree "$T"
mkdir -p "$T/include/linux" "$T/drivers/a" "$T/arch/arm/b" "$T/lib"
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
int split_a(void) { return 0; }
EXPORT_UNUSED_SYMBOL_GPL(split_a,
			 "6.13");
static const char glob[] = "*.c /*";
static const char quote = '"';
int after_literal(void) { return 0; }
EXPORT_UNUSED_SYMBOL(after_literal, "6.12");
X
printf '%s\r\n' 'int crlf_a(void) { return 0; }' 'EXPORT_UNUSED_SYMBOL(crlf_a, "6.13");' \
	'int crlf_keep(void) { return 0; }' >"$T/drivers/a/crlf.c"
cat >"$T/lib/test_deprecated_exports.c" <<'X'
int test_dep_export_plain(void) { return 1; }
EXPORT_UNUSED_SYMBOL(test_dep_export_plain, "99.0");
int test_dep_by_name(void) { return 1; }
EXPORT_UNUSED_SYMBOL(test_dep_by_name, "6.13");
X
cat >"$T/arch/arm/b/b.S" <<'X'
EXPORT_UNUSED_SYMBOL(asm_due, "6.10")
X
# The schedule as the script writes it, so that only the cases above report.
sh "$EXPORTS_DUE" --schedule "$T" >/dev/null 2>&1 || true
echo 'EXPORT_UNUSED_SYMBOL(bad_rel, "613");' >"$T/drivers/a/bad.c"

report() { # CASE LINE...: the lines this case adds to the report
	local c=$1
	shift
	printf '%s\n' "$@" >"$scratch/want.$c"
}
report base 'arch/arm/b/b.S:1: asm_due (EXPORT_UNUSED_SYMBOL): due in 6.10' \
	'drivers/a/a.c:2: due_a (EXPORT_UNUSED_SYMBOL): due in 6.13' \
	'drivers/a/a.c:10: old_gpl (EXPORT_UNUSED_SYMBOL_GPL): due in 6.2' \
	'drivers/a/bad.c:1: bad_rel (EXPORT_UNUSED_SYMBOL): malformed removal release "613"'
report split 'drivers/a/a.c:12: split_a (EXPORT_UNUSED_SYMBOL_GPL): due in 6.13'
report literal 'drivers/a/a.c:17: after_literal (EXPORT_UNUSED_SYMBOL): due in 6.12'
report crlf 'drivers/a/crlf.c:2: crlf_a (EXPORT_UNUSED_SYMBOL): due in 6.13'
report noname 'lib/test_deprecated_exports.c:4: test_dep_by_name (EXPORT_UNUSED_SYMBOL): due in 6.13'
run_make "$T" exports_due
echo "make exports_due (release 6.13), exit $rc:"
echo "$out"
[ "$rc" = 1 ] || problem "base: make exports_due exited $rc, expected 1"
for c in base split literal crlf noname; do
	missing=$(echo "$out" | grep -vxFf - "$scratch/want.$c" || true)
	if [ -n "$missing" ]; then
		problem "$c: not reported: $missing"
	else
		ok "$c: reported"
	fi
done
extra=$(cat "$scratch"/want.* | grep -vxFf - <(echo "$out") || true)
[ -z "$extra" ] || problem "unexpected lines (malformed split/CRLF call, a comment, 99.0, the schedule?): $extra"

# release: a usage error with a message, status 2, for both forms.
run_make "$T" exports_due RELEASE=6
if [ "$rc" = 2 ] && [ -z "$out" ] && grep -q "release '6' is not MAJOR.MINOR" <<<"$err"; then
	ok "release: RELEASE=6 refused, exit 2: $err"
else
	problem "release: RELEASE=6 (exit $rc): $out $err"
fi
rc=0
out2=$(sh "$T/scripts/exports_due.sh" --release 2>&1) || rc=$?
if [ "$rc" = 2 ] && grep -q -- '--release needs a value' <<<"$out2"; then
	ok "release: bare --release refused, exit 2: $out2"
else
	problem "release: bare --release (exit $rc): $out2"
fi

# posix: the same report with busybox alone on PATH.
if bb=$(command -v busybox); then
	mkdir "$scratch/bb"
	for a in $("$bb" --list); do ln -s "$bb" "$scratch/bb/$a"; done
	rc=0
	bbout=$(cd "$T" && PATH=$scratch/bb "$bb" sh scripts/exports_due.sh 2>&1) || rc=$?
	run_make "$T" exports_due
	if [ "$bbout" = "$out" ] && [ "$rc" = 1 ]; then
		ok "posix: busybox sh and tools give the same report (exit $rc)"
	else
		problem "posix: with busybox only (exit $rc):
$bbout"
	fi
else
	echo "posix: no busybox here, not checked"
fi

# remove: exit 0, exactly the due calls go, the report is clean after
# (a malformed call would make exports_remove refuse: out of the way).
rm "$T/drivers/a/bad.c"
git -C "$T" init -q && git -C "$T" add -A && git -C "$T" -c user.name=t -c user.email=t@t commit -qm base
run_make "$T" exports_remove RELEASE=6.13
echo "make exports_remove RELEASE=6.13, exit $rc:"
echo "$out"
if [ "$rc" = 0 ]; then ok "remove: exit 0"; else problem "remove: make exports_remove exited $rc"; fi
git -C "$T" diff --stat
removed=$(git -C "$T" diff -U0 -- drivers lib arch | grep '^-[^-]' | sed 's/^-//; s/\r$//')
want='EXPORT_UNUSED_SYMBOL(due_a, "6.13");
	EXPORT_UNUSED_SYMBOL_GPL(old_gpl, "6.2");
EXPORT_UNUSED_SYMBOL_GPL(split_a,
			 "6.13");
EXPORT_UNUSED_SYMBOL(after_literal, "6.12");
EXPORT_UNUSED_SYMBOL(asm_due, "6.10")
EXPORT_UNUSED_SYMBOL(crlf_a, "6.13");
EXPORT_UNUSED_SYMBOL(test_dep_by_name, "6.13");'
if [ "$(sort <<<"$removed")" = "$(sort <<<"$want")" ] &&
	! git -C "$T" diff -- drivers lib arch | grep -q '^+[^+]'; then
	ok "remove: exactly the due calls removed, nothing added"
else
	problem "remove: removed:
$removed"
fi
grep -q 'int split_a(void)' "$T/drivers/a/a.c" || problem "remove: a function went too"
[ "$(grep -c $'\r$' "$T/drivers/a/crlf.c")" = 2 ] || problem "remove: CRLF lines changed"
run_make "$T" exports_due RELEASE=6.13
if [ "$rc" = 0 ] && [ -z "$out" ]; then
	ok "remove: afterwards make exports_due RELEASE=6.13 is clean"
else
	problem "remove: make exports_due RELEASE=6.13 after the removal (exit $rc): $out"
fi
exit $failed
