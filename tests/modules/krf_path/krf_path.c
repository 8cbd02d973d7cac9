// SPDX-License-Identifier: GPL-2.0
/*
 * Reads a file named by a module parameter through kernel_read_file(), a
 * vmlinux export the series deprecates (EXPORT_UNUSED_SYMBOL_GPL): the
 * loader must warn once and the module must still work.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/kernel_read_file.h>
#include <linux/vmalloc.h>

static char *path = "/tests/data.txt";
module_param(path, charp, 0444);

static int __init krf_path_init(void)
{
	struct file *file;
	void *buf = NULL;
	ssize_t len;

	file = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(file))
		return PTR_ERR(file);
	len = kernel_read_file(file, 0, &buf, INT_MAX, NULL, READING_UNKNOWN);
	fput(file);
	if (len < 0)
		return len;
	pr_info("krf_path: read %zd bytes from %s: %.*s\n", len, path,
		(int)strcspn(buf, "\n"), (char *)buf);
	vfree(buf);
	return 0;
}

static void __exit krf_path_exit(void)
{
}

module_init(krf_path_init);
module_exit(krf_path_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: uses the deprecated kernel_read_file export");
