#!/bin/bash
# make crossbuild: build the series of BASE for other architectures and read
# its tables back.  For each architecture of configs/arches.tsv (or those
# named) and each setting of the deprecation option:
#   - tinyconfig + configs/cross.config (+ configs/cross/<arch>.config), with
#     the in-tree test module where the option is on
#   - vmlinux and modules, then tests/cross/module with M=
#   - tools/measure/decode-exports.py on vmlinux and each exporting module: every
#     deprecated export decodes to the class and release of its macro, no
#     ordinary export is marked, and with the option off nothing is exported
# Prints a table (architecture, setting, builds, decodes, time) and writes
# it to build/<base>/cross/report.md; a run of the whole table (no
# architecture named) also writes it as the result page
# docs/results/crossbuild-<base>.md (tools/measure/result-page.sh).  Exit 1 if
# anything that was built failed to build or to decode; an architecture
# without its cross compiler is listed with the reason, and fails only with
# CROSS_STRICT=1.  When a compile fails, the same object is compiled from
# the pristine source (the tree's base, same .config): if that fails as
# well, the row says so ("the base fails too") and does not fail the run,
# for the series is not why.
# env: CROSS_ROLES (rows to take when none is named; default every row),
#      CROSS_SETTINGS (default "on off")
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

settings=${CROSS_SETTINGS:-on off}
arches_named=
if [ $# -gt 0 ]; then
	arches=("$@") arches_named=yes
else
	roles=${CROSS_ROLES:-guest check cross}
	mapfile -t arches < <(awk -v r=" ${roles} " '!/^#/ && NF && index(r, " " $13 " ") { print $1 }' "$TOP/configs/arches.tsv")
fi
[ -e "$BUILD/linux/.git" ] || die "no kernel tree at $BUILD/linux; run 'make tree'"
CROSS=$BUILD/cross
mkdir -p "$CROSS"
report=$CROSS/report.md
rows=()
status=0

# the test module of the in-tree selftest, wherever the base keeps it
selftest_src=$(cd "$BUILD/linux" && git ls-files '*test_deprecated_exports.c' | head -n1)

# stuck CONFIG FRAGMENT: every CONFIG_X=y of the architecture's fragment
# (64-bit, byte order) landed, or the row would build something else
stuck() {
	[ -f "$2" ] || return 0
	local l
	while IFS= read -r l; do
		grep -qx "$l" "$1" || { echo "ERROR: $l did not stick"; return 1; }
	done < <(grep '^CONFIG_' "$2")
}

# base_fails OBJ LOG: does the object that failed (fs/fcntl.o) fail to
# compile from the pristine source too, with the row's .config?
base_fails() {
	local src=$CROSS/base-linux bo=$OBJ-base
	# a worktree of the tree at its base as it is now (make tree may have
	# made the tree again since the worktree was added)
	if [ "$(git -C "$src" rev-parse --show-toplevel 2>/dev/null)" != "$src" ] ||
		! git -C "$src" checkout -q -f --detach base 2>/dev/null; then
		rm -rf "$src"
		git -C "$KSRC" worktree prune
		git -C "$KSRC" worktree add -q -f --detach "$src" base || return 1
	fi
	rm -rf "$bo" && mkdir -p "$bo" && cp "$OBJ/.config" "$bo/.config"
	# olddefconfig drops the series' options, which the base has not
	KSRC=$src OBJ=$bo kmake olddefconfig >"$2" 2>&1 || return 1
	! KSRC=$src OBJ=$bo kmake "$1" >>"$2" 2>&1 && grep -q 'error:' "$2"
}

for a in "${arches[@]}"; do
	arch_facts "$a"
	KSRC=$BUILD/linux
	ARCH=$a
	for set in $settings; do
		OBJ=$CROSS/$a-$set
		log=$CROSS/$a-$set.log
		start=$(date +%s)
		built=no decoded=- why=
		gcc=${CROSS_COMPILE}gcc
		if ! command -v "$gcc" >/dev/null; then
			why="no $gcc: install ${CROSS_PKG//,/ } (tools/source/deps.sh cross)"
			apt-cache show "${CROSS_PKG%%,*}" >/dev/null 2>&1 ||
				why="no $gcc: Debian 12 has no package ${CROSS_PKG%%,*}"
			[ "${CROSS_STRICT:-}" != 1 ] || status=1
			rows+=("| $a | $set | no | - | 0 s | $why |")
			say "$a $set: $why"
			continue
		fi
		frags=("$TOP/configs/cross.config")
		[ ! -f "$TOP/configs/cross/$a.config" ] || frags+=("$TOP/configs/cross/$a.config")
		if [ "$set" = on ]; then
			frags+=("$(fragment_path selftests.config)")
		else
			frags+=("$(fragment_path unused-off.config)")
		fi
		mkdir -p "$OBJ"
		# a kernel built before from the same inputs comes from the object
		# cache (tools/lib.sh); the steps below then redo only what changed
		key=$(objcache_key "${frags[@]}" "$0")
		cached=
		if [ ! -e "$OBJ/.config" ] && objcache_restore "$BASE-cross-$a-$set" "$key" "$OBJ" "$KSRC"; then
			cached=" (objects from the cache)"
		fi
		say "$a $set: building$cached (log: ${log#"$TOP"/})"
		rm -rf "$OBJ/crossmod"
		cp -r "$TOP/tests/cross/module" "$OBJ/crossmod"
		if { kmake tinyconfig &&
			"$KSRC/scripts/kconfig/merge_config.sh" -m -O "$OBJ" "$OBJ/.config" "${frags[@]}" &&
			kmake olddefconfig &&
			{ [ "$set" = off ] || grep -qx "$DEP_CONFIG=y" "$OBJ/.config" ||
				{ echo "ERROR: $DEP_CONFIG=y did not stick"; false; }; } &&
			stuck "$OBJ/.config" "$TOP/configs/cross/$a.config" &&
			kmake vmlinux modules &&
			kmake M="$OBJ/crossmod" modules; } >"$log" 2>&1; then
			built=yes
			decoded=yes
			objcache_save "$BASE-cross-$a-$set" "$key" "$OBJ" "$KSRC"
			objs=("$OBJ/vmlinux $KSRC/fs/kernel_read_file.c"
				"$OBJ/crossmod/cross_exporter.ko $OBJ/crossmod/cross_exporter.c")
			[ "$set" = off ] ||
				objs+=("$OBJ/${selftest_src%.c}.ko $KSRC/$selftest_src")
			flag=()
			[ "$set" = on ] || flag=(--off)
			for o in "${objs[@]}"; do
				# shellcheck disable=SC2086 # object and source
				python3 "$TOP/tools/measure/decode-exports.py" "${flag[@]}" \
					"${CROSS_COMPILE}readelf" $o >>"$log" 2>&1 || decoded=no
			done
			[ "$decoded" = yes ] || { why="tables: $(grep -m1 '^PROBLEM' "$log")"; status=1; }
		else
			why="$(grep -m1 -E 'error:|ERROR' "$log" | sed "s|$KSRC/||g" | cut -c1-160)"
			# kbuild names the object it could not make:
			# make[4]: *** [scripts/Makefile.build:229: fs/fcntl.o] Error 1
			failed=$(sed -n 's/^make\[[0-9]*\]: \*\*\* \[[^]]*: \([^] ]*\.o\)\] Error [0-9]*$/\1/p' "$log" | head -n1)
			blog=$CROSS/$a-$set-base.log
			if [ -n "$failed" ] && base_fails "$failed" "$blog"; then
				why="the base fails too, without the series ($failed, ${blog#"$TOP"/}): $why"
				say "$a $set: $failed fails to compile from the pristine source too"
			else
				status=1
			fi
		fi
		t=$(($(date +%s) - start))
		why=${why//|/\\|} # a table cell
		rows+=("| $a | $set | $built | $decoded | $t s${cached:+, cached} | ${why:-} |")
		say "$a $set: builds $built, decodes $decoded, ${t}s${why:+ ($why)}"
	done
done

{
	echo "make crossbuild, $BASE ($(git -C "$BUILD/linux" describe --always --tags 2>/dev/null)), $(date -u +%Y-%m-%d)"
	echo
	echo "| architecture | deprecated exports | builds | tables decode | time | note |"
	echo "|---|---|---|---|---|---|"
	printf '%s\n' "${rows[@]}"
} >"$report"
cat "$report"
# The result page is the whole table. A run of named architectures (make
# crossbuild ARCHES=..., make check's m68k sample) writes none: a few rows
# must not replace the table that the page holds.
if [ -z "$arches_named" ]; then
	cmd="make crossbuild BASES=$BASE"
	for k in CROSS_ROLES CROSS_SETTINGS CROSS_STRICT; do
		[ -z "${!k:-}" ] || cmd+=" $k='${!k}'"
	done
	page=$("$TOP/tools/measure/result-page.sh" "make crossbuild, $BASE" "$cmd" "$report" "$TOP/docs/results/crossbuild-$BASE.md")
	say "result page: ${page#"$TOP"/}"
fi
exit "$status"
