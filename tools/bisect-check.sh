#!/bin/bash
# The bisection, sparse and W=1 gates, in one pass over the series:
#
#   - every prefix (base, base+1, base+1..2, ...) is made with git am in the
#     worktree build/bisect, and must apply;
#   - each prefix builds vmlinux and modules (x86_64, incremental, one object
#     directory, ccache) with no compiler or modpost warning that the base
#     build does not also print;
#   - a prefix whose patch changes what runs (kernel, headers, modpost,
#     linker scripts, ...) boots and loads and unloads an out-of-tree module;
#   - at the base and at the last prefix, sparse (C=2) and W=1 are run on the
#     C files the series touches; the outputs are kept for the comparison.
#
# Output in build/bisect-out/: report (one line per prefix), prefix-<n>.log,
# sparse-{base,series}.txt, w1-{base,series}.txt. The result is kept with the
# hash of its inputs (series, config fragments, this script, compiler) and
# reused while they are unchanged; BISECT_FORCE=1 redoes it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=$BUILD/bisect-out
mkdir -p "$out"
series=$TOP/patches/series
load_variant bisect
mapfile -t patches < <(grep -v '^\s*\(#\|$\)' "$series")

key=$( (cat "$series"; for p in "${patches[@]}"; do cat "$TOP/patches/$p"; done
	cat "$TOP/configs/base.config" "$TOP/configs/x86_64.config" "$0"
	gcc --version | head -n1) | sha256sum | cut -d' ' -f1)
if [ -z "${BISECT_FORCE:-}" ] && [ "$(cat "$out/key" 2>/dev/null)" = "$key" ]; then
	say "bisect: series unchanged since the last full pass (${key:0:12}); its report stands"
	cat "$out/report"
	exit "$(cat "$out/status")"
fi
rm -f "$out/key" "$out/status"
: >"$out/report"
status=0
result() { echo "$*" | tee -a "$out/report"; }

# A worktree of build/linux at base, with no leftovers of an earlier pass.
[ -e "$BUILD/linux/.git" ] || die "no kernel tree at build/linux; run 'make tree'"
if [ ! -e "$KSRC/.git" ]; then
	git -C "$BUILD/linux" worktree prune
	git -C "$BUILD/linux" worktree add -q --detach "$KSRC" base
fi
git -C "$KSRC" am --abort >/dev/null 2>&1 || true
git -C "$KSRC" checkout -q -f --detach base
git -C "$KSRC" clean -q -fdx

# The kernel C files the whole series touches (host programs excluded: sparse
# and W=1 are about kernel code); those not in this build are skipped.
touched=()
while IFS= read -r f; do
	touched+=("${f%.c}.o")
done < <(cd "$TOP" && for p in "${patches[@]}"; do
	sed -n 's|^+++ b/\(.*\.c\)$|\1|p' "patches/$p"; done |
	grep -vE '^(scripts|tools)/|/tools/' | sort -u)

# sparse and W=1 over the touched files that exist at this prefix
static_checks() { # TAG
	local objs=() o
	for o in "${touched[@]}"; do
		[ -f "$KSRC/${o%.o}.c" ] && [ -f "$OBJ/$o" ] && objs+=("$o")
	done
	# sparse only: the objects are up to date, C=2 checks them anyway
	kmake C=2 "${objs[@]}" >"$out/sparse-$1.log" 2>&1 ||
		{ warn "sparse run failed ($1), see $out/sparse-$1.log"; return 1; }
	grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error):' "$out/sparse-$1.log" >"$out/sparse-$1.txt" || true
	kmake W=1 "${objs[@]}" >"$out/w1-$1.log" 2>&1 ||
		{ warn "W=1 build failed ($1), see $out/w1-$1.log"; return 1; }
	grep -E ': (warning|error):' "$out/w1-$1.log" >"$out/w1-$1.txt" || true
	printf '%s\n' "${objs[@]}" >"$out/checked-$1.txt"
}

config() {
	# the fragments again after every patch: options a patch adds are set
	cat "${FRAGMENTS[@]/#/$TOP/configs/}" >>"$OBJ/.config"
	kmake olddefconfig >/dev/null
}
FRAGMENTS=($FRAGMENTS)

runtime_change() { # does HEAD~1..HEAD change what is built into or loaded by the kernel?
	git -C "$KSRC" diff --name-only HEAD~1 HEAD |
		grep -qvE '^(Documentation/|MAINTAINERS$|scripts/checkpatch\.pl$|scripts/(kernel-doc|tags\.sh|exports_due\.sh)$|tools/|Makefile$)'
}

mkdir -p "$OBJ"
for i in $(seq 0 ${#patches[@]}); do
	if [ "$i" -eq 0 ]; then
		name="base (unpatched)"
		kmake tinyconfig >/dev/null
		config
	else
		p=${patches[$((i - 1))]}
		name="$i ${p%.patch}"
		if ! git -C "$KSRC" am -q --committer-date-is-author-date "$TOP/patches/$p" >"$out/am-$i.log" 2>&1; then
			result "FAIL prefix $name: does not apply ($(grep -m1 -E '^error|^Patch failed' "$out/am-$i.log" || true))"
			git -C "$KSRC" am --abort >/dev/null 2>&1 || true
			status=1
			break
		fi
		config
	fi
	start=$(date +%s)
	if ! kmake all >"$out/prefix-$i.log" 2>&1; then
		result "FAIL prefix $name: build failed (build/bisect-out/prefix-$i.log: $(grep -m1 -E 'error' "$out/prefix-$i.log" || true))"
		status=1
		break
	fi
	grep -E 'warning:|WARNING:' "$out/prefix-$i.log" | sort -u >"$out/warnings-$i.txt" || true
	new=$(comm -13 "$out/warnings-0.txt" "$out/warnings-$i.txt" | head -n3)
	secs=$(($(date +%s) - start))
	if [ -n "$new" ]; then
		result "FAIL prefix $name: new build warnings: $new"
		status=1
		continue
	fi
	what="builds (${secs}s)"
	if [ "$i" -gt 0 ] && runtime_change; then
		kmake -s kernelrelease >"$OBJ/.release"
		if "$TOP/tools/build-modules.sh" bisect hello >"$out/boot-$i.log" 2>&1 &&
			"$TOP/tools/mkinitramfs.sh" bisect >>"$out/boot-$i.log" 2>&1 &&
			GUEST_TIMEOUT=120 "$TOP/tools/run-guest.sh" bisect "prefix-$i" insmod_rmmod >>"$out/boot-$i.log" 2>&1; then
			what="$what, boots, loads a module"
		else
			result "FAIL prefix $name: boot or module load failed (build/bisect-out/boot-$i.log)"
			status=1
			continue
		fi
	fi
	result "ok   prefix $name: $what"
	if [ "$i" -eq 0 ]; then
		static_checks base || status=1
	fi
done
if [ "$status" = 0 ]; then
	static_checks series || status=1
fi
echo "$status" >"$out/status"
[ "$status" = 0 ] && echo "$key" >"$out/key"
exit "$status"
