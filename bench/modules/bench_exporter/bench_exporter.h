/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 100 exported ints named BENCH_PREFIX00 ... BENCH_PREFIX99, each exported
 * with BENCH_EXPORT(); the includer defines both.
 */
#ifndef BENCH_EXPORTER_H
#define BENCH_EXPORTER_H

/* __PASTE() expands BENCH_PREFIX before pasting */
#define BENCH_SYM(n)						\
	int __PASTE(BENCH_PREFIX, n);				\
	BENCH_EXPORT(__PASTE(BENCH_PREFIX, n))
#define BENCH_TEN(d)						\
	BENCH_SYM(d##0); BENCH_SYM(d##1); BENCH_SYM(d##2);	\
	BENCH_SYM(d##3); BENCH_SYM(d##4); BENCH_SYM(d##5);	\
	BENCH_SYM(d##6); BENCH_SYM(d##7); BENCH_SYM(d##8);	\
	BENCH_SYM(d##9)

BENCH_TEN(0);
BENCH_TEN(1);
BENCH_TEN(2);
BENCH_TEN(3);
BENCH_TEN(4);
BENCH_TEN(5);
BENCH_TEN(6);
BENCH_TEN(7);
BENCH_TEN(8);
BENCH_TEN(9);

#endif /* BENCH_EXPORTER_H */
