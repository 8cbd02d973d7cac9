// SPDX-License-Identifier: GPL-2.0
/* imports unx_plain (EXPORT_UNUSED_SYMBOL) from another module */
#include <linux/module.h>
#include <linux/init.h>
#include "../unused_exporter/unused_exporter.h"

static int __init unused_plain_user_init(void)
{
	pr_info("unused_plain_user: sum %d\n", unx_plain());
	return 0;
}

static void __exit unused_plain_user_exit(void)
{
}

module_init(unused_plain_user_init);
module_exit(unused_plain_user_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: imports unx_plain (EXPORT_UNUSED_SYMBOL) from another module");
