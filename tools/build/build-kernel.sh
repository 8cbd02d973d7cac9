#!/bin/bash
# Build one kernel variant out of tree: O=build/<base>/obj/<variant>, the variant's
# Kconfig fragments merged onto tinyconfig, with ccache.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

load_variant "${1:?usage: build-kernel.sh VARIANT}"
if [ -n "$NEXT" ]; then
	# The series' tree at its HEAD, then the next cycle's series on top.
	[ -e "$BUILD/linux/.git" ] || die "no kernel tree at $BUILD/linux; run 'make tree'"
	[ -f "$PATCHES/next/series" ] || die "$VARIANT: no ${PATCHES#"$TOP"/}/next/series; run 'make next-series'"
	if [ ! -e "$KSRC/.git" ]; then
		git -C "$BUILD/linux" worktree prune
		mkdir -p "$(dirname "$KSRC")"
		git -C "$BUILD/linux" worktree add -q --detach "$KSRC" HEAD
	fi
	git -C "$KSRC" am --abort >/dev/null 2>&1 || true
	git -C "$KSRC" checkout -q -f --detach "$(git -C "$BUILD/linux" rev-parse HEAD)"
	while read -r p; do
		out=$(git -C "$KSRC" -c user.name=harness -c user.email=harness@localhost am -q "$PATCHES/next/$p" 2>&1) ||
			{ printf '%s\n' "$out" >&2; git -C "$KSRC" am --abort >/dev/null 2>&1; die "patch does not apply: ${PATCHES#"$TOP"/}/next/$p"; }
	done < <(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$PATCHES/next/series")
fi
[ -e "$KSRC/.git" ] || die "no kernel tree at $KSRC; run 'make tree'"
mkdir -p "$OBJ"
export KBUILD_BUILD_TIMESTAMP='Sat Jan  1 00:00:00 UTC 2000'
export KBUILD_BUILD_USER=harness KBUILD_BUILD_HOST=harness

frags=()
for f in $FRAGMENTS; do
	f=$(fragment_path "$f")
	[ -f "$f" ] || die "variant $VARIANT: missing fragment ${f#"$TOP"/}"
	frags+=("$f")
done

# A fresh object directory comes from the object cache when this very kernel
# was built before on this machine (tools/lib.sh), and goes into it when built.
key=$(objcache_key "${frags[@]}" "$0")
restored=
if [ ! -e "$OBJ/.config" ] && objcache_restore "$BASE-$VARIANT" "$key" "$OBJ" "$KSRC"; then
	restored=${OBJCACHE#"$CACHE"/}/$BASE-$VARIANT-$key
	say "$VARIANT: objects from the cache ($restored)"
fi

# Regenerate the config only when a fragment changed (keeps builds incremental).
sum=$(cat "${frags[@]}" | sha256sum | cut -d' ' -f1)
if [ ! -f "$OBJ/.config" ] || [ "$(cat "$OBJ/.fragments.sum" 2>/dev/null)" != "$sum" ]; then
	run_logged "$LOGS/config-$VARIANT.log" "configure $VARIANT" \
		bash -c "$(declare -f kmake); $(declare -p KSRC OBJ ARCH KARCH CROSS_COMPILE); \
			kmake tinyconfig && \
			'$KSRC/scripts/kconfig/merge_config.sh' -m -O '$OBJ' '$OBJ/.config' ${frags[*]} && \
			kmake olddefconfig"
	# Every option a fragment asks for must have landed.
	missing=0
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*) grep -qxF "$line" "$OBJ/.config" || { warn "$VARIANT: $line did not stick"; missing=1; } ;;
		"# CONFIG_"*" is not set") grep -qxF "$line" "$OBJ/.config" || { warn "$VARIANT: '$line' did not stick"; missing=1; } ;;
		esac
	done < <(cat "${frags[@]}")
	[ "$missing" = 0 ] || die "variant $VARIANT: config fragments not satisfied (see above)"
	echo "$sum" >"$OBJ/.fragments.sum"
fi

run_logged "$LOGS/build-$VARIANT.log" "build kernel $VARIANT" kmake all
# The objects keep the logs of the builds that made them, oldest first, in
# .build.log (restored with them from the cache), and this run's log says
# where its kernel came from. A build that compiled nothing made nothing:
# its log is not kept, so that .build.log grows only with real work.
! grep -qE '^  (CC|AS|LD)' "$LOGS/build-$VARIANT.log" || cat "$LOGS/build-$VARIANT.log" >>"$OBJ/.build.log"
[ -z "$restored" ] ||
	echo "objects restored from the object cache, $restored; the builds that made them: ${OBJ#"$TOP"/}/.build.log" >>"$LOGS/build-$VARIANT.log"
objcache_save "$BASE-$VARIANT" "$key" "$OBJ" "$KSRC"
kmake -s kernelrelease >"$OBJ/.release"
say "$VARIANT: $(cat "$OBJ/.release")"
