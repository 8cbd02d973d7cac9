// SPDX-License-Identifier: GPL-2.0
/*
 * Looks a deprecated export up at run time with symbol_get() instead of
 * linking against it: the loader must warn for this path too.
 */
#include <linux/module.h>
#include <linux/init.h>
#include "../unused_exporter/unused_exporter.h"

static int __init unused_symbol_get_init(void)
{
	int (*fn)(void) = symbol_get(unx_gpl);

	if (!fn) {
		pr_info("unused_symbol_get: symbol_get(unx_gpl) failed\n");
		return -ENOENT;
	}
	pr_info("unused_symbol_get: unx_gpl() = %d\n", fn());
	symbol_put(unx_gpl);
	return 0;
}

static void __exit unused_symbol_get_exit(void)
{
}

module_init(unused_symbol_get_init);
module_exit(unused_symbol_get_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: symbol_get() of a deprecated export");
