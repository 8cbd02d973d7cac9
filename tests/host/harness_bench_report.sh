#!/bin/bash
# bases: harness
# make bench's report script computes its ratios and goals from the raw data
# and nothing else: fed a fixed raw directory whose figures are chosen by
# hand (below), it must print the ratios they make (1.100, 1.005, 1.020, ...)
# and the PASS or FAIL each goal gets. A report that came out as 1.000 or
# PASS whatever the input fails here.
. "$(dirname "$0")/lib.sh"
scratch_dir
raw=$scratch/raw
mkdir -p "$raw"

cat >"$raw/meta.txt" <<'EOF'
base 0123456789abcdef0123456789abcdef01234567
base_name mainline
kernel 7.2.13
dep_config CONFIG_DEPRECATED_EXPORTS
patched 89abcdef0123456789abcdef0123456789abcdef v7.2.13-12-g89abcdef
series 12
qemu QEMU emulator version 7.2.0
date 2026-12-04T00:00Z
host 2 cores, x86_64
lookup_names 1347
load_imports 1000 of 1200
kallsyms_exports a=100 c=800 d=1600
growth_sizes 1000
growth_owners 10
growth_imports 100
growth_import_size 1000
EOF
# vmlinux: the patched kernel is 10 bytes larger, =n the same as unpatched
size_of() { printf '   text\t   data\t    bss\t    dec\t    hex\tfilename\n%s\t%s\t%s\t0\t0\tvmlinux\n' "$@"; }
size_of 1000 100 10 >"$raw/size-bench-base.txt"
size_of 1010 100 10 >"$raw/size-bench.txt"
size_of 1000 100 10 >"$raw/size-bench-nounused.txt"
section() { printf '  [%2d] %-20s PROGBITS        ffffffff82000000 1000000 %06x 00   A  0   0  4\n' "$@"; }
{ section 1 __ksymtab 768; section 2 __ksymtab_strings 256; } >"$raw/sections-bench-base.txt"
cp "$raw/sections-bench-base.txt" "$raw/sections-bench-nounused.txt"
# two deprecated exports, 16 bytes of __kdeprecated: 8 bytes each, names 8
{ section 1 __ksymtab 768; section 2 __ksymtab_strings 272; section 3 __kdeprecated 16; } >"$raw/sections-bench.txt"
for k in bench-base bench bench-nounused; do
	printf '   text\t   data\t    bss\t    dec\t    hex\tfilename\n100\t10\t0\t110\t6e\tkernel/module/main.o\n' >"$raw/modobj-$k.txt"
	printf '0x1\tordinary\tvmlinux\tEXPORT_SYMBOL_GPL\t\n' >"$raw/Module.symvers-$k"
done
printf '0x2\tfoo_old\tvmlinux\tEXPORT_UNUSED_SYMBOL_GPL@7.5\t\n0x3\tbar_old\tvmlinux\tEXPORT_UNUSED_SYMBOL@7.5\t\n' \
	>>"$raw/Module.symvers-bench"

lookup() { # KERNEL LABEL PER_PAIR (virtual ns)
	printf '%s 1 lookup %s set=%s names=100 rounds=20 pairs=2000 cycles=1 per_pair=%s warmup_per_pair=%s warned=0\n' \
		"$1" "$2" "$2" "$3" "$3"
}
load() { # KERNEL MODULE CYCLES
	printf '%s 1 load %s run=1 t0=1000 t1=%s\n' "$1" "$2" $((1000 + $3))
}
kallsyms() { # KERNEL STATE CYCLES
	printf '%s 1 kallsyms %s run=1 t0=500 t1=%s\n' "$1" "$2" $((500 + $3))
}
{
	lookup bench-base vmlinux 2000.000
	lookup bench vmlinux 2010.000        # 1.005: PASS
	lookup bench-nounused vmlinux 2000.000
	lookup bench-base module_ord 3000.000
	lookup bench module_ord 3300.000     # 1.100: FAIL
	lookup bench module_dep 3300.000     # 1.000 of module_ord: PASS
	lookup bench-base vmlinux_dep 2010.000
	lookup bench vmlinux_dep 4020.000    # 2.000 of the same names unpatched: FAIL
	for k in bench-base bench; do load "$k" bench_load0 2000000; done
	load bench-base bench_load 12000000  # net 10,000 us
	load bench bench_load 12500000       # net 10,500 us: 1.050
	kallsyms bench-base a 100000
	kallsyms bench a 102000              # 1.020: FAIL
	kallsyms bench-base a+c 200000
	kallsyms bench a+c 200000            # 1.000: PASS
	# growth: a table of 1,000, 10 owners, an importer of 100
	lookup bench-base big1000_ord 4000.000
	lookup bench big1000_ord 4040.000    # 1.010: within 1.00 +- 0.01
	lookup bench-base big1000_dep 4000.000
	lookup bench big1000_dep 4444.000    # 1.100 of the patched big1000_ord: FAIL
	lookup bench-base owners10_first 5000.000
	lookup bench owners10_first 5100.000 # 1.020: FAIL, and 1.020 - 0.990 is not flat
	lookup bench-base owners10_last 2000.000
	lookup bench owners10_last 1980.000  # 0.990
	load bench-base bench_loadbig 3000000 # net 1,000 us
	load bench bench_loadbig 3000000      # 1.000
} >"$raw/guest.txt"
# modpost: all 1.100: FAIL; the table of 1,000 1.005: PASS
printf 'bench-base all 1000000\nbench all 1100000\nbench-base big1000 2000000\nbench big1000 2010000\n' >"$raw/modpost.txt"
for k in bench-base bench; do
	section 1 __ksymtab 12000 >"$raw/growth-sections-$k-1000.txt"
	printf '0x1\tbg1000_1\t/tmp/x/bench_big1000\tEXPORT_SYMBOL_GPL\t\n' >"$raw/growth-symvers-$k"
done
section 2 __kdeprecated 80 >>"$raw/growth-sections-bench-1000.txt" # 12,080 / 12,000
printf 'exports_due 1000000000\ngit_grep 2000000000\n' >"$raw/report.txt"

out=$(python3 -B "$TOP/tools/measure/bench-report.py" "$scratch" 2>&1) || { echo "$out"; fail "bench-report.py failed on the fixed input"; }
echo "$out" | grep -E '^(PASS|FAIL)  ' | sed 's/^/report: /'
csv=$scratch/bench.csv
[ -s "$csv" ] || fail "no bench.csv written"
bad=0
# expect_row PATTERN RATIO: the csv row whose metric matches has that ratio
expect_row() {
	local got
	got=$(python3 -c 'import csv, re, sys
for r in csv.reader(open(sys.argv[1])):
    if re.search(sys.argv[2], r[1]) and r[0] != "goal":
        print(f"{float(r[6]):.3f}"); break' "$csv" "$1")
	if [ "$got" = "$2" ]; then echo "ratio $got: /$1/"; else echo "WRONG: /$1/ ratio '$got', expected $2"; bad=1; fi
}
expect_row '^vmlinux text\+data\+bss$' 1.009
expect_row 'ordinary GPL exports of vmlinux' 1.005
expect_row 'ordinary GPL exports of a module' 1.100
expect_row 'deprecated GPL exports of a module' 1.000
expect_row 'deprecated GPL exports of vmlinux' 2.000
expect_row '^net: resolving' 1.050
expect_row 'loaded: a \(100 exports\)$' 1.020
expect_row 'loaded: a \(100 exports\) \+ c' 1.000
expect_row '^modpost, unpatched vmlinux.o \+ bench' 1.100
expect_row '^modpost, unpatched vmlinux.o \+ a table of 1,000' 1.005
expect_row 'ordinary exports of a table of 1,000' 1.010
expect_row 'deprecated exports of a table of 1,000' 1.100
expect_row '10 exporters loaded, in the first' 1.020
expect_row '10 exporters loaded, in the last' 0.990
expect_row 'export tables of the module with 1,000' 1.007
expect_row 'resolving 100 imports of the table of 1,000' 1.000
expect_row '^wall time' 0.500
# expect_goal VERDICT PATTERN: the goal line matching PATTERN has VERDICT
expect_goal() {
	if echo "$out" | grep -E "^$1  " | grep -qE -- "$2"; then
		echo "goal $1: /$2/"
	else
		echo "WRONG: no $1 goal matching /$2/"
		bad=1
	fi
}
expect_goal PASS 'CONFIG_DEPRECATED_EXPORTS=n: text\+data\+bss <= unpatched'
expect_goal PASS 'at most 16 bytes plus the name: 8\.0 bytes of tables per export, plus 8\.0 of name'
expect_goal PASS 'ordinary lookup, ordinary GPL exports of vmlinux: .*: 1\.005$'
expect_goal FAIL 'ordinary lookup, ordinary GPL exports of a module \(100\): .*: 1\.100$'
expect_goal PASS 'deprecated lookup, deprecated GPL exports of a module \(100\): .*: 1\.000$'
expect_goal FAIL 'deprecated lookup, deprecated GPL exports of vmlinux: .*: 2\.000$'
expect_goal FAIL 'test_kallsyms load with a loaded: .*: 1\.020$'
expect_goal PASS 'test_kallsyms load with a\+c loaded: .*: 1\.000$'
expect_goal FAIL 'modpost at most 1\.01 of unpatched \(same input\): 1\.100$'
expect_goal FAIL 'ordinary lookups 1\.00 \+- 0\.01 of unpatched at every size: 1,000 exports: 1\.010, 10 owners, first: 1\.020, 10 owners, last: 0\.990, importer: 1\.000$'
expect_goal FAIL 'stays flat .*: 0\.990 \.\. 1\.020$'
expect_goal FAIL 'deprecated lookup at most 1\.05 .* every size: 1,000 exports: 1\.100$'
expect_goal PASS 'modpost at most 1\.01 of unpatched at every size: 1,000: 1\.005$'
if [ ! -s "$scratch/growth.gp" ] ||
	! grep -q '^1000 4000.0 4040.0 4444.0 2000000 2010000$' "$scratch/growth.dat"; then
	echo "WRONG: no growth.gp, or growth.dat lacks the table of 1,000's line"
	bad=1
fi
grep -q '^# Benchmark: deprecated exports vs unpatched 7\.2\.13 (BASE=mainline)$' "$scratch/bench.md" ||
	{ echo "WRONG: bench.md's title does not name 7.2.13 and BASE=mainline"; bad=1; }
[ "$bad" = 0 ] || fail "bench-report.py computed figures other than the fixed input makes"
echo "bench-report.py: every ratio and goal as the fixed input makes them"
