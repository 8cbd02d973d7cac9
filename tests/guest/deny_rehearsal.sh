#!/bin/sh
# variants: x86_64 x86_64-next
# cmdline: module.${DEP_PARAM}=deny
# bases: 6.12 mainline
# Issue 12 b: module.unused_exports=deny must rehearse the removal exactly.
# The same modules are loaded on the deny boot of the x86_64 kernel and on
# the x86_64-next kernel, where the exports due in $REL are gone: strong
# users of them, a weak user (krf_weak), and a control (hello).  Each boot
# prints a normalized record between markers, with its md5sum; the host test
# host/deny_rehearsal compares the two boots' records: the same load result
# for every module and the same kernel messages, apart from the deny lines.
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
p=/sys/module/module/parameters/$DEP_PARAM
[ "$(cat $p 2>/dev/null)" = deny ] || fail "$p is '$(cat $p 2>/dev/null)', expected deny from the command line"
echo data >/tmp/data.txt
rec=/tmp/deny_rehearsal.rec
: >$rec
# load MODULE [insmod arguments]: one record entry, with the kernel's
# messages about the module (timestamps dropped) and insmod's stderr
load() {
	m=$1
	shift
	dmesg -c >/dev/null
	if insmod "$M/$m.ko" "$@" </dev/null 2>/tmp/err; then
		echo "module $m: loaded" >>$rec
		rmmod "$m" || echo "  rmmod $m failed" >>$rec
	else
		echo "module $m: refused" >>$rec
	fi
	sed "s|$M|MODDIR|g; s/^/  insmod: /" /tmp/err >>$rec
	# (the taint line comes with whichever module a boot loads first)
	dmesg | sed 's/^\[[ 0-9.]*\] //' | grep -F "$m" | grep -v 'taints kernel' |
		sed 's/^/  kmsg: /' >>$rec
}
for m in hello krf_path krf_fd krf_weak; do
	[ -f "$M/$m.ko" ] || fail "no $m.ko in $M"
done
load hello
load krf_path path=/tmp/data.txt
load krf_fd
load krf_weak
sleep 1
echo "DENY-REHEARSAL-BEGIN $(uname -r)"
cat $rec
echo "DENY-REHEARSAL-END $(md5sum <$rec | cut -d' ' -f1)"
# the weak user must load here: on this kernel the export is absent or denied
grep -qx 'module krf_weak: loaded' $rec || fail "krf_weak (weak reference) did not load: $(cat $rec)"
grep -q 'krf_weak: kernel_read_file is absent' $rec || fail "krf_weak did not see a NULL kernel_read_file"
