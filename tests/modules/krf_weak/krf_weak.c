// SPDX-License-Identifier: GPL-2.0
/*
 * A weak reference to kernel_read_file(), deprecated for 6.13.  Where the
 * export exists the reference resolves and the module says so; where it
 * does not (the next cycle's kernel, and module.unused_exports=deny, which
 * must behave exactly the same) it resolves to NULL and the module still
 * loads, saying the function is absent.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/kernel_read_file.h>

extern typeof(kernel_read_file) kernel_read_file __weak;

static int __init krf_weak_init(void)
{
	pr_info("krf_weak: kernel_read_file is %s\n",
		kernel_read_file ? "present" : "absent");
	return 0;
}

static void __exit krf_weak_exit(void)
{
}

module_init(krf_weak_init);
module_exit(krf_weak_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: a weak reference to a deprecated export");
