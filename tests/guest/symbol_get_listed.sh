#!/bin/sh
# variants: @arch @debug
# A module's symbol_get() of a deprecated export is logged once however often
# it is called, and listed in its /sys/module/<m>/deprecated_exports like a
# linked use, also after symbol_put() and after the exporter has gone. Every
# module has the file: the exporter's own is empty.
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
f=/sys/module/unused_symbol_get/deprecated_exports
want="unx_gpl 6.13 EXPORT_UNUSED_SYMBOL_GPL"
insmod "$M/unused_exporter.ko" || fail "insmod unused_exporter failed"
[ -e /sys/module/unused_exporter/deprecated_exports ] ||
	fail "a module that uses no deprecated export has no deprecated_exports file"
[ -z "$(cat /sys/module/unused_exporter/deprecated_exports)" ] ||
	fail "the exporter lists deprecated uses: $(cat /sys/module/unused_exporter/deprecated_exports)"
echo "unused_exporter: deprecated_exports exists and is empty"
# twelve calls: more than the burst of the kernel's default rate limit (10)
insmod "$M/unused_symbol_get.ko" calls=12 || fail "insmod unused_symbol_get failed"
expect_dmesg_count 12 "unused_symbol_get: unx_gpl() = 2"
expect_dmesg_count 1 "unused_symbol_get: $SYMBOL_GET deprecated export unx_gpl (EXPORT_UNUSED_SYMBOL_GPL), to be removed in 6.13"
expect_dmesg_count 1 "deprecated export"
[ "$(cat $f)" = "$want" ] || fail "$f is '$(cat $f)', not '$want'"
echo "$f: $want"
rmmod unused_exporter || fail "the exporter cannot be removed after symbol_put()"
[ "$(cat $f)" = "$want" ] || fail "after the exporter went, $f is '$(cat $f)'"
echo "$f still lists it after the exporter went"
rmmod unused_symbol_get || fail "rmmod unused_symbol_get failed"
