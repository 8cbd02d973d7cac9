// SPDX-License-Identifier: GPL-2.0
/* Imports dep_exporter_answer() from another out-of-tree module. */
#include <linux/module.h>
#include <linux/init.h>

int dep_exporter_answer(void);

static int __init dep_user_init(void)
{
	pr_info("dep_user: the answer is %d\n", dep_exporter_answer());
	return 0;
}

static void __exit dep_user_exit(void)
{
}

module_init(dep_user_init);
module_exit(dep_user_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: depends on dep_exporter");
