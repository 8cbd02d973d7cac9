// SPDX-License-Identifier: GPL-2.0
/*
 * An out-of-tree module that itself deprecates some of its exports, as a
 * driver library would before dropping them: one of each class, and a batch
 * for the per-module warning bound.
 */
#include <linux/module.h>
#include <linux/init.h>
#include "unused_exporter.h"

int unx_plain(void)
{
	return 1;
}
EXPORT_UNUSED_SYMBOL(unx_plain, "6.13");

int unx_gpl(void)
{
	return 2;
}
EXPORT_UNUSED_SYMBOL_GPL(unx_gpl, "6.13");

/*
 * For comparison in /proc/kallsyms (guest/kallsyms_letter): an ordinary
 * export of each class, and a global function that is not exported.
 */
int unx_ord(void)
{
	return 3;
}
EXPORT_SYMBOL(unx_ord);

int unx_ord_gpl(void)
{
	return 4;
}
EXPORT_SYMBOL_GPL(unx_ord_gpl);

int unx_local(void)
{
	return 5;
}

/* Twelve more, two past the loader's bound of ten lines per module. */
#define UNX_MANY(n)					\
	int unx_many_##n(void)				\
	{						\
		return n;				\
	}						\
	EXPORT_UNUSED_SYMBOL_GPL(unx_many_##n, "6.14")

UNX_MANY(1);
UNX_MANY(2);
UNX_MANY(3);
UNX_MANY(4);
UNX_MANY(5);
UNX_MANY(6);
UNX_MANY(7);
UNX_MANY(8);
UNX_MANY(9);
UNX_MANY(10);
UNX_MANY(11);
UNX_MANY(12);

static int __init unused_exporter_init(void)
{
	pr_info("unused_exporter: loaded\n");
	return 0;
}

static void __exit unused_exporter_exit(void)
{
}

module_init(unused_exporter_init);
module_exit(unused_exporter_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: declares deprecated exports");
