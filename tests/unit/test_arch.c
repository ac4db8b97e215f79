// SPDX-License-Identifier: BSD-3-Clause
/*
 * The Arm architecture service: SMCCC_VERSION, ARCH_FEATURES,
 * ARCH_WORKAROUND_1 and SOC_ID.
 *
 * Through the host simulator, with the harness of simtest.h: each scenario
 * runs on simulated CPU threads and notes what it saw; the test asserts
 * after sim_run returns. Every call goes through smc_regs(), which checks
 * the registers outside its results.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "simtest.h"

static void sc_arch(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const uint32_t unknown[] = { 0x80001234, 0x80000003, 0xc0000004, 0xffffffff,
					    0x84000000, 0x8000ff00, 0xc0000001, 0 };
	unsigned i;

	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(SMC0(SECMON_SMCCC_VERSION), SECMON_SMCCC_VERSION_1_5);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_VERSION), 0);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_FEATURES), 0);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_SOC_ID), 0);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, 0xc0000002), 0);
	/* The simulated CPU needs no workaround: 1 for WA1 (not on this PE), -1 for the rest. */
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_1), 1);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_2),
		  R32(SECMON_SMCCC_NOT_SUPPORTED));
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_3),
		  R32(SECMON_SMCCC_NOT_SUPPORTED));
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_4),
		  R32(SECMON_SMCCC_NOT_SUPPORTED));
	for (i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
		EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, unknown[i]),
			  R32(SECMON_SMCCC_NOT_SUPPORTED));
	/* What ARCH_FEATURES refuses, a call refuses. */
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_WORKAROUND_2, 1), UNK32);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_WORKAROUND_3, 0), UNK32);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_WORKAROUND_4, 0), UNK32);
	EXPECT_EQ(SMC0(0x80000003), UNK32);
}

static void smccc_version_and_arch_features(void **state)
{
	(void)state;
	run_clean(sc_arch, 1, 0);
}

/* ARCH_FEATURE_AVAILABILITY (SMC64, 0xC0000003) about reg: x0, and x1 in *mask. */
static uint64_t feat_avail(int line, uint32_t fid, uint64_t reg, uint64_t *mask)
{
	struct secmon_regs r;

	fill(line, &r, fid);
	r.x[1] = reg;
	smc_regs(line, 0x3, &r);
	*mask = r.x[1];
	return r.x[0];
}

/*
 * SMCCC 1.5's ARCH_FEATURE_AVAILABILITY: the simulator's model (sim.c) for
 * SCR_EL3, CPTR_EL3 and MDCR_EL3, with the trap bits the model leaves clear
 * reported as 1; MPAM3_EL3 (no MPAM) and any other x1 INVALID_PARAMETER with
 * x1 = 0; x2-x17 preserved; the SVE hint ignored. It exists as SMC64 only:
 * the SMC32 number is SMC_UNK, and to an AArch32 caller, which has no SMC64
 * calls, ARCH_FEATURES says NOT_SUPPORTED.
 */
static void sc_feature_availability(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const struct {
		uint64_t reg, mask;
	} known[] = {
		{ SECMON_FEAT_AVAIL_SCR_EL3, 0 },
		{ SECMON_FEAT_AVAIL_CPTR_EL3, 0x80000400 },	/* TCPAC, TFP */
		{ SECMON_FEAT_AVAIL_MDCR_EL3, 0x6c0 },		/* TDOSA, TDA, EnPM2, TPM */
	};
	static const uint64_t invalid[] = {
		SECMON_FEAT_AVAIL_MPAM3_EL3, 0, 0x1e1101, 0x1e1120, HI | SECMON_FEAT_AVAIL_SCR_EL3,
		(uint64_t)SECMON_FEAT_AVAIL_SCR_EL3 << 32, ~0ull,
	};
	uint64_t m;

	(void)cpu, (void)pc, (void)ctx;
	if (cd->aarch32) {
		EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, 0xc0000003),
			  R32(SECMON_SMCCC_NOT_SUPPORTED));
		EXPECT_EQ(SMC1(0xc0000003, SECMON_FEAT_AVAIL_SCR_EL3), UNK32);
		return;
	}
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, 0xc0000003), 0);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_FEATURES, 0x80000003), R32(SECMON_SMCCC_NOT_SUPPORTED));
	for (unsigned i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		EXPECT_EQ(feat_avail(__LINE__, 0xc0000003, known[i].reg, &m), 0);
		EXPECT_EQ(m, known[i].mask);
		EXPECT_EQ(feat_avail(__LINE__, 0xc0010003, known[i].reg, &m), 0);
		EXPECT_EQ(m, known[i].mask);
	}
	for (unsigned i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		EXPECT_EQ(feat_avail(__LINE__, 0xc0000003, invalid[i], &m),
			  R64(SECMON_SMCCC_INVALID_PARAMETER));
		EXPECT_EQ(m, 0);
	}
	EXPECT_EQ(SMC1(0x80000003, SECMON_FEAT_AVAIL_SCR_EL3), UNK32);
}

static void arch_feature_availability_reports_el3_registers(void **state)
{
	struct sim_config a32 = { .ncpus = 1, .aarch32 = true };

	(void)state;
	run_clean(sc_feature_availability, 2, 0);
	assert_int_equal(run_sim(sc_feature_availability, &a32), SIM_END_ALL_OFF);
	assert_clean();
}

static void sc_workaround_1(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT((int32_t)SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_1) >= 0);
	/* Implemented (not needed on this PE): calling it is harmless, not SMC_UNK. */
	EXPECT(SMC0(SECMON_SMCCC_ARCH_WORKAROUND_1) != UNK32);
}

static void arch_workaround_1_callable_when_features_offers_it(void **state)
{
	(void)state;
	run_clean(sc_workaround_1, 1, 0);
}

/* SOC_ID's name: x1..x17, 8 bytes each, little-endian, NUL-padded to the end. */
static void expect_soc_name(int line, const char *name)
{
	struct secmon_regs r;
	size_t len = strlen(name);

	fill(line, &r, 0xc0000002);
	r.x[1] = SECMON_SOC_ID_NAME;
	EXPECT_EQ(smc_regs(line, ALL_REGS, &r), 0);
	for (unsigned i = 0; i < 8 * (SECMON_NREGS - 1); i++) {
		char c = (char)(r.x[1 + i / 8] >> (8 * (i % 8)));
		char want = i < len ? name[i] : 0;

		if (c != want) {
			note(line, "SOC_ID name byte %u = %#x, want %#x", i, (unsigned)(uint8_t)c,
			     (unsigned)(uint8_t)want);
			break;
		}
	}
}

static void sc_soc_id(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	uint64_t v;

	(void)cpu, (void)pc, (void)ctx;
	v = SMC1(SECMON_SMCCC_ARCH_SOC_ID, SECMON_SOC_ID_VERSION);
	EXPECT_EQ(v, secmon_soc_id_version(0x5e, 0x8c, 0x5ec0));
	EXPECT_EQ(v, 0x5e8c5ec0u);
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_SOC_ID, SECMON_SOC_ID_REVISION), 1);
	/* The name is the SMC64 call's only. */
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_SOC_ID, SECMON_SOC_ID_NAME),
		  R32(SECMON_SMCCC_INVALID_PARAMETER));
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_SOC_ID, 3), R32(SECMON_SMCCC_INVALID_PARAMETER));
	EXPECT_EQ(SMC1(SECMON_SMCCC_ARCH_SOC_ID, 0xffffffff), R32(SECMON_SMCCC_INVALID_PARAMETER));
	EXPECT_EQ(SMC1(0xc0000002, SECMON_SOC_ID_VERSION), R64(SECMON_SMCCC_INVALID_PARAMETER));
	EXPECT_EQ(SMC1(0xc0000002, SECMON_SOC_ID_REVISION), R64(SECMON_SMCCC_INVALID_PARAMETER));
	EXPECT_EQ(SMC1(0xc0000002, HI | SECMON_SOC_ID_NAME), R64(SECMON_SMCCC_INVALID_PARAMETER));
	expect_soc_name(__LINE__, "secmon host simulator");
}

static void soc_id_version_revision_and_name(void **state)
{
	(void)state;
	run_clean(sc_soc_id, 1, 0);
}

/*
 * The platform's SoC name may be cold-boot data it does not keep: the
 * monitor answers from its own copy, cut to the 135 characters x1-x17 hold.
 */
static char soc_name_buf[200];

static void sc_soc_name_copied(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	char want[136];

	(void)cpu, (void)pc, (void)ctx;
	memcpy(want, soc_name_buf, 135);
	want[135] = 0;
	memset(soc_name_buf, 'X', sizeof(soc_name_buf) - 1);
	expect_soc_name(__LINE__, want);
}

static void soc_id_name_is_the_monitors_own_copy(void **state)
{
	struct sim_config cfg = { .ncpus = 1, .soc_name = soc_name_buf };

	(void)state;
	for (unsigned i = 0; i < sizeof(soc_name_buf) - 1; i++)
		soc_name_buf[i] = (char)('a' + i % 26);
	soc_name_buf[sizeof(soc_name_buf) - 1] = 0;
	assert_int_equal(run_sim(sc_soc_name_copied, &cfg), SIM_END_ALL_OFF);
	assert_clean();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(smccc_version_and_arch_features),
		cmocka_unit_test(arch_workaround_1_callable_when_features_offers_it),
		cmocka_unit_test(arch_feature_availability_reports_el3_registers),
		cmocka_unit_test(soc_id_version_revision_and_name),
		cmocka_unit_test(soc_id_name_is_the_monitors_own_copy),
	};

	return cmocka_run_group_tests_name("arch", tests, NULL, NULL);
}
