// SPDX-License-Identifier: GPL-2.0
/*
 * make demo: a module that still calls its library's deprecated
 * demo_old_api() (EXPORT_UNUSED_SYMBOL in demo_exporter).
 */
#include <linux/module.h>
#include <linux/init.h>
#include "../demo_exporter/demo_exporter.h"

static int __init demo_user_init(void)
{
	pr_info("demo_user: demo_old_api() says %d\n", demo_old_api());
	return 0;
}

static void __exit demo_user_exit(void)
{
}

module_init(demo_user_init);
module_exit(demo_user_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("make demo: uses a deprecated export of another module");
