// SPDX-License-Identifier: GPL-2.0
/*
 * Imports every deprecated export of flood_exporter: the loader must log a
 * bounded number of lines for it, list all of them in sysfs, and not grow
 * memory when it is loaded and unloaded over and over.
 */
#include <linux/module.h>
#include <linux/init.h>
#include "../flood_exporter/flood.h"

static int __init flood_user_init(void)
{
	int sum = 0;

#define FLOOD_CALL(n) sum += flood_##n();
	FLOOD_ALL(FLOOD_CALL)
	if (sum != FLOOD_SUM) {
		pr_err("flood_user: sum %d, expected %d\n", sum, FLOOD_SUM);
		return -EINVAL;
	}
	return 0;
}

static void __exit flood_user_exit(void)
{
}

module_init(flood_user_init);
module_exit(flood_user_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: imports hundreds of deprecated exports");
