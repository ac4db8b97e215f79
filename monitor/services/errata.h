/* SPDX-License-Identifier: BSD-3-Clause */
/* The errata service (errata.c) as the rest of the monitor sees it. */
#ifndef SECMON_SERVICES_ERRATA_H
#define SECMON_SERVICES_ERRATA_H

#include <stdbool.h>
#include <stdint.h>
#include "../core/service.h"

bool errata_handle(struct mon_call *c);
bool errata_has(uint32_t fid);
/* Cold boot: no erratum applied on any CPU. */
void errata_init(void);
/*
 * The power-event hook (core/power.h) of MON_POWER_RESUME: a CPU that
 * powered down forgets what it had applied.
 */
int32_t errata_power(const struct mon_power_event *e);

#endif
