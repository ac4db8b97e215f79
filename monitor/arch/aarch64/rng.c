/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * FEAT_RNG: RNDRRS, a random number from the CPU's generator reseeded from
 * its true entropy source just before (ID_AA64ISAR0_EL1.RNDR, bits 63:60).
 * It fails (PSTATE.Z set, result 0) when no entropy is at hand in time.
 */
#include <stdbool.h>
#include <stdint.h>
#include "../arch.h"

#define ISAR0_RNDR	60
#define RNDRRS		"S3_3_C2_C4_1"
#define RNDRRS_TRIES	16

bool arch_rng_present(void)
{
	return id_field(read_sysreg("id_aa64isar0_el1"), ISAR0_RNDR) >= 1;
}

static bool rndrrs(uint64_t *v)
{
	uint64_t x, ok;

	__asm__ volatile("mrs %0, " RNDRRS "\n\tcset %1, ne" : "=r"(x), "=r"(ok) : : "cc");
	*v = x;
	return ok;
}

bool arch_rng_read(uint64_t *out, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		unsigned t = 0;

		while (!rndrrs(&out[i]))
			if (++t == RNDRRS_TRIES)
				return false;
	}
	return true;
}
