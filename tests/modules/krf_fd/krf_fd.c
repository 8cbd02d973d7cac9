// SPDX-License-Identifier: GPL-2.0
/*
 * Reads the file open on a descriptor of the process that loads it (fd=N,
 * default 0: "insmod krf_fd.ko < file") through kernel_read_file_from_fd(),
 * deprecated for 6.13: builds with a modpost warning, loads with one
 * warning and works on 6.12; on the next cycle's kernel it can do neither.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/kernel_read_file.h>
#include <linux/vmalloc.h>

static int fd;
module_param(fd, int, 0444);

static int __init krf_fd_init(void)
{
	void *buf = NULL;
	ssize_t len;

	len = kernel_read_file_from_fd(fd, 0, &buf, INT_MAX, NULL, READING_UNKNOWN);
	if (len < 0)
		return len;
	pr_info("krf_fd: read %zd bytes from fd %d: %.*s\n", len, fd,
		(int)strcspn(buf, "\n"), (char *)buf);
	vfree(buf);
	return 0;
}

static void __exit krf_fd_exit(void)
{
}

module_init(krf_fd_init);
module_exit(krf_fd_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: reads a file through kernel_read_file_from_fd");
