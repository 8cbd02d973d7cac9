#!/bin/bash
# Build one kernel variant out of tree: O=build/<base>/obj/<variant>, the variant's
# Kconfig fragments merged onto tinyconfig, with ccache.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

load_variant "${1:?usage: build-kernel.sh VARIANT}"
if [ "$BUILT_BY" = bisect ]; then
	# made by the bisection pass (its last prefix), not here
	"$TOP/tools/bisect-check.sh" >"$LOGS/build-$VARIANT.log" 2>&1 ||
		die "$VARIANT: the bisection pass that builds it failed (see $LOGS/build-$VARIANT.log, build/$BASE/bisect/out/report)"
	for line in $(for f in $FRAGMENTS; do grep '^CONFIG_' "$(fragment_path "$f")"; done); do
		grep -qxF "$line" "$OBJ/.config" || die "$VARIANT: $line did not stick"
	done
	say "$VARIANT: $(cat "$OBJ/.release") (from the bisection pass, ${OBJ#"$TOP"/})"
	exit 0
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

# Regenerate the config only when a fragment changed (keeps builds incremental).
sum=$(cat "${frags[@]}" | sha256sum | cut -d' ' -f1)
if [ ! -f "$OBJ/.config" ] || [ "$(cat "$OBJ/.fragments.sum" 2>/dev/null)" != "$sum" ]; then
	run_logged "$LOGS/config-$VARIANT.log" "configure $VARIANT" \
		bash -c "$(declare -f kmake); $(declare -p KSRC OBJ ARCH); \
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
kmake -s kernelrelease >"$OBJ/.release"
say "$VARIANT: $(cat "$OBJ/.release")"
