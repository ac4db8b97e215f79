/* SPDX-License-Identifier: BSD-3-Clause */
/* The TRNG service (trng.c) as the rest of the monitor sees it. */
#ifndef SECMON_SERVICES_TRNG_H
#define SECMON_SERVICES_TRNG_H

#include <stdbool.h>
#include <stdint.h>
#include "../core/service.h"

bool trng_handle(struct mon_call *c);
bool trng_has(uint32_t fid);
/* Its answer without code (struct mon_answer, monitor.h): TRNG_VERSION's constant. */
unsigned trng_answer(uint32_t fid, struct mon_answer_spec *a);

#endif
