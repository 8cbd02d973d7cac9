// SPDX-License-Identifier: GPL-2.0
/* Looks unx_gpl up with symbol_get() instead of linking; relicensed MIT. */
#include <linux/module.h>
#include <linux/init.h>
#include "../unused_exporter/unused_exporter.h"

static int __init nongpl_symget_init(void)
{
	int (*fn)(void) = symbol_get(unx_gpl);

	if (!fn)
		return -ENOENT;
	pr_info("nongpl_symget: unx_gpl() = %d\n", fn());
	symbol_put(unx_gpl);
	return 0;
}

static void __exit nongpl_symget_exit(void)
{
}

module_init(nongpl_symget_init);
module_exit(nongpl_symget_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: non-GPL module using symbol_get() on a GPL-only deprecated export");
