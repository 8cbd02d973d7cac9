// SPDX-License-Identifier: GPL-2.0
/*
 * Imports UNX_NS and uses its deprecated export ns_unx_gpl: depmod must
 * resolve the dependency from Module.symvers-built modules as for any
 * namespaced export (host/symvers_consumers).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/version.h>

int ns_unx_gpl(void);

static int __init ns_unx_user_init(void)
{
	pr_info("ns_unx_user: ns_unx_gpl() = %d\n", ns_unx_gpl());
	return 0;
}

static void __exit ns_unx_user_exit(void)
{
}

module_init(ns_unx_user_init);
module_exit(ns_unx_user_exit);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
MODULE_IMPORT_NS("UNX_NS");
#else
MODULE_IMPORT_NS(UNX_NS);
#endif
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: user of a namespaced deprecated export");
