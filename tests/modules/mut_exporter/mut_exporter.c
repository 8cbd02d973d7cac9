// SPDX-License-Identifier: GPL-2.0
/*
 * The module that tools/build/mutate-ko.py corrupts: ordinary and deprecated
 * exports side by side, so that a mutant can break each table the series
 * added, and mut_user can check that a mutant that loads still works.
 * mut_dep_gpl_0 is an ordinary export whose name sorts just before the
 * deprecated GPL ones (for the "exported twice" mutant).
 */
#include <linux/module.h>
#include <linux/init.h>
#include "mut_exporter.h"

int mut_normal(void) { return 10; }
EXPORT_SYMBOL(mut_normal);

int mut_dep_gpl_0(void) { return 20; }
EXPORT_SYMBOL_GPL(mut_dep_gpl_0);

int mut_dep_1(void) { return 1; }
EXPORT_UNUSED_SYMBOL(mut_dep_1, "6.14");

int mut_dep_2(void) { return 2; }
EXPORT_UNUSED_SYMBOL(mut_dep_2, "6.14");

int mut_dep_gpl_1(void) { return 11; }
EXPORT_UNUSED_SYMBOL_GPL(mut_dep_gpl_1, "6.14");

int mut_dep_gpl_2(void) { return 12; }
EXPORT_UNUSED_SYMBOL_GPL(mut_dep_gpl_2, "6.14");

int mut_dep_gpl_3(void) { return 13; }
EXPORT_UNUSED_SYMBOL_GPL(mut_dep_gpl_3, "6.14");

/*
 * Init memory for the mutants whose entries point into it (freed once the
 * module is initialised): a copy of an export's name in .init.rodata; the
 * init function is in .init.text.
 */
static const char mut_init_name[] __initconst __used = "mut_dep_gpl_2";

static int __init mut_exporter_init(void)
{
	return 0;
}

static void __exit mut_exporter_exit(void)
{
}

module_init(mut_exporter_init);
module_exit(mut_exporter_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("harness test: exporter for the malformed-module generator");
