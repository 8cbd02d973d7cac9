// SPDX-License-Identifier: GPL-2.0
/*
 * Time __symbol_get()/__symbol_put() pairs over a set of GPL-only exports.
 *
 * set=vmlinux      the ordinary EXPORT_SYMBOL_GPL exports of vmlinux listed
 *                  in bench_lookup_syms.h (generated from Module.symvers)
 * set=vmlinux_dep  the deprecated (EXPORT_UNUSED_SYMBOL_GPL) exports of
 *                  vmlinux listed in bench_lookup_dep.h (empty if none)
 * set=module       count exports named <prefix>00, <prefix>01, ... of an
 *                  exporter module loaded beforehand
 * set=range        count exports named <prefix><first>,
 *                  <prefix><first + stride>, ... (no padding) of the
 *                  growth modules (tools/measure/bench-growth.py)
 *
 * Warm-up rounds, at least BENCH_WARMUP_LOOKUPS lookups (timed on their
 * own: they include the printed warnings of deprecated lookups, up to the
 * rate limit's burst of 10), then @rounds timed rounds, which therefore
 * take the suppressed path however few names the set has.  Time is
 * read with get_cycles(): under QEMU's -icount shift=0 the TSC counts
 * virtual nanoseconds, one per guest instruction, so the figures repeat
 * from boot to boot.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timex.h>

static const char * const vmlinux_syms[] = {
#include "bench_lookup_syms.h"
	NULL
};

static const char * const vmlinux_dep_syms[] = {
#include "bench_lookup_dep.h"
	NULL
};

static char *set = "vmlinux";
module_param(set, charp, 0444);
MODULE_PARM_DESC(set, "vmlinux, vmlinux_dep, module or range");

static char *prefix = "bench_ord_";
module_param(prefix, charp, 0444);
MODULE_PARM_DESC(prefix, "name prefix of the exports of set=module");

static unsigned int count = 100;
module_param(count, uint, 0444);
MODULE_PARM_DESC(count, "number of exports of set=module (at most 100) or set=range (at most 1000)");

static unsigned int first;
module_param(first, uint, 0444);
MODULE_PARM_DESC(first, "number of the first name of set=range");

static unsigned int stride = 1;
module_param(stride, uint, 0444);
MODULE_PARM_DESC(stride, "step between the numbers of set=range");

static unsigned int rounds = 10;
module_param(rounds, uint, 0444);
MODULE_PARM_DESC(rounds, "timed rounds over the whole set");

#define BENCH_NAME_LEN	32

/* One round: get and put every name once; 0 or -ENOENT. */
static int bench_round(const char * const *names, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (!__symbol_get(names[i])) {
			pr_err("symbol_get(%s) failed\n", names[i]);
			return -ENOENT;
		}
		__symbol_put(names[i]);
	}
	return 0;
}

/* more than the burst of the deprecated-lookup warning's rate limit (10) */
#define BENCH_WARMUP_LOOKUPS	32

static int bench_run(const char * const *names, unsigned int n)
{
	cycles_t t0, t1, t2;
	unsigned int r, warm;
	u64 lookups, per_milli;
	int err;

	if (!n) {
		pr_info("set=%s names=0: nothing to time\n", set);
		return 0;
	}

	warm = DIV_ROUND_UP(BENCH_WARMUP_LOOKUPS, n);
	t0 = get_cycles();
	for (r = 0; r < warm; r++) {
		err = bench_round(names, n);
		if (err)
			return err;
	}
	t1 = get_cycles();
	for (r = 0; r < rounds; r++) {
		err = bench_round(names, n);
		if (err)
			return err;
	}
	t2 = get_cycles();

	lookups = (u64)n * rounds;
	per_milli = lookups ? div64_u64((u64)(t2 - t1) * 1000, lookups) : 0;
	pr_info("set=%s names=%u rounds=%u pairs=%llu cycles=%llu per_pair=%llu.%03llu warmup_per_pair=%llu\n",
		set, n, rounds, lookups, (u64)(t2 - t1),
		per_milli / 1000, per_milli % 1000, div64_u64(t1 - t0, (u64)n * warm));
	return 0;
}

static int __init bench_lookup_init(void)
{
	const char **names;
	char (*buf)[BENCH_NAME_LEN];
	unsigned int i;
	bool range;
	int err;

	if (!strcmp(set, "vmlinux"))
		return bench_run(vmlinux_syms, ARRAY_SIZE(vmlinux_syms) - 1);
	if (!strcmp(set, "vmlinux_dep"))
		return bench_run(vmlinux_dep_syms,
				 ARRAY_SIZE(vmlinux_dep_syms) - 1);
	range = !strcmp(set, "range");
	if ((!range && strcmp(set, "module")) || count > (range ? 1000 : 100) ||
	    strlen(prefix) > BENCH_NAME_LEN - 11) {
		pr_err("bad parameters: set=%s prefix=%s count=%u\n",
		       set, prefix, count);
		return -EINVAL;
	}

	names = kcalloc(count, sizeof(*names), GFP_KERNEL);
	buf = kcalloc(count, sizeof(*buf), GFP_KERNEL);
	if (!names || !buf) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < count; i++) {
		if (range)
			snprintf(buf[i], sizeof(buf[i]), "%s%u", prefix,
				 first + i * stride);
		else
			snprintf(buf[i], sizeof(buf[i]), "%s%02u", prefix, i);
		names[i] = buf[i];
	}
	err = bench_run(names, count);
out:
	kfree(buf);
	kfree(names);
	return err;
}

static void __exit bench_lookup_exit(void)
{
}

module_init(bench_lookup_init);
module_exit(bench_lookup_exit);
MODULE_DESCRIPTION("Benchmark: symbol_get()/symbol_put() of ordinary and deprecated exports");
MODULE_LICENSE("GPL");
