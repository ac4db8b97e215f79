// SPDX-License-Identifier: BSD-3-Clause
/*
 * The library's TRNG calls (lib/trng.c) against the fake conduit: the
 * version, and the registers and status codes of TRNG_RND.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fakeconduit.h"

/* Script answer n: x0 = status, x1..x3 as given. */
static void answer_rnd(unsigned n, uint64_t status, uint64_t x1, uint64_t x2, uint64_t x3)
{
	answer(n, status);
	fk.script[n].x[1] = x1;
	fk.script[n].x[2] = x2;
	fk.script[n].x[3] = x3;
}

static void trng_version_answers(void **state)
{
	uint32_t v = 0;

	(void)state;
	reset_calls();
	answer(0, 0x10000);
	answer(1, SECMON_SMC_UNK32);
	answer(2, 0x5);
	assert_int_equal(secmon_trng_version(&c64, &v), SECMON_OK);
	assert_int_equal(v, 0x10000);
	expect_call(0, 0x84000050u, 0, 0, 0);
	assert_int_equal(secmon_trng_version(&c64, &v), SECMON_E_NOT_SUPPORTED);
	/* Below 1.0 there is no TRNG: not an answer the spec allows. */
	assert_int_equal(secmon_trng_version(&c64, &v), SECMON_E_BAD_ANSWER);
}

static void trng_rnd_checks_the_registers(void **state)
{
	uint64_t out[3] = { 1, 2, 3 };

	(void)state;
	reset_calls();
	/* 130 bits from AArch64: 64 in x3, 64 in x2, 2 in x1. */
	answer_rnd(0, 0, 0x3, 0x1111111111111111ull, 0x2222222222222222ull);
	assert_int_equal(secmon_trng_rnd(&c64, 130, out), SECMON_OK);
	expect_call(0, 0xc4000053u, 130, 0, 0);
	assert_true(out[0] == 0x2222222222222222ull && out[1] == 0x1111111111111111ull &&
		    out[2] == 0x3);
	/* A bit above the count is outside the spec. */
	answer_rnd(1, 0, 0x4, 0, 0);
	assert_int_equal(secmon_trng_rnd(&c64, 130, out), SECMON_E_BAD_ANSWER);
	answer_rnd(2, 0, 0, 0, 0x100);
	assert_int_equal(secmon_trng_rnd(&c64, 8, out), SECMON_E_BAD_ANSWER);
	/* AArch32: RND32, 40 bits as w3 (31:0) and w2 (39:32). */
	answer_rnd(3, 0, 0, 0xab, 0x12345678);
	assert_int_equal(secmon_trng_rnd(&c32, 40, out), SECMON_OK);
	expect_call(3, 0x84000053u, 40, 0, 0);
	assert_true(out[0] == 0xab12345678ull && out[1] == 0 && out[2] == 0);
	answer_rnd(4, 0, 0, 0x1ab, 0);
	assert_int_equal(secmon_trng_rnd(&c32, 40, out), SECMON_E_BAD_ANSWER);
	/* Counts outside 1..192 (1..96 for AArch32) are refused without a call. */
	assert_int_equal(secmon_trng_rnd(&c64, 0, out), SECMON_E_INVALID_PARAMETERS);
	assert_int_equal(secmon_trng_rnd(&c64, 193, out), SECMON_E_INVALID_PARAMETERS);
	assert_int_equal(secmon_trng_rnd(&c32, 97, out), SECMON_E_INVALID_PARAMETERS);
	assert_int_equal(fk.ncalls, 5);
}

static void trng_rnd_status_codes(void **state)
{
	uint64_t out[3];

	(void)state;
	reset_calls();
	answer_rnd(0, (uint64_t)-3, 0, 0, 0);
	answer_rnd(1, (uint32_t)-3, 0, 0, 0);
	answer_rnd(2, (uint64_t)-2, 0, 0, 0);
	answer_rnd(3, SECMON_SMC_UNK64, 0, 0, 0);
	answer_rnd(4, (uint64_t)-4, 0, 0, 0);
	assert_int_equal(secmon_trng_rnd(&c64, 64, out), SECMON_E_NO_ENTROPY);
	assert_int_equal(secmon_trng_rnd(&c32, 64, out), SECMON_E_NO_ENTROPY);
	assert_int_equal(secmon_trng_rnd(&c64, 64, out), SECMON_E_INVALID_PARAMETERS);
	assert_int_equal(secmon_trng_rnd(&c64, 64, out), SECMON_E_NOT_SUPPORTED);
	assert_int_equal(secmon_trng_rnd(&c64, 64, out), SECMON_E_BAD_ANSWER);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(trng_version_answers, setup),
		cmocka_unit_test_setup(trng_rnd_checks_the_registers, setup),
		cmocka_unit_test_setup(trng_rnd_status_codes, setup),
	};

	return cmocka_run_group_tests_name("lib trng", tests, NULL, NULL);
}
