#!/bin/sh
# variants: @arch
# /proc/kallsyms: a deprecated export of a module keeps the letter of an
# ordinary export of its class (upper case where the export is), not the
# lower case of a symbol that is not exported. The loader decides the case
# with is_exported() in kernel/module/kallsyms.c. Compared in one module,
# so that each base's own rule for exports holds (6.12 looks up only
# EXPORT_SYMBOL exports there, and so shows a module's GPL-only exports in
# lower case; mainline's one __ksymtab shows both in upper case).
# shellcheck source=lib.sh
. /tests/lib.sh
M=/lib/modules/$(uname -r)/updates
insmod "$M/unused_exporter.ko" || fail "insmod unused_exporter failed"
letter() { # SYMBOL: its type letter in /proc/kallsyms, from unused_exporter
	awk -v s="$1" '$3 == s && $4 == "[unused_exporter]" { print $2; exit }' /proc/kallsyms
}
ord=$(letter unx_ord) ord_gpl=$(letter unx_ord_gpl) loc=$(letter unx_local)
plain=$(letter unx_plain) gpl=$(letter unx_gpl)
echo "unx_ord $ord, unx_ord_gpl $ord_gpl, unx_local $loc; deprecated: unx_plain $plain, unx_gpl $gpl"
[ "$loc" = t ] || fail "unx_local, not exported, is '$loc' in /proc/kallsyms, not t"
[ "$ord" = T ] || fail "unx_ord, EXPORT_SYMBOL, is '$ord' in /proc/kallsyms, not T"
[ "$plain" = "$ord" ] || fail "unx_plain (EXPORT_UNUSED_SYMBOL) is '$plain', unx_ord (EXPORT_SYMBOL) '$ord'"
[ "$gpl" = "$ord_gpl" ] || fail "unx_gpl (EXPORT_UNUSED_SYMBOL_GPL) is '$gpl', unx_ord_gpl (EXPORT_SYMBOL_GPL) '$ord_gpl'"
rmmod unused_exporter || fail "rmmod unused_exporter failed"
