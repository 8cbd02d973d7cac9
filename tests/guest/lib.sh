# Helpers for guest scenarios (sourced; busybox sh).
fail() { echo "FAIL: $*"; exit 1; }
# count_dmesg PATTERN: number of kernel log lines since the scenario began
# that contain the fixed string PATTERN
count_dmesg() { dmesg | grep -cF -- "$1"; }
expect_dmesg_count() { # N PATTERN
	c=$(count_dmesg "$2")
	[ "$c" -eq "$1" ] || fail "expected $1 kernel log line(s) with '$2', found $c"
	echo "dmesg has $c line(s) with '$2'"
}
expect_loaded() { lsmod | grep -q "^$1 " || fail "module $1 is not loaded"; echo "$1 is loaded"; }
expect_not_loaded() { ! lsmod | grep -q "^$1 " || fail "module $1 is loaded"; echo "$1 is not loaded"; }
# Debian's busybox sh runs its own applets before searching PATH; the tests
# must use Debian's kmod, so name it explicitly.
for t in insmod rmmod modprobe depmod modinfo lsmod; do
	eval "$t() { /sbin/$t \"\$@\"; }"
done
