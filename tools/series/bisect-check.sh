#!/bin/bash
# The bisection, sparse and W=1 gates, in one pass over the series:
#
#   - every prefix (base+1, base+1..2, ...) is made with git am in the
#     worktree build/bisect/linux and must apply; then, the same way, the
#     next-cycle series (patches/next) on top of the whole series;
#   - each prefix builds vmlinux and modules (x86_64, incremental, one object
#     directory build/bisect/obj/x86_64, ccache) and prints no compiler or
#     modpost warning (the unpatched tree prints none for this configuration);
#   - a prefix whose patch changes what runs (kernel, headers, modpost,
#     linker scripts, ...) boots and loads and unloads an out-of-tree module;
#   - at the base and after the whole series, sparse (C=2) and W=1 are run
#     on the kernel C files the series touches; the outputs are kept for
#     tests/host/{sparse,w1}.sh to compare.
#
# Output in build/bisect/out/: report (one line per prefix), prefix-<n>.log,
# {sparse,w1}-{base,series}.txt. The result is kept with the hash of its
# inputs (both series, config fragments, this script, compiler) and reused
# while they are unchanged; BISECT_FORCE=1 redoes it.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"

out=$BUILD/bisect/out
mkdir -p "$out"
load_variant bisect
list() { grep -v '^\s*\(#\|$\)' "$1"; }
mapfile -t patches < <(list "$PATCHES/series")
mapfile -t next < <(list "$PATCHES/next/series" | sed 's|^|next/|')
all=("${patches[@]}" "${next[@]}")

key=$( (for p in "${all[@]}"; do echo "$p"; cat "$PATCHES/$p"; done
	for f in $FRAGMENTS; do cat "$(fragment_path "$f")"; done; cat "$0"
	gcc --version | head -n1) | sha256sum | cut -d' ' -f1)
if [ -z "${BISECT_FORCE:-}" ] && [ "$(cat "$out/key" 2>/dev/null)" = "$key" ] &&
	[ "$(git -C "$KSRC" rev-parse HEAD 2>/dev/null)" = "$(cat "$out/head" 2>/dev/null)" ]; then
	say "bisect: series unchanged since the last full pass (${key:0:12}); its report stands"
	cat "$out/report"
	exit "$(cat "$out/status")"
fi
rm -f "$out/key" "$out/status" "$out/head" "$out"/*.txt
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
export GIT_COMMITTER_NAME=harness GIT_COMMITTER_EMAIL=harness@localhost

# The kernel C files the whole series touches (host programs excluded: sparse
# and W=1 are about kernel code); those not in this build are skipped.
touched=()
while IFS= read -r f; do
	touched+=("${f%.c}.o")
done < <(cd "$TOP" && for p in "${patches[@]}"; do
	sed -n 's|^+++ b/\(.*\.c\)$|\1|p' "$PATCHES/$p"; done |
	grep -vE '^(scripts|tools)/|/tools/' | sort -u)

# sparse and W=1 over the touched files that exist at this prefix
static_checks() { # TAG
	local objs=() o
	for o in "${touched[@]}"; do
		[ -f "$KSRC/${o%.o}.c" ] && objs+=("$o")
	done
	kmake "${objs[@]}" >"$out/objs-$1.log" 2>&1 ||
		{ warn "building the touched objects failed ($1), see $out/objs-$1.log"; return 1; }
	local built=()
	for o in "${objs[@]}"; do [ -f "$OBJ/$o" ] && built+=("$o"); done
	# sparse only: the objects are up to date, C=2 checks them anyway
	kmake C=2 "${built[@]}" >"$out/sparse-$1.log" 2>&1 ||
		{ warn "sparse run failed ($1), see $out/sparse-$1.log"; return 1; }
	grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error):' "$out/sparse-$1.log" >"$out/sparse-$1.txt" || true
	kmake W=1 "${built[@]}" >"$out/w1-$1.log" 2>&1 ||
		{ warn "W=1 build failed ($1), see $out/w1-$1.log"; return 1; }
	grep -E ': (warning|error):' "$out/w1-$1.log" | grep -v '^/[^:]*/scripts/genksyms/' >"$out/w1-$1.txt" || true
	printf '%s\n' "${built[@]}" >"$out/checked-$1.txt"
}

read -ra FRAGMENTS <<<"$FRAGMENTS"
config() {
	# the fragments again after every patch: options a patch adds are set
	local f
	for f in "${FRAGMENTS[@]}"; do cat "$(fragment_path "$f")"; done >>"$OBJ/.config"
	kmake olddefconfig >/dev/null 2>&1
}

runtime_change() { # does HEAD~1..HEAD change what is built into or loaded by the kernel?
	git -C "$KSRC" diff --name-only HEAD~1 HEAD |
		grep -qvE '^(Documentation/|MAINTAINERS$|scripts/checkpatch\.pl$|scripts/(kernel-doc|tags\.sh|exports_due\.sh)$|tools/|Makefile$)'
}

mkdir -p "$OBJ"
kmake tinyconfig >/dev/null 2>&1
config
if static_checks base; then
	result "ok   base (unpatched): sparse and W=1 on the touched files done"
else
	result "FAIL base (unpatched): sparse or W=1 on the touched files failed"
	status=1
fi

i=0
for p in "${all[@]}"; do
	i=$((i + 1))
	name="$i ${p%.patch}"
	if ! git -C "$KSRC" am -q "$PATCHES/$p" >"$out/am-$i.log" 2>&1; then
		result "FAIL prefix $name: does not apply ($(grep -m1 -E '^error|^Patch failed' "$out/am-$i.log" || true))"
		git -C "$KSRC" am --abort >/dev/null 2>&1 || true
		status=1
		break
	fi
	config
	start=$(date +%s)
	if ! kmake all >"$out/prefix-$i.log" 2>&1; then
		result "FAIL prefix $name: build failed (${out#"$TOP"/}/prefix-$i.log: $(grep -m1 -E 'error' "$out/prefix-$i.log" || true))"
		status=1
		break
	fi
	secs=$(($(date +%s) - start))
	warnings=$(grep -E 'warning:|WARNING:' "$out/prefix-$i.log" | head -n3 || true)
	if [ -n "$warnings" ]; then
		result "FAIL prefix $name: build warnings: $warnings"
		status=1
		continue
	fi
	what="builds (${secs}s)"
	if runtime_change; then
		kmake -s kernelrelease >"$OBJ/.release"
		if "$TOP/tools/build/build-modules.sh" bisect hello >"$out/boot-$i.log" 2>&1 &&
			"$TOP/tools/build/mkinitramfs.sh" bisect >>"$out/boot-$i.log" 2>&1 &&
			GUEST_TIMEOUT=120 "$TOP/tools/guest/run-guest.sh" bisect "prefix-$i" insmod_rmmod >>"$out/boot-$i.log" 2>&1; then
			what="$what, boots, loads a module"
		else
			result "FAIL prefix $name: boot or module load failed (${out#"$TOP"/}/boot-$i.log)"
			status=1
			continue
		fi
	fi
	result "ok   prefix $name: $what"
	if [ "$i" -eq ${#patches[@]} ]; then
		static_checks series || status=1
	fi
done
kmake -s kernelrelease >"$OBJ/.release"
echo "$status" >"$out/status"
if [ "$status" = 0 ]; then
	echo "$key" >"$out/key"
	git -C "$KSRC" rev-parse HEAD >"$out/head"
fi
exit "$status"
