// SPDX-License-Identifier: GPL-2.0
/*
 * A module as the 6.12 backport's modpost would have left it for another
 * kernel: besides an ordinary export it carries the backport's deprecated
 * export sections (__ksymtab_unused_gpl, __kcrctab_unused_gpl,
 * __kremoval_unused_gpl). The mainline loader must ignore them, saying so,
 * and old_format_user must still get the ordinary export.
 */
#include <linux/module.h>
#include <linux/init.h>

int old_format_answer(void);

int old_format_answer(void)
{
	return 42;
}
EXPORT_SYMBOL_GPL(old_format_answer);

/* One entry's worth of bytes in each old section, nothing that resolves. */
asm(".pushsection \"__ksymtab_unused_gpl\", \"a\"\n"
    "	.balign 4\n"
    "	.long 0, 0, 0\n"
    ".popsection\n"
    ".pushsection \"__kcrctab_unused_gpl\", \"a\"\n"
    "	.balign 4\n"
    "	.long 0\n"
    ".popsection\n"
    ".pushsection \"__kremoval_unused_gpl\", \"a\"\n"
    "	.balign 4\n"
    "	.long 393229\n"
    ".popsection\n");

static int __init old_format_init(void)
{
	return 0;
}

static void __exit old_format_exit(void)
{
}

module_init(old_format_init);
module_exit(old_format_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: the 6.12 backport's deprecated export sections");
