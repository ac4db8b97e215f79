// SPDX-License-Identifier: BSD-3-Clause
/*
 * The library's secmon_fwops_do_idle() against the simulated monitor, through
 * each backend secmon_fwops_init_dt() can choose: standard PSCI (the
 * monitor's own /psci), and call tables whose do-idle the monitor serves
 * (a legacy negative ID with no argument, an SMCCC SiP ID with the
 * mode in x3). Each must reach the same state: one more standby entry in
 * the caller's PSCI statistics, and no other state counted.
 *
 * Through the host simulator, with the harness of simtest.h: the scenario
 * runs on a simulated CPU thread and notes what it saw; the test asserts
 * after sim_run returns.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <secmon/fwops.h>

#include "simtest.h"

#define NCPUS 2

static char board[4096];
static char ns_dt[16384];

static const uint32_t states[] = { PS_STANDBY, PS_CORE_PD, PS_CLUSTER_PD, PS_SYSTEM_PD };
#define NSTATES (sizeof(states) / sizeof(states[0]))

/* S.val[0]: the backend; S.val[1 + i]: how much states[i]'s count grew. */
static void sc_do_idle(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static struct secmon_calltab t;
	static struct secmon_fwops o;
	const struct secmon_conduits cs = { .smc = &secmon_conduit_sim };
	struct secmon_ct_error err;
	uint64_t before[NSTATES];

	(void)pc, (void)ctx;
	if (cpu != 0)
		return;
	if (!EXPECT_EQ(secmon_fwops_init_dt(&o, ns_dt, &cs, &t, &err), SECMON_OK))
		return;
	S.val[0] = o.backend;
	for (unsigned i = 0; i < NSTATES; i++)
		before[i] = SMC2(P64(STAT_COUNT), m(0), states[i]);
	/* The simulator's tick wakes the standby. */
	EXPECT_EQ(secmon_fwops_do_idle(&o, 0), SECMON_OK);
	for (unsigned i = 0; i < NSTATES; i++)
		S.val[1 + i] = SMC2(P64(STAT_COUNT), m(0), states[i]) - before[i];
}

/* Runs sc_do_idle with `board_dts` (NULL: none) and checks what it reached. */
static void do_idle_with(const char *board_dts, enum secmon_fwops_backend backend)
{
	struct sim_config cfg = { .ncpus = NCPUS, .tick_us = 1000 };

	if (board_dts) {
		assert_true(simtest_dtc(board_dts, board, sizeof(board)) > 0);
		cfg.board_dtb = board;
	}
	assert_int_equal(sim_ns_dt(ns_dt, sizeof(ns_dt), NCPUS, cfg.board_dtb), 0);
	assert_int_equal(run_sim(sc_do_idle, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(S.val[0], backend);
	assert_int_equal(S.val[1], 1);	/* standby */
	assert_int_equal(S.val[2], 0);	/* core power-down */
	assert_int_equal(S.val[3], 0);	/* cluster power-down */
	assert_int_equal(S.val[4], 0);	/* system power-down */
}

#define TABLE(body)                                                                   \
	"/dts-v1/;\n/ { #address-cells = <2>; #size-cells = <2>;\n"                   \
	" firmware { secure-monitor { compatible = \"secmon,call-table\";"            \
	" method = \"smc\";" body " }; }; };\n"

static void do_idle_over_psci(void **state)
{
	(void)state;
	do_idle_with(NULL, SECMON_FWOPS_PSCI);
}

static void do_idle_over_legacy_table(void **state)
{
	(void)state;
	do_idle_with(TABLE(" abi = \"legacy\"; do-idle { function-id = <0xfffffffd>; };"),
		     SECMON_FWOPS_TABLE);
}

static void do_idle_over_smccc_table(void **state)
{
	(void)state;
	do_idle_with(TABLE(" do-idle { function-id = <0x82000011>; arg-names = \"mode\";"
			   " arg-registers = <3>; result-names = \"status\";"
			   " result-registers = <0>; };"),
		     SECMON_FWOPS_TABLE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(do_idle_over_psci),
		cmocka_unit_test(do_idle_over_legacy_table),
		cmocka_unit_test(do_idle_over_smccc_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
