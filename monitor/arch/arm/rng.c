/* SPDX-License-Identifier: BSD-3-Clause */
/* ARMv7-A has no architected random number generator: the DT seed only. */
#include <stdbool.h>
#include <stdint.h>
#include "qv.h"

bool qv_rng_present(void)
{
	return false;
}

bool qv_rng_read(uint64_t *out, unsigned n)
{
	(void)out;
	(void)n;
	return false;
}
