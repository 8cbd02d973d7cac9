// SPDX-License-Identifier: GPL-2.0
/* bench_load.c without its imports: the baseline of the load benchmark. */
#define BENCH_LOAD_EMPTY
#include "bench_load.c"
