// SPDX-License-Identifier: GPL-2.0
/* Exports FLOOD_COUNT functions, all with EXPORT_UNUSED_SYMBOL_GPL. */
#include <linux/module.h>
#include <linux/init.h>
#include "flood.h"

#define FLOOD_DEFINE(n)				\
	int flood_##n(void)			\
	{					\
		return n;			\
	}					\
	EXPORT_UNUSED_SYMBOL_GPL(flood_##n, "6.14");
FLOOD_ALL(FLOOD_DEFINE)

static int __init flood_exporter_init(void)
{
	return 0;
}

static void __exit flood_exporter_exit(void)
{
}

module_init(flood_exporter_init);
module_exit(flood_exporter_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: hundreds of deprecated exports");
