// SPDX-License-Identifier: GPL-2.0
/*
 * The 2007 story: a driver that opens and reads its firmware file itself
 * through sys_open()/sys_read(). Those exports went away long ago, so
 * modpost must report both undefined and the loader must refuse the module.
 */
#include <linux/module.h>
#include <linux/init.h>

long sys_open(const char __user *filename, int flags, int mode);
long sys_read(unsigned int fd, char __user *buf, size_t count);

static int __init sys_open_user_init(void)
{
	/* Never reached: the module cannot be linked into the kernel. */
	return sys_open(NULL, 0, 0) < 0 ? -ENOENT : (int)sys_read(0, NULL, 0);
}

module_init(sys_open_user_init);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: imports the long-gone sys_open/sys_read");
