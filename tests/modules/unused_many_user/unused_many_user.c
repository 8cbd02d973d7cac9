// SPDX-License-Identifier: GPL-2.0
/* imports twelve deprecated exports, two past the bound */
#include <linux/module.h>
#include <linux/init.h>
#include "../unused_exporter/unused_exporter.h"

static int __init unused_many_user_init(void)
{
	pr_info("unused_many_user: sum %d\n", unx_many_1() + unx_many_2() + unx_many_3() + unx_many_4() + unx_many_5() + unx_many_6() + unx_many_7() + unx_many_8() + unx_many_9() + unx_many_10() + unx_many_11() + unx_many_12());
	return 0;
}

static void __exit unused_many_user_exit(void)
{
}

module_init(unused_many_user_init);
module_exit(unused_many_user_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: imports twelve deprecated exports, two past the bound");
