// SPDX-License-Identifier: BSD-3-Clause
/*
 * The library's firmware operations on a table that names memory words
 * (Samsung's SYSRAM mailbox, boards/soc/exynos4210.dts), against the
 * simulated monitor with the simulator's memory (sim_mem):
 * set/get_cpu_boot_addr write and read the entry-address word and make no
 * call, cpu-boot then starts the CPU at what was written; do-idle, suspend
 * and resume write their words before their calls (or instead of one).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <secmon/fwops.h>

#include "dtc.h"
#include "simtest.h"

#define NCPUS 2
#define MB (NS_BASE + 0x100)	/* the mailbox page, in the normal world's memory */

static char board[4096];
static char ns_dt[16384];

static const char exynos_like[] =
	"/dts-v1/;\n/ { #address-cells = <2>; #size-cells = <2>;\n"
	" firmware { secure-monitor { compatible = \"secmon,call-table\"; method = \"smc\";"
	"  abi = \"legacy\";"
	"  cpu-boot { function-id = <0xfffffffc>; arg-names = \"cpu\"; arg-registers = <1>;"
	"   entry-address = <0x8000011c>; };"
	"  do-idle { function-id = <0xfffffffb>;"
	"   word-names = \"entry\"; word-addresses = <0x80000124>;"
	"   word-const-addresses = <0x80000120>; word-const-values = <0xfcba0d10>; };"
	"  suspend { function-id = <0xfffffffd>;"
	"   word-names = \"entry\"; word-addresses = <0x80000108>;"
	"   word-const-addresses = <0x8000010c>; word-const-values = <0xbad>; };"
	"  resume { word-const-addresses = <0x8000010c>; word-const-values = <0>; };"
	" }; };\n};\n";

static volatile uint32_t *word(unsigned off)
{
	return sim_phys(MB + off, 4);
}

/*
 * The same with resume-word, as boards/soc/exynos4210.dts has it: AFTR and
 * SLEEP power the caller down and resume it at the address in the word,
 * and answer a status in r0 (which Linux does not read).
 */
static const char exynos_resume[] =
	"/dts-v1/;\n/ { #address-cells = <2>; #size-cells = <2>;\n"
	" firmware { secure-monitor { compatible = \"secmon,call-table\"; method = \"smc\";"
	"  abi = \"legacy\";"
	"  do-idle { function-id = <0xfffffffb>; result-names = \"status\"; result-registers = <0>;"
	"   word-names = \"entry\"; word-addresses = <0x80000124>; resume-word = \"entry\";"
	"   word-const-addresses = <0x80000120>; word-const-values = <0xfcba0d10>; };"
	"  suspend { function-id = <0xfffffffd>; result-names = \"status\"; result-registers = <0>;"
	"   word-names = \"entry\"; word-addresses = <0x80000108>; resume-word = \"entry\";"
	"   word-const-addresses = <0x8000010c>; word-const-values = <0xbad>; };"
	"  resume { word-const-addresses = <0x8000010c>; word-const-values = <0>; };"
	" }; };\n};\n";

/* The last SMC the simulated monitor saw from CPU 0 and its answer, through a recording conduit. */
static struct secmon_regs last, answer;

static void rec_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
		       struct secmon_regs *out)
{
	(void)c;
	last = *in;
	answer = (struct secmon_regs){ 0 };
	secmon_invoke(&secmon_conduit_sim, in, out);
	answer = *out;
}

static const struct secmon_conduit rec = { .name = "rec", .invoke = rec_invoke };

static void sc_mem(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static struct secmon_calltab t;
	static struct secmon_fwops o;
	const struct secmon_conduits cs = { .smc = &rec };
	struct secmon_ct_error err;
	uint64_t a = 0;

	(void)pc, (void)ctx;
	if (cpu == 1) {
		park(1);
		return;
	}
	if (!EXPECT_EQ(secmon_fwops_init_dt(&o, ns_dt, &cs, &t, &err), SECMON_OK))
		return;
	/* Without the user's memory access: nothing that needs it. */
	EXPECT(!secmon_fwops_has(&o, SECMON_FWOP_SET_CPU_BOOT_ADDR));
	EXPECT_EQ(secmon_fwops_set_cpu_boot_addr(&o, 1, PC_E), SECMON_E_NOT_SUPPORTED);
	EXPECT_EQ(secmon_fwops_do_idle_entry(&o, 0, PC_A), SECMON_E_NOT_SUPPORTED);
	EXPECT_EQ(*word(0x24), 0);
	secmon_fwops_set_mem(&o, &sim_mem);
	EXPECT(secmon_fwops_has(&o, SECMON_FWOP_SET_CPU_BOOT_ADDR));
	EXPECT(secmon_fwops_has(&o, SECMON_FWOP_GET_CPU_BOOT_ADDR));

	/* An address outside the normal world: written (no call), CPU 1 is not started. */
	last.x[0] = 0;
	EXPECT_EQ(secmon_fwops_set_cpu_boot_addr(&o, 1, SECURE_PC), SECMON_OK);
	EXPECT_EQ(last.x[0], 0);
	EXPECT_EQ(*word(0x1c), (uint32_t)SECURE_PC);
	EXPECT_EQ(secmon_fwops_cpu_boot(&o, 1), SECMON_OK);
	EXPECT_EQ(last.x[0], 0xfffffffcu);
	EXPECT_EQ(last.x[1], 1);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	/* One that does not fit the 32-bit word: refused, nothing written. */
	EXPECT_EQ(secmon_fwops_set_cpu_boot_addr(&o, 1, 1ull << 32 | PC_E), SECMON_E_INVALID_ADDRESS);
	EXPECT_EQ(*word(0x1c), (uint32_t)SECURE_PC);
	/* A CPU that does not exist: refused before anything. */
	EXPECT_EQ(secmon_fwops_set_cpu_boot_addr(&o, 2, PC_E), SECMON_E_INVALID_PARAMETERS);
	EXPECT_EQ(*word(0x1c), (uint32_t)SECURE_PC);

	/* The word read back as the memory holds it, whoever wrote it. */
	*word(0x1c) = (uint32_t)PC_B;
	EXPECT_EQ(secmon_fwops_get_cpu_boot_addr(&o, 1, &a), SECMON_OK);
	EXPECT_EQ(a, PC_B);
	EXPECT_EQ(secmon_fwops_set_cpu_boot_addr(&o, 1, PC_E), SECMON_OK);
	EXPECT_EQ(secmon_fwops_get_cpu_boot_addr(&o, 1, &a), SECMON_OK);
	EXPECT_EQ(a, PC_E);
	/* CPU1BOOT starts CPU 1 at what set_cpu_boot_addr wrote. */
	EXPECT_EQ(secmon_fwops_cpu_boot(&o, 1), SECMON_OK);
	WAIT_FLAG(&S.starts[1], 1);

	/* do-idle (AFTR): the resume address and the magic, then -5. */
	last.x[0] = 0;
	EXPECT_EQ(secmon_fwops_do_idle(&o, 0), SECMON_E_INVALID_PARAMETERS);
	EXPECT_EQ(last.x[0], 0);
	EXPECT_EQ(*word(0x20), 0);
	EXPECT_EQ(secmon_fwops_do_idle_entry(&o, 0, 1ull << 32), SECMON_E_INVALID_PARAMETERS);
	EXPECT_EQ(*word(0x24), 0);
	EXPECT_EQ(secmon_fwops_do_idle_entry(&o, 0, PC_A), SECMON_OK);
	EXPECT_EQ(last.x[0], 0xfffffffbu);
	EXPECT_EQ(*word(0x24), (uint32_t)PC_A);
	EXPECT_EQ(*word(0x20), 0xfcba0d10u);
	/* suspend (SLEEP): 0xbad and the resume address, then -3; resume clears the flag, no call. */
	EXPECT_EQ(secmon_fwops_suspend(&o, PC_C), SECMON_OK);
	EXPECT_EQ(last.x[0], 0xfffffffdu);
	EXPECT_EQ(*word(0x0c), 0xbadu);
	EXPECT_EQ(*word(0x08), (uint32_t)PC_C);
	last.x[0] = 0;
	EXPECT(secmon_fwops_has(&o, SECMON_FWOP_RESUME));
	EXPECT_EQ(secmon_fwops_resume(&o), SECMON_OK);
	EXPECT_EQ(last.x[0], 0);
	EXPECT_EQ(*word(0x0c), 0);
	EXPECT_EQ(*word(0x08), (uint32_t)PC_C);

	unpark(1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void fwops_use_the_memory_words(void **state)
{
	struct sim_config cfg = { .ncpus = NCPUS, .tick_us = 1000 };

	(void)state;
	assert_true(simtest_dtc(exynos_like, board, sizeof(board)) > 0);
	cfg.board_dtb = board;
	assert_int_equal(sim_ns_dt(ns_dt, sizeof(ns_dt), NCPUS, cfg.board_dtb), 0);
	assert_int_equal(run_sim(sc_mem, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(atomic_load(&S.starts[1]), 1);
	assert_start(1, 1, PC_E, 0);
}

/*
 * do-idle (AFTR) and suspend (SLEEP) with resume-word: an address the CPU
 * cannot enter is refused (INVALID_ADDRESS) and the call returns with
 * nothing else done; a good one powers CPU 0 down and, woken by the tick,
 * it starts again at the address in the word (context 0), never returning
 * from the call. SLEEP while CPU 1 runs is a power-down of CPU 0 alone
 * (coordinated, not refused as SYSTEM_SUSPEND would be).
 */
static void sc_resume(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static struct secmon_calltab t;
	static struct secmon_fwops o;
	const struct secmon_conduits cs = { .smc = &rec };
	struct secmon_ct_error err;

	if (cpu == 1) {
		atomic_store(&S.step, 1);
		park(1);
		return;
	}
	if (pc == PC_A) {
		EXPECT_EQ(ctx, 0);
		EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_ON);
		EXPECT_EQ(secmon_fwops_suspend(&o, PC_C), SECMON_OK);
		atomic_store(&S.returned, 1);
		return;
	}
	if (pc == PC_C) {
		EXPECT_EQ(ctx, 0);
		EXPECT_EQ(*word(0x0c), 0xbadu);
		EXPECT_EQ(secmon_fwops_resume(&o), SECMON_OK);
		EXPECT_EQ(*word(0x0c), 0);
		unpark(1);
		WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
		return;
	}
	if (!EXPECT_EQ(secmon_fwops_init_dt(&o, ns_dt, &cs, &t, &err), SECMON_OK))
		return;
	secmon_fwops_set_mem(&o, &sim_mem);
	EXPECT_EQ(SMC3(P64(CPU_ON), m(1), PC_B, 0), 0);
	WAIT_FLAG(&S.step, 1);
	/* Outside the normal world, or a half-word entry: refused, the call returns. */
	EXPECT_EQ(secmon_fwops_do_idle_entry(&o, 0, SECURE_PC), SECMON_E_INVALID_ADDRESS);
	EXPECT_EQ(last.x[0], 0xfffffffbu);
	EXPECT_EQ(answer.x[0], R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(*word(0x24), (uint32_t)SECURE_PC);
	EXPECT_EQ(secmon_fwops_do_idle_entry(&o, 0, PC_A + 2), SECMON_E_INVALID_ADDRESS);
	EXPECT_EQ(answer.x[0], R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(secmon_fwops_suspend(&o, SECURE_PC), SECMON_E_INVALID_ADDRESS);
	EXPECT_EQ(last.x[0], 0xfffffffdu);
	EXPECT_EQ(answer.x[0], R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(atomic_load(&S.starts[0]), 1);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(0), 0), SECMON_PSCI_AFF_ON);
	/* A good one: CPU 0 comes back at PC_A, not here. */
	EXPECT_EQ(secmon_fwops_do_idle_entry(&o, 0, PC_A), SECMON_OK);
	atomic_store(&S.returned, 1);
}

static void fwops_resume_at_the_word(void **state)
{
	struct sim_config cfg = { .ncpus = NCPUS, .tick_us = 1000 };

	(void)state;
	assert_true(simtest_dtc(exynos_resume, board, sizeof(board)) > 0);
	cfg.board_dtb = board;
	assert_int_equal(sim_ns_dt(ns_dt, sizeof(ns_dt), NCPUS, cfg.board_dtb), 0);
	assert_int_equal(run_sim(sc_resume, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(atomic_load(&S.starts[0]), 3);
	assert_start(0, 0, BOOT_PC, BOOT_CTX);
	assert_start(1, 1, PC_B, 0);
	assert_start(2, 0, PC_A, 0);
	assert_start(3, 0, PC_C, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fwops_use_the_memory_words),
		cmocka_unit_test(fwops_resume_at_the_word),
	};

	return cmocka_run_group_tests(tests, 0, 0);
}
