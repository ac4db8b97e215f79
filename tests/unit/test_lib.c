// SPDX-License-Identifier: BSD-3-Clause
/*
 * The calling library against a fake conduit that records the registers of
 * every call and answers from a script (or from a responder function for
 * the discovery sequence).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <secmon/client.h>

#define MAX_CALLS 32

struct fake {
	unsigned ncalls;
	struct secmon_regs in[MAX_CALLS];
	/* Answer n is script[n]; past nscript, SMC_UNK in the call's width. */
	unsigned nscript;
	struct secmon_regs script[MAX_CALLS];
	/* When set, answers instead of the script. */
	void (*respond)(const struct fake *f, const struct secmon_regs *in,
			struct secmon_regs *out);
	/* Firmware model for respond(). */
	uint32_t psci_version, psci_feat_smccc, smccc_version, arch_feat_soc_id;
	int32_t soc_word_err;
	const char *soc_name;
};

static void fake_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
			struct secmon_regs *out)
{
	struct fake *f = c->ctx;
	unsigned n = f->ncalls++;

	if (n >= MAX_CALLS)
		fail_msg("more than %d calls", MAX_CALLS);
	f->in[n] = *in;
	/* Fill every register so that nothing the library reads is left unset. */
	memset(out, 0x5a, sizeof(*out));
	if (f->respond)
		f->respond(f, in, out);
	else if (n < f->nscript)
		*out = f->script[n];
	else
		out->x[0] = secmon_fid_is_smc64((uint32_t)in->x[0]) ? SECMON_SMC_UNK64
								   : SECMON_SMC_UNK32;
}

static struct fake fk;
static struct secmon_conduit c64, c32;

static int setup(void **state)
{
	(void)state;
	memset(&fk, 0, sizeof(fk));
	c64 = (struct secmon_conduit){ .name = "fake64", .invoke = fake_invoke, .ctx = &fk };
	c32 = (struct secmon_conduit){
		.name = "fake32", .invoke = fake_invoke, .ctx = &fk, .aarch32 = true
	};
	return 0;
}

/* Script answer n: x0 = v, everything else a recognisable pattern. */
static void answer(unsigned n, uint64_t v)
{
	memset(&fk.script[n], 0x77, sizeof(fk.script[n]));
	fk.script[n].x[0] = v;
	if (n + 1 > fk.nscript)
		fk.nscript = n + 1;
}

static void reset_calls(void)
{
	fk.ncalls = 0;
	fk.nscript = 0;
}

/* Call n was fid with x1..x3 = a1..a3, and x4..x17 zero. */
static void expect_call(unsigned n, uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	const struct secmon_regs *r = &fk.in[n];
	unsigned i;

	assert_true(n < fk.ncalls);
	if (r->x[0] != fid || r->x[1] != a1 || r->x[2] != a2 || r->x[3] != a3)
		fail_msg("call %u: x0-x3 = %#llx %#llx %#llx %#llx, want %#llx %#llx %#llx %#llx",
			 n, (unsigned long long)r->x[0], (unsigned long long)r->x[1],
			 (unsigned long long)r->x[2], (unsigned long long)r->x[3],
			 (unsigned long long)fid, (unsigned long long)a1, (unsigned long long)a2,
			 (unsigned long long)a3);
	for (i = 4; i < SECMON_NREGS; i++)
		assert_int_equal(r->x[i], 0);
}

/* ---- function IDs per conduit width ----------------------------------- */

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

/* ---- each PSCI wrapper: ID, arguments, answer ------------------------- */

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

/* ---- error mapping ---------------------------------------------------- */

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

/* ---- SMCCC discovery -------------------------------------------------- */

static void smccc_version_answers(void **state)
{
	static const struct {
		uint64_t answer;
		int ret;
		uint32_t version;
	} cases[] = {
		{ SECMON_SMC_UNK32, SECMON_OK, SECMON_SMCCC_VERSION_1_0 },
		{ SECMON_SMC_UNK64, SECMON_OK, SECMON_SMCCC_VERSION_1_0 },
		{ 0x10001, SECMON_OK, 0x10001 },
		{ 0x10002, SECMON_OK, 0x10002 },
		{ 0x10005, SECMON_OK, 0x10005 },
		{ 0x20000, SECMON_OK, 0x20000 },
		{ 0x10000, SECMON_E_BAD_ANSWER, 0x5eed },	/* 1.0 has no SMCCC_VERSION */
		{ 0, SECMON_E_BAD_ANSWER, 0x5eed },
		{ 0xfffffffe, SECMON_E_BAD_ANSWER, 0x5eed },
		{ 0x80010001, SECMON_E_BAD_ANSWER, 0x5eed },	/* bit 31 must be zero */
	};
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint32_t v = 0x5eed;
		int r;

		reset_calls();
		answer(0, cases[i].answer);
		r = secmon_smccc_version(&c64, &v);
		if (r != cases[i].ret || v != cases[i].version)
			fail_msg("answer %#llx: ret %d version %#x, want %d %#x",
				 (unsigned long long)cases[i].answer, r, v, cases[i].ret,
				 cases[i].version);
		assert_int_equal(fk.ncalls, 1);
		expect_call(0, SECMON_SMCCC_VERSION, 0, 0, 0);
	}
}

static void arch_features_answers(void **state)
{
	static const struct {
		int64_t answer;
		int ret;
	} cases[] = {
		{ 0, SECMON_OK },
		{ 1, SECMON_OK },
		{ 0x7fffffff, SECMON_OK },
		{ -1, SECMON_E_NOT_SUPPORTED },
		{ -2, SECMON_E_NOT_REQUIRED },
		{ -3, SECMON_E_INVALID_PARAMETERS },
		{ -4, SECMON_E_BAD_ANSWER },
		{ -9, SECMON_E_BAD_ANSWER },
		{ INT32_MIN, SECMON_E_BAD_ANSWER },
	};
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint32_t v = 0x5eed;
		int r;

		reset_calls();
		answer(0, (uint64_t)cases[i].answer);
		r = secmon_smccc_arch_features(&c64, SECMON_SMCCC_ARCH_WORKAROUND_2, &v);
		if (r != cases[i].ret)
			fail_msg("answer %lld: ret %d, want %d", (long long)cases[i].answer, r,
				 cases[i].ret);
		if (r == SECMON_OK)
			assert_int_equal(v, (uint32_t)cases[i].answer);
		else
			assert_int_equal(v, 0x5eed);
		expect_call(0, SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_2, 0, 0);
	}
}

/* x1..x17 holding `name` NUL-padded, 8 bytes a register, little-endian. */
static void pack_name(struct secmon_regs *r, const char *name, size_t len)
{
	size_t i;

	for (i = 1; i < SECMON_NREGS; i++)
		r->x[i] = 0;
	for (i = 0; i < len && i < 8 * (SECMON_NREGS - 1); i++)
		r->x[1 + i / 8] |= (uint64_t)(uint8_t)name[i] << (8 * (i % 8));
}

static void script_soc_id(const char *name, size_t len)
{
	reset_calls();
	answer(0, 0x5e8c5ec0);
	answer(1, 7);
	answer(2, 0);
	pack_name(&fk.script[2], name, len);
}

static void soc_id_version_revision_name(void **state)
{
	static const char name[] = "secmon host simulator";
	struct secmon_soc_id id;

	(void)state;
	script_soc_id(name, sizeof(name));
	memset(&id, 0xa5, sizeof(id));
	assert_int_equal(secmon_smccc_soc_id(&c64, &id), SECMON_OK);
	assert_int_equal(id.version, 0x5e8c5ec0);
	assert_int_equal(id.revision, 7);
	assert_true(id.has_name);
	assert_string_equal(id.name, name);
	assert_int_equal(fk.ncalls, 3);
	expect_call(0, SECMON_SMCCC_ARCH_SOC_ID, SECMON_SOC_ID_VERSION, 0, 0);
	expect_call(1, SECMON_SMCCC_ARCH_SOC_ID, SECMON_SOC_ID_REVISION, 0, 0);
	/* The name is only available through the SMC64 form. */
	expect_call(2, SECMON_SMCCC_ARCH_SOC_ID | SECMON_FID_SMC64, SECMON_SOC_ID_NAME, 0, 0);
}

static void soc_id_name_edge_cases(void **state)
{
	char longest[SECMON_SOC_NAME_MAX + 1];
	char full[SECMON_SOC_NAME_MAX];
	struct secmon_soc_id id;

	(void)state;
	/* 135 characters and the NUL in the last byte of x17: accepted. */
	memset(longest, 'n', sizeof(longest) - 1);
	longest[SECMON_SOC_NAME_MAX - 1] = '\0';
	longest[0] = 'A';
	longest[SECMON_SOC_NAME_MAX - 2] = 'Z';
	script_soc_id(longest, SECMON_SOC_NAME_MAX);
	assert_int_equal(secmon_smccc_soc_id(&c64, &id), SECMON_OK);
	assert_true(id.has_name);
	assert_int_equal(strlen(id.name), SECMON_SOC_NAME_MAX - 1);
	assert_string_equal(id.name, longest);

	/* 136 bytes with no NUL: not a name. */
	memset(full, 'x', sizeof(full));
	script_soc_id(full, sizeof(full));
	assert_int_equal(secmon_smccc_soc_id(&c64, &id), SECMON_OK);
	assert_false(id.has_name);
	assert_string_equal(id.name, "");
	assert_int_equal(id.version, 0x5e8c5ec0);

	/* Empty name: not a name. */
	script_soc_id("", 1);
	assert_int_equal(secmon_smccc_soc_id(&c64, &id), SECMON_OK);
	assert_false(id.has_name);

	/* Bytes after the NUL are padding and are ignored. */
	script_soc_id("abc\0garbage", 11);
	assert_int_equal(secmon_smccc_soc_id(&c64, &id), SECMON_OK);
	assert_true(id.has_name);
	assert_string_equal(id.name, "abc");

	/* A name spanning registers keeps its byte order. */
	script_soc_id("0123456789abcdefXYZ", 20);
	assert_int_equal(secmon_smccc_soc_id(&c64, &id), SECMON_OK);
	assert_string_equal(id.name, "0123456789abcdefXYZ");
}

static void soc_id_name_refused(void **state)
{
	struct secmon_soc_id id;

	(void)state;
	/* Name call answers SMC_UNK (no name): version and revision still good. */
	reset_calls();
	answer(0, 0x01020003);
	answer(1, 2);
	memset(&id, 0xa5, sizeof(id));
	assert_int_equal(secmon_smccc_soc_id(&c64, &id), SECMON_OK);
	assert_int_equal(id.version, 0x01020003);
	assert_int_equal(id.revision, 2);
	assert_false(id.has_name);
	assert_string_equal(id.name, "");
	assert_int_equal(fk.ncalls, 3);

	/* INVALID_PARAMETER for the name, even with name bytes in x1: no name. */
	script_soc_id("bogus", 6);
	fk.script[2].x[0] = (uint64_t)(int64_t)SECMON_SMCCC_INVALID_PARAMETER;
	assert_int_equal(secmon_smccc_soc_id(&c64, &id), SECMON_OK);
	assert_false(id.has_name);
	assert_string_equal(id.name, "");
}

static void soc_id_word_errors(void **state)
{
	struct secmon_soc_id id;

	(void)state;
	reset_calls();
	answer(0, SECMON_SMC_UNK32);
	assert_int_equal(secmon_smccc_soc_id(&c64, &id), SECMON_E_NOT_SUPPORTED);
	assert_int_equal(fk.ncalls, 1);

	reset_calls();
	answer(0, 0x01020003);
	answer(1, (uint32_t)SECMON_SMCCC_INVALID_PARAMETER);
	assert_int_equal(secmon_smccc_soc_id(&c64, &id), SECMON_E_INVALID_PARAMETERS);
	assert_int_equal(fk.ncalls, 2);

	reset_calls();
	answer(0, (uint32_t)-7);
	assert_int_equal(secmon_smccc_soc_id(&c64, &id), SECMON_E_BAD_ANSWER);
}

static void soc_id_aarch32_does_not_ask_for_name(void **state)
{
	struct secmon_soc_id id;

	(void)state;
	script_soc_id("name", 5);
	memset(&id, 0xa5, sizeof(id));
	assert_int_equal(secmon_smccc_soc_id(&c32, &id), SECMON_OK);
	assert_int_equal(fk.ncalls, 2);
	assert_int_equal(id.version, 0x5e8c5ec0);
	assert_int_equal(id.revision, 7);
	assert_false(id.has_name);
	assert_string_equal(id.name, "");
	expect_call(0, SECMON_SMCCC_ARCH_SOC_ID, 0, 0, 0);
	expect_call(1, SECMON_SMCCC_ARCH_SOC_ID, 1, 0, 0);
}

/* ---- secmon_probe ----------------------------------------------------- */

static void firmware(const struct fake *f, const struct secmon_regs *in, struct secmon_regs *out)
{
	uint32_t fid = (uint32_t)in->x[0];
	bool smc64 = secmon_fid_is_smc64(fid);

	out->x[0] = smc64 ? SECMON_SMC_UNK64 : SECMON_SMC_UNK32;
	switch (fid) {
	case 0x84000000u:
		if (f->psci_version)
			out->x[0] = f->psci_version;
		break;
	case 0x8400000au:
		if (f->psci_version >= 0x10000 && in->x[1] == SECMON_SMCCC_VERSION)
			out->x[0] = f->psci_feat_smccc;
		break;
	case SECMON_SMCCC_VERSION:
		if (f->smccc_version)
			out->x[0] = f->smccc_version;
		break;
	case SECMON_SMCCC_ARCH_FEATURES:
		if (f->smccc_version && in->x[1] == SECMON_SMCCC_ARCH_SOC_ID)
			out->x[0] = f->arch_feat_soc_id;
		break;
	case SECMON_SMCCC_ARCH_SOC_ID:
		if (f->soc_word_err)
			out->x[0] = (uint32_t)f->soc_word_err;
		else if (in->x[1] == 0)
			out->x[0] = 0x043b1234;
		else if (in->x[1] == 1)
			out->x[0] = 9;
		else
			out->x[0] = (uint32_t)SECMON_SMCCC_INVALID_PARAMETER;
		break;
	case SECMON_SMCCC_ARCH_SOC_ID | SECMON_FID_SMC64:
		if (f->soc_name && in->x[1] == 2) {
			out->x[0] = 0;
			pack_name(out, f->soc_name, strlen(f->soc_name) + 1);
		}
		break;
	}
}

/* A firmware with everything: PSCI 1.1, SMCCC 1.2, SOC_ID with a name. */
static void full_firmware(void)
{
	reset_calls();
	fk.respond = firmware;
	fk.psci_version = 0x10001;
	fk.psci_feat_smccc = 0;
	fk.smccc_version = 0x10002;
	fk.arch_feat_soc_id = 0;
	fk.soc_word_err = 0;
	fk.soc_name = "Test SoC";
}

static void probe_full_sequence(void **state)
{
	struct secmon_fw_info info;

	(void)state;
	full_firmware();
	memset(&info, 0xa5, sizeof(info));
	assert_int_equal(secmon_probe(&c64, &info), SECMON_OK);
	assert_int_equal(info.psci_version, 0x10001);
	assert_int_equal(info.smccc_version, 0x10002);
	assert_true(info.has_soc_id);
	assert_int_equal(info.soc_id.version, 0x043b1234);
	assert_int_equal(info.soc_id.revision, 9);
	assert_true(info.soc_id.has_name);
	assert_string_equal(info.soc_id.name, "Test SoC");
	/* Linux's order. */
	assert_int_equal(fk.ncalls, 7);
	expect_call(0, 0x84000000u, 0, 0, 0);
	expect_call(1, 0x8400000au, SECMON_SMCCC_VERSION, 0, 0);
	expect_call(2, SECMON_SMCCC_VERSION, 0, 0, 0);
	expect_call(3, SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_SOC_ID, 0, 0);
	expect_call(4, SECMON_SMCCC_ARCH_SOC_ID, 0, 0, 0);
	expect_call(5, SECMON_SMCCC_ARCH_SOC_ID, 1, 0, 0);
	expect_call(6, 0xc0000002u, 2, 0, 0);
}

static void probe_aarch32_skips_name(void **state)
{
	struct secmon_fw_info info;

	(void)state;
	full_firmware();
	assert_int_equal(secmon_probe(&c32, &info), SECMON_OK);
	assert_true(info.has_soc_id);
	assert_false(info.soc_id.has_name);
	assert_int_equal(fk.ncalls, 6);
	expect_call(5, SECMON_SMCCC_ARCH_SOC_ID, 1, 0, 0);
}

static void probe_psci_0_2_stops(void **state)
{
	struct secmon_fw_info info;

	(void)state;
	full_firmware();
	fk.psci_version = 0x2;
	memset(&info, 0xa5, sizeof(info));
	assert_int_equal(secmon_probe(&c64, &info), SECMON_OK);
	assert_int_equal(info.psci_version, 0x2);
	assert_int_equal(info.smccc_version, SECMON_SMCCC_VERSION_1_0);
	assert_false(info.has_soc_id);
	/* PSCI 0.2 has no PSCI_FEATURES: nothing after PSCI_VERSION. */
	assert_int_equal(fk.ncalls, 1);
}

static void probe_no_psci(void **state)
{
	struct secmon_fw_info info;

	(void)state;
	full_firmware();
	fk.psci_version = 0;
	memset(&info, 0xa5, sizeof(info));
	assert_int_equal(secmon_probe(&c64, &info), SECMON_OK);
	assert_int_equal(info.psci_version, 0);
	assert_int_equal(info.smccc_version, SECMON_SMCCC_VERSION_1_0);
	assert_false(info.has_soc_id);
	assert_int_equal(fk.ncalls, 1);
}

static void probe_smccc_version_not_offered(void **state)
{
	struct secmon_fw_info info;

	(void)state;
	full_firmware();
	fk.psci_feat_smccc = (uint32_t)SECMON_PSCI_NOT_SUPPORTED;
	assert_int_equal(secmon_probe(&c64, &info), SECMON_OK);
	assert_int_equal(info.psci_version, 0x10001);
	assert_int_equal(info.smccc_version, SECMON_SMCCC_VERSION_1_0);
	assert_false(info.has_soc_id);
	/* SMCCC_VERSION must not be called when PSCI_FEATURES says no. */
	assert_int_equal(fk.ncalls, 2);
}

static void probe_smccc_1_1_has_no_soc_id(void **state)
{
	struct secmon_fw_info info;

	(void)state;
	full_firmware();
	fk.smccc_version = 0x10001;
	assert_int_equal(secmon_probe(&c64, &info), SECMON_OK);
	assert_int_equal(info.smccc_version, 0x10001);
	assert_false(info.has_soc_id);
	assert_int_equal(fk.ncalls, 3);
	expect_call(2, SECMON_SMCCC_VERSION, 0, 0, 0);
}

static void probe_soc_id_not_offered(void **state)
{
	struct secmon_fw_info info;

	(void)state;
	full_firmware();
	fk.arch_feat_soc_id = (uint32_t)SECMON_SMCCC_NOT_SUPPORTED;
	assert_int_equal(secmon_probe(&c64, &info), SECMON_OK);
	assert_int_equal(info.smccc_version, 0x10002);
	assert_false(info.has_soc_id);
	assert_int_equal(fk.ncalls, 4);
}

static void probe_smccc_1_0_via_smc_unk(void **state)
{
	struct secmon_fw_info info;

	(void)state;
	/* PSCI_FEATURES says yes but SMCCC_VERSION is SMC_UNK: SMCCC 1.0. */
	full_firmware();
	fk.smccc_version = 0;
	assert_int_equal(secmon_probe(&c64, &info), SECMON_OK);
	assert_int_equal(info.smccc_version, SECMON_SMCCC_VERSION_1_0);
	assert_false(info.has_soc_id);
	assert_int_equal(fk.ncalls, 3);
}

static void probe_reports_bad_answers(void **state)
{
	struct secmon_fw_info info;

	(void)state;
	full_firmware();
	fk.smccc_version = 0x5;
	assert_int_equal(secmon_probe(&c64, &info), SECMON_E_BAD_ANSWER);
	assert_false(info.has_soc_id);

	/* SOC_ID offered by ARCH_FEATURES, then refused: no SoC ID, an error. */
	full_firmware();
	fk.soc_word_err = SECMON_SMCCC_INVALID_PARAMETER;
	assert_true(secmon_probe(&c64, &info) < 0);
	assert_false(info.has_soc_id);
}

/* ---- the none conduit and secmon_call3 --------------------------------- */

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

static void call3_registers(void **state)
{
	(void)state;
	reset_calls();
	answer(0, 0xabcdef0123456789ull);
	assert_true(secmon_call3(&c64, 0x82001234u, 1, 2, 0xffffffffffffffffull) ==
		    0xabcdef0123456789ull);
	assert_int_equal(fk.ncalls, 1);
	expect_call(0, 0x82001234u, 1, 2, 0xffffffffffffffffull);
}

/* ---- TRNG ------------------------------------------------------------ */

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
		cmocka_unit_test_setup(psci_fid_by_conduit_width, setup),
		cmocka_unit_test_setup(trng_version_answers, setup),
		cmocka_unit_test_setup(trng_rnd_checks_the_registers, setup),
		cmocka_unit_test_setup(trng_rnd_status_codes, setup),
		cmocka_unit_test_setup(psci_wrappers_aarch64, setup),
		cmocka_unit_test_setup(psci_wrappers_aarch32, setup),
		cmocka_unit_test_setup(psci_error_codes_map_onto_themselves, setup),
		cmocka_unit_test_setup(psci_out_of_spec_answers, setup),
		cmocka_unit_test_setup(migrate_info_up_cpu_answers, setup),
		cmocka_unit_test_setup(stat_answers_are_full_width, setup),
		cmocka_unit_test_setup(smccc_version_answers, setup),
		cmocka_unit_test_setup(arch_features_answers, setup),
		cmocka_unit_test_setup(soc_id_version_revision_name, setup),
		cmocka_unit_test_setup(soc_id_name_edge_cases, setup),
		cmocka_unit_test_setup(soc_id_name_refused, setup),
		cmocka_unit_test_setup(soc_id_word_errors, setup),
		cmocka_unit_test_setup(soc_id_aarch32_does_not_ask_for_name, setup),
		cmocka_unit_test_setup(probe_full_sequence, setup),
		cmocka_unit_test_setup(probe_aarch32_skips_name, setup),
		cmocka_unit_test_setup(probe_psci_0_2_stops, setup),
		cmocka_unit_test_setup(probe_no_psci, setup),
		cmocka_unit_test_setup(probe_smccc_version_not_offered, setup),
		cmocka_unit_test_setup(probe_smccc_1_1_has_no_soc_id, setup),
		cmocka_unit_test_setup(probe_soc_id_not_offered, setup),
		cmocka_unit_test_setup(probe_smccc_1_0_via_smc_unk, setup),
		cmocka_unit_test_setup(probe_reports_bad_answers, setup),
		cmocka_unit_test_setup(conduit_none_answers_smc_unk, setup),
		cmocka_unit_test_setup(conduit_none_aarch32_answers_32_bits, setup),
		cmocka_unit_test_setup(conduit_none_through_the_library, setup),
		cmocka_unit_test_setup(call3_registers, setup),
	};

	return cmocka_run_group_tests_name("lib", tests, NULL, NULL);
}
