/* SPDX-License-Identifier: BSD-3-Clause */
/* The errata service (errata.c) as the rest of the monitor sees it. */
#ifndef SECMON_SERVICES_ERRATA_H
#define SECMON_SERVICES_ERRATA_H

#include <stdbool.h>
#include <stdint.h>
#include "../core/service.h"

bool errata_handle(struct mon_call *c);
bool errata_has(uint32_t fid);
void errata_cpu_reset(unsigned cpu);

#endif
