// SPDX-License-Identifier: GPL-2.0
/*
 * A deprecated export in a symbol namespace: Module.symvers must keep the
 * namespace column as it is (UNX_NS) and carry the release in the type
 * column (EXPORT_UNUSED_SYMBOL_GPL@99.0, a release that
 * no base reaches), so that ABI tools see no
 * namespace change (host/symvers_consumers).
 */
#define DEFAULT_SYMBOL_NAMESPACE "UNX_NS"
#include <linux/module.h>
#include <linux/init.h>

int ns_unx_gpl(void);

int ns_unx_gpl(void)
{
	return 42;
}
EXPORT_UNUSED_SYMBOL_GPL(ns_unx_gpl, "99.0");

static int __init ns_unx_exporter_init(void)
{
	return 0;
}

static void __exit ns_unx_exporter_exit(void)
{
}

module_init(ns_unx_exporter_init);
module_exit(ns_unx_exporter_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: a namespaced deprecated export");
