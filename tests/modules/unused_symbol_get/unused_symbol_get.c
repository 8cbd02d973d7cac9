// SPDX-License-Identifier: GPL-2.0
/*
 * Looks a deprecated export up at run time with symbol_get() instead of
 * linking against it, "calls" times: the loader must warn for this path
 * too, once, and list the use.
 */
#include <linux/module.h>
#include <linux/init.h>
#include "../unused_exporter/unused_exporter.h"

static unsigned int calls = 1;
module_param(calls, uint, 0444);
MODULE_PARM_DESC(calls, "how many times to take and put unx_gpl");

static int __init unused_symbol_get_init(void)
{
	unsigned int i;

	for (i = 0; i < calls; i++) {
		int (*fn)(void) = symbol_get(unx_gpl);

		if (!fn) {
			pr_info("unused_symbol_get: symbol_get(unx_gpl) failed\n");
			return -ENOENT;
		}
		pr_info("unused_symbol_get: unx_gpl() = %d\n", fn());
		symbol_put(unx_gpl);
	}
	return 0;
}

static void __exit unused_symbol_get_exit(void)
{
}

module_init(unused_symbol_get_init);
module_exit(unused_symbol_get_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: symbol_get() of a deprecated export");
