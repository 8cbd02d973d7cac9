#!/bin/bash
# variants: x86_64
# bases: mainline
# An export restricted to named modules (EXPORT_SYMBOL_FOR_MODULES, the
# namespace "module:<list>") has known in-tree users, so it cannot be
# deprecated: modpost refuses EXPORT_UNUSED_SYMBOL_GPL() in such a namespace
# with an error naming the object, the export and the namespace. The same
# export without the restriction builds (control).
. "$(dirname "$0")/lib.sh"
scratch_dir
O=$(variant_obj x86_64)
build() { # NAME DEFINE-LINE
	mkdir -p "$scratch/$1"
	printf '%s\n' "$2" '#include <linux/module.h>' 'int fm_fn(void);' \
		'int fm_fn(void) { return 0; }' 'EXPORT_UNUSED_SYMBOL_GPL(fm_fn, "99.0");' \
		'MODULE_LICENSE("GPL");' >"$scratch/$1/$1.c"
	echo "obj-m := $1.o" >"$scratch/$1/Kbuild"
	make -C "$O" M="$scratch/$1" modules >"$scratch/$1/build.log" 2>&1
}
build restricted '#define DEFAULT_SYMBOL_NAMESPACE "module:kvm"' &&
	fail "a deprecated export restricted to modules built"
expect_grep 'ERROR: modpost: .*restricted\.o: EXPORT_UNUSED_SYMBOL_GPL\(fm_fn\): deprecated export restricted to modules \(namespace module:kvm\)' "$scratch/restricted/build.log"
build plain '' || { tail -n 5 "$scratch/plain/build.log"; fail "the unrestricted control did not build"; }
echo "the unrestricted control builds"
