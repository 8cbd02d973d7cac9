#!/bin/sh
# variants: @arch
# A GPL-incompatible module cannot reach an EXPORT_UNUSED_SYMBOL_GPL export:
# not by linking against it, not through symbol_get(), not through a GPL
# shim that also links against a proprietary module. No path logs a
# deprecation line, because no path gets the symbol. (Case 2 covers the
# vmlinux export kernel_read_file.)
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
insmod "$M/unused_exporter.ko" || fail "insmod unused_exporter failed"
dmesg -c >/dev/null
refused() { # MODULE EXPECTED-LINE...
	m=$1
	shift
	insmod "$M/$m.ko" 2>/tmp/err && fail "$m loaded"
	expect_not_loaded "$m"
	found=""
	for line in "$@"; do
		dmesg | grep -qF "$line" && { found=$line; break; }
	done
	[ -n "$found" ] || fail "$m refused, but the kernel log has none of: $*"
	echo "$m refused: $found"
	expect_dmesg_count 0 "$m: uses deprecated export"
	expect_dmesg_count 0 "$m: symbol_get of deprecated export"
}
modinfo -F license "$M/nongpl_unx.ko" | grep -qx MIT || fail "nongpl_unx.ko is not MIT-licensed"
refused nongpl_unx "nongpl_unx: Unknown symbol unx_gpl (err -2)"
refused nongpl_symget "nongpl_symget: Unknown symbol __symbol_get (err -2)"
insmod "$M/prop_exporter.ko" || fail "insmod prop_exporter failed"
refused gpl_shim "gpl_shim: module using GPL-only symbols uses symbols prop_helper from proprietary module prop_exporter." \
	"gpl_shim: Unknown symbol unx_gpl (err -2)"
# the control: the same GPL shim's import works without the proprietary part
insmod "$M/unused_symbol_get.ko" || fail "control: unused_symbol_get (GPL) could not get unx_gpl"
rmmod unused_symbol_get
rmmod prop_exporter
rmmod unused_exporter
