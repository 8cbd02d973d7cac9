// SPDX-License-Identifier: GPL-2.0
/*
 * A GPL-labelled shim between a proprietary module and a GPL-only
 * deprecated export: it links against both. The loader must refuse it
 * (it inherits the proprietary taint, as for ordinary GPL-only exports).
 */
#include <linux/module.h>
#include <linux/init.h>
#include "../unused_exporter/unused_exporter.h"

int prop_helper(int x);

static int __init gpl_shim_init(void)
{
	pr_info("gpl_shim: %d\n", prop_helper(unx_gpl()));
	return 0;
}

static void __exit gpl_shim_exit(void)
{
}

module_init(gpl_shim_init);
module_exit(gpl_shim_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: GPL shim between a proprietary module and a GPL-only deprecated export");
