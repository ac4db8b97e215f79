/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plat_entropy() for QEMU virt, both ports (docs/entropy.md): the CPU's
 * FEAT_RNG (RNDRRS) where it has it, else a DRBG seeded once at cold boot
 * from the rng-seed QEMU gives the secure world, else no source.
 */
#include <stdbool.h>
#include <stdint.h>
#include "qemu-virt.h"
#include "../../arch/arch.h"
#include "../../fwlib/fwlib.h"
#include "../../monitor.h"
#include "../../plat.h"

static struct mon_drbg dt_drbg;
static uint32_t dt_drbg_lock;

/* Cold boot: QEMU's /secure-chosen/rng-seed (it never reaches the normal world). */
MON_COLD_BOOT void qv_entropy_seed(const void *seed, unsigned len)
{
	mon_drbg_seed(&dt_drbg, seed, len);
}

MON_COLD_BOOT const char *qv_entropy_source(void)
{
	if (arch_rng_present())
		return "the CPU's RNDRRS (FEAT_RNG)";
	if (dt_drbg.seed_bytes >= MON_DRBG_MIN_SEED)
		return "a DRBG seeded from /secure-chosen/rng-seed";
	return "none: TRNG not offered";
}

int plat_entropy(uint64_t *out, unsigned n)
{
	bool ok;

	if (arch_rng_present())
		return !n || arch_rng_read(out, n) ? PLAT_ENTROPY_OK : PLAT_ENTROPY_EMPTY;
	if (dt_drbg.seed_bytes < MON_DRBG_MIN_SEED)
		return PLAT_ENTROPY_NONE;
	if (!n)
		return PLAT_ENTROPY_OK;
	while (__atomic_exchange_n(&dt_drbg_lock, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(&dt_drbg_lock, __ATOMIC_RELAXED))
			;
	ok = mon_drbg_generate(&dt_drbg, out, n);
	__atomic_store_n(&dt_drbg_lock, 0, __ATOMIC_RELEASE);
	return ok ? PLAT_ENTROPY_OK : PLAT_ENTROPY_EMPTY;
}
