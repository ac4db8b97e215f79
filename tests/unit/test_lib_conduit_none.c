// SPDX-License-Identifier: BSD-3-Clause
/*
 * The none conduit (lib/conduit_none.c): what a caller without a monitor
 * gets, SMC_UNK in the caller's register width, alone and through the
 * library's calls.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fakeconduit.h"

static const uint64_t E = 0x00000000c0ffee00ull;	/* entry point */
static const uint64_t X = 0xfedcba9876543210ull;	/* context ID / cookie */

static void conduit_none_answers_smc_unk(void **state)
{
	struct secmon_regs in, out;
	unsigned i;

	(void)state;
	for (i = 0; i < SECMON_NREGS; i++)
		in.x[i] = 0x1111111111111111ull * (i + 1);
	/*
	 * An SMC32 call's SMC_UNK comes to an AArch64 caller sign-extended, as
	 * every widely used monitor gives it (SMCCC notes, mon_ret32()).
	 */
	in.x[0] = 0x84000000u;
	secmon_invoke(&secmon_conduit_none, &in, &out);
	assert_true(out.x[0] == 0xffffffffffffffffull);
	for (i = 1; i < SECMON_NREGS; i++)
		assert_true(out.x[i] == in.x[i]);

	in.x[0] = 0xc4000003u;
	secmon_invoke(&secmon_conduit_none, &in, &out);
	assert_true(out.x[0] == 0xffffffffffffffffull);
	for (i = 1; i < SECMON_NREGS; i++)
		assert_true(out.x[i] == in.x[i]);

	assert_false(secmon_conduit_none.aarch32);
	assert_non_null(secmon_conduit_none.name);
}

/* The same conduit for an AArch32 caller: its registers are 32 bits wide. */
static void conduit_none_aarch32_answers_32_bits(void **state)
{
	struct secmon_conduit none32 = secmon_conduit_none;
	struct secmon_regs in = { { 0x84000000u, 1, 2, 3 } }, out;

	(void)state;
	none32.aarch32 = true;
	secmon_invoke(&none32, &in, &out);
	assert_true(out.x[0] == 0xffffffffull);
	assert_true(out.x[1] == 1 && out.x[2] == 2 && out.x[3] == 3);
}

static void conduit_none_through_the_library(void **state)
{
	const struct secmon_conduit *c = &secmon_conduit_none;
	struct secmon_fw_info info;
	uint32_t v = 0x5eed;

	(void)state;
	assert_int_equal(secmon_psci_version(c, &v), SECMON_E_NOT_SUPPORTED);
	assert_int_equal(secmon_psci_cpu_on(c, 1, E, X), SECMON_E_NOT_SUPPORTED);
	assert_int_equal(secmon_smccc_version(c, &v), SECMON_OK);
	assert_int_equal(v, SECMON_SMCCC_VERSION_1_0);
	assert_int_equal(secmon_smccc_arch_features(c, SECMON_SMCCC_ARCH_SOC_ID, &v),
			 SECMON_E_NOT_SUPPORTED);
	assert_int_equal(secmon_probe(c, &info), SECMON_OK);
	assert_int_equal(info.psci_version, 0);
	assert_int_equal(info.smccc_version, SECMON_SMCCC_VERSION_1_0);
	assert_false(info.has_soc_id);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(conduit_none_answers_smc_unk, setup),
		cmocka_unit_test_setup(conduit_none_aarch32_answers_32_bits, setup),
		cmocka_unit_test_setup(conduit_none_through_the_library, setup),
	};

	return cmocka_run_group_tests_name("lib conduit none", tests, NULL, NULL);
}
