// SPDX-License-Identifier: GPL-2.0
/*
 * make demo's library module: it deprecates its old interface, as a driver
 * library would before dropping it. DEMO_REL, the release that drops it, is
 * the kernel's own (Kbuild).
 */
#include <linux/module.h>
#include <linux/init.h>
#include "demo_exporter.h"

int demo_old_api(void)
{
	return 42;
}
EXPORT_UNUSED_SYMBOL(demo_old_api, DEMO_REL);

static int __init demo_exporter_init(void)
{
	pr_info("demo_exporter: loaded\n");
	return 0;
}

static void __exit demo_exporter_exit(void)
{
}

module_init(demo_exporter_init);
module_exit(demo_exporter_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("make demo: a library module that deprecates an export");
