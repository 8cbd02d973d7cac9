// SPDX-License-Identifier: GPL-2.0
/* built against a stale CRC of unx_gpl */
#include <linux/module.h>
#include <linux/init.h>
#include "../unused_exporter/unused_exporter.h"

static int __init unused_crc_user_init(void)
{
	pr_info("unused_crc_user: sum %d\n", unx_gpl());
	return 0;
}

static void __exit unused_crc_user_exit(void)
{
}

module_init(unused_crc_user_init);
module_exit(unused_crc_user_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: built against a stale CRC of unx_gpl");
