// SPDX-License-Identifier: BSD-3-Clause
/*
 * The TRNG service (DEN0098 1.0) through the host simulator, each register
 * rule against the spec: versions and features, the fixed UUID, the entropy
 * registers (bits above the count zero, x3 least significant), bad counts,
 * NO_ENTROPY, no source at all, SMC32 against SMC64 and AArch32 callers; and
 * the DRBG the QEMU ports expand their DT seed with (monitor/core/drbg.c).
 *
 * The calls run on a simulated CPU's thread (the harness of simtest.h); what
 * they see is noted and asserted on the main thread after sim_run.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <secmon/trng.h>

#include "../../monitor/monitor.h"
#include "simtest.h"

#define SVE_HINT 0x00010000u

/* secmon's TRNG UUID, fc28d23e-1ef6-475c-bc13-d1870c80f624, as w0..w3. */
static const uint32_t uuid_words[4] = { 0x3ed228fcu, 0x5c47f61eu, 0x87d113bcu, 0x24f6800cu };

/*
 * A negative status of call fid: SMC64, the whole register; SMC32, its low
 * 32 bits (how an AArch64 caller gets the upper half is the dispatcher's
 * rule, tested in test_dispatch.c).
 */
static bool expect_status(int line, uint32_t fid, uint64_t x0, int32_t status)
{
	if (fid & SECMON_FID_SMC64)
		return expect_eq(line, "x0", x0, (uint64_t)(int64_t)status);
	return expect_eq(line, "w0", (uint32_t)x0, (uint32_t)status);
}

#define EXPECT_STATUS(fid, x0, status) expect_status(__LINE__, fid, x0, status)

/*
 * Makes call fid(x1), junk in every other register, and returns the answer;
 * registers above x3 (r3 for an AArch32 caller, whose r4-r7 count) must come
 * back as they went in.
 */
static struct secmon_regs call_at(int line, uint32_t fid, uint64_t x1)
{
	struct secmon_regs r;

	fill(line, &r, fid);
	r.x[1] = x1;
	smc_regs(line, 0xf, &r);
	return r;
}

#define CALL(fid, x1) call_at(__LINE__, fid, x1)

/* What RND32/RND64 must return for `bits` when every entropy bit is 1. */
static void ones_expected(unsigned bits, unsigned width, uint64_t want[4])
{
	want[0] = 0;
	for (unsigned n = 0; n < 3; n++) {
		unsigned lo = n * width;
		uint64_t all = width == 64 ? ~0ull : 0xffffffffull;

		want[3 - n] = bits <= lo ? 0 : bits - lo >= width ? all : (1ull << (bits - lo)) - 1;
	}
}

static void expect_rnd(int line, uint32_t fid, uint64_t x1, unsigned bits, unsigned width)
{
	struct secmon_regs r = call_at(line, fid, x1);
	uint64_t want[4];

	ones_expected(bits, width, want);
	for (unsigned i = 0; i < 4; i++)
		if (r.x[i] != want[i]) {
			note(line, "call %#x(%u bits): x%u = %#llx, want %#llx", fid, bits, i,
			     (unsigned long long)r.x[i], (unsigned long long)want[i]);
			return;
		}
}

/* An error: status in x0 in the call's width, x1-x3 zero. */
static void expect_error(int line, uint32_t fid, uint64_t x1, int32_t status)
{
	struct secmon_regs r = call_at(line, fid, x1);

	expect_status(line, fid, r.x[0], status);
	for (unsigned i = 1; i < 4; i++)
		if (r.x[i] != 0)
			note(line, "call %#x(%#llx) failed but x%u = %#llx", fid,
			     (unsigned long long)x1, i, (unsigned long long)r.x[i]);
}

/* ---- running a scenario on simulated CPU 0 ---------------------------- */

static void (*trng_scenario)(void);

static void sim_entry(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	trng_scenario();
}

static void run_trng(void (*fn)(void), enum sim_entropy entropy, bool aarch32)
{
	struct sim_config cfg = { .ncpus = 1, .entropy = entropy, .aarch32 = aarch32 };

	trng_scenario = fn;
	assert_int_equal(run_sim(sim_entry, &cfg), SIM_END_ALL_OFF);
	assert_clean();
}

/* ---- version, features, UUID ------------------------------------------ */

static void sc_version_features(void)
{
	static const uint32_t trng[] = { SECMON_TRNG_VERSION, SECMON_TRNG_FEATURES,
					 SECMON_TRNG_GET_UUID, SECMON_TRNG_RND32,
					 SECMON_TRNG_RND64 };
	static const uint32_t others[] = { 0x84000000u, 0x80000000u, 0x84000054u, 0xc4000050u,
					   0xc4000052u, 0x8400004fu, 0 };

	EXPECT_EQ(CALL(SECMON_TRNG_VERSION, 0).x[0], SECMON_TRNG_VERSION_1_0);
	for (unsigned i = 0; i < 5; i++)
		EXPECT_EQ(CALL(SECMON_TRNG_FEATURES, trng[i]).x[0], 0);
	for (unsigned i = 0; i < 7; i++)
		EXPECT_STATUS(SECMON_TRNG_FEATURES, CALL(SECMON_TRNG_FEATURES, others[i]).x[0],
			      SECMON_TRNG_NOT_SUPPORTED);
	/* SMC32: the ID asked about is w1; the upper half is ignored. */
	EXPECT_EQ(CALL(SECMON_TRNG_FEATURES, 0xdead000000000000ull | SECMON_TRNG_RND32).x[0], 0);
	/* The SVE hint bit of the call itself is ignored. */
	EXPECT_EQ(CALL(SECMON_TRNG_VERSION | SVE_HINT, 0).x[0], SECMON_TRNG_VERSION_1_0);
	/* Unserved numbers next to TRNG's, and widths a function does not have. */
	EXPECT_STATUS(0x84000054u, CALL(0x84000054u, 0).x[0], -1);
	EXPECT_STATUS(0xc4000050u, CALL(0xc4000050u, 0).x[0], -1);
	EXPECT_STATUS(0xc4000052u, CALL(0xc4000052u, 0).x[0], -1);
	/* PSCI_FEATURES knows only PSCI: TRNG has its own FEATURES call. */
	EXPECT_STATUS(0x84000000u,
		      CALL(SECMON_PSCI_FN32(SECMON_PSCI_FN_FEATURES), SECMON_TRNG_RND64).x[0],
		      SECMON_PSCI_NOT_SUPPORTED);
}

static void trng_version_and_features(void **state)
{
	(void)state;
	run_trng(sc_version_features, SIM_ENTROPY_HOST, false);
}

static void sc_uuid(void)
{
	for (unsigned k = 0; k < 2; k++) {
		struct secmon_regs r = CALL(SECMON_TRNG_GET_UUID, 0);

		for (unsigned i = 0; i < 4; i++)
			EXPECT_EQ(r.x[i], uuid_words[i]);
	}
}

static void trng_uuid_is_fixed_and_never_minus_one(void **state)
{
	(void)state;
	/* w0 = 0xffffffff would read as NOT_SUPPORTED (DEN0098). */
	assert_int_not_equal(uuid_words[0], 0xffffffffu);
	run_trng(sc_uuid, SIM_ENTROPY_HOST, false);
	/* The UUID names the implementation, whatever the source. */
	run_trng(sc_uuid, SIM_ENTROPY_ONES, false);
	run_trng(sc_uuid, SIM_ENTROPY_EMPTY, false);
	run_trng(sc_uuid, SIM_ENTROPY_HOST, true);
}

/* ---- entropy registers -------------------------------------------------- */

static void sc_every_count(void)
{
	for (unsigned bits = 1; bits <= 96; bits++)
		expect_rnd(__LINE__, SECMON_TRNG_RND32, bits, bits, 32);
	for (unsigned bits = 1; bits <= 192; bits++)
		expect_rnd(__LINE__, SECMON_TRNG_RND64, bits, bits, 64);
	/* SMC32 reads w1 only: upper junk in x1 does not change the count. */
	expect_rnd(__LINE__, SECMON_TRNG_RND32, 0xdeadbeef00000021ull, 33, 32);
	expect_rnd(__LINE__, SECMON_TRNG_RND32 | SVE_HINT, 96, 96, 32);
	expect_rnd(__LINE__, SECMON_TRNG_RND64 | SVE_HINT, 130, 130, 64);
}

static void trng_rnd_zeroes_bits_above_the_count(void **state)
{
	(void)state;
	/* Every entropy bit 1: any bit the call should not pass on shows. */
	run_trng(sc_every_count, SIM_ENTROPY_ONES, false);
}

static void sc_bad_counts(void)
{
	static const uint64_t bad32[] = { 0, 97, 128, 0xffffffffu, 0xdeadbeef00000000ull };
	static const uint64_t bad64[] = { 0, 193, 256, 0xffffffffffffffffull,
					  0x100000040ull, 0x8000000000000001ull };

	for (unsigned i = 0; i < sizeof(bad32) / sizeof(bad32[0]); i++)
		expect_error(__LINE__, SECMON_TRNG_RND32, bad32[i],
			     SECMON_TRNG_INVALID_PARAMETERS);
	/* SMC64: the whole of x1 is the count (64 bits in the low word is not enough). */
	for (unsigned i = 0; i < sizeof(bad64) / sizeof(bad64[0]); i++)
		expect_error(__LINE__, SECMON_TRNG_RND64, bad64[i],
			     SECMON_TRNG_INVALID_PARAMETERS);
}

static void trng_rnd_refuses_bad_counts(void **state)
{
	(void)state;
	run_trng(sc_bad_counts, SIM_ENTROPY_ONES, false);
	/* A bad count is INVALID_PARAMETERS even when there is no entropy. */
	run_trng(sc_bad_counts, SIM_ENTROPY_EMPTY, false);
}

static void sc_no_entropy(void)
{
	EXPECT_EQ(CALL(SECMON_TRNG_VERSION, 0).x[0], SECMON_TRNG_VERSION_1_0);
	EXPECT_EQ(CALL(SECMON_TRNG_FEATURES, SECMON_TRNG_RND64).x[0], 0);
	expect_error(__LINE__, SECMON_TRNG_RND32, 1, SECMON_TRNG_NO_ENTROPY);
	expect_error(__LINE__, SECMON_TRNG_RND32, 96, SECMON_TRNG_NO_ENTROPY);
	expect_error(__LINE__, SECMON_TRNG_RND64, 64, SECMON_TRNG_NO_ENTROPY);
	expect_error(__LINE__, SECMON_TRNG_RND64, 192, SECMON_TRNG_NO_ENTROPY);
}

static void trng_rnd_answers_no_entropy_when_the_source_is_dry(void **state)
{
	(void)state;
	run_trng(sc_no_entropy, SIM_ENTROPY_EMPTY, false);
}

static void sc_no_source(void)
{
	static const uint32_t fids[] = { SECMON_TRNG_VERSION, SECMON_TRNG_FEATURES,
					 SECMON_TRNG_GET_UUID, SECMON_TRNG_RND32,
					 SECMON_TRNG_RND64 };

	/* NOT_SUPPORTED is -1, SMC_UNK: x1-x3 untouched (call_at checks x4 up). */
	for (unsigned i = 0; i < 5; i++) {
		int line = __LINE__;
		struct secmon_regs r = call_at(line, fids[i], 64);

		EXPECT_STATUS(fids[i], r.x[0], SECMON_TRNG_NOT_SUPPORTED);
		EXPECT_EQ(r.x[1], 64);
		EXPECT_EQ(r.x[2], junk(line, 2));
	}
	/* Nothing counts TRNG: 17 SMC32 and 10 SMC64 PSCI functions. */
	EXPECT_EQ(CALL(0x8400ff00u, 0).x[0], 27);
}

static void trng_without_a_source_is_not_supported(void **state)
{
	(void)state;
	run_trng(sc_no_source, SIM_ENTROPY_NONE, false);
}

static void sc_aarch32(void)
{
	EXPECT_EQ(CALL(SECMON_TRNG_VERSION, 0).x[0], SECMON_TRNG_VERSION_1_0);
	EXPECT_EQ(CALL(SECMON_TRNG_FEATURES, SECMON_TRNG_RND32).x[0], 0);
	/* An AArch32 caller cannot make SMC64 calls: RND64 is not there for it. */
	EXPECT_EQ(CALL(SECMON_TRNG_FEATURES, SECMON_TRNG_RND64).x[0], UNK32);
	EXPECT_EQ(CALL(SECMON_TRNG_RND64, 64).x[0], UNK32);
	for (unsigned bits = 1; bits <= 96; bits += 5)
		expect_rnd(__LINE__, SECMON_TRNG_RND32, bits, bits, 32);
	expect_error(__LINE__, SECMON_TRNG_RND32, 97, SECMON_TRNG_INVALID_PARAMETERS);
}

static void trng_from_aarch32_has_rnd32_only(void **state)
{
	(void)state;
	run_trng(sc_aarch32, SIM_ENTROPY_ONES, true);
}

static void sc_host_source(void)
{
	struct secmon_regs a, b;
	unsigned long before;

	a = CALL(SECMON_TRNG_RND64, 192);
	b = CALL(SECMON_TRNG_RND64, 192);
	EXPECT_EQ(a.x[0], 0);
	EXPECT_EQ(b.x[0], 0);
	if (!memcmp(&a.x[1], &b.x[1], 24))
		note(__LINE__, "two RND64(192) calls gave the same entropy");
	if (!(a.x[1] | a.x[2] | a.x[3]))
		note(__LINE__, "RND64(192) gave zeros");
	/* A call draws only the 64-bit words its count needs. */
	before = sim_entropy_words();
	CALL(SECMON_TRNG_RND32, 32);
	S.val[0] = sim_entropy_words() - before;
	CALL(SECMON_TRNG_RND32, 96);
	S.val[1] = sim_entropy_words() - before;
	CALL(SECMON_TRNG_RND64, 65);
	S.val[2] = sim_entropy_words() - before;
}

static void trng_rnd_draws_what_the_count_needs(void **state)
{
	(void)state;
	run_trng(sc_host_source, SIM_ENTROPY_HOST, false);
	assert_int_equal(S.val[0], 1);
	assert_int_equal(S.val[1], 3);
	assert_int_equal(S.val[2], 5);
}

/* ---- the DRBG ----------------------------------------------------------- */

static void chacha20_matches_rfc8439(void **state)
{
	/* RFC 8439 2.3.2: key 00..1f, nonce 000000090000004a00000000, counter 1. */
	static const uint32_t want[16] = {
		0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3, 0xc7f4d1c7, 0x0368c033,
		0x9aaa2204, 0x4e6cd4c3, 0x466482d2, 0x09aa9f07, 0x05d7c214, 0xa2028bd9,
		0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2,
	};
	const uint32_t nonce[3] = { 0x09000000, 0x4a000000, 0 };
	uint32_t key[8], out[16];

	(void)state;
	for (unsigned i = 0; i < 8; i++)
		key[i] = (4 * i) | (4 * i + 1) << 8 | (4 * i + 2) << 16 | (uint32_t)(4 * i + 3) << 24;
	mon_chacha20_block(key, 1, nonce, out);
	assert_memory_equal(out, want, sizeof(want));
}

static void drbg_needs_a_seed_and_is_deterministic(void **state)
{
	static const uint8_t seed[32] = "a 32-byte seed for the DRBG test";
	struct mon_drbg a = { 0 }, b = { 0 }, c = { 0 };
	uint64_t x[3], y[3], z[3], x2[3];
	uint32_t key_before[8];

	(void)state;
	/* Less than MON_DRBG_MIN_SEED bytes: no output. */
	mon_drbg_seed(&a, seed, MON_DRBG_MIN_SEED - 1);
	assert_false(mon_drbg_generate(&a, x, 3));
	memset(&a, 0, sizeof(a));
	mon_drbg_seed(&a, seed, sizeof(seed));
	mon_drbg_seed(&b, seed, sizeof(seed));
	mon_drbg_seed(&c, seed, sizeof(seed) - 1);
	memcpy(key_before, a.key, sizeof(key_before));
	assert_true(mon_drbg_generate(&a, x, 3));
	assert_true(mon_drbg_generate(&b, y, 3));
	assert_true(mon_drbg_generate(&c, z, 3));
	/* The same seed, the same stream; another seed, another stream. */
	assert_memory_equal(x, y, sizeof(x));
	assert_memory_not_equal(x, z, sizeof(x));
	/* Fast key erasure: the key moved on, and so does the output. */
	assert_memory_not_equal(a.key, key_before, sizeof(key_before));
	assert_true(mon_drbg_generate(&a, x2, 3));
	assert_memory_not_equal(x, x2, sizeof(x));
	/* The output is not the key that produced the next block. */
	assert_memory_not_equal(a.key, x2, sizeof(x2));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(trng_version_and_features),
		cmocka_unit_test(trng_uuid_is_fixed_and_never_minus_one),
		cmocka_unit_test(trng_rnd_zeroes_bits_above_the_count),
		cmocka_unit_test(trng_rnd_refuses_bad_counts),
		cmocka_unit_test(trng_rnd_answers_no_entropy_when_the_source_is_dry),
		cmocka_unit_test(trng_without_a_source_is_not_supported),
		cmocka_unit_test(trng_from_aarch32_has_rnd32_only),
		cmocka_unit_test(trng_rnd_draws_what_the_count_needs),
		cmocka_unit_test(chacha20_matches_rfc8439),
		cmocka_unit_test(drbg_needs_a_seed_and_is_deterministic),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
