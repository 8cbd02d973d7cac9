#!/bin/sh
# variants: @arch
# cmdline: module.${DEP_PARAM}=deny
# Case 6: the deny switch refuses the module of case 1 as the removal will:
# one deny line, then the ordinary "Unknown symbol" (-ENOENT, as for an
# export that does not exist; guest/deny_rehearsal compares it all with the
# next-cycle kernel); switching back to warn at run time lets it load.
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
p=/sys/module/module/parameters/$DEP_PARAM
[ "$(cat $p)" = deny ] || fail "$p is '$(cat $p)', expected deny from the command line"
echo data >/tmp/data.txt
insmod "$M/krf_path.ko" path=/tmp/data.txt 2>/tmp/err && fail "krf_path loaded under deny"
cat /tmp/err
expect_not_loaded krf_path
expect_dmesg_count 1 "$(deny_line krf_path kernel_read_file EXPORT_UNUSED_SYMBOL_GPL "$REL")"
expect_dmesg_count 1 "krf_path: Unknown symbol kernel_read_file (err -2)"
expect_dmesg_count 0 "(err -1)"
expect_dmesg_count 0 "uses deprecated export"
echo warn >$p || fail "cannot write $p"
insmod "$M/krf_path.ko" path=/tmp/data.txt || fail "krf_path refused after switching to warn"
expect_dmesg_count 1 "krf_path: uses deprecated export kernel_read_file"
rmmod krf_path
echo deny >$p || fail "cannot restore deny in $p"
