// SPDX-License-Identifier: GPL-2.0
/* Links against unx_gpl, a module's EXPORT_UNUSED_SYMBOL_GPL; relicensed MIT. */
#include <linux/module.h>
#include <linux/init.h>
#include "../unused_exporter/unused_exporter.h"

static int __init nongpl_unx_init(void)
{
	pr_info("nongpl_unx: unx_gpl() = %d\n", unx_gpl());
	return 0;
}

static void __exit nongpl_unx_exit(void)
{
}

module_init(nongpl_unx_init);
module_exit(nongpl_unx_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: non-GPL module linking a GPL-only deprecated export");
