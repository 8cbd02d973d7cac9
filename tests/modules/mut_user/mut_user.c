// SPDX-License-Identifier: GPL-2.0
/*
 * Calls every export of mut_exporter and checks each answer: loaded
 * against a mutant that the loader accepted, it shows whether the mutant
 * still behaves (init fails with -EINVAL naming the wrong export if not).
 */
#include <linux/module.h>
#include <linux/init.h>
#include "../mut_exporter/mut_exporter.h"

static int __init mut_user_init(void)
{
	static const struct {
		const char *name;
		int (*fn)(void);
		int want;
	} calls[] = {
		{ "mut_normal", mut_normal, 10 },
		{ "mut_dep_gpl_0", mut_dep_gpl_0, 20 },
		{ "mut_dep_1", mut_dep_1, 1 },
		{ "mut_dep_2", mut_dep_2, 2 },
		{ "mut_dep_gpl_1", mut_dep_gpl_1, 11 },
		{ "mut_dep_gpl_2", mut_dep_gpl_2, 12 },
		{ "mut_dep_gpl_3", mut_dep_gpl_3, 13 },
	};
	int i, got;

	for (i = 0; i < ARRAY_SIZE(calls); i++) {
		got = calls[i].fn();
		if (got != calls[i].want) {
			pr_err("mut_user: %s() returned %d, expected %d\n",
			       calls[i].name, got, calls[i].want);
			return -EINVAL;
		}
	}
	pr_info("mut_user: all %d exports answer correctly\n", i);
	return 0;
}

static void __exit mut_user_exit(void)
{
}

module_init(mut_user_init);
module_exit(mut_user_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: checks the exports of a (mutated) mut_exporter");
