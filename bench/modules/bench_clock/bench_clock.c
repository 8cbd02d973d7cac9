// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark stopwatch: reading /sys/module/bench_clock/parameters/cycles
 * returns the TSC, which counts virtual nanoseconds under QEMU's -icount.
 * The guest's shell reads it with its "read" builtin, without a fork.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sysfs.h>
#include <linux/timex.h>

static int cycles_get(char *buffer, const struct kernel_param *kp)
{
	return sysfs_emit(buffer, "%llu\n", (u64)get_cycles());
}

static const struct kernel_param_ops cycles_ops = {
	.get	= cycles_get,
};
module_param_cb(cycles, &cycles_ops, NULL, 0444);
MODULE_PARM_DESC(cycles, "the TSC, read-only");

MODULE_DESCRIPTION("Benchmark: a TSC stopwatch for the guest's shell");
MODULE_LICENSE("GPL");
