// SPDX-License-Identifier: GPL-2.0
/* Uses the ordinary export of old_format, which carries obsolete sections. */
#include <linux/module.h>
#include <linux/init.h>

int old_format_answer(void);

static int __init old_format_user_init(void)
{
	pr_info("old_format_user: answer %d\n", old_format_answer());
	return 0;
}

static void __exit old_format_user_exit(void)
{
}

module_init(old_format_user_init);
module_exit(old_format_user_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: user of a module with obsolete sections");
