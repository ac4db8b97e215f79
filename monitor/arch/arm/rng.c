/* SPDX-License-Identifier: BSD-3-Clause */
/* ARMv7-A has no architected random number generator: a board finds its entropy elsewhere. */
#include <stdbool.h>
#include <stdint.h>
#include "../arch.h"

bool arch_rng_present(void)
{
	return false;
}

bool arch_rng_read(uint64_t *out, unsigned n)
{
	(void)out;
	(void)n;
	return false;
}
