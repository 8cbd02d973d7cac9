// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark exporter: 100 deprecated GPL-only exports, bench_dep_00..99,
 * due in a release far away so that nothing reports them as overdue.
 */
#include <linux/export.h>
#include <linux/module.h>

#define BENCH_PREFIX		bench_dep_
#define BENCH_EXPORT(sym)	EXPORT_UNUSED_SYMBOL_GPL(sym, "99.0")
#include "bench_exporter.h"

MODULE_DESCRIPTION("Benchmark: 100 deprecated GPL-only exports");
MODULE_LICENSE("GPL");
