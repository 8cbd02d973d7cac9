/* SPDX-License-Identifier: GPL-2.0 */
#ifndef CROSS_EXPORTER_H
#define CROSS_EXPORTER_H

int cross_ordinary(void);
int cross_ordinary_gpl(void);
int cross_deprecated(void);
int cross_deprecated_gpl(void);

#endif
