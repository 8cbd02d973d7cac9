#!/bin/bash
# The test runner: builds what the tests need, runs the host checks
# (tests/host/*.sh) and the guest scenarios (tests/guest/*.sh, grouped into
# one QEMU boot per variant and kernel command line), prints one line per
# test and closes with "N passed, N failed". Exit status 1 on any failure.
#
# Scenario and host-test headers:
#   # variants: x86_64 other      (guest scenarios; "none" = never scheduled)
#   # cmdline: module.foo=bar     (extra kernel command line for its boot)
# ONLY=regex limits the run to tests whose name matches.
set -uo pipefail
. "$(dirname "$0")/../tools/lib.sh"

pass=0 fail=0
failed=()
report() { # STATUS NAME [DETAIL]
	if [ "$1" = ok ]; then
		pass=$((pass + 1)); printf 'PASS  %s\n' "$2"
	else
		fail=$((fail + 1)); failed+=("$2"); printf 'FAIL  %s%s\n' "$2" "${3:+: $3}"
	fi
}
selected() { [ -z "${ONLY:-}" ] || [[ $1 =~ $ONLY ]]; }
header() { sed -n "s/^# $2: *//p" "$1" | head -n1; }

start=$(date +%s)
# Seconds per step, for the budget: build/logs/timing.tsv and the summary.
timing=$LOGS/timing.tsv
: >"$timing"
timed() { # LABEL COMMAND...: run it, record how long it took
	local label=$1 t0=$(date +%s) rc=0
	shift
	"$@" || rc=$?
	printf '%s\t%s\n' "$(($(date +%s) - t0))" "$label" >>"$timing"
	return $rc
}
# ---- which variants do the selected guest scenarios need?
declare -A groups=()
variants=""
for f in "$TOP"/tests/guest/*.sh; do
	s=$(basename "$f" .sh)
	[ "$s" = lib ] && continue
	selected "guest/$s" || continue
	vs=$(header "$f" variants)
	[ "$vs" = none ] && continue
	cl=$(header "$f" cmdline)
	for v in ${vs:-x86_64}; do
		key="$v|$cl"
		groups[$key]="${groups[$key]:+${groups[$key]},}$s"
		[[ " $variants " == *" $v "* ]] || variants="$variants $v"
	done
done
# Host tests may need variants too.
for f in "$TOP"/tests/host/*.sh; do
	selected "host/$(basename "$f" .sh)" || continue
	for v in $(header "$f" variants); do
		[[ " $variants " == *" $v "* ]] || variants="$variants $v"
	done
done

# ---- build: kernels, out-of-tree modules, initramfs (progress on stderr)
# Kernels in two lanes at once (each make -j<cores>): a build's serial steps
# (links, kallsyms, compression) and the bisection pass's guest boots leave a
# core idle that the other lane uses. Lane 1 is the bisection pass (it makes
# the x86_64-next kernel) and then x86_64, whose objects ccache then mostly
# has; lane 2 is every other variant.
lane1="" lane2=""
for v in x86_64-next x86_64; do
	[[ " $variants " == *" $v "* ]] && lane1="$lane1 $v"
done
for v in $variants; do
	[[ " $lane1 " == *" $v "* ]] || lane2="$lane2 $v"
done
build_lane() {
	for v in "$@"; do
		timed "build kernel $v" "$TOP/tools/build-kernel.sh" "$v"
		echo $? >"$LOGS/.kernel-$v.rc"
	done
}
rm -f "$LOGS"/.kernel-*.rc
t0=$(date +%s)
build_lane $lane1 &
build_lane $lane2 &
wait
printf '%s\t%s\n' "$(($(date +%s) - t0))" "all kernels (two lanes, wall time)" >>"$timing"
declare -A built=()
for v in $variants; do
	if [ "$(cat "$LOGS/.kernel-$v.rc" 2>/dev/null)" = 0 ] &&
		timed "build modules $v" "$TOP/tools/build-modules.sh" "$v" &&
		timed "initramfs $v" "$TOP/tools/mkinitramfs.sh" "$v"; then
		built[$v]=1
	else
		report fail "build/$v" "kernel, modules or initramfs did not build (see build/logs/)"
	fi
done

# ---- host checks
for f in "$TOP"/tests/host/*.sh; do
	t=host/$(basename "$f" .sh)
	[ "$t" = host/lib ] && continue
	selected "$t" || continue
	skip=""
	for v in $(header "$f" variants); do [ -n "${built[$v]:-}" ] || skip=$v; done
	if [ -n "$skip" ]; then report fail "$t" "variant $skip did not build"; continue; fi
	log=$LOGS/${t//\//-}.log
	if timed "$t" bash "$f" >"$log" 2>&1; then
		report ok "$t"
	else
		report fail "$t" "$(grep -m1 'FAIL' "$log" || tail -n1 "$log") (log: ${log#"$TOP"/})"
	fi
done

# ---- guest scenarios: one boot per (variant, command line), two at a time
# (a TCG guest runs on one host thread per vCPU); the slow boots first.
keys=$(printf '%s\n' "${!groups[@]}" | sort | awk '{print (/^(x86_64-debug|arm64)\|/ ? 0 : 1) "\t" $0}' |
	sort -s -k1,1n | cut -f2-)
boot_tag() { # N KEY
	local cl=${2#*|}
	if [ -n "$cl" ]; then echo "$1-$(echo "$cl" | tr -c 'a-zA-Z0-9=._-' '_' | tr '=' '-')"; else echo "$1"; fi
}
boot_one() { # N KEY
	local v=${2%%|*} cl=${2#*|} t0
	t0=$(date +%s)
	"$TOP/tools/run-guest.sh" "$v" "$(boot_tag "$1" "$2")" "${groups[$2]}" "$cl" >"$LOGS/.boot-$1.out" 2>&1
	printf '%s\t%s\n' "$(($(date +%s) - t0))" "boot $v ${cl:-(default cmdline)}" >>"$timing"
}
n=0 running=0
t0=$(date +%s)
for key in $keys; do
	n=$((n + 1))
	rm -f "$LOGS/.boot-$n.out"
	[ -n "${built[${key%%|*}]:-}" ] || continue
	say "boot ${key%%|*} ${key#*|}: ${groups[$key]}"
	boot_one "$n" "$key" &
	running=$((running + 1))
	if [ "$running" -ge 2 ]; then
		wait -n
		running=$((running - 1))
	fi
done
wait
[ "$n" -gt 0 ] && printf '%s\t%s\n' "$(($(date +%s) - t0))" "all boots (two at a time, wall time)" >>"$timing"
n=0
for key in $keys; do
	v=${key%%|*}
	n=$((n + 1))
	if [ -z "${built[$v]:-}" ]; then
		for s in ${groups[$key]//,/ }; do report fail "guest/$v/$s" "variant not built"; done
		continue
	fi
	while IFS= read -r line; do
		case "$line" in
		"ok - "*) name=${line#ok - }; report ok "guest/$v/${name%%:*}" ;;
		"not ok - "*) name=${line#not ok - }; report fail "guest/$v/${name%%:*}" "${name#*: }" ;;
		"#"*) printf '      %s\n' "$line" ;;
		esac
	done <"$LOGS/.boot-$n.out"
done

total=$(($(date +%s) - start))
{
	echo "time per step (seconds), from build/logs/timing.tsv:"
	sort -rn "$timing" | awk -F'\t' '{printf "  %6d  %s\n", $1, $2}'
	printf '  %6d  total (tests/run.sh)\n' "$total"
} | tee "$LOGS/timing.txt" >&2
say "tests done in ${total}s; logs in build/logs/"
[ ${#failed[@]} -eq 0 ] || printf 'failed: %s\n' "${failed[*]}"
echo "$pass passed, $fail failed"
[ $((pass + fail)) -gt 0 ] || { echo "no test ran (ONLY='${ONLY:-}')" >&2; exit 1; }
[ "$fail" -eq 0 ]
