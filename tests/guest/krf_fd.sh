#!/bin/sh
# variants: @arch
# A module reading a file through kernel_read_file_from_fd (deprecated for
# $REL, configs/<base>/harness.env) loads with one warning and works.
# shellcheck source=lib.sh
. /tests/lib.sh
echo "hello from a file" >/tmp/data.txt
insmod "/lib/modules/$(uname -r)/updates/krf_fd.ko" fd=0 </tmp/data.txt || fail "insmod krf_fd failed"
expect_dmesg_count 1 "krf_fd: uses deprecated export kernel_read_file_from_fd (EXPORT_UNUSED_SYMBOL_GPL), to be removed in $REL"
expect_dmesg_count 1 "deprecated export"
expect_dmesg_count 1 "krf_fd: read 18 bytes from fd 0: hello from a file"
rmmod krf_fd
