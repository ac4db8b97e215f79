// SPDX-License-Identifier: BSD-3-Clause
/*
 * The library's SMCCC calls (lib/smccc.c) against the fake conduit:
 * SMCCC_VERSION, ARCH_FEATURES, SOC_ID (words and name), the discovery
 * sequence of secmon_probe() and secmon_call3()'s registers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fakeconduit.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
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
		cmocka_unit_test_setup(call3_registers, setup),
	};

	return cmocka_run_group_tests_name("lib smccc", tests, NULL, NULL);
}
