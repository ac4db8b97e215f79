// SPDX-License-Identifier: BSD-3-Clause
/*
 * A small deterministic random bit generator for platforms whose entropy is
 * a seed given once (monitor.h): ChaCha20 (RFC 8439) as a stream generator
 * with fast key erasure. Each block the generator computes replaces the key
 * with its first half and gives out its second half, so the state held at
 * any moment says nothing about what was given out before.
 */
#include "../monitor.h"

#define ROTL(v, n) (((v) << (n)) | ((v) >> (32 - (n))))

static inline __attribute__((always_inline)) void quarter(uint32_t *x, unsigned a, unsigned b,
							   unsigned c, unsigned d)
{
	x[a] += x[b]; x[d] ^= x[a]; x[d] = ROTL(x[d], 16);
	x[c] += x[d]; x[b] ^= x[c]; x[b] = ROTL(x[b], 12);
	x[a] += x[b]; x[d] ^= x[a]; x[d] = ROTL(x[d], 8);
	x[c] += x[d]; x[b] ^= x[c]; x[b] = ROTL(x[b], 7);
}

void mon_chacha20_block(const uint32_t key[8], uint32_t counter, const uint32_t nonce[3],
			uint32_t out[16])
{
	/* "expand 32-byte k" */
	static const uint32_t sigma[4] = { 0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u };
	uint32_t in[16];
	unsigned i;

	for (i = 0; i < 4; i++)
		in[i] = sigma[i];
	for (i = 0; i < 8; i++)
		in[4 + i] = key[i];
	in[12] = counter;
	for (i = 0; i < 3; i++)
		in[13 + i] = nonce[i];
	for (i = 0; i < 16; i++)
		out[i] = in[i];
	for (i = 0; i < 10; i++) {
		quarter(out, 0, 4, 8, 12);
		quarter(out, 1, 5, 9, 13);
		quarter(out, 2, 6, 10, 14);
		quarter(out, 3, 7, 11, 15);
		quarter(out, 0, 5, 10, 15);
		quarter(out, 1, 6, 11, 12);
		quarter(out, 2, 7, 8, 13);
		quarter(out, 3, 4, 9, 14);
	}
	for (i = 0; i < 16; i++) {
		out[i] += in[i];
		((volatile uint32_t *)in)[i] = 0;
	}
}

/* Nonces that keep seeding blocks apart from output blocks. */
#define NONCE_SEED	0x64656573u	/* "seed" */
#define NONCE_OUT	0x74756f00u

/* Replaces the key with the first half of block `counter`; the second half into out. */
static void step(struct mon_drbg *d, uint32_t tag, uint32_t out[8])
{
	const uint32_t nonce[3] = { tag, (uint32_t)(d->blocks >> 32), 0 };
	uint32_t b[16];
	unsigned i;

	mon_chacha20_block(d->key, (uint32_t)d->blocks, nonce, b);
	d->blocks++;
	for (i = 0; i < 8; i++) {
		d->key[i] = b[i];
		if (out)
			out[i] = b[8 + i];
	}
	for (i = 0; i < 16; i++)
		((volatile uint32_t *)b)[i] = 0;
}

void mon_drbg_seed(struct mon_drbg *d, const void *seed, unsigned len)
{
	const uint8_t *s = seed;
	unsigned i;

	for (i = 0; i < len; i++) {
		d->key[(i / 4) % 8] ^= (uint32_t)s[i] << (8 * (i % 4));
		if (i % 32 == 31 || i == len - 1)
			step(d, NONCE_SEED, 0);
	}
	d->seed_bytes += len;
}

bool mon_drbg_generate(struct mon_drbg *d, uint64_t *out, unsigned n)
{
	uint32_t b[8];
	unsigned i, j;

	if (d->seed_bytes < MON_DRBG_MIN_SEED)
		return false;
	for (i = 0; i < n; i += 4) {
		step(d, NONCE_OUT, b);
		for (j = 0; j < 4 && i + j < n; j++)
			out[i + j] = b[2 * j] | (uint64_t)b[2 * j + 1] << 32;
	}
	for (i = 0; i < 8; i++)
		((volatile uint32_t *)b)[i] = 0;
	return true;
}
