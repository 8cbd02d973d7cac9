/* SPDX-License-Identifier: GPL-2.0 */
#ifndef UNUSED_EXPORTER_H
#define UNUSED_EXPORTER_H
int unx_plain(void);
int unx_gpl(void);
int unx_ord(void);
int unx_ord_gpl(void);
int unx_local(void);
int unx_many_1(void); int unx_many_2(void); int unx_many_3(void);
int unx_many_4(void); int unx_many_5(void); int unx_many_6(void);
int unx_many_7(void); int unx_many_8(void); int unx_many_9(void);
int unx_many_10(void); int unx_many_11(void); int unx_many_12(void);
#endif
