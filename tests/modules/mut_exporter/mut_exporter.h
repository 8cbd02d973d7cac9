/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MUT_EXPORTER_H
#define MUT_EXPORTER_H
int mut_normal(void);
int mut_dep_gpl_0(void);
int mut_dep_1(void);
int mut_dep_2(void);
int mut_dep_gpl_1(void);
int mut_dep_gpl_2(void);
int mut_dep_gpl_3(void);
#endif
