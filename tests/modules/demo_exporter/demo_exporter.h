/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DEMO_EXPORTER_H
#define DEMO_EXPORTER_H
int demo_old_api(void);
#endif
