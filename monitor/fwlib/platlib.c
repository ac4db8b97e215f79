// SPDX-License-Identifier: BSD-3-Clause
/*
 * The parts of monitor/plat.h that are the same on every board: the
 * monitor's lock (a spinlock over one word, all CPUs coherent once the
 * normal world runs) and the check that a normal-world range lies wholly
 * inside one of the board's normal-world memory ranges (fw_range_inside(),
 * over the board's own table).
 */
#include "fwlib.h"
#include "../plat.h"

static uint32_t mon_lock;

void plat_lock(void)
{
	while (__atomic_exchange_n(&mon_lock, 1, __ATOMIC_ACQUIRE)) {
		while (__atomic_load_n(&mon_lock, __ATOMIC_RELAXED))
			__asm__ volatile("yield");
	}
}

void plat_unlock(void)
{
	__atomic_store_n(&mon_lock, 0, __ATOMIC_RELEASE);
}

/* [base, base + size) wholly inside one of r[0..n); no wrap-around. */
bool fw_range_inside(const struct fw_range *r, unsigned n, uint64_t base, uint64_t size)
{
	uint64_t end = base + size;

	if (end < base)
		return false;
	for (unsigned i = 0; i < n; i++) {
		uint64_t lo = r[i].base, hi = r[i].base + r[i].size;

		if (base >= lo && base < hi && end <= hi)
			return true;
	}
	return false;
}
