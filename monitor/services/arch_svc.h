/* SPDX-License-Identifier: BSD-3-Clause */
/* The Arm architecture service (arch_svc.c) as the rest of the monitor sees it. */
#ifndef SECMON_SERVICES_ARCH_SVC_H
#define SECMON_SERVICES_ARCH_SVC_H

#include <stdbool.h>
#include <stdint.h>
#include "../core/service.h"

/* The service's entry (core/services.c) and its share of the fast path. */
bool arch_svc_handle(struct mon_call *c);
bool arch_svc_has(uint32_t fid);
bool arch_svc_fast(uint32_t fid, struct secmon_regs *r);
/* Keeps a copy of the SoC name (mon_config.soc_name may be cold-boot data). */
void arch_svc_init(void);

#endif
