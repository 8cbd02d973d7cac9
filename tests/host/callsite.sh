#!/bin/bash
# alone: yes
# bases: mainline 6.12
# variants: x86_64
# Issue 14, item 1: a module built outside the tree (M=) is warned by the
# compiler where it uses a deprecated export, with the class and the removal
# release; -Wno-deprecated-declarations silences it; in-tree code is not
# warned; and the DECLARE_DEPRECATED_EXPORT*() in the header cannot drift
# from the EXPORT_UNUSED_SYMBOL*() (a mismatch is a build error naming both
# places, a missing declaration an error too).  On 6.12 the same with
# Debian's clang: the module's call site, and the drift check's folding.
. "$(dirname "$0")/lib.sh"
O=$(variant_obj x86_64) MODS=$BUILD/mods/x86_64
src=$TOP/tests/modules/krf_path/krf_path.c
line=$(grep -n 'kernel_read_file(file' "$src" | cut -d: -f1)
[ -n "$line" ] || fail "no call of kernel_read_file() in ${src#"$TOP"/}"
# gcc quotes with ‘’ in a UTF-8 locale (kbuild unexports LC_ALL)
q="('|‘|’)"
want="krf_path\.c:$line:[0-9]+: warning: ${q}kernel_read_file${q} is deprecated: EXPORT_UNUSED_SYMBOL_GPL, to be removed in ${REL//./\\.} \[-Wdeprecated-declarations\]"
# The harness's own M= build of krf_path.
expect_grep "$want" "$MODS/krf_path/build.log"
[ -f "$MODS/krf_path/krf_path.ko" ] || fail "krf_path.ko was not built"

# In-tree code builds with no such warning. The kernel's build log cannot
# tell: a kernel from the object cache, or objects kept from an earlier run,
# compiled nothing in this run. So the check compiles the in-tree C files in
# question itself: those the series touches and those that call a deprecated
# export, each that the variant builds (its .o is there; host programs under
# scripts/ and tools/ are not the kernel's code), as kbuild single targets.
# An assembler file (.s) is compiled with the object's flags and leaves the
# objects as they are; the old one is removed first, or kbuild would find it
# up to date and compile nothing.
scratch_dir
load_variant x86_64
files=$({
	git -C "$KSRC" diff --name-only base HEAD -- '*.c' &&
		git -C "$KSRC" grep -lE '(^|[^a-z_])kernel_read_file(_from_fd)?\(' -- '*.c'
} | grep -vE '^(scripts|tools)/|/tools/' | LC_ALL=C sort -u) ||
	fail "could not list the series' C files in ${KSRC#"$TOP"/}"
targets=()
for f in $files; do
	[ -f "$OBJ/${f%.c}.o" ] || continue
	targets+=("${f%.c}.s")
	rm -f "$OBJ/${f%.c}.s"
done
grep -qx 'kernel/module/main.s' <(printf '%s\n' "${targets[@]}") ||
	fail "kernel/module/main.c, which calls kernel_read_file(), is not among the files to compile (${targets[*]})"
# kbuild's prepare step runs first: with the build's own stamp (as
# tools/build/build-kernel.sh sets it), or it rewrites include/generated/compile.h
# and the next build of the kernel relinks it. Niced in a subshell: kmake is
# a function.
export KBUILD_BUILD_TIMESTAMP='Sat Jan  1 00:00:00 UTC 2000'
export KBUILD_BUILD_USER=harness KBUILD_BUILD_HOST=harness
(renice -n 10 -p "$BASHPID" >/dev/null && kmake "${targets[@]}") >"$scratch/intree.log" 2>&1
rc=$?
missing=
for t in "${targets[@]}"; do
	# kbuild's own line for the compile: "  CC      <target>" ([M] for a module)
	grep -qE "^  CC( +\[M\])? +${t//./\\.}\$" "$scratch/intree.log" || missing="$missing $t"
	rm -f "$OBJ/$t" "$OBJ/$(dirname "$t")/.$(basename "$t").cmd"
done
[ "$rc" = 0 ] || { tail -n5 "$scratch/intree.log"; fail "compiling the in-tree files failed (exit $rc): ${targets[*]}"; }
[ -z "$missing" ] || fail "kbuild did not compile$missing (no compile line in its output)"
! grep -n 'Wdeprecated-declarations' "$scratch/intree.log" ||
	fail "the in-tree build printed a deprecation warning"
echo "in-tree, compiled in this run: ${targets[*]}: no -Wdeprecated-declarations warning"

kdir=$O # the tree the modules build against; the clang part below changes it
build() { # DIR [MAKE-ARGS] -> 0 if the M= build succeeded; log in DIR/build.log
	local d=$1
	shift
	LC_ALL=C make -C "$kdir" M="$d" "$@" modules >"$d/build.log" 2>&1
}
# ... and the same call compiled with the in-tree rules (KBUILD_EXTMOD_BUILD
# undefined), W=1 included, gets none either.
mkdir "$scratch/intree"
cp "$src" "$scratch/intree/"
printf '%s\n' 'obj-m := krf_path.o' 'ccflags-y += -UKBUILD_EXTMOD_BUILD' >"$scratch/intree/Kbuild"
build "$scratch/intree" W=1 || { tail -n5 "$scratch/intree/build.log"; fail "the in-tree-rules build failed"; }
! grep -n 'is deprecated' "$scratch/intree/build.log" || fail "in-tree rules: a deprecation warning"
echo "in-tree rules, W=1: no deprecation warning"
# Silenced the documented way.
mkdir "$scratch/quiet"
cp "$src" "$scratch/quiet/"
printf '%s\n' 'obj-m := krf_path.o' 'ccflags-y += -Wno-deprecated-declarations' >"$scratch/quiet/Kbuild"
build "$scratch/quiet" || { tail -n5 "$scratch/quiet/build.log"; fail "the silenced build failed"; }
! grep -n 'is deprecated' "$scratch/quiet/build.log" || fail "-Wno-deprecated-declarations did not silence it"
echo "silenced with ccflags-y += -Wno-deprecated-declarations"

# The drift check, as in-tree code gets it: an exporter built with the
# in-tree rules (KBUILD_EXTMOD_BUILD undefined).
drift() { # NAME DECLARATION-LINE EXPORT-LINE [MAKE-ARGS] -> 0 if it built
	mkdir -p "$scratch/$1"
	printf '%s\n' '/* SPDX-License-Identifier: GPL-2.0 */' '#include <linux/export.h>' \
		'int dx_fn(void);' "$2" >"$scratch/$1/dx.h"
	printf '%s\n' '// SPDX-License-Identifier: GPL-2.0' '#include <linux/module.h>' \
		'#include "dx.h"' '' 'int dx_fn(void) { return 0; }' "$3" 'MODULE_LICENSE("GPL");' \
		>"$scratch/$1/dx.c"
	printf '%s\n' 'obj-m := dx.o' 'ccflags-y += -UKBUILD_EXTMOD_BUILD' >"$scratch/$1/Kbuild"
	local d=$scratch/$1
	shift 3
	build "$d" "$@"
}
drift same 'DECLARE_DEPRECATED_EXPORT_GPL(dx_fn, "7.5");' 'EXPORT_UNUSED_SYMBOL_GPL(dx_fn, "7.5");' ||
	{ tail -n5 "$scratch/same/build.log"; fail "a matching declaration failed the build"; }
echo "a matching declaration builds"
for c in 'release|DECLARE_DEPRECATED_EXPORT_GPL(dx_fn, "7.6");|EXPORT_UNUSED_SYMBOL_GPL(dx_fn, "7.5");|DECLARE_DEPRECATED_EXPORT_GPL\(dx_fn, "7\.6"\)' \
	'class|DECLARE_DEPRECATED_EXPORT(dx_fn, "7.5");|EXPORT_UNUSED_SYMBOL_GPL(dx_fn, "7.5");|DECLARE_DEPRECATED_EXPORT\(dx_fn, "7\.5"\)'; do
	IFS='|' read -r name decl export re <<<"$c"
	! drift "$name" "$decl" "$export" || fail "$name mismatch: the build succeeded"
	# The error names the declaration; it or its macro-expansion notes
	# point at the export's line.
	expect_grep "error: call to ${q}__deprecated_export_mismatch_dx_fn${q} declared with attribute error: $re at [^ ]*dx\.h:4 does not match its export" "$scratch/$name/build.log"
	expect_grep "dx\.c:6:[0-9]+: (error|note): .*EXPORT_UNUSED_SYMBOL_GPL" "$scratch/$name/build.log"
done
! drift missing '' 'EXPORT_UNUSED_SYMBOL_GPL(dx_fn, "7.5");' || fail "a missing declaration: the build succeeded"
expect_grep "error: ${q}__deprecated_export_dx_fn${q} undeclared" "$scratch/missing/build.log"
expect_grep "dx\.c:6:[0-9]+: (error|note): .*EXPORT_UNUSED_SYMBOL_GPL" "$scratch/missing/build.log"
echo "a missing declaration fails the build at the export"

# clang (Debian 12's, 6.12 only: 7.2 needs LLVM 17).  An M= build needs a
# tree configured for its compiler (a gcc tree passes gcc-only flags), so
# the x86_64 variant's .config is prepared for clang with modules_prepare,
# next to its objects, and takes the kernel's Module.symvers.
[ "$BASE" = 6.12 ] || exit 0
command -v clang >/dev/null || fail "no clang: install Debian's clang package (make deps)"
kdir=$BUILD/obj/x86_64-clang-prepare
mkdir -p "$kdir"
cmp -s "$O/.config" "$kdir/.config.gcc" || {
	cp "$O/.config" "$kdir/.config"
	if ! { make -C "$BUILD/linux" O="$kdir" CC=clang olddefconfig &&
		make -C "$BUILD/linux" O="$kdir" CC=clang -j"$(nproc)" modules_prepare; } >"$kdir/prepare.log" 2>&1; then
		tail -n5 "$kdir/prepare.log"
		fail "modules_prepare with clang failed"
	fi
	cp "$O/.config" "$kdir/.config.gcc"
}
grep -qx 'CONFIG_CC_IS_CLANG=y' "$kdir/.config" || fail "${kdir#"$TOP"/} is not configured for clang"
cp "$O/Module.symvers" "$kdir/"
echo "$(clang --version | head -n1): ${kdir#"$TOP"/} prepared"
mkdir "$scratch/clang"
cp "$src" "$scratch/clang/"
echo 'obj-m := krf_path.o' >"$scratch/clang/Kbuild"
build "$scratch/clang" CC=clang || { tail -n5 "$scratch/clang/build.log"; fail "the clang M= build failed"; }
expect_grep "$want" "$scratch/clang/build.log"
drift clang-same 'DECLARE_DEPRECATED_EXPORT_GPL(dx_fn, "7.5");' 'EXPORT_UNUSED_SYMBOL_GPL(dx_fn, "7.5");' CC=clang ||
	{ tail -n5 "$scratch/clang-same/build.log"; fail "clang: a matching declaration failed the build"; }
echo "clang: a matching declaration builds (the comparison folds)"
! drift clang-release 'DECLARE_DEPRECATED_EXPORT_GPL(dx_fn, "7.6");' 'EXPORT_UNUSED_SYMBOL_GPL(dx_fn, "7.5");' CC=clang ||
	fail "clang: a release mismatch built"
expect_grep "error: call to ${q}?__deprecated_export_mismatch_dx_fn${q}? declared with (attribute error|'error' attribute): DECLARE_DEPRECATED_EXPORT_GPL\\(dx_fn, \"7\\.6\"\\) at [^ ]*dx\\.h:4 does not match its export" \
	"$scratch/clang-release/build.log"
