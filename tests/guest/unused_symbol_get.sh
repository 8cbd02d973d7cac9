#!/bin/sh
# variants: @arch @debug
# Case 4: symbol_get() of a deprecated export warns, once, naming the caller.
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
insmod "$M/unused_exporter.ko" || fail "insmod unused_exporter failed"
insmod "$M/unused_symbol_get.ko" || fail "insmod unused_symbol_get failed"
expect_dmesg_count 1 "unused_symbol_get: $SYMBOL_GET deprecated export unx_gpl (EXPORT_UNUSED_SYMBOL_GPL), to be removed in 6.13"
expect_dmesg_count 1 "deprecated export"
expect_dmesg_count 1 "unused_symbol_get: unx_gpl() = 2"
{ rmmod unused_symbol_get && rmmod unused_exporter; } || fail "rmmod failed"
