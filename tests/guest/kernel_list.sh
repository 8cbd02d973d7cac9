#!/bin/sh
# variants: @arch
# /sys/kernel/deprecated_exports lists the kernel's own deprecated exports:
# the two that the series deprecates in fs/kernel_read_file.c, in the format
# of /sys/module/<m>/deprecated_exports. The test modules' exports are not
# the kernel's: they stay out of it.
# shellcheck source=lib.sh
. /tests/lib.sh
f=/sys/kernel/deprecated_exports
want="kernel_read_file $REL EXPORT_UNUSED_SYMBOL_GPL
kernel_read_file_from_fd $REL EXPORT_UNUSED_SYMBOL_GPL"
[ -e $f ] || fail "no $f"
[ "$(cat $f)" = "$want" ] || fail "$f is:
$(cat $f)
expected:
$want"
echo "$f:"
cat $f
insmod "/lib/modules/$(uname -r)/updates/unused_exporter.ko" || fail "insmod unused_exporter failed"
[ "$(cat $f)" = "$want" ] || fail "a module's deprecated exports appeared in $f"
echo "unchanged with unused_exporter loaded"
rmmod unused_exporter || fail "rmmod unused_exporter failed"
