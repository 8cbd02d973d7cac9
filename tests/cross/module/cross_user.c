// SPDX-License-Identifier: GPL-2.0
/*
 * make crossbuild's user: imports a deprecated export of vmlinux and one of
 * cross_exporter, so that modpost's checks run on every architecture.  The
 * imports are only linked; nothing is called.
 */
#include <linux/module.h>
#include <linux/kernel_read_file.h>
#include "cross_exporter.h"

static const void *const cross_imports[] __used = {
	kernel_read_file,
	cross_deprecated,
};

MODULE_DESCRIPTION("make crossbuild: a user of deprecated exports");
MODULE_LICENSE("GPL");
