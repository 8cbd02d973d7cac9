#!/bin/sh
# variants: x86_64 x86_64-nounused x86_64-next i386 arm64 s390x s390x-nounused x86_64-debug
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
