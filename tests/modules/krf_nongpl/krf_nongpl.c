// SPDX-License-Identifier: GPL-2.0
/*
 * A GPL-incompatible module importing an EXPORT_UNUSED_SYMBOL_GPL export:
 * modpost and the loader must refuse it exactly as for EXPORT_SYMBOL_GPL.
 * The build rewrites its licence to MIT (see module.conf).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/kernel_read_file.h>

static int __init krf_nongpl_init(void)
{
	void *buf = NULL;

	return kernel_read_file(NULL, 0, &buf, 0, NULL, READING_UNKNOWN) ? 0 : -EINVAL;
}

module_init(krf_nongpl_init);
MODULE_LICENSE("GPL");	/* rewritten to MIT after the build */
MODULE_DESCRIPTION("harness test: non-GPL user of a _GPL deprecated export");
