// SPDX-License-Identifier: BSD-3-Clause
/*
 * The library's PSCI calls (lib/psci.c) against the fake conduit: the
 * function ID for each conduit width, each wrapper's registers and answer,
 * and the mapping of every status (and of answers outside the spec) onto
 * the library's error codes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fakeconduit.h"

static void psci_fid_by_conduit_width(void **state)
{
	unsigned fn;

	(void)state;
	for (fn = 0; fn < SECMON_PSCI_FN_COUNT; fn++) {
		uint32_t want64 = secmon_psci_fn_has_smc64(fn) ? 0xc4000000u | fn : 0x84000000u | fn;

		assert_int_equal(secmon_psci_fid(&c64, fn), want64);
		assert_int_equal(secmon_psci_fid(&c32, fn), 0x84000000u | fn);
	}
}

static const uint64_t T = 0x0000008100000203ull;	/* an MPIDR with Aff3 set */
static const uint64_t E = 0x00000000c0ffee00ull;	/* entry point */
static const uint64_t X = 0xfedcba9876543210ull;	/* context ID / cookie */

/* The ID a wrapper must use for fn on conduit c. */
static uint64_t id(const struct secmon_conduit *c, unsigned fn)
{
	return !c->aarch32 && secmon_psci_fn_has_smc64(fn) ? SECMON_PSCI_FN64(fn)
							     : SECMON_PSCI_FN32(fn);
}

static void wrappers_on(const struct secmon_conduit *c)
{
	uint32_t u32 = 0;
	uint64_t u64 = 0;
	int v = -100;
	bool b = false;

	reset_calls();
	answer(0, 0x10001);
	assert_int_equal(secmon_psci_version(c, &u32), SECMON_OK);
	assert_int_equal(u32, 0x10001);
	expect_call(0, 0x84000000u, 0, 0, 0);

	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_cpu_suspend(c, 0x01010000u, E, X), SECMON_OK);
	expect_call(0, id(c, 0x01), 0x01010000u, E, X);

	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_cpu_off(c), SECMON_OK);
	expect_call(0, 0x84000002u, 0, 0, 0);

	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_cpu_on(c, T, E, X), SECMON_OK);
	expect_call(0, id(c, 0x03), T, E, X);

	reset_calls();
	answer(0, SECMON_PSCI_AFF_ON_PENDING);
	assert_int_equal(secmon_psci_affinity_info(c, T, 1, &v), SECMON_OK);
	assert_int_equal(v, SECMON_PSCI_AFF_ON_PENDING);
	expect_call(0, id(c, 0x04), T, 1, 0);

	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_migrate(c, T), SECMON_OK);
	expect_call(0, id(c, 0x05), T, 0, 0);

	reset_calls();
	answer(0, SECMON_PSCI_TOS_NOT_PRESENT);
	assert_int_equal(secmon_psci_migrate_info_type(c, &v), SECMON_OK);
	assert_int_equal(v, SECMON_PSCI_TOS_NOT_PRESENT);
	expect_call(0, 0x84000006u, 0, 0, 0);

	reset_calls();
	answer(0, 0x101);
	assert_int_equal(secmon_psci_migrate_info_up_cpu(c, &u64), SECMON_OK);
	assert_int_equal(u64, 0x101);
	expect_call(0, id(c, 0x07), 0, 0, 0);

	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_system_off(c), SECMON_OK);
	expect_call(0, 0x84000008u, 0, 0, 0);

	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_system_reset(c), SECMON_OK);
	expect_call(0, 0x84000009u, 0, 0, 0);

	reset_calls();
	answer(0, SECMON_PSCI_FEAT_OSI | SECMON_PSCI_FEAT_EXT_STATE);
	assert_int_equal(secmon_psci_features(c, 0xc4000001u, &u32), SECMON_OK);
	assert_int_equal(u32, 3);
	expect_call(0, 0x8400000au, 0xc4000001u, 0, 0);

	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_cpu_freeze(c), SECMON_OK);
	expect_call(0, 0x8400000bu, 0, 0, 0);

	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_cpu_default_suspend(c, E, X), SECMON_OK);
	expect_call(0, id(c, 0x0c), E, X, 0);

	reset_calls();
	answer(0, SECMON_PSCI_HW_STANDBY);
	assert_int_equal(secmon_psci_node_hw_state(c, T, 2, &v), SECMON_OK);
	assert_int_equal(v, SECMON_PSCI_HW_STANDBY);
	expect_call(0, id(c, 0x0d), T, 2, 0);

	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_system_suspend(c, E, X), SECMON_OK);
	expect_call(0, id(c, 0x0e), E, X, 0);

	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_set_suspend_mode(c, SECMON_PSCI_MODE_OSI), SECMON_OK);
	expect_call(0, 0x8400000fu, 1, 0, 0);

	reset_calls();
	answer(0, 123456);
	assert_int_equal(secmon_psci_stat_residency(c, T, 0x00010000u, &u64), SECMON_OK);
	assert_int_equal(u64, 123456);
	expect_call(0, id(c, 0x10), T, 0x00010000u, 0);

	reset_calls();
	answer(0, 42);
	assert_int_equal(secmon_psci_stat_count(c, T, 0x01010000u, &u64), SECMON_OK);
	assert_int_equal(u64, 42);
	expect_call(0, id(c, 0x11), T, 0x01010000u, 0);

	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_system_reset2(c, 0x80000001u, X), SECMON_OK);
	expect_call(0, id(c, 0x12), 0x80000001u, X, 0);

	reset_calls();
	answer(0, 1);
	assert_int_equal(secmon_psci_mem_protect(c, true, &b), SECMON_OK);
	assert_true(b);
	expect_call(0, 0x84000013u, 1, 0, 0);
	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_mem_protect(c, false, &b), SECMON_OK);
	assert_false(b);
	expect_call(0, 0x84000013u, 0, 0, 0);

	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_mem_protect_check_range(c, E, 0x1000), SECMON_OK);
	expect_call(0, id(c, 0x14), E, 0x1000, 0);
}

static void psci_wrappers_aarch64(void **state)
{
	(void)state;
	wrappers_on(&c64);
	/* On AArch64 the SMC64 forms really are used. */
	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_cpu_on(&c64, 1, E, X), SECMON_OK);
	assert_int_equal(fk.in[0].x[0], 0xc4000003u);
}

static void psci_wrappers_aarch32(void **state)
{
	(void)state;
	wrappers_on(&c32);
	reset_calls();
	answer(0, 0);
	assert_int_equal(secmon_psci_cpu_on(&c32, 1, E, X), SECMON_OK);
	assert_int_equal(fk.in[0].x[0], 0x84000003u);
}

/* Each status-only wrapper, called through one function pointer shape. */
static int st_cpu_on(const struct secmon_conduit *c)
{
	return secmon_psci_cpu_on(c, 1, E, X);
}
static int st_cpu_suspend(const struct secmon_conduit *c)
{
	return secmon_psci_cpu_suspend(c, 0x00010000u, E, X);
}
static int st_cpu_off(const struct secmon_conduit *c)
{
	return secmon_psci_cpu_off(c);
}
static int st_system_suspend(const struct secmon_conduit *c)
{
	return secmon_psci_system_suspend(c, E, X);
}
static int st_set_mode(const struct secmon_conduit *c)
{
	return secmon_psci_set_suspend_mode(c, 1);
}
static int st_reset2(const struct secmon_conduit *c)
{
	return secmon_psci_system_reset2(c, 0, 0);
}
static int st_default_suspend(const struct secmon_conduit *c)
{
	return secmon_psci_cpu_default_suspend(c, E, X);
}
static int st_migrate(const struct secmon_conduit *c)
{
	return secmon_psci_migrate(c, 1);
}
static int st_check_range(const struct secmon_conduit *c)
{
	return secmon_psci_mem_protect_check_range(c, E, 16);
}
static int st_freeze(const struct secmon_conduit *c)
{
	return secmon_psci_cpu_freeze(c);
}

/* Wrappers that answer a value: the value must stay untouched on error. */
static int val_affinity(const struct secmon_conduit *c)
{
	int v = 0x5eed;
	int r = secmon_psci_affinity_info(c, 1, 0, &v);

	if (r != SECMON_OK)
		assert_int_equal(v, 0x5eed);
	return r;
}
static int val_hw_state(const struct secmon_conduit *c)
{
	int v = 0x5eed;
	int r = secmon_psci_node_hw_state(c, 1, 0, &v);

	if (r != SECMON_OK)
		assert_int_equal(v, 0x5eed);
	return r;
}
static int val_version(const struct secmon_conduit *c)
{
	uint32_t v = 0x5eed;
	int r = secmon_psci_version(c, &v);

	if (r != SECMON_OK)
		assert_int_equal(v, 0x5eed);
	return r;
}
static int val_features(const struct secmon_conduit *c)
{
	uint32_t v = 0x5eed;
	int r = secmon_psci_features(c, 0x84000001u, &v);

	if (r != SECMON_OK)
		assert_int_equal(v, 0x5eed);
	return r;
}
static int val_mig_type(const struct secmon_conduit *c)
{
	int v = 0x5eed;
	int r = secmon_psci_migrate_info_type(c, &v);

	if (r != SECMON_OK)
		assert_int_equal(v, 0x5eed);
	return r;
}

typedef int (*wrapper)(const struct secmon_conduit *c);

static const struct {
	const char *name;
	wrapper fn;
	bool value;	/* answers a non-negative value rather than a status */
} all_wrappers[] = {
	{ "cpu_on", st_cpu_on, false },
	{ "cpu_suspend", st_cpu_suspend, false },
	{ "cpu_off", st_cpu_off, false },
	{ "system_suspend", st_system_suspend, false },
	{ "set_suspend_mode", st_set_mode, false },
	{ "system_reset2", st_reset2, false },
	{ "cpu_default_suspend", st_default_suspend, false },
	{ "migrate", st_migrate, false },
	{ "mem_protect_check_range", st_check_range, false },
	{ "cpu_freeze", st_freeze, false },
	{ "affinity_info", val_affinity, true },
	{ "node_hw_state", val_hw_state, true },
	{ "version", val_version, true },
	{ "features", val_features, true },
	{ "migrate_info_type", val_mig_type, true },
};

/* Answer x0 = v (sign-extended as a 64-bit firmware would) and check. */
static void check_map(const struct secmon_conduit *c, unsigned w, int64_t v, int want)
{
	int got;

	reset_calls();
	answer(0, (uint64_t)v);
	got = all_wrappers[w].fn(c);
	if (got != want)
		fail_msg("%s on %s: answer %lld gave %d, want %d", all_wrappers[w].name, c->name,
			 (long long)v, got, want);
}

static void psci_error_codes_map_onto_themselves(void **state)
{
	unsigned w;
	int e;

	(void)state;
	for (w = 0; w < sizeof(all_wrappers) / sizeof(all_wrappers[0]); w++) {
		for (e = -1; e >= -9; e--) {
			check_map(&c64, w, e, e);
			check_map(&c32, w, e, e);
		}
		check_map(&c64, w, 0, SECMON_OK);
		/* An SMC32 answer arrives zero-extended: still the same code. */
		reset_calls();
		answer(0, (uint32_t)SECMON_PSCI_DENIED);
		assert_int_equal(all_wrappers[w].fn(&c32), SECMON_E_DENIED);
	}
}

static void psci_out_of_spec_answers(void **state)
{
	static const int64_t bad_neg[] = { -10, -11, -12, -100, INT32_MIN };
	static const int64_t bad_pos[] = { 1, 2, 0x7fffffff };
	unsigned w, i;

	(void)state;
	for (w = 0; w < sizeof(all_wrappers) / sizeof(all_wrappers[0]); w++) {
		for (i = 0; i < sizeof(bad_neg) / sizeof(bad_neg[0]); i++) {
			check_map(&c64, w, bad_neg[i], SECMON_E_BAD_ANSWER);
			check_map(&c32, w, bad_neg[i], SECMON_E_BAD_ANSWER);
		}
		/* A status call has no positive answers. */
		if (!all_wrappers[w].value)
			for (i = 0; i < sizeof(bad_pos) / sizeof(bad_pos[0]); i++)
				check_map(&c64, w, bad_pos[i], SECMON_E_BAD_ANSWER);
	}
}

static void migrate_info_up_cpu_answers(void **state)
{
	uint64_t t = 0x5eed;

	(void)state;
	/* Errors: NOT_SUPPORTED (SMC_UNK) and INVALID_PARAMETERS. */
	reset_calls();
	answer(0, SECMON_SMC_UNK64);
	assert_int_equal(secmon_psci_migrate_info_up_cpu(&c64, &t), SECMON_E_NOT_SUPPORTED);
	assert_int_equal(t, 0x5eed);
	reset_calls();
	answer(0, (uint64_t)(int64_t)-2);
	assert_int_equal(secmon_psci_migrate_info_up_cpu(&c64, &t), SECMON_E_INVALID_PARAMETERS);
	reset_calls();
	answer(0, SECMON_SMC_UNK32);
	assert_int_equal(secmon_psci_migrate_info_up_cpu(&c32, &t), SECMON_E_NOT_SUPPORTED);
	/* A 64-bit MPIDR with Aff3 comes back whole on AArch64. */
	reset_calls();
	answer(0, 0x0000008000000001ull);
	assert_int_equal(secmon_psci_migrate_info_up_cpu(&c64, &t), SECMON_OK);
	assert_int_equal(t, 0x0000008000000001ull);
	/* An AArch32 caller sees only r0. */
	reset_calls();
	answer(0, 0xdeadbeef00000102ull);
	assert_int_equal(secmon_psci_migrate_info_up_cpu(&c32, &t), SECMON_OK);
	assert_int_equal(t, 0x102);
}

static void stat_answers_are_full_width(void **state)
{
	uint64_t v = 0;

	(void)state;
	reset_calls();
	answer(0, 0x0000000123456789ull);
	assert_int_equal(secmon_psci_stat_residency(&c64, 0, 0, &v), SECMON_OK);
	assert_int_equal(v, 0x0000000123456789ull);
	reset_calls();
	answer(0, 0xdeadbeef00000007ull);
	assert_int_equal(secmon_psci_stat_count(&c32, 0, 0, &v), SECMON_OK);
	assert_int_equal(v, 7);
	/* Firmware without them answers NOT_SUPPORTED, -1 in the call's width. */
	v = 0x5eed;
	reset_calls();
	answer(0, SECMON_SMC_UNK64);
	assert_int_equal(secmon_psci_stat_count(&c64, 0, 0, &v), SECMON_E_NOT_SUPPORTED);
	reset_calls();
	answer(0, SECMON_SMC_UNK64);
	assert_int_equal(secmon_psci_stat_residency(&c64, 0, 0, &v), SECMON_E_NOT_SUPPORTED);
	reset_calls();
	answer(0, 0xdeadbeefffffffffull);
	assert_int_equal(secmon_psci_stat_residency(&c32, 0, 0, &v), SECMON_E_NOT_SUPPORTED);
	assert_int_equal(v, 0x5eed);
	/* An SMC64 count whose low half is all ones is still a count. */
	reset_calls();
	answer(0, 0x00000000ffffffffull);
	assert_int_equal(secmon_psci_stat_count(&c64, 0, 0, &v), SECMON_OK);
	assert_int_equal(v, 0xffffffffull);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(psci_fid_by_conduit_width, setup),
		cmocka_unit_test_setup(psci_wrappers_aarch64, setup),
		cmocka_unit_test_setup(psci_wrappers_aarch32, setup),
		cmocka_unit_test_setup(psci_error_codes_map_onto_themselves, setup),
		cmocka_unit_test_setup(psci_out_of_spec_answers, setup),
		cmocka_unit_test_setup(migrate_info_up_cpu_answers, setup),
		cmocka_unit_test_setup(stat_answers_are_full_width, setup),
	};

	return cmocka_run_group_tests_name("lib psci", tests, NULL, NULL);
}
