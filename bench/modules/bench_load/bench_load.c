// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark: a module whose only work is to be linked.  It refers to every
 * export listed in bench_load_syms.h (generated from the kernel's
 * Module.symvers: ordinary EXPORT_SYMBOL exports of vmlinux) from a table of
 * addresses, so that loading it resolves and relocates each one; with
 * BENCH_LOAD_EMPTY the table is empty (the baseline for the same insmod).
 * Its init prints the TSC, virtual nanoseconds under QEMU's -icount.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/timex.h>

#define BENCH_IMPORT(sym)	"\t.quad " #sym "\n"

asm(".pushsection .rodata, \"a\"\n"
	"\t.balign 8\n"
	"bench_load_refs:\n"
#ifndef BENCH_LOAD_EMPTY
#include "bench_load_syms.h"
#endif
	"\t.popsection\n");

static int __init bench_load_init(void)
{
	cycles_t now = get_cycles();

	pr_info("init at cycles=%llu\n", (u64)now);
	return 0;
}

static void __exit bench_load_exit(void)
{
}

module_init(bench_load_init);
module_exit(bench_load_exit);
MODULE_DESCRIPTION("Benchmark: load time of a module with many imports");
MODULE_LICENSE("GPL");
