// SPDX-License-Identifier: GPL-2.0
/* Exports an ordinary symbol for dep_user; modprobe must load it first. */
#include <linux/module.h>
#include <linux/init.h>

int dep_exporter_answer(void);

int dep_exporter_answer(void)
{
	return 42;
}
EXPORT_SYMBOL(dep_exporter_answer);

static int __init dep_exporter_init(void)
{
	pr_info("dep_exporter: loaded\n");
	return 0;
}

static void __exit dep_exporter_exit(void)
{
}

module_init(dep_exporter_init);
module_exit(dep_exporter_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: exports an ordinary symbol");
