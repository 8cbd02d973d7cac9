// SPDX-License-Identifier: GPL-2.0
/*
 * Stands for a proprietary module (its licence is rewritten to MIT after
 * the build): its export is the bait for a GPL "shim" that would pass
 * GPL-only deprecated exports on to it.
 */
#include <linux/module.h>
#include <linux/init.h>

int prop_helper(int x)
{
	return x + 1;
}
EXPORT_SYMBOL(prop_helper);

static int __init prop_exporter_init(void)
{
	return 0;
}

static void __exit prop_exporter_exit(void)
{
}

module_init(prop_exporter_init);
module_exit(prop_exporter_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: a proprietary exporter (relicensed after the build)");
