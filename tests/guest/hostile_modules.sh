#!/bin/sh
# variants: x86_64 x86_64-debug
# Malformed modules (tools/build/mutate-ko.py, seeded): each mutant of mut_exporter
# is refused with the module loader's own message (loader_refusals; a fixed
# mutant with the one that tools/build/mutate-ko.py names), or loads and then
# serves mut_user correctly (or the loader refuses mut_user, saying why).
# The mutants break the base's own tables: 6.12's __ksymtab_unused*,
# __kcrctab_unused*, __kremoval_unused*; mainline's KSYM_FLAG_DEPRECATED
# bits and __kdeprecated. On x86_64-debug
# (make check-full) KASAN, lockdep, kmemleak and panic_on_warn watch the
# kernel meanwhile; on x86_64 the boot's splat check does.
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
D=/mutants
[ -s $D/MANIFEST ] || fail "no mutants in the initramfs"
leakcheck=
[ -e $kmemleak_file ] || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null || true
if [ -e $kmemleak_file ]; then
	leakcheck=1
	kmemleak_start
else
	echo "kmemleak: not in this kernel (x86_64-debug, make check-full, has it)"
fi
total=0 refused=0 loaded=0 problems=0
problem() { echo "PROBLEM: $*"; problems=$((problems + 1)); }
tab=$(printf '\t')
while IFS="$tab" read -r file expect what; do
	total=$((total + 1))
	dmesg -c >/dev/null
	if insmod "$D/$file" 2>/tmp/err; then
		loaded=$((loaded + 1))
		result=loaded
		case $expect in refuse:*) problem "$file loaded, expected refusal (${expect#refuse:}): $what" ;; esac
		if insmod "$M/mut_user.ko" 2>/dev/null; then
			dmesg | grep -q 'mut_user: all 7 exports answer correctly' ||
				problem "$file: mut_user loaded without its check line"
			rmmod mut_user || problem "$file: rmmod mut_user failed"
			result="$result, mut_user works"
		else
			um=$(dmesg | loader_refusals mut_user | tail -n1)
			[ -n "$um" ] || problem "$file: mut_user refused without a refusal of the module loader"
			result="$result, mut_user refused: $um"
		fi
		rmmod mut_exporter || problem "$file: rmmod mut_exporter failed"
	else
		refused=$((refused + 1))
		# The refusal is the loader's own message, not any kernel line
		# that came meanwhile.
		dmesg | loader_refusals mut_exporter >/tmp/refusal
		msg=$(head -n1 /tmp/refusal)
		[ -n "$msg" ] || problem "$file refused without a refusal of the module loader ($(cat /tmp/err); the kernel said: $(dmesg | sed 's/^\[[^]]*\] //' | head -n3 | tr '\n' '|'))"
		result="refused: $msg"
		case $expect in
		refuse:*) grep -qF "${expect#refuse:}" /tmp/refusal ||
			problem "$file: refused, but the loader did not say '${expect#refuse:}'" ;;
		load) problem "$file refused, expected to load: $what" ;;
		esac
	fi
	grep -q '^mut_' /proc/modules && problem "$file: a mut_ module is still loaded"
	echo "$file: $result"
done <$D/MANIFEST
# Mutants of the user (tools/build/mutate-ko.py writes them to $D/users when it
# finds mut_user.ko): "once:SYM" = whether it loads or not, the loader logs
# the use of the deprecated export SYM exactly once, however often the
# module's symbol table names it.
[ -s $D/users/MANIFEST ] || problem "no mutants of mut_user ($D/users/MANIFEST)"
insmod "$M/mut_exporter.ko" || problem "the unmutated mut_exporter did not load"
while IFS="$tab" read -r file expect what; do
	total=$((total + 1))
	dmesg -c >/dev/null
	if insmod "$D/users/$file" 2>/tmp/err; then
		loaded=$((loaded + 1)); result=loaded
		rmmod mut_user || problem "$file: rmmod mut_user failed"
	else
		refused=$((refused + 1)); result="refused: $(dmesg | grep 'mut_user' | tail -n1 | sed 's/^\[[^]]*\] //')"
	fi
	case $expect in
	once:*)
		c=$(dmesg | grep -c "mut_user: uses deprecated export ${expect#once:} ")
		[ "$c" -eq 1 ] || problem "$file: $c line(s) for ${expect#once:}, expected 1 ($what)"
		result="$result; ${expect#once:} logged $c time(s)" ;;
	*) problem "$file: unknown expectation $expect" ;;
	esac
	echo "users/$file: $result"
done <$D/users/MANIFEST
rmmod mut_exporter || problem "rmmod mut_exporter failed"
module_states_settled
[ -z "$leakcheck" ] || kmemleak_check
echo "SUMMARY: hostile_modules: $total mutants (seed $(cat $D/SEED)), $refused refused by the loader, $loaded loaded and behaved, $problems misbehaved"
listed=$(($(grep -c . $D/MANIFEST) + $(grep -c . $D/users/MANIFEST)))
[ "$total" -eq "$listed" ] || fail "tried $total of the $listed listed mutants"
[ "$(grep -c '^random-' $D/MANIFEST)" -eq "$(cat $D/RANDOM)" ] || fail "the manifest lacks random mutants: $(cat $D/RANDOM) were asked for"
[ "$total" -gt "$(cat $D/RANDOM)" ] || fail "no fixed mutants besides the $(cat $D/RANDOM) random ones"
[ "$problems" -eq 0 ] || fail "$problems mutant(s) misbehaved"
