#!/bin/bash
# The test runner: for each base (BASES, default "mainline 6.12") it makes the
# tree, builds what the selected tests need, runs the host checks
# (tests/host/*.sh) and the guest scenarios (tests/guest/*.sh, grouped into
# one QEMU boot per base, variant and kernel command line). It prints one line
# per test and closes with "N passed, N failed, N skipped" alone on a line;
# exit status 1 when anything failed or timed out, or when nothing ran.
#
# Test names (every one can be given back to ONLY= as printed):
#   guest/<base>/<variant>/<scenario>    a scenario in a boot
#   guest/<base>/<variant>/boot[:<cmdline>]  the boot itself (ended by itself,
#                                        clean console)
#   host/<base>/<check>                  a host check on a base's build
#   host/harness/<check>                 a check of the harness itself
#   build/<base>/<variant>               building a kernel, its modules and
#                                        initramfs (printed only on failure)
#   tree/<base>                          applying the series (only on failure)
# Result words: PASS, FAIL, SKIP (with its reason; counted apart), TIMEOUT
# (counted as failed). A test that could not run because what it needs
# failed is a SKIP naming that failure, which is itself a FAIL.
#
# Headers in a scenario or host check:
#   # variants: x86_64 i386     variants it needs (scenarios: default x86_64)
#   # bases: mainline 6.12      bases it runs on (default both); a host check
#                               with "harness" checks the harness, once
#   # cmdline: module.foo=bar   extra kernel command line (scenarios)
#   # timeout: 300              seconds (scenarios: default 120, in the guest)
#   # needs: bisect             a host check that reads the bisection pass's
#                               products (build/<base>/bisect/out): the runner
#                               runs the pass once per base, first in its lane
#   # needs: boots              a host check that reads what guest scenarios
#                               printed in this run: it runs after the boots,
#                               and selecting it selects the scenarios named
#                               in its "# scenarios:" header on its variants
#   # explicit: yes             run only when ONLY names it exactly (the
#                               harness's own test scenarios)
# make check-full (FULL=1) adds what does not fit CI's budget: the variants
# whose file says FULL=1 (the debug kernel), the bases a variant's
# CHECK_BASES="..." leaves out of make check (with the scenarios and host
# checks of those variants on those bases), and the checks that need the
# bisection pass.
# env: BASES, FULL, ONLY (space-separated shell patterns matched against whole
#      names), LIST=1 (print the selected names and stop), RUN_LOGS (where
#      the run's own logs go, default build/logs: for the harness's tests,
#      which run the runner).
set -uo pipefail
. "$(dirname "$0")/../tools/lib.sh"
ALL_LOGS=${RUN_LOGS:-$TOP/build/logs}
mkdir -p "$ALL_LOGS"

BASES_RUN=${BASES:-mainline 6.12}
npass=0 nfail=0 nskip=0
failed=()
report() { # PASS|FAIL|SKIP|TIMEOUT NAME [DETAIL]
	case $1 in
	PASS) npass=$((npass + 1)) ;;
	SKIP) nskip=$((nskip + 1)) ;;
	*) nfail=$((nfail + 1)); failed+=("$2") ;;
	esac
	printf '%-7s %s%s\n' "$1" "$2" "${3:+: $3}"
}
selected() { # NAME: does ONLY select it?
	[ -z "${ONLY:-}" ] && return 0
	local p
	for p in $ONLY; do
		# shellcheck disable=SC2053
		[[ $1 == $p ]] && return 0
	done
	return 1
}
# named: does ONLY name it exactly (not through a pattern)?
named() { [[ " ${ONLY:-} " == *" $1 "* ]]; }
header() { sed -n "s/^# $2: *//p" "$1" | head -n1; }
in_list() { [[ " $2 " == *" $1 "* ]]; }
# expand_cmdline BASE TEXT: ${VAR} in a "# cmdline:" header, from the base's
# configs/<base>/harness.env
expand_cmdline() {
	# '${' is a literal pattern; the base's harness.env defines the variables
	# shellcheck disable=SC2016 source=../configs/mainline/harness.env
	case $2 in
	*'${'*) (. "$TOP/configs/$1/harness.env" && eval "echo \"$2\"") ;;
	*) echo "$2" ;;
	esac
}

start=$(date +%s)
timing=$ALL_LOGS/timing.tsv
# Times are kept to the millisecond: host/harness/harness_lanes compares a
# sum of steps with a wall time, and whole seconds drown steps of a few
# seconds (kernels from the object cache) in their rounding.
now_ms() { date +%s%3N; }
stamp() { # T0 LABEL: record the seconds since T0 (from now_ms) for LABEL
	local ms=$(($(now_ms) - $1))
	printf '%d.%03d\t%s\n' $((ms / 1000)) $((ms % 1000)) "$2" >>"$timing"
}
timed() { # LABEL COMMAND...: run it, record how long it took
	local label=$1 t0 rc=0
	t0=$(now_ms)
	shift
	"$@" || rc=$?
	stamp "$t0" "$label"
	return $rc
}

# ---- what is selected: boots (base|variant|cmdline → scenarios), host checks
# Headers are read once, with one awk over every file.
declare -A H=() vbases=()
while IFS=$'\t' read -r file key val; do
	H[$file|$key]=$val
done < <(awk 'FNR == 1 { n = 0 } ++n <= 12 && match($0, /^# (variants|bases|cmdline|explicit|timeout|needs|scenarios): */) {
	k = substr($0, 3, index($0, ":") - 3); v = substr($0, RLENGTH + 1)
	if (!((FILENAME, k) in seen)) { seen[FILENAME, k] = 1; printf "%s\t%s\t%s\n", FILENAME, k, v } }' \
	"$TOP"/tests/guest/*.sh "$TOP"/tests/host/*.sh)
for f in "$TOP"/configs/*.variant; do
	v=${f##*/}
	vbases[${v%.variant}]=$(sed -n 's/^BASES="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$f" | head -n1)
	[ -z "${FULL:-}" ] || continue
	# a variant of the full run only: no base has it in make check
	grep -qx 'FULL=1' "$f" && vbases[${v%.variant}]=none
	# or only some bases have it in make check (CI's budget, README)
	cb=$(sed -n 's/^CHECK_BASES="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$f" | head -n1)
	[ -n "$cb" ] && vbases[${v%.variant}]=$cb
done
# has_variants BASE VARIANTS: does this run build every one of them for BASE?
has_variants() {
	local v
	for v in $2; do in_list "$1" "${vbases[$v]:-mainline 6.12}" || return 1; done
}
declare -A boots=() bootsel=() boot_named=() need=() bisect=() wanted=()
hosts=() harness_checks=() names=()
for b in $BASES_RUN; do
	for f in "$TOP"/tests/host/*.sh; do
		c=${f##*/} c=${c%.sh}
		[ "$c" = lib ] && continue
		bs=${H[$f|bases]-}
		[ "$bs" = harness ] && continue
		in_list "$b" "${bs:-mainline 6.12}" || continue
		selected "host/$b/$c" || continue
		[ -z "${FULL:-}" ] && [ "${H[$f|needs]-}" = bisect ] && continue
		# a check of variants this run does not build for the base (FULL=1 does)
		has_variants "$b" "${H[$f|variants]-}" || continue
		hosts+=("$b|$c")
		for v in ${H[$f|variants]-}; do need[$b|$v]=1; done
		[ "${H[$f|needs]-}" = bisect ] && bisect[$b]=1
		if [ "${H[$f|needs]-}" = boots ]; then
			for v in ${H[$f|variants]-}; do
				for sc in ${H[$f|scenarios]-}; do wanted["$b|$v|$sc"]=1; done
			done
		fi
	done
	for f in "$TOP"/tests/guest/*.sh; do
		s=${f##*/} s=${s%.sh}
		[ "$s" = lib ] && continue
		vs=${H[$f|variants]-}
		[ "$vs" = none ] && continue
		bs=${H[$f|bases]-}
		in_list "$b" "${bs:-mainline 6.12}" || continue
		cl=$(expand_cmdline "$b" "${H[$f|cmdline]-}")
		for v in ${vs:-x86_64}; do
			in_list "$b" "${vbases[$v]:-mainline 6.12}" || continue
			key="$b|$v|$cl"
			bootname=guest/$b/$v/boot${cl:+:${cl// /,}}
			boots[$key]=${boots[$key]-}
			if selected "$bootname"; then
				bootsel[$key]=1
				boot_named[$key]=1
			fi
			selected "guest/$b/$v/$s" || [ -n "${wanted[$b|$v|$s]:-}" ] || continue
			[ "${H[$f|explicit]-}" = yes ] && ! named "guest/$b/$v/$s" && continue
			boots[$key]="${boots[$key]:+${boots[$key]},}$s"
			bootsel[$key]=1
		done
	done
done
# The harness's own checks run once, on the first base.
hbase=${BASES_RUN%% *}
for f in "$TOP"/tests/host/*.sh; do
	c=${f##*/} c=${c%.sh}
	[ "${H[$f|bases]-}" = harness ] || continue
	selected "host/harness/$c" || continue
	harness_checks+=("$c")
	for v in ${H[$f|variants]-}; do need[$hbase|$v]=1; done
done
for key in "${!bootsel[@]}"; do
	b=${key%%|*} r=${key#*|} v=${r%%|*}
	need[$b|$v]=1
done

if [ -n "${LIST:-}" ]; then
	for c in "${harness_checks[@]}"; do names+=("host/harness/$c"); done
	for h in "${hosts[@]}"; do names+=("host/${h%%|*}/${h#*|}"); done
	for key in "${!bootsel[@]}"; do
		b=${key%%|*} r=${key#*|} v=${r%%|*} cl=${r#*|}
		[ -n "${boot_named[$key]:-}" ] && names+=("guest/$b/$v/boot${cl:+:${cl// /,}}")
		for s in ${boots[$key]//,/ }; do names+=("guest/$b/$v/$s"); done
	done
	printf '%s\n' "${names[@]}" | sort
	exit 0
fi
# A run that tests something starts the timings afresh; LIST=1 (above) and
# an empty selection leave the last run's alone.
[ ${#need[@]} -gt 0 ] || [ ${#harness_checks[@]} -gt 0 ] || [ ${#hosts[@]} -gt 0 ] || {
	echo "no test selected (ONLY='${ONLY:-}')" >&2
	echo "0 passed, 0 failed, 0 skipped"
	exit 1
}
: >"$timing"

# ---- build: two lanes (each make -j<cores>). Each lane first makes one
# base's tree (and its bisection pass), then both take kernels from one queue,
# heaviest first, each with its modules and initramfs: a base with more
# kernels than the other no longer builds them alone while the other lane
# idles. A kernel waits for its base's tree. A variant's -next kernel is
# built after the variant, in the same lane, so that ccache serves it the
# objects the next patch does not change.
declare -A broken=()
build_tree() { # BASE: writes build/<base>/logs/.tree and .bisect = ok|FAIL detail
	local b=$1 st
	export BASE=$b
	if timed "$b: tree" "$TOP/tools/tree.sh" >"$TOP/build/$b/logs/tree.log" 2>&1; then
		st=ok
	else
		st="FAIL $(grep -m1 '^ERROR' "$TOP/build/$b/logs/tree.log")"
	fi
	# the other lane may build this base's kernels from here on
	echo "$st" >"$TOP/build/$b/logs/.tree"
	# The bisection pass, a producer (in its own trees): its report and its
	# sparse and W=1 outputs are what "needs: bisect" checks read.
	if [ "$st" = ok ] && [ -n "${bisect[$b]:-}" ]; then
		if timed "$b: bisection pass" "$TOP/tools/bisect-check.sh" >"$TOP/build/$b/logs/bisect.log" 2>&1; then
			echo ok >"$TOP/build/$b/logs/.bisect"
		else
			echo "FAIL see build/$b/bisect/out/report" >"$TOP/build/$b/logs/.bisect"
		fi
	fi
}
build_job() { # BASE VARIANT...: writes build/<base>/logs/.built-<variant> = ok|FAIL detail
	local b=$1 v
	shift
	export BASE=$b
	for v; do
		if timed "$b: kernel $v" "$TOP/tools/build-kernel.sh" "$v" &&
			timed "$b: modules $v" "$TOP/tools/build-modules.sh" "$v" &&
			timed "$b: initramfs $v" "$TOP/tools/mkinitramfs.sh" "$v"; then
			echo ok >"$TOP/build/$b/logs/.built-$v"
		else
			echo "FAIL see build/$b/logs/ (build-$v.log, config-$v.log, modules, initramfs)" >"$TOP/build/$b/logs/.built-$v"
		fi
	done
}
buildq=$ALL_LOGS/.build-queue
take_job() { # print the first queued job whose tree is done (nothing: none yet); status 1: queue empty
	local line b rest=() got=
	exec {lk}>"$buildq.lock"
	flock "$lk"
	[ -s "$buildq" ] || { exec {lk}>&-; return 1; }
	while IFS= read -r line; do
		b=${line%% *}
		if [ -z "$got" ] && [ -f "$TOP/build/$b/logs/.tree" ]; then got=$line; else rest+=("$line"); fi
	done <"$buildq"
	printf '%s\n' "${rest[@]}" | sed '/^$/d' >"$buildq"
	exec {lk}>&-
	echo "$got"
}
build_lane() { # [BASE]: make BASE's tree, then build queued kernels until none is left
	local job
	[ -z "${1:-}" ] || build_tree "$1"
	while job=$(take_job); do
		if [ -z "$job" ]; then sleep 2; continue; fi
		# a base whose tree failed has no kernel; the report says why
		[ "$(cat "$TOP/build/${job%% *}/logs/.tree")" = ok ] || continue
		# shellcheck disable=SC2086 # BASE VARIANT...
		build_job $job
	done
}
jobs_=()
for key in "${!need[@]}"; do
	b=${key%%|*} v=${key#*|}
	# a -next kernel goes with its variant, when that one is built too
	[ "${v%-next}" != "$v" ] && [ -n "${need[$b|${v%-next}]:-}" ] && continue
	vs=$v
	[ -z "${need[$b|$v-next]:-}" ] || vs="$v $v-next"
	w=0
	for x in $vs; do
		w=$((w + $(variant_weight "$x")))
	done
	jobs_+=("$w $b $vs")
done
printf '%s\n' "${jobs_[@]}" | sed '/^$/d' | sort -k1,1rn -k2 | cut -d' ' -f2- >"$buildq"
for b in $BASES_RUN; do
	mkdir -p "$TOP/build/$b/logs"
	rm -f "$TOP/build/$b/logs"/.built-* "$TOP/build/$b/logs/.bisect" "$TOP/build/$b/logs/.tree"
	: >"$TOP/build/$b.build.err"
done
t0=$(now_ms)
read -ra lanes <<<"$BASES_RUN"
[ ${#lanes[@]} -ge 2 ] || lanes+=("")
for b in "${lanes[@]}"; do
	build_lane "$b" 2>>"$TOP/build/${b:-${BASES_RUN%% *}}.build.err" &
done
wait
stamp "$t0" "all builds (two lanes, wall time)"
for b in $BASES_RUN; do
	st=$(cat "$TOP/build/$b/logs/.tree" 2>/dev/null || echo "FAIL no result")
	if [ "$st" != ok ]; then
		report FAIL "tree/$b" "${st#FAIL }"
		broken[$b]="tree/$b failed"
		sed 's/^/#   /' "$TOP/build/$b.build.err" | tail -n 5
		continue
	fi
	if [ -f "$TOP/build/$b/logs/.bisect" ] && [ "$(cat "$TOP/build/$b/logs/.bisect")" != ok ]; then
		# the pass is a gate of its own: host/<base>/bisect reports it
		broken[$b|bisect]="the bisection pass of $b failed"
	fi
	for key in "${!need[@]}"; do
		[ "${key%%|*}" = "$b" ] || continue
		v=${key#*|}
		st=$(cat "$TOP/build/$b/logs/.built-$v" 2>/dev/null || echo "FAIL no result")
		[ "$st" = ok ] && continue
		report FAIL "build/$b/$v" "${st#FAIL }"
		broken[$b|$v]="build/$b/$v failed"
	done
done
why_not() { # BASE VARIANTS: why the test cannot run, or nothing
	local v
	[ -n "${broken[$1]:-}" ] && { echo "${broken[$1]}"; return; }
	for v in $2; do [ -n "${broken[$1|$v]:-}" ] && { echo "${broken[$1|$v]}"; return; }; done
	true
}

# ---- host checks: two at a time (most are one process; the cores are
# otherwise idle between the builds and the boots), reported in the order
# they were selected.
HOST_JOBS=2
host_q=()
queue_host() { # NAME SCRIPT BASE VARIANTS: run it, or report why it cannot
	local why
	why=$(why_not "$3" "$4")
	if [ -n "$why" ]; then host_q+=("SKIP|$1|not run: $why"); return; fi
	host_q+=("RUN|$1|$2|$3")
}
run_queue() { # run the queued checks, then report each, in order
	local e name f b log running=0 rc
	for e in "${host_q[@]}"; do
		[ "${e%%|*}" = RUN ] || continue
		IFS='|' read -r _ name f b <<<"$e"
		log=$ALL_LOGS/${name//\//-}.log
		rm -f "$log.rc"
		(
			rc=0
			BASE=$b timed "$name" bash "$f" >"$log" 2>&1 || rc=$?
			echo "$rc" >"$log.rc"
		) &
		running=$((running + 1))
		if [ "$running" -ge "$HOST_JOBS" ]; then
			wait -n
			running=$((running - 1))
		fi
	done
	wait
	for e in "${host_q[@]}"; do
		if [ "${e%%|*}" = SKIP ]; then
			IFS='|' read -r _ name rc <<<"$e"
			report SKIP "$name" "$rc"
			continue
		fi
		IFS='|' read -r _ name f b <<<"$e"
		log=$ALL_LOGS/${name//\//-}.log
		rc=$(cat "$log.rc" 2>/dev/null || echo "no exit status")
		rm -f "$log.rc"
		case $rc in
		0) report PASS "$name" ;;
		4) report SKIP "$name" "$(sed -n 's/^SKIP: //p' "$log" | tail -n1) (log: ${log#"$TOP"/})" ;;
		*) report FAIL "$name" "$(grep -m1 'FAIL' "$log" || tail -n1 "$log") (log: ${log#"$TOP"/})" ;;
		esac
	done
	host_q=()
}
for c in "${harness_checks[@]}"; do
	queue_host "host/harness/$c" "$TOP/tests/host/$c.sh" "$hbase" "${H[$TOP/tests/host/$c.sh|variants]-}"
done
run_hosts() { # before|after: the host checks that run before or after the boots
	local h b c f deps
	for h in "${hosts[@]}"; do
		b=${h%%|*} c=${h#*|}
		f=$TOP/tests/host/$c.sh deps=${H[$TOP/tests/host/$c.sh|variants]-}
		if [ "${H[$f|needs]-}" = boots ]; then [ "$1" = after ] || continue; else [ "$1" = before ] || continue; fi
		# the pass's own check reports its failure; the others that read it skip
		[ "${H[$f|needs]-}" = bisect ] && [ "$c" != bisect ] && deps="$deps bisect"
		queue_host "host/$b/$c" "$f" "$b" "$deps"
	done
	run_queue
}
run_hosts before

# ---- guest scenarios: one boot per (base, variant, command line), two at a
# time (a TCG guest runs on one host thread per vCPU), the heaviest first.
keys=$(for key in "${!bootsel[@]}"; do
	# shellcheck disable=SC2030 # r is local to this $(...) on purpose
	r=${key#*|} v=${r%%|*}
	w=$(variant_weight "$v")
	printf '%s\t%s\n' "$w" "$key"
done | sort -t$'\t' -k1,1rn -k2 | cut -f2)
boot_tag() { # CMDLINE
	if [ -n "$1" ]; then echo "$1" | tr -c 'a-zA-Z0-9=._-' '_' | tr '=' '-'; else echo default; fi
}
n=0 running=0
t0=$(now_ms)
declare -A outfile=()
for key in $keys; do
	# shellcheck disable=SC2031 # r is set afresh, earlier in this same line
	b=${key%%|*} r=${key#*|} v=${r%%|*} cl=${r#*|}
	n=$((n + 1))
	outfile[$key]=$ALL_LOGS/.boot-$n.out
	rm -f "${outfile[$key]}"
	[ -n "$(why_not "$b" "$v")" ] && continue
	say "boot $b $v ${cl:-(default command line)}: ${boots[$key]:-(no scenario)}"
	(
		t=$(now_ms)
		BASE=$b "$TOP/tools/run-guest.sh" "$v" "$(boot_tag "$cl")" "${boots[$key]}" "$cl" >"${outfile[$key]}" 2>&1
		stamp "$t" "boot $b $v ${cl:-(default command line)}"
	) &
	running=$((running + 1))
	if [ "$running" -ge 2 ]; then
		wait -n
		running=$((running - 1))
	fi
done
wait
[ "$n" -gt 0 ] && stamp "$t0" "all boots (two at a time, wall time)"
for key in $keys; do
	b=${key%%|*} r=${key#*|} v=${r%%|*} cl=${r#*|}
	why=$(why_not "$b" "$v")
	if [ -n "$why" ]; then
		report SKIP "guest/$b/$v/boot${cl:+:${cl// /,}}" "not run: $why"
		for s in ${boots[$key]//,/ }; do report SKIP "guest/$b/$v/$s" "not run: $why"; done
		continue
	fi
	got=0
	while IFS= read -r line; do
		case $line in
		"RESULT "*)
			got=1
			read -r _ st name detail <<<"$line"
			# a boot nobody asked for is reported when it did not pass
			if [ "$name" = "guest/$b/$v/boot${cl:+:${cl// /,}}" ] && [ "$st" = PASS ] &&
				[ -z "${boot_named[$key]:-}" ]; then
				continue
			fi
			report "$st" "$name" "$detail" ;;
		"#"*) printf '        %s\n' "$line" ;;
		esac
	done <"${outfile[$key]}"
	[ "$got" = 1 ] || report FAIL "guest/$b/$v/boot${cl:+:${cl// /,}}" "run-guest.sh gave no result: $(tail -n 3 "${outfile[$key]}" | tr '\n' ' ')"
done

run_hosts after

total=$(($(date +%s) - start))
{
	echo "time per step (seconds), from build/logs/timing.tsv:"
	sort -rn "$timing" | awk -F'\t' '{printf "  %6d  %s\n", $1, $2}'
	printf '  %6d  total (tests/run.sh)\n' "$total"
} | tee "$ALL_LOGS/timing.txt" >&2
say "tests done in ${total}s; logs in build/logs/ and build/<base>/logs/"
[ ${#failed[@]} -eq 0 ] || printf 'failed: %s\n' "${failed[*]}"
echo "$npass passed, $nfail failed, $nskip skipped"
[ $((npass + nfail)) -gt 0 ] || { echo "no test ran (ONLY='${ONLY:-}')" >&2; exit 1; }
[ "$nfail" -eq 0 ]
