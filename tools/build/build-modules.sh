#!/bin/bash
# Build the out-of-tree test modules (tests/modules/*) for one kernel variant
# exactly as users build theirs: make -C <kernel build dir> M=<dir>.
# Each module is built in build/mods/<variant>/<name>/ and its full make
# output (modpost included) is kept there as build.log for later checks.
#
# tests/modules/<name>/module.conf (optional, shell) may set:
#   DEPS="a b"        modules whose Module.symvers this one needs
#                     (passed as KBUILD_EXTRA_SYMBOLS, built first)
#   MODPOST_WARN=1    keep building when modpost finds errors (the .ko is
#                     wanted for a loader test); the errors stay in build.log
#   EXPECT_FAIL=1     the build is expected to fail (a host test checks why)
#   VARIANTS="v1 v2"  build only for these variants (default: all)
#   RELICENSE=MIT     after the build, rewrite the .ko's "license=GPL" to this
#                     (same length): a module built around modpost's licence
#                     check, for tests of the loader's own check
#   NEEDS_UNUSED=1    build only where the kernel has deprecated exports
#                     compiled in (CONFIG_UNUSED_SYMBOLS / _DEPRECATED_EXPORTS)
#   BASES="6.12"      build only for these bases (default: both)
#   NEEDS_EXPORTS="s" build only where the kernel exports these symbols
#   DEPS_SED='s/../../' edit the DEPS' Module.symvers before building against
#                     them (e.g. a stale CRC, for a version-mismatch test)
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

load_variant "${1:?usage: build-modules.sh VARIANT [MODULE...]}"
shift
[ -f "$OBJ/Module.symvers" ] || die "kernel $VARIANT is not built (no $OBJ/Module.symvers)"
MODS=$BUILD/mods/$VARIANT
mkdir -p "$MODS"

declare -A done_=()
build_one() {
	local name=$1 src=$TOP/tests/modules/$1 dst=$MODS/$1
	[ -n "${done_[$name]:-}" ] && return 0
	done_[$name]=1
	[ -d "$src" ] || die "no test module $name ($src)"
	local DEPS="" MODPOST_WARN="" EXPECT_FAIL="" VARIANTS="" DEPS_SED="" NEEDS_UNUSED="" RELICENSE="" NEEDS_EXPORTS="" BASES=""
	# shellcheck disable=SC1091
	[ -f "$src/module.conf" ] && . "$src/module.conf"
	if [ -n "$VARIANTS" ] && ! [[ " $VARIANTS " == *" $VARIANT "* ]]; then
		return 0
	fi
	if [ -n "$BASES" ] && ! [[ " $BASES " == *" $BASE "* ]]; then
		return 0
	fi
	if [ -n "$NEEDS_UNUSED" ] && ! deprecation_enabled "$OBJ"; then
		return 0
	fi
	for d in $NEEDS_EXPORTS; do
		grep -qP "^0x[0-9a-f]+\t$d\t" "$OBJ/Module.symvers" || return 0
	done
	local extra="" d
	for d in $DEPS; do
		build_one "$d"
	done
	# Fresh copy of the sources; skip the build when nothing changed: the
	# sources, what they link against, and the kernel's modpost, whose
	# messages the tests read. 6.12's modpost writes an external module's
	# absolute path into Module.symvers: the sum leaves the directory out, so
	# that modules from the object cache, made in another clone, count as
	# unchanged.
	local sum
	sum=$( (cd "$src" && cat ./* ; for d in $DEPS; do sed "s|$MODS/||" "$MODS/$d/Module.symvers"; done;
		cat "$OBJ/Module.symvers" "$OBJ/scripts/mod/modpost") | sha256sum | cut -d' ' -f1)
	if [ -f "$dst/.sum" ] && [ "$(cat "$dst/.sum")" = "$sum" ]; then
		return 0
	fi
	rm -rf "$dst" && mkdir -p "$dst" && cp "$src"/* "$dst"/
	for d in $DEPS; do
		if [ -n "$DEPS_SED" ]; then
			sed "$DEPS_SED" "$MODS/$d/Module.symvers" >"$dst/$d.symvers"
			cmp -s "$dst/$d.symvers" "$MODS/$d/Module.symvers" &&
				die "module $name: DEPS_SED changed nothing in $d's Module.symvers"
			extra="$extra $dst/$d.symvers"
		else
			extra="$extra $MODS/$d/Module.symvers"
		fi
	done
	local rc=0
	make -C "$OBJ" ARCH="$KARCH" ${CROSS_COMPILE:+CROSS_COMPILE=$CROSS_COMPILE} \
		M="$dst" ${extra:+KBUILD_EXTRA_SYMBOLS="${extra# }"} \
		${MODPOST_WARN:+KBUILD_MODPOST_WARN=1} modules >"$dst/build.log" 2>&1 || rc=$?
	if [ "$rc" -eq 0 ] && [ -n "$RELICENSE" ]; then
		[ ${#RELICENSE} = 3 ] || die "module $name: RELICENSE must have 3 characters, like GPL"
		perl -0777 -pi -e "s/license=GPL\\0/license=$RELICENSE\\0/ or die" "$dst/$name.ko" ||
			die "module $name: no license=GPL in $name.ko"
	fi
	echo "$rc" >"$dst/build.rc"
	if [ "$rc" -ne 0 ] && [ -z "$EXPECT_FAIL" ]; then
		tail -n 20 "$dst/build.log" >&2
		die "module $name failed to build for $VARIANT (log: $dst/build.log)"
	fi
	if [ "$rc" -eq 0 ] && [ -n "$EXPECT_FAIL" ]; then
		warn "module $name built for $VARIANT although it is expected to fail"
	fi
	echo "$sum" >"$dst/.sum"
}

if [ $# -gt 0 ]; then
	for m in "$@"; do build_one "$m"; done
	exit 0
fi
# A fresh clone takes the modules of the last build against this very kernel
# from the object cache (tools/lib.sh); each one's sum above still decides
# whether it is rebuilt. Key: the kernel's Module.symvers, modpost, the
# modules' sources and this script.
key=$( (cat "$OBJ/Module.symvers" "$OBJ/scripts/mod/modpost" "$0" &&
	find "$TOP/tests/modules" -type f -print0 | LC_ALL=C sort -z | xargs -0 cat) | sha256sum | cut -c1-24)
if [ -z "$(ls -A "$MODS")" ] && objcache_restore "$BASE-$VARIANT-mods" "$key" "$MODS" "$OBJ" "$KSRC"; then
	say "test modules for $VARIANT: from the cache (${OBJCACHE#"$CACHE"/}/$BASE-$VARIANT-mods-$key)"
fi
# All of them, three at a time: first those that need no other module, then
# the rest (whose DEPS are then built and skipped as unchanged; those that
# include another module's header are in the second group too).
leaves=() users=()
for m in "$TOP"/tests/modules/*/; do
	m=$(basename "$m")
	# a module that needs another's Module.symvers or header waits for it
	if grep -qs '^DEPS=' "$TOP/tests/modules/$m/module.conf" ||
		grep -qs '#include "\.\./' "$TOP/tests/modules/$m"/*.c; then
		users+=("$m")
	else
		leaves+=("$m")
	fi
done
for group in leaves users; do
	declare -n list=$group
	printf '%s\n' "${list[@]}" | xargs -P 3 -n 1 "$0" "$VARIANT" ||
		die "test modules for $VARIANT: a build failed (see above)"
done
objcache_save "$BASE-$VARIANT-mods" "$key" "$MODS" "$OBJ" "$KSRC"
say "test modules for $VARIANT in ${MODS#"$TOP"/}"
