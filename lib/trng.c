// SPDX-License-Identifier: BSD-3-Clause
/*
 * TRNG (DEN0098 1.0) from the calling side: the version, and entropy checked
 * against the spec's register rules before it is handed on.
 */
#include <secmon/client.h>
#include <secmon/trng.h>

int secmon_trng_version(const struct secmon_conduit *c, uint32_t *version)
{
	int32_t v = (int32_t)secmon_call3(c, SECMON_TRNG_VERSION, 0, 0, 0);

	if (v == SECMON_TRNG_NOT_SUPPORTED)
		return SECMON_E_NOT_SUPPORTED;
	if (v < (int32_t)SECMON_TRNG_VERSION_1_0)
		return SECMON_E_BAD_ANSWER;
	*version = (uint32_t)v;
	return SECMON_OK;
}

/* The mask of the bits a word of `width` bits starting at bit `lo` may have. */
static uint64_t allowed(unsigned bits, unsigned lo, unsigned width)
{
	if (bits <= lo)
		return 0;
	if (bits - lo >= width)
		return width == 64 ? ~0ull : 0xffffffffull;
	return (1ull << (bits - lo)) - 1;
}

int secmon_trng_rnd(const struct secmon_conduit *c, unsigned bits, uint64_t out[3])
{
	unsigned width = c->aarch32 ? 32 : 64, n;
	struct secmon_regs in = { .x = { c->aarch32 ? SECMON_TRNG_RND32 : SECMON_TRNG_RND64,
					 bits } };
	struct secmon_regs r;
	uint64_t w[3];

	if (bits == 0 || bits > 3 * width)
		return SECMON_E_INVALID_PARAMETERS;
	secmon_invoke(c, &in, &r);
	switch ((int32_t)r.x[0]) {
	case SECMON_TRNG_SUCCESS:
		break;
	case SECMON_TRNG_NOT_SUPPORTED:
		return SECMON_E_NOT_SUPPORTED;
	case SECMON_TRNG_INVALID_PARAMETERS:
		return SECMON_E_INVALID_PARAMETERS;
	case SECMON_TRNG_NO_ENTROPY:
		return SECMON_E_NO_ENTROPY;
	default:
		return SECMON_E_BAD_ANSWER;
	}
	/* w[n]: bits n * width up, from x3, x2, x1; nothing above the count. */
	for (n = 0; n < 3; n++) {
		w[n] = r.x[3 - n];
		if (w[n] & ~allowed(bits, n * width, width))
			return SECMON_E_BAD_ANSWER;
	}
	if (width == 64) {
		out[0] = w[0];
		out[1] = w[1];
		out[2] = w[2];
	} else {
		out[0] = w[0] | w[1] << 32;
		out[1] = w[2];
		out[2] = 0;
	}
	return SECMON_OK;
}
