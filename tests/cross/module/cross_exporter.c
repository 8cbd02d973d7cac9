// SPDX-License-Identifier: GPL-2.0
/*
 * make crossbuild's exporter: ordinary exports and deprecated ones of both
 * classes, with releases whose major and minor are both non-zero and of
 * more than one digit, so that a table that drops or mangles either field
 * (m68k gas once read "(12 << 16) | 34" as 12 << 16) cannot decode right.
 */
#include <linux/module.h>
#include "cross_exporter.h"

int cross_ordinary(void)
{
	return 1;
}
EXPORT_SYMBOL(cross_ordinary);

int cross_ordinary_gpl(void)
{
	return 2;
}
EXPORT_SYMBOL_GPL(cross_ordinary_gpl);

int cross_deprecated(void)
{
	return 3;
}
EXPORT_UNUSED_SYMBOL(cross_deprecated, "12.34");

int cross_deprecated_gpl(void)
{
	return 4;
}
EXPORT_UNUSED_SYMBOL_GPL(cross_deprecated_gpl, "13.57");

MODULE_DESCRIPTION("make crossbuild: deprecated and ordinary exports");
MODULE_LICENSE("GPL");
