#!/bin/sh
# variants: @arch @off @next @debug
# An out-of-tree module loads with insmod and unloads with rmmod.
# shellcheck source=lib.sh
. /tests/lib.sh
insmod "/lib/modules/$(uname -r)/updates/hello.ko" || fail "insmod hello.ko failed"
expect_loaded hello
expect_dmesg_count 1 "hello: loaded"
rmmod hello || fail "rmmod hello failed"
expect_not_loaded hello
expect_dmesg_count 1 "hello: unloaded"
expect_dmesg_count 0 "deprecated export"
