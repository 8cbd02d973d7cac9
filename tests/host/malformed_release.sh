#!/bin/bash
# variants: x86_64
# Case 9: a malformed removal release fails the build with a message that
# names the symbol and the object; a missing one fails in the preprocessor.
. "$(dirname "$0")/lib.sh"
scratch_dir
try() { # NAME MACRO-LINE → sets $log to the failed build's log
	mkdir -p "$scratch/$1"
	printf '%s\n' '// SPDX-License-Identifier: GPL-2.0' '#include <linux/module.h>' \
		"int $1_fn(void);" "int $1_fn(void) { return 0; }" "$2" 'MODULE_LICENSE("GPL");' \
		>"$scratch/$1/$1.c"
	echo "obj-m := $1.o" >"$scratch/$1/Kbuild"
	log=$scratch/$1/build.log
	if make -C "$(variant_obj x86_64)" M="$scratch/$1" modules >"$log" 2>&1; then
		fail "$1: the build succeeded with: $2"
	fi
	grep -E 'error|ERROR' "$log" | head -n3
}
for rel in '"613"' '"6.x"' '"6.13.1"' '""' '"v6.13"'; do
	try bad_rel "EXPORT_UNUSED_SYMBOL(bad_rel_fn, $rel);"
	expect_grep "ERROR: modpost: .*bad_rel\.o: EXPORT_UNUSED_SYMBOL\(bad_rel_fn\): malformed removal release" "$log"
	rm -rf "$scratch/bad_rel"
done
try bad_gpl 'EXPORT_UNUSED_SYMBOL_GPL(bad_gpl_fn, "13");'
expect_grep "ERROR: modpost: .*bad_gpl\.o: EXPORT_UNUSED_SYMBOL_GPL\(bad_gpl_fn\): malformed removal release [\"']13[\"']" "$log"
try no_rel 'EXPORT_UNUSED_SYMBOL(no_rel_fn);'
expect_grep "no_rel\.c:5:.*EXPORT_UNUSED_SYMBOL.*(requires 2 arguments|passed 1 arguments)" "$log"
