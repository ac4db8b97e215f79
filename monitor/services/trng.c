// SPDX-License-Identifier: BSD-3-Clause
/*
 * The TRNG firmware interface (Arm DEN0098 1.0) in the standard secure
 * service range: entropy from the platform's source (plat_entropy()). A
 * platform without a source offers none of it: every TRNG call is then
 * NOT_SUPPORTED (-1, as for any unknown ID).
 */
#include <secmon/trng.h>
#include "trng.h"
#include "../plat.h"

/*
 * secmon's TRNG back end, fc28d23e-1ef6-475c-bc13-d1870c80f624, as SMCCC
 * returns a UUID: byte 0 in bits 7:0 of w0, byte 4 in w1, ... It names this
 * implementation, whatever the platform's source.
 */
static const uint32_t trng_uuid[4] = { 0x3ed228fcu, 0x5c47f61eu, 0x87d113bcu, 0x24f6800cu };

static bool present(void)
{
	return plat_entropy(0, 0) != PLAT_ENTROPY_NONE;
}

/* TRNG_FEATURES' question: is fid a TRNG function this caller may make? */
static bool offered(uint32_t fid, bool aarch32)
{
	switch (fid) {
	case SECMON_TRNG_VERSION:
	case SECMON_TRNG_FEATURES:
	case SECMON_TRNG_GET_UUID:
	case SECMON_TRNG_RND32:
		return true;
	case SECMON_TRNG_RND64:
		return !aarch32;
	default:
		return false;
	}
}

bool trng_has(uint32_t fid)
{
	return offered(fid, false) && present();
}

/* TRNG_VERSION is a constant (fast_init.c asks at cold boot, when TRNG is there at all). */
MON_COLD_BOOT unsigned trng_answer(uint32_t fid, struct mon_answer_spec *a)
{
	if ((fid & ~SECMON_FID_SVE_HINT) != SECMON_TRNG_VERSION)
		return MON_ANSWER_FULL;
	a->value = SECMON_TRNG_VERSION_1_0;
	return MON_ANSWER_VALUE;
}

/*
 * TRNG_RND32 and TRNG_RND64: `bits` of entropy, the least significant in
 * the last result register (w3/x3), the most significant in w1/x1; every
 * bit above the count is zero. On an error x1-x3 are zero. The entropy is
 * the caller's secret: marked so, recording keeps only x0 of the answer.
 */
static void rnd(struct mon_call *c)
{
	unsigned width = c->smc64 ? 64 : 32, n;
	uint64_t bits = mon_arg(c, 1), e[3] = { 0, 0, 0 };
	int64_t status = SECMON_TRNG_SUCCESS;
	volatile uint64_t *wipe = e;

	if (bits == 0 || bits > 3 * width)
		status = SECMON_TRNG_INVALID_PARAMETERS;
	else if (plat_entropy(e, (unsigned)(bits + 63) / 64) != PLAT_ENTROPY_OK)
		status = SECMON_TRNG_NO_ENTROPY;
	for (n = 0; n < 3; n++) {
		unsigned lo = n * width;
		uint64_t v = width == 64 ? e[n] : (uint32_t)(e[n / 2] >> (32 * (n % 2)));

		if (status != SECMON_TRNG_SUCCESS || bits <= lo)
			v = 0;
		else if (bits - lo < width)
			v &= (1ull << (bits - lo)) - 1;
		mon_ret(c, 3 - n, (int64_t)v);
	}
	mon_ret(c, 0, status);
	c->secret = true;
	for (n = 0; n < 3; n++)
		wipe[n] = 0;
}

bool trng_handle(struct mon_call *c)
{
	unsigned i;

	if (!present())
		return false;
	switch (c->fid) {
	case SECMON_TRNG_VERSION:
		mon_ret(c, 0, SECMON_TRNG_VERSION_1_0);
		return true;
	case SECMON_TRNG_FEATURES:
		mon_ret(c, 0, offered((uint32_t)mon_arg(c, 1), c->caller->aarch32)
				      ? SECMON_TRNG_SUCCESS : SECMON_TRNG_NOT_SUPPORTED);
		return true;
	case SECMON_TRNG_GET_UUID:
		for (i = 0; i < 4; i++)
			mon_ret(c, i, trng_uuid[i]);
		return true;
	case SECMON_TRNG_RND32:
	case SECMON_TRNG_RND64:
		rnd(c);
		return true;
	default:
		return false;
	}
}
