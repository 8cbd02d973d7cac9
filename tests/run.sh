#!/bin/bash
# The test runner, in three steps: plan, execute, reconcile.
#
# 1. Plan. From the tests' headers, the variants (configs/*.variant) and
#    ONLY=, it writes the plan: every result it will print, in order. A test
#    brings the products it needs into the plan, each a result of its own:
#    tree/<base> (the series applied), build/<base>/<variant> (kernel, test
#    modules, initramfs) and guest/<base>/<variant>/boot[:<cmdline>] (one
#    QEMU boot, which runs its scenarios). An ONLY= pattern that selects
#    nothing is an error that names it.
# 2. Execute, into a directory of its own: build/runs/<id>/ (build/runs/last
#    is the newest), or RUN_DIR when given (the harness's own tests). Every
#    step writes only there: the plan, the results, timing.tsv, each host
#    check's log (host/), and per base (<base>/, which the tools see as
#    LOGS) each build's log, each boot's console (.log) and results channel
#    (.results), and boots.tsv, the boots of the run for the checks that
#    read them. Builds run in two lanes from one queue; host checks two at
#    a time, before and after the boots; boots two at a time.
# 3. Reconcile: exactly one result per planned name. A planned name with no
#    result is a FAIL that says so; a second result, or one nobody planned,
#    is a harness error (a FAIL). A product that failed makes each test that
#    needs it one SKIP that names it.
#
# Output: KTAP version 1, as kselftest's runner prints it: "1..N" first, then
# "ok N <name>", "ok N <name> # SKIP <reason>", "not ok N <name> # <detail>",
# "not ok N <name> # TIMEOUT <detail>", diagnostics as "# " lines; then
# "N passed, N failed, N skipped" alone on a line (TIMEOUT counts as
# failed). Exit status 0 when nothing failed, 1 otherwise, 2 when the
# selection is wrong.
#
# Names (each can be given back to ONLY= as printed):
#   guest/<base>/<variant>/<scenario>         a scenario in a boot
#   guest/<base>/<variant>/boot[:<cmdline>]   the boot: ended by itself, clean
#                                             console, its KTAP complete
#   host/<base>/<check>, host/harness/<check> a host check (the second kind
#                                             checks the harness, once)
#   tree/<base>, build/<base>/<variant>       the products
#
# Headers in a scenario or host check (the first 12 lines):
#   # variants: x86_64 @arch     variants it needs; @KIND is every variant of
#                                that KIND (configs/*.variant; scenarios:
#                                default x86_64)
#   # bases: mainline 6.12       bases it runs on (default both); "harness":
#                                a check of the harness, run once
#   # cmdline: module.foo=bar    extra kernel command line (scenarios)
#   # timeout: 300               seconds (scenarios: default 120, in the guest)
#   # needs: trees               a check of the harness that reads the trees
#                                of every base of the run (build/<base>/linux)
#   # needs: bisect              a host check that reads the bisection pass's
#                                products (make check-full only)
#   # needs: boots               a host check that reads this run's boots of
#                                its "# scenarios:" on its variants (through
#                                RUN_BOOTS, tests/host/lib.sh): it runs after
#                                the boots and brings them into the plan
#   # explicit: yes              run only when ONLY names it exactly
#   # alone: yes                 a host check that writes into build/<base>
#                                (runs the runner, compiles in an object
#                                directory): no other check runs beside it
# make check-full (FULL=1) adds the variants whose file says FULL=1, the bases
# a variant's CHECK_BASES="..." leaves out of make check, and the checks that
# need the bisection pass.
# env: BASES, FULL, ONLY (space-separated shell patterns matched against whole
#      names), LIST=1 (print the plan, run nothing), RUN_DIR (the run's
#      directory, instead of a new one under build/runs).
set -uo pipefail
. "$(dirname "$0")/../tools/lib.sh"
BASES_RUN=${BASES:-mainline 6.12}
header() { sed -n "s/^# $2: *//p" "$1" | head -n1; }
in_list() { [[ " $2 " == *" $1 "* ]]; }

# ---- 1. plan --------------------------------------------------------------
declare -A matched=()
# the patterns, split on blanks and never expanded against the files here
read -ra patterns <<<"${ONLY:-}"
selected() { # NAME: does ONLY select it? (and remember which pattern did)
	[ -z "${ONLY:-}" ] && return 0
	local p hit=1
	for p in "${patterns[@]}"; do
		# shellcheck disable=SC2053
		[[ $1 == $p ]] && { matched[$p]=1; hit=0; }
	done
	return $hit
}
# named: does ONLY name it exactly (not through a pattern)?
named() { [[ " ${ONLY:-} " == *" $1 "* ]]; }
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
# Headers are read once, with one awk over every file.
declare -A H=() vbases=() vkind=()
while IFS=$'\t' read -r file key val; do
	H[$file|$key]=$val
done < <(awk 'FNR == 1 { n = 0 } ++n <= 12 && match($0, /^# (variants|bases|cmdline|explicit|timeout|needs|scenarios|alone): */) {
	k = substr($0, 3, index($0, ":") - 3); v = substr($0, RLENGTH + 1)
	if (!((FILENAME, k) in seen)) { seen[FILENAME, k] = 1; printf "%s\t%s\t%s\n", FILENAME, k, v } }' \
	"$TOP"/tests/guest/*.sh "$TOP"/tests/host/*.sh)
vfield() { sed -n "s/^$1=\"\{0,1\}\([^\"]*\)\"\{0,1\}\$/\1/p" "$2" | head -n1; }
for f in "$TOP"/configs/*.variant; do
	v=${f##*/} v=${v%.variant}
	role=$(vfield ROLE "$f")
	[ "${role:-test}" = test ] && vkind[$v]=$(vfield KIND "$f") && : "${vkind[$v]:=arch}"
	vbases[$v]=$(vfield BASES "$f")
	[ -z "${FULL:-}" ] || continue
	# a variant of the full run only: no base has it in make check
	grep -qx 'FULL=1' "$f" && vbases[$v]=none
	# or only some bases have it in make check (CI's budget, README)
	cb=$(vfield CHECK_BASES "$f")
	[ -n "$cb" ] && vbases[$v]=$cb
done
declare -A ofkind=()
for v in $(printf '%s\n' "${!vkind[@]}" | LC_ALL=C sort); do ofkind[${vkind[$v]}]+=" $v"; done
# variants_of HEADER: its variants, each @KIND replaced by the variants of it
variants_of() {
	local w out=
	for w in $1; do
		if [ "${w#@}" = "$w" ]; then out="$out $w"; else out="$out${ofkind[${w#@}]:-}"; fi
	done
	echo "${out# }"
}
# has_variants BASE VARIANTS: does this run build every one of them for BASE?
has_variants() {
	local v
	for v in $2; do in_list "$1" "${vbases[$v]:-mainline 6.12}" || return 1; done
}
bootname() { # BASE VARIANT CMDLINE
	echo "guest/$1/$2/boot${3:+:${3// /,}}"
}
# boots[key]: its scenarios (comma-separated), key = base|variant|cmdline
declare -A boots=() bootsel=() need=() bisect=() wanted=() deps=() bases_used=()
hosts=() harness_checks=()
for b in $BASES_RUN; do
	for f in "$TOP"/tests/host/*.sh; do
		c=${f##*/} c=${c%.sh}
		[ "$c" = lib ] && continue
		bs=${H[$f|bases]-}
		[ "$bs" = harness ] && continue
		in_list "$b" "${bs:-mainline 6.12}" || continue
		# a check of variants this run does not build for the base (FULL=1 does)
		vs=$(variants_of "${H[$f|variants]-}")
		has_variants "$b" "$vs" || continue
		[ -z "${FULL:-}" ] && [ "${H[$f|needs]-}" = bisect ] && continue
		selected "host/$b/$c" || continue
		hosts+=("$b|$c")
		bases_used[$b]=1
		deps[host/$b/$c]="tree/$b"
		for v in $vs; do need[$b|$v]=1; deps[host/$b/$c]+=" build/$b/$v"; done
		[ "${H[$f|needs]-}" = bisect ] && bisect[$b]=1
		if [ "${H[$f|needs]-}" = boots ]; then
			for v in $vs; do
				for sc in ${H[$f|scenarios]-}; do wanted["$b|$v|$sc"]+=" host/$b/$c"; done
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
		for v in $(variants_of "${vs:-x86_64}"); do
			in_list "$b" "${vbases[$v]:-mainline 6.12}" || continue
			key="$b|$v|$cl"
			boots[$key]=${boots[$key]-}
			selected "$(bootname "$b" "$v" "$cl")" && bootsel[$key]=1
			[ "${H[$f|explicit]-}" = yes ] && ! named "guest/$b/$v/$s" && continue
			selected "guest/$b/$v/$s" || [ -n "${wanted[$b|$v|$s]:-}" ] || continue
			boots[$key]="${boots[$key]:+${boots[$key]},}$s"
			bootsel[$key]=1
			# a host check that reads this scenario waits for it (and so
			# for its boot)
			for h in ${wanted[$b|$v|$s]:-}; do deps[$h]+=" guest/$b/$v/$s"; done
		done
	done
	# the products can be named too
	[ -n "${ONLY:-}" ] || continue
	for v in "${!vkind[@]}"; do
		in_list "$b" "${vbases[$v]:-mainline 6.12}" || continue
		selected "build/$b/$v" && need[$b|$v]=1
	done
	selected "tree/$b" && bases_used[$b]=1
done
# The harness's own checks run once, on the first base.
hbase=${BASES_RUN%% *}
for f in "$TOP"/tests/host/*.sh; do
	c=${f##*/} c=${c%.sh}
	[ "${H[$f|bases]-}" = harness ] || continue
	selected "host/harness/$c" || continue
	harness_checks+=("$c")
	deps[host/harness/$c]=
	# "# needs: trees": it reads the tree of every base of the run
	if [ "${H[$f|needs]-}" = trees ]; then
		for b in $BASES_RUN; do bases_used[$b]=1 deps[host/harness/$c]+=" tree/$b"; done
	fi
	for v in $(variants_of "${H[$f|variants]-}"); do
		need[$hbase|$v]=1 bases_used[$hbase]=1
		deps[host/harness/$c]+=" tree/$hbase build/$hbase/$v"
	done
done
for key in "${!bootsel[@]}"; do
	b=${key%%|*} r=${key#*|} v=${r%%|*}
	need[$b|$v]=1
done
for key in "${!need[@]}"; do bases_used[${key%%|*}]=1; done
unmatched=
for p in "${patterns[@]}"; do [ -n "${matched[$p]:-}" ] || unmatched="$unmatched '$p'"; done
if [ -n "$unmatched" ]; then
	echo "ERROR: ONLY pattern(s)$unmatched select nothing in this run (BASES='$BASES_RUN'${FULL:+, FULL=1}); LIST=1 prints the names${FULL:+ (of make check-full)}" >&2
	exit 2
fi

# The boots, the heaviest first; a boot's scenarios in the order of their files.
keys=$(for key in "${!bootsel[@]}"; do
	kv=${key#*|}
	printf '%s\t%s\n' "$(variant_weight "${kv%%|*}")" "$key"
done | sort -t$'\t' -k1,1rn -k2 | cut -f2)
# The plan, in the order the results come: the trees, the builds, the host
# checks that run before the boots, each boot with its scenarios, the host
# checks that read the boots.
plan=()
declare -A planned=()
plan_add() { [ -n "${planned[$1]:-}" ] || { planned[$1]=${2:-test}; plan+=("$1"); }; }
for b in $BASES_RUN; do [ -z "${bases_used[$b]:-}" ] || plan_add "tree/$b" product; done
for b in $BASES_RUN; do
	for key in $(printf '%s\n' "${!need[@]}" | LC_ALL=C sort); do
		[ "${key%%|*}" = "$b" ] && plan_add "build/$b/${key#*|}" product && deps[build/$b/${key#*|}]="tree/$b"
	done
done
after_boots() { [ "${H[$TOP/tests/host/${1##*/}.sh|needs]-}" = boots ]; }
for c in "${harness_checks[@]}"; do plan_add "host/harness/$c"; done
for h in "${hosts[@]}"; do after_boots "host/${h#*|}" || plan_add "host/${h%%|*}/${h#*|}"; done
for key in $keys; do
	b=${key%%|*} r=${key#*|} v=${r%%|*} cl=${r#*|}
	bn=$(bootname "$b" "$v" "$cl")
	plan_add "$bn" product
	deps[$bn]="build/$b/$v"
	for s in ${boots[$key]//,/ }; do plan_add "guest/$b/$v/$s" && deps[guest/$b/$v/$s]=$bn; done
done
for h in "${hosts[@]}"; do after_boots "host/${h#*|}" && plan_add "host/${h%%|*}/${h#*|}"; done

if [ -n "${LIST:-}" ]; then
	printf '%s\n' "${plan[@]}" | LC_ALL=C sort
	exit 0
fi
[ ${#plan[@]} -gt 0 ] || { echo "ERROR: no test selected (ONLY='${ONLY:-}')" >&2; exit 2; }

# ---- 2. execute -----------------------------------------------------------
own_dir=
if [ -z "${RUN_DIR:-}" ]; then
	own_dir=1
	RUN_DIR=$TOP/build/runs/$(date -u +%Y%m%d-%H%M%S)-$$
	mkdir -p "$RUN_DIR"
	ln -sfn "${RUN_DIR##*/}" "$TOP/build/runs/last"
	echo $$ >"$RUN_DIR/.pid"
	# The newest ten runs stay (by name: the id starts with the time), and
	# none that is still going (its runner's pid is alive).
	for d in $(printf '%s\n' "$TOP"/build/runs/[0-9]*-* | LC_ALL=C sort -r | tail -n +11); do
		kill -0 "$(cat "$d/.pid" 2>/dev/null || echo none)" 2>/dev/null || rm -rf "$d"
	done
fi
# A directory that holds a plan is another run's (a test of the harness that
# forgot to give its inner run one of its own): refuse it, lose nothing.
[ ! -e "$RUN_DIR/plan" ] || { echo "ERROR: RUN_DIR=$RUN_DIR is the directory of another run" >&2; exit 2; }
export RUN_DIR
mkdir -p "$RUN_DIR/host"
printf '%s\n' "${plan[@]}" >"$RUN_DIR/plan"
: >"$RUN_DIR/results"
timing=$RUN_DIR/timing.tsv
: >"$timing"
say "run directory: ${RUN_DIR#"$TOP"/}"

# Results: each one is checked against the plan as it comes (reconcile).
npass=0 nfail=0 nskip=0 k=0
failed=()
declare -A got=()
echo "KTAP version 1"
echo "1..${#plan[@]}"
nerr=0
report() { # PASS|FAIL|SKIP|TIMEOUT NAME [DETAIL]
	local st=$1 name=$2 detail=${3:-}
	# A result nobody planned, or a second one, is an error of the harness:
	# a diagnostic line, never a numbered result past the plan (a KTAP
	# parser would drop the results after it), and the run fails.
	if [ -z "${planned[$name]:-}" ] || [ -n "${got[$name]:-}" ]; then
		nerr=$((nerr + 1)) failed+=("$name")
		if [ -z "${planned[$name]:-}" ]; then
			echo "# harness error: a result nobody planned: $st $name${detail:+: ${detail//$'\n'/ }}"
		else
			echo "# harness error: a second result for $name: $st${detail:+: ${detail//$'\n'/ }} (the first was ${got[$name]})"
		fi
		printf 'ERROR\t%s\t%s %s\n' "$name" "$st" "$detail" >>"$RUN_DIR/results"
		return
	fi
	got[$name]=$st
	case $st in
	PASS) npass=$((npass + 1)) ;;
	SKIP) nskip=$((nskip + 1)) ;;
	*) nfail=$((nfail + 1)) failed+=("$name") ;;
	esac
	k=$((k + 1))
	ktap_line "$st" "$k" "$name" "${detail//$'\n'/ }"
	printf '%s\t%s\t%s\n' "$st" "$name" "$detail" >>"$RUN_DIR/results"
}
# why_not NAME: why NAME cannot run (a product it needs did not pass), or nothing
why_not() {
	local d
	for d in ${deps[$1]:-}; do
		case ${got[$d]:-none} in
		PASS) ;;
		none) echo "not run: $d has no result" && return ;;
		FAIL) echo "not run: $d failed" && return ;;
		*) echo "not run: $d is ${got[$d]}" && return ;;
		esac
	done
}
# report_or_skip NAME ST [DETAIL]: its result, or the SKIP of a product missing
report_or_skip() {
	local why
	why=$(why_not "$1")
	if [ -n "$why" ]; then report SKIP "$1" "$why"; else report "$2" "$1" "${3:-}"; fi
}

# Times are kept to the millisecond: host/harness/harness_lanes compares a
# sum of steps with a wall time, and whole seconds drown steps of a few
# seconds (kernels from the object cache) in their rounding.
start=$(date +%s)
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

# -- builds: two lanes (each make -j<cores>). Each lane first makes one
# base's tree (and its bisection pass), then both take kernels from one queue,
# heaviest first, each with its modules and initramfs. A kernel waits for its
# base's tree. A variant's -next kernel is built after the variant, in the
# same lane, so that ccache serves it the objects the next patch does not
# change. Each step's status goes to <base>/.tree and <base>/.built-<variant>
# (ok, or FAIL and where to look).
build_tree() { # BASE
	local b=$1 st
	export BASE=$b
	if timed "$b: tree" "$TOP/tools/source/tree.sh" >"$RUN_DIR/$b/tree.log" 2>&1; then
		st=ok
	else
		st="FAIL $(grep -m1 '^ERROR' "$RUN_DIR/$b/tree.log") (log: ${RUN_DIR#"$TOP"/}/$b/tree.log)"
	fi
	# the other lane may build this base's kernels from here on
	echo "$st" >"$RUN_DIR/$b/.tree"
	# The bisection pass, a producer (in its own trees): its report and its
	# sparse and W=1 outputs are what "needs: bisect" checks read.
	if [ "$st" = ok ] && [ -n "${bisect[$b]:-}" ]; then
		if timed "$b: bisection pass" "$TOP/tools/series/bisect-check.sh" >"$RUN_DIR/$b/bisect.log" 2>&1; then
			echo ok >"$RUN_DIR/$b/.bisect"
		else
			echo "FAIL see build/$b/bisect/out/report" >"$RUN_DIR/$b/.bisect"
		fi
	fi
}
build_job() { # BASE VARIANT...
	local b=$1 v step
	shift
	export BASE=$b
	for v; do
		for step in kernel modules initramfs; do
			case $step in
			kernel) timed "$b: kernel $v" "$TOP/tools/build/build-kernel.sh" "$v" ;;
			modules) timed "$b: modules $v" "$TOP/tools/build/build-modules.sh" "$v" ;;
			initramfs) timed "$b: initramfs $v" "$TOP/tools/build/mkinitramfs.sh" "$v" ;;
			esac >>"$RUN_DIR/$b/steps-$v.log" 2>&1 || break
			step=ok
		done
		if [ "$step" = ok ]; then
			echo ok >"$RUN_DIR/$b/.built-$v"
		else
			echo "FAIL the $step step: $(grep -m1 '^ERROR' "$RUN_DIR/$b/steps-$v.log") (logs: ${RUN_DIR#"$TOP"/}/$b/)" >"$RUN_DIR/$b/.built-$v"
		fi
	done
}
buildq=$RUN_DIR/.build-queue
take_job() { # print the first queued job whose tree is done (nothing: none yet); status 1: queue empty
	local line b rest=() job=
	exec {lk}>"$buildq.lock"
	flock "$lk"
	[ -s "$buildq" ] || { exec {lk}>&-; return 1; }
	while IFS= read -r line; do
		b=${line%% *}
		if [ -z "$job" ] && [ -f "$RUN_DIR/$b/.tree" ]; then job=$line; else rest+=("$line"); fi
	done <"$buildq"
	printf '%s\n' "${rest[@]}" | sed '/^$/d' >"$buildq"
	exec {lk}>&-
	echo "$job"
}
build_lane() { # [BASE]: make BASE's tree, then build queued kernels until none is left
	local job
	[ -z "${1:-}" ] || build_tree "$1"
	while job=$(take_job); do
		if [ -z "$job" ]; then sleep 2; continue; fi
		# a base whose tree failed has no kernel; its builds are SKIPs
		[ "$(cat "$RUN_DIR/${job%% *}/.tree")" = ok ] || continue
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
lanes=()
for b in $BASES_RUN; do
	mkdir -p "$RUN_DIR/$b"
	[ -z "${bases_used[$b]:-}" ] || lanes+=("$b")
done
[ ${#lanes[@]} -ge 2 ] || lanes+=("")
t0=$(now_ms)
for b in "${lanes[@]}"; do
	build_lane "$b" 2>>"$RUN_DIR/${b:-$hbase}/build.err" &
done
wait
stamp "$t0" "all builds (two lanes, wall time)"
declare -A broken=()
for name in "${plan[@]}"; do
	case $name in
	tree/*)
		b=${name#tree/}
		st=$(cat "$RUN_DIR/$b/.tree" 2>/dev/null || echo "FAIL the lane gave no status")
		if [ "$st" = ok ]; then report PASS "$name"; else report FAIL "$name" "${st#FAIL }"; fi
		[ -f "$RUN_DIR/$b/.bisect" ] && [ "$(cat "$RUN_DIR/$b/.bisect")" != ok ] &&
			broken[$b|bisect]="the bisection pass of $b failed" ;;
	build/*)
		r=${name#build/} b=${r%%/*} v=${r#*/}
		st=$(cat "$RUN_DIR/$b/.built-$v" 2>/dev/null || echo "FAIL no lane built it")
		if [ "$st" = ok ]; then report_or_skip "$name" PASS; else report_or_skip "$name" FAIL "${st#FAIL }"; fi ;;
	esac
done

# -- host checks: two at a time (most are one process), reported in the
# order of the plan. Each writes its log to host/<name>.log; exit 0 is PASS,
# 4 SKIP (its last "SKIP: " line the reason), anything else FAIL.
HOST_JOBS=2
hostlog() { echo "$RUN_DIR/host/${1//\//-}.log"; }
run_hosts() { # before|after
	local name b c f log running=0 rc todo=() alone
	for name in "${plan[@]}"; do
		[[ $name == host/* ]] || continue
		if after_boots "$name"; then [ "$1" = after ] || continue; else [ "$1" = before ] || continue; fi
		todo+=("$name")
		[ -z "$(why_not "$name")" ] || continue
		r=${name#host/} b=${r%%/*} c=${r#*/}
		[ "$b" = harness ] && b=$hbase
		f=$TOP/tests/host/$c.sh log=$(hostlog "$name")
		# the pass's own check reports its failure; the others that read it skip
		if [ "${H[$f|needs]-}" = bisect ] && [ "$c" != bisect ] && [ -n "${broken[$b|bisect]:-}" ]; then
			echo "SKIP: not run: ${broken[$b|bisect]}" >"$log" && echo 4 >"$log.rc"
			continue
		fi
		# one that writes into build/<base> runs with nothing beside it
		alone=${H[$f|alone]-}
		[ "$alone" != yes ] || { wait; running=0; }
		(
			rc=0
			BASE=$b RUN_BOOTS=$RUN_DIR/boots.tsv timed "$name" bash "$f" >"$log" 2>&1 || rc=$?
			echo "$rc" >"$log.rc"
		) &
		running=$((running + 1))
		if [ "$alone" = yes ]; then
			wait
			running=0
		elif [ "$running" -ge "$HOST_JOBS" ]; then
			wait -n
			running=$((running - 1))
		fi
	done
	wait
	for name in "${todo[@]}"; do
		log=$(hostlog "$name")
		rc=$(cat "$log.rc" 2>/dev/null || echo "no exit status")
		rm -f "$log.rc"
		case $rc in
		0) report_or_skip "$name" PASS ;;
		4) report_or_skip "$name" SKIP "$(sed -n 's/^SKIP: //p' "$log" | tail -n1) (log: ${log#"$TOP"/})" ;;
		*) report_or_skip "$name" FAIL "$(grep -m1 'FAIL' "$log" || tail -n1 "$log") (log: ${log#"$TOP"/})" ;;
		esac
	done
}
run_hosts before

# -- boots: one per (base, variant, command line), two at a time (a TCG
# guest runs on one host thread per vCPU), the heaviest first. Each writes
# <base>/boot-<variant>-<tag>.{log,results} (tools/guest/run-guest.sh) and its
# KTAP to .out.
boot_tag() { # CMDLINE
	if [ -n "$1" ]; then printf '%s' "$1" | tr -c 'a-zA-Z0-9=._-' '_' | tr '=' '-'; else printf default; fi
}
running=0 nboots=0
t0=$(now_ms)
for key in $keys; do
	b=${key%%|*} r=${key#*|} v=${r%%|*} cl=${r#*|}
	[ -z "$(why_not "$(bootname "$b" "$v" "$cl")")" ] || continue
	out=$RUN_DIR/$b/boot-$v-$(boot_tag "$cl").out
	say "boot $b $v ${cl:-(default command line)}: ${boots[$key]:-(no scenario)}"
	(
		t=$(now_ms)
		BASE=$b "$TOP/tools/guest/run-guest.sh" "$v" "$(boot_tag "$cl")" "${boots[$key]}" "$cl" >"$out" 2>&1
		stamp "$t" "boot $b $v ${cl:-(default command line)}"
	) &
	nboots=$((nboots + 1)) running=$((running + 1))
	if [ "$running" -ge 2 ]; then
		wait -n
		running=$((running - 1))
	fi
done
wait
[ "$nboots" -gt 0 ] && stamp "$t0" "all boots (two at a time, wall time)"
: >"$RUN_DIR/boots.tsv"
for key in $keys; do
	b=${key%%|*} r=${key#*|} v=${r%%|*} cl=${r#*|}
	bn=$(bootname "$b" "$v" "$cl") tag=$(boot_tag "$cl")
	why=$(why_not "$bn")
	if [ -n "$why" ]; then
		report SKIP "$bn" "$why"
		for s in ${boots[$key]//,/ }; do report SKIP "guest/$b/$v/$s" "not run: $bn did not run"; done
		continue
	fi
	out=$RUN_DIR/$b/boot-$v-$tag.out
	# run-guest.sh's KTAP: the boot's line first, then one per scenario
	while IFS= read -r line; do
		if ktap_parse "$line"; then
			report "$KT_ST" "$KT_NAME" "$KT_DETAIL"
		elif [[ $line == "#"* ]]; then
			printf '#   %s\n' "${line#"#"}"
		fi
	done <"$out"
	[ -n "${got[$bn]:-}" ] || report FAIL "$bn" "run-guest.sh gave no result for it: $(tail -n 3 "$out" | tr '\n' ' ')"
	for s in ${boots[$key]//,/ }; do
		[ -n "${got[guest/$b/$v/$s]:-}" ] || report_or_skip "guest/$b/$v/$s" FAIL "run-guest.sh gave no result for it"
	done
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$b" "$v" "$tag" "${boots[$key]}" "${got[$bn]}" \
		"$RUN_DIR/$b/boot-$v-$tag.results" >>"$RUN_DIR/boots.tsv"
done

run_hosts after

# ---- 3. reconcile: every planned name has its one result ------------------
for name in "${plan[@]}"; do
	[ -n "${got[$name]:-}" ] || report FAIL "$name" "harness error: planned, but no step gave a result"
done
total=$(($(date +%s) - start))
{
	echo "time per step (seconds), from ${timing#"$TOP"/}:"
	sort -rn "$timing" | awk -F'\t' '{printf "  %6d  %s\n", $1, $2}'
	printf '  %6d  total (tests/run.sh)\n' "$total"
} | tee "$RUN_DIR/timing.txt" >&2
say "tests done in ${total}s; everything of this run is in ${RUN_DIR#"$TOP"/}/"
[ ${#failed[@]} -eq 0 ] || printf '# failed: %s\n' "${failed[*]}"
# kselftest's totals line, then the plain one (harness errors count as failed)
echo "# Totals: pass:$npass fail:$nfail xfail:0 xpass:0 skip:$nskip error:$nerr"
nfail=$((nfail + nerr))
closing="$npass passed, $nfail failed, $nskip skipped"
# The result page of a whole make check (or check-full) run, both bases,
# made in a directory of its own: docs/results/check.md (check-full.md), by
# tools/measure/result-page.sh, never typed by hand. It is the one file a run
# writes outside its directory: the target's page, as make bench writes its.
if [ -n "$own_dir" ] && [ -z "${ONLY:-}" ] && [ -z "${BASES:-}" ]; then
	page=check${FULL:+-full}
	{
		echo "## Result"
		echo
		echo "$closing, in ${total} s (plan: ${#plan[@]} results)${failed:+; failed: ${failed[*]}}."
		echo
		echo "## Kernels"
		echo
		for name in "${plan[@]}"; do
			[[ $name == build/* ]] || continue
			r=${name#build/} b=${r%%/*} v=${r#*/}
			if grep -q 'objects from the cache' "$RUN_DIR/$b/steps-$v.log" 2>/dev/null; then
				from="objects from the object cache"
			else
				# kbuild's compile lines: all of them on a cold build, few or
				# none on objects kept in build/ from an earlier run
				from="$(grep -cE '^  (CC|AS)' "$RUN_DIR/$b/build-$v.log" 2>/dev/null) files compiled"
			fi
			t=$(awk -F'\t' -v l="$b: kernel $v" '$2 == l { printf "%d", $1 }' "$timing")
			echo "- $name: ${got[$name]:-no result}, $from (${t:-?} s)"
		done
		echo
		echo "## Time per step"
		echo
		echo '```'
		cat "$RUN_DIR/timing.txt"
		echo '```'
	} >"$RUN_DIR/page.md"
	cmd="make $page"
	[ -z "${BASES:-}" ] || cmd="$cmd BASES=\"$BASES\""
	"$TOP/tools/measure/result-page.sh" "make $page" "$cmd" "$RUN_DIR/page.md" "$TOP/docs/results/$page.md" >/dev/null ||
		echo "# could not write docs/results/$page.md" >&2
fi
echo "$closing"
[ $((npass + nfail)) -gt 0 ] || { echo "ERROR: no test ran (ONLY='${ONLY:-}')" >&2; exit 1; }
[ "$nfail" -eq 0 ]
