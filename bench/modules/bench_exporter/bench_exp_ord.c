// SPDX-License-Identifier: GPL-2.0
/* Benchmark exporter: 100 ordinary GPL-only exports, bench_ord_00..99. */
#include <linux/export.h>
#include <linux/module.h>

#define BENCH_PREFIX		bench_ord_
#define BENCH_EXPORT(sym)	EXPORT_SYMBOL_GPL(sym)
#include "bench_exporter.h"

MODULE_DESCRIPTION("Benchmark: 100 ordinary GPL-only exports");
MODULE_LICENSE("GPL");
