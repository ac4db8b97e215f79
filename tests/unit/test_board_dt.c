// SPDX-License-Identifier: BSD-3-Clause
/*
 * The board DT (the legacy ABIs and services it describes, what it may not
 * describe), the simulator's own configuration checks, and entry points
 * refused when the woken CPU cannot execute them (PSCI and the described
 * calls alike).
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "simtest.h"

static char dtb[16384];

/* Compiles DTS text with dtc into dtb. */
static const void *compile_dts(const char *dts)
{
	simtest_dtc(dts, dtb, sizeof(dtb));
	return dtb;
}

static void sc_never(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	note(__LINE__, "a CPU ran although the board DT is wrong");
}

/* sim_run refuses the board DT and the console names `node` and `what`. */
static void expect_refused(const void *board, const char *node, const char *what)
{
	struct sim_config cfg = { .ncpus = 2, .board_dtb = board };

	assert_int_equal(run_sim(sc_never, &cfg), -1);
	assert_clean();
	assert_int_equal(atomic_load(&S.nlog), 0);
	if (!strstr(console, node) || !strstr(console, what))
		fail_msg("console \"%s\" does not name \"%s\" and \"%s\"", console, node, what);
}

#define FW(body) "/dts-v1/;\n/ { #address-cells = <2>; #size-cells = <2>;\n" body "\n};\n"

/* After a refused DT, a run without one serves none of its IDs. */
static void sc_no_legacy(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(SMC1(0x82000013, 1), UNK32);
	EXPECT_EQ(SMC0(P32(VERSION)), SECMON_PSCI_VERSION_MAKE(1, 3));
}

static void board_dt_errors_refuse_to_start(void **state)
{
	static const char garbage[64] = "this is not a flattened device tree";

	(void)state;
	/* An operation this monitor does not have. */
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; frobnicate { function-id = <0x82000010>; };"
				      " }; };")),
		       "mon", "frobnicate");
	/* Tables the parser refuses; the first, good one must not stay behind. */
	expect_refused(compile_dts(FW("firmware { good { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; do-idle { function-id = <0x82000013>; }; };"
				      " mon { compatible = \"secmon,call-table\";"
				      " do-idle { function-id = <0x82000011>; }; }; };")),
		       "node mon", "property method");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; cpu-boot { function-id = <0x82000012>;"
				      " arg-names = \"cpu\"; arg-registers = <18>; }; }; };")),
		       "node cpu-boot", "property arg-registers");
	/* A service this monitor does not offer. */
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"acme,frob\","
				      " \"secmon,call-table\"; method = \"smc\";"
				      " do-idle { function-id = <0x82000011>; }; }; };")),
		       "node mon", "property compatible");
	/* PSCI 0.1 without its required cpu_on. */
	expect_refused(compile_dts(FW("psci { compatible = \"arm,psci\"; method = \"smc\";"
				      " cpu_off = <0x95c1ba61>; };")),
		       "psci", "cpu_on");
	/* IDs in x0 that the monitor answers itself: the errata service's, a general query. */
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; do-idle { function-id = <0x82000020>; };"
				      " }; };")),
		       "node mon/do-idle, property function-id", "answers itself");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; cpu-boot { function-id = <0x8200ff01>;"
				      " arg-names = \"cpu\"; arg-registers = <1>; }; }; };")),
		       "node mon/cpu-boot, property function-id", "answers itself");
	/* Four tables and a PSCI 0.1 node: one table too many, named by its own node. */
	expect_refused(compile_dts(FW("firmware {"
				      " t0 { compatible = \"secmon,call-table\"; method = \"smc\";"
				      "  do-idle { function-id = <0x82000010>; }; };"
				      " t1 { compatible = \"secmon,call-table\"; method = \"smc\";"
				      "  do-idle { function-id = <0x82000011>; }; };"
				      " t2 { compatible = \"secmon,call-table\"; method = \"smc\";"
				      "  do-idle { function-id = <0x82000012>; }; };"
				      " t3 { compatible = \"secmon,call-table\"; method = \"smc\";"
				      "  do-idle { function-id = <0x82000013>; }; }; };"
				      " psci-v0.1 { compatible = \"arm,psci\"; method = \"smc\";"
				      " cpu_on = <0x95c1ba60>; cpu_off = <0x95c1ba61>; };")),
		       "node psci-v0.1:", "too many call tables");
	expect_refused(garbage, "board DT", "not a valid");
	run_clean(sc_no_legacy, 1, 0);
}

static const char exynos_dts[] = FW(
	"firmware { secure-monitor { compatible = \"secmon,call-table\"; method = \"smc\";"
	"  abi = \"legacy\";"
	"  cpu-boot { function-id = <0xfffffffc>; arg-names = \"cpu\"; arg-registers = <1>; };"
	"  set-cpu-boot-addr { function-id = <0xffffff9b>; arg-names = \"cpu\", \"entry\";"
	"   arg-registers = <1 2>; result-names = \"status\"; result-registers = <0>; };"
	"  get-cpu-boot-addr { function-id = <0xffffff9a>; arg-names = \"cpu\";"
	"   arg-registers = <1>; result-names = \"status\", \"entry\";"
	"   result-registers = <0 1>; };"
	"  do-idle { function-id = <0xfffffffd>; };"
	"}; };");

/* The example secure-media service (boards/secure-media.dtsi). */
static const char media_dts[] = FW(
	"firmware { secure-media { compatible = \"secmon,secure-media\", \"secmon,call-table\";"
	"  method = \"smc\";"
	"  protect-buffer { function-id = <0xc2000101>; convention = \"smc64\";"
	"   arg-names = \"addr\", \"size\"; arg-registers = <1 2>;"
	"   result-names = \"status\", \"handle\"; result-registers = <0 1>; };"
	"  unprotect-buffer { function-id = <0x82000102>; arg-names = \"handle\";"
	"   arg-registers = <1>; result-names = \"status\"; result-registers = <0>; };"
	"  get-status { function-id = <0x82000103>;"
	"   result-names = \"status\", \"format\", \"buffers\"; result-registers = <0 1 2>; };"
	"}; };");

#define MEDIA_BUF_A 0x80000000ull	/* in the simulator's normal-world memory */
#define MEDIA_BUF_B 0x80100000ull

static uint64_t media_protect_call(int line, uint64_t addr, uint64_t *handle)
{
	struct secmon_regs r;
	uint64_t ret;

	fill(line, &r, 0xc2000101);
	r.x[1] = addr;
	r.x[2] = 4096;
	ret = smc_regs(line, 1u << 0 | 1u << 1, &r);
	*handle = r.x[1];
	return ret;
}

static uint64_t media_buffers(int line)
{
	struct secmon_regs r;

	fill(line, &r, 0x82000103);
	EXPECT_EQ(smc_regs(line, 1u << 0 | 1u << 1 | 1u << 2, &r), 0);
	return r.x[2];
}

/*
 * A protected buffer stays protected however many other buffers come and
 * go: its handle is never handed out again while it lives (a 24-bit
 * counter once wrapped after 2^24 - 1 protects, and one unprotect then
 * freed both buffers that shared the handle).
 */
static void sc_media_handles(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	uint64_t a, b, first_b = 0;

	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(media_protect_call(__LINE__, MEDIA_BUF_A, &a), 0);
	EXPECT(a != 0);
	for (uint32_t i = 0; i < (1u << 24) + 2; i++) {
		if (media_protect_call(__LINE__, MEDIA_BUF_B, &b) != 0 || b == a) {
			note(__LINE__, "protect %u: handle %#llx (A's is %#llx)", i,
			     (unsigned long long)b, (unsigned long long)a);
			break;
		}
		if (!first_b)
			first_b = b;
		if (SMC1(0x82000102, b) != 0) {
			note(__LINE__, "unprotect %u of handle %#llx failed", i, (unsigned long long)b);
			break;
		}
	}
	EXPECT_EQ(media_buffers(__LINE__), 1);
	/* Handles of released buffers, and made-up ones, name nothing. */
	EXPECT_EQ(SMC1(0x82000102, first_b), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC1(0x82000102, 0), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC1(0x82000102, 0xffffffff), R32(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(SMC1(0x82000102, a), 0);
	EXPECT_EQ(media_buffers(__LINE__), 0);
}

static void media_handle_never_shared_by_live_buffers(void **state)
{
	struct sim_config cfg = { .ncpus = 1, .board_dtb = compile_dts(media_dts) };

	(void)state;
	assert_int_equal(run_sim(sc_media_handles, &cfg), SIM_END_ALL_OFF);
	assert_clean();
}

/* A table whose status is "disabled" is passed over: its calls are not served. */
static const char disabled_dts[] = FW(
	"firmware { secure-monitor { compatible = \"secmon,call-table\"; method = \"smc\";"
	"  status = \"disabled\";"
	"  l2x0-init { function-id = <0x82000013>; arg-names = \"regs\"; arg-registers = <1>; };"
	"}; };");

static void board_dt_disabled_table_not_served(void **state)
{
	struct sim_config cfg = { .ncpus = 1, .board_dtb = compile_dts(disabled_dts) };

	(void)state;
	assert_int_equal(run_sim(sc_no_legacy, &cfg), SIM_END_ALL_OFF);
	assert_clean();
}

/* A legacy call with a negative ID: ID in x0, cpu in x1, maybe entry in x2; `results` written. */
static uint64_t exynos_at(int line, uint32_t results, uint32_t id, uint64_t cpu, uint64_t entry,
			  struct secmon_regs *r)
{
	fill(line, r, id);
	r->x[1] = cpu;
	r->x[2] = entry;
	return smc_regs(line, results, r);
}

static void sc_exynos(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)pc, (void)ctx;
	if (cpu == 1) {
		park(1);
		return;
	}
	/* Nothing set yet: status NOT_PRESENT, and the entry register untouched. */
	EXPECT_EQ(exynos_at(__LINE__, 1, 0xffffff9a, 1, 0, &r), R32(SECMON_PSCI_NOT_PRESENT));
	EXPECT_EQ(r.x[1], 1);
	EXPECT_EQ(exynos_at(__LINE__, 1, 0xffffff9b, 1, SECURE_PC, &r),
		  R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(exynos_at(__LINE__, 1, 0xffffff9b, 1, PC_E, &r), 0);
	EXPECT_EQ(exynos_at(__LINE__, 3, 0xffffff9a, HI | 1, 0, &r), 0);
	EXPECT_EQ(r.x[1], PC_E);
	/* cpu-boot describes no result: every register comes back as it went. */
	EXPECT_EQ(exynos_at(__LINE__, 0, 0xfffffffc, 1, 0, &r), 0xfffffffcu);
	WAIT_FLAG(&S.starts[1], 1);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_ON);
	/* Refused inside (already on, no such CPU): still nothing written. */
	EXPECT_EQ(exynos_at(__LINE__, 0, 0xfffffffc, 1, 0, &r), 0xfffffffcu);
	EXPECT_EQ(exynos_at(__LINE__, 0, 0xfffffffc, 7, 0, &r), 0xfffffffcu);
	EXPECT_EQ(exynos_at(__LINE__, 0, 0xfffffffd, 0, 0, &r), 0xfffffffdu);
	/* Standard calls still work beside the table. */
	EXPECT_EQ(SMC0(P32(VERSION)), SECMON_PSCI_VERSION_MAKE(1, 3));
	EXPECT_EQ(SMC0(0xfffffff0), UNK64);
	unpark(1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void board_dt_exynos_table_boots_a_cpu(void **state)
{
	struct sim_config cfg = { .ncpus = 2, .board_dtb = compile_dts(exynos_dts) };

	(void)state;
	assert_int_equal(run_sim(sc_exynos, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(atomic_load(&S.starts[1]), 1);
	assert_start(1, 1, PC_E, 0);
}

/*
 * Samsung's CPU1BOOT: the boot address is not an argument but a word the
 * caller writes in normal-world memory first (entry-address).
 */
#define BOOT_WORD (NS_BASE + 0x100)
static const char sysram_dts[] = FW(
	"firmware { secure-monitor { compatible = \"secmon,call-table\"; method = \"smc\";"
	"  abi = \"legacy\";"
	"  cpu-boot { function-id = <0xfffffffc>; arg-names = \"cpu\"; arg-registers = <1>;"
	"   entry-address = <0x0 0x80000100>; };"
	"}; };");

static void sc_boot_word(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	volatile uint32_t *word = sim_phys(BOOT_WORD, 4);
	struct secmon_regs r;

	(void)pc, (void)ctx;
	if (cpu == 1) {
		park(1);
		return;
	}
	/* An address outside the normal world's memory: CPU 1 stays off, nothing written. */
	*word = (uint32_t)SECURE_PC;
	EXPECT_EQ(exynos_at(__LINE__, 0, 0xfffffffc, 1, 0, &r), 0xfffffffcu);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	/* No such CPU. */
	*word = (uint32_t)PC_E;
	EXPECT_EQ(exynos_at(__LINE__, 0, 0xfffffffc, 5, 0, &r), 0xfffffffcu);
	EXPECT_EQ(SMC2(P64(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	/* The word as the caller left it. */
	EXPECT_EQ(exynos_at(__LINE__, 0, 0xfffffffc, 1, 0, &r), 0xfffffffcu);
	WAIT_FLAG(&S.starts[1], 1);
	/* Again while it runs: the word changed, nothing happens. */
	*word = (uint32_t)PC_A;
	EXPECT_EQ(exynos_at(__LINE__, 0, 0xfffffffc, 1, 0, &r), 0xfffffffcu);
	unpark(1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void board_dt_cpu_boot_reads_its_entry_from_memory(void **state)
{
	struct sim_config cfg = { .ncpus = 2, .board_dtb = compile_dts(sysram_dts) };

	(void)state;
	assert_int_equal(run_sim(sc_boot_word, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(atomic_load(&S.starts[1]), 1);
	assert_start(1, 1, PC_E, 0);
}

/* entry-address: where the binding or the monitor refuses it, by node and property. */
static void board_dt_entry_address_refused(void **state)
{
	(void)state;
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; abi = \"legacy\"; do-idle {"
				      " function-id = <0xfffffffb>; entry-address = <0x80000100>;"
				      " }; }; };")),
		       "mon/do-idle", "entry-address: 0x80000100: only cpu-boot");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; abi = \"legacy\"; cpu-boot {"
				      " function-id = <0xfffffffc>; arg-names = \"cpu\";"
				      " arg-registers = <1>; entry-address = <0x0e000000>; }; }; };")),
		       "mon/cpu-boot", "entry-address: 0xe000000: not in the normal world");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; abi = \"legacy\"; cpu-boot {"
				      " function-id = <0xfffffffc>; arg-names = \"cpu\", \"entry\";"
				      " arg-registers = <1 2>; entry-address = <0x80000100>; }; }; };")),
		       "cpu-boot", "entry-address");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; abi = \"legacy\"; cpu-boot {"
				      " function-id = <0xfffffffc>; entry-address = <0x80000102>;"
				      " }; }; };")),
		       "cpu-boot", "4-byte aligned");
}

/*
 * Memory words outside the normal world's memory: refused at cold boot, by
 * node and property, as entry-address is.
 */
static void board_dt_words_outside_normal_memory_refused(void **state)
{
	(void)state;
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; abi = \"legacy\"; do-idle {"
				      " function-id = <0xfffffffb>; word-names = \"entry\";"
				      " word-addresses = <0x0e000000>; }; }; };")),
		       "mon/do-idle", "word-addresses: 0xe000000: not in the normal world");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; abi = \"legacy\"; resume {"
				      " word-const-addresses = <0x80000100 0x09000000>;"
				      " word-const-values = <0 1>; }; }; };")),
		       "mon/resume", "word-const-addresses: 0x9000000: not in the normal world");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; abi = \"legacy\"; suspend {"
				      " function-id = <0xfffffffd>; word-names = \"entry\";"
				      " word-addresses = <0xc0000000>; }; }; };")),
		       "mon/suspend", "word-addresses: 0xc0000000: not in the normal world");
}

/* resume-word: where the binding or the monitor refuses it, by node and property. */
static void board_dt_resume_word_refused(void **state)
{
	(void)state;
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; abi = \"legacy\"; cpu-boot {"
				      " function-id = <0xfffffffc>; arg-names = \"cpu\";"
				      " arg-registers = <1>; word-names = \"entry\";"
				      " word-addresses = <0x80000100>; resume-word = \"entry\";"
				      " }; }; };")),
		       "mon/cpu-boot", "resume-word: 0x80000100: only do-idle and suspend");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; abi = \"legacy\"; do-idle {"
				      " function-id = <0xfffffffb>; word-names = \"entry\";"
				      " word-addresses = <0x0e000000>; resume-word = \"entry\";"
				      " }; }; };")),
		       "mon/do-idle", "word-addresses: 0xe000000: not in the normal world");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; abi = \"legacy\"; suspend {"
				      " function-id = <0xfffffffd>; word-names = \"entry\";"
				      " word-addresses = <0x80000100>; resume-word = \"context\";"
				      " }; }; };")),
		       "suspend", "resume-word: names no entry of word-names");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; abi = \"legacy\"; suspend {"
				      " function-id = <0xfffffffd>; word-names = \"entry\";"
				      " word-addresses = <0x80000100>; resume-word = \"entry\", \"entry\";"
				      " }; }; };")),
		       "suspend", "resume-word: must be one string");
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; abi = \"legacy\"; resume {"
				      " word-names = \"entry\"; word-addresses = <0x80000100>;"
				      " resume-word = \"entry\"; }; }; };")),
		       "resume", "resume-word: only an operation that is one call resumes");
}

static void sim_rejects_bad_configurations(void **state)
{
	struct sim_config none = { .ncpus = 0 }, many = { .ncpus = SIM_MAX_CPUS + 1 };
	struct sim_config wide = { .ncpus = 2, .cluster_size = 257 };
	struct sim_config no_entry = { .ncpus = 1 };

	(void)state;
	assert_int_equal(run_sim(sc_never, &none), -1);
	assert_int_equal(run_sim(sc_never, &many), -1);
	assert_int_equal(run_sim(sc_never, &wide), -1);
	assert_int_equal(sim_run(&no_entry, BOOT_PC, 0), -1);
	assert_clean();
}

/*
 * An AArch32 caller (EL1) under a normal world whose woken CPUs run AArch64
 * (EL2, as on the AArch64 firmware): an entry point with bit 0 set, or not
 * word aligned, is one the target cannot execute, whatever the caller's
 * width. Every call that takes an entry point refuses it, and the CPU is
 * still there to be started afterwards.
 */
static void sc_entry_width_a64_target(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs r;

	(void)ctx;
	if (cpu != 0)
		return;
	if (pc != BOOT_PC) {
		note(__LINE__, "CPU 0 woke at %#llx, which a suspend should have refused",
		     (unsigned long long)pc);
		return;
	}
	cd = &secmon_conduit_sim32;
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_A | 1, 0x33), R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_A | 2, 0x33), R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_A | 3, 0x33), R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC2(P32(AFFINITY_INFO), m(1), 0), SECMON_PSCI_AFF_OFF);
	EXPECT_EQ(SMC3(P32(CPU_SUSPEND), PS_CORE_PD, PC_A | 1, 0),
		  R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC2(P32(CPU_DEFAULT_SUSPEND), PC_A | 1, 0), R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC2(P32(SYSTEM_SUSPEND), PC_A | 1, 0), R32(SECMON_PSCI_INVALID_ADDRESS));
	/* The described legacy calls: set-cpu-boot-addr and cpu-boot's entry. */
	EXPECT_EQ(exynos_at(__LINE__, 1, 0xffffff9b, 1, PC_E | 1, &r),
		  R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(exynos_at(__LINE__, 1, 0xffffff9a, 1, 0, &r), R32(SECMON_PSCI_NOT_PRESENT));
	/* A good entry point still starts the core. */
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_B, 0x34), 0);
	WAIT_FLAG(&S.starts[1], 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void psci_entry_refused_when_target_cannot_execute_it(void **state)
{
	struct sim_config cfg = { .ncpus = 2, .board_dtb = compile_dts(exynos_dts) };

	(void)state;
	assert_int_equal(run_sim(sc_entry_width_a64_target, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_int_equal(atomic_load(&S.starts[1]), 1);
	assert_start(1, 1, PC_B, 0x34);
}

/* An AArch32 normal world: a Thumb entry point (bit 0) is honoured. */
static void sc_entry_width_a32_target(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	if (cpu != 0)
		return;
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_A | 2, 0), R32(SECMON_PSCI_INVALID_ADDRESS));
	EXPECT_EQ(SMC3(P32(CPU_ON), m(1), PC_A | 1, 0x35), 0);
	WAIT_FLAG(&S.starts[1], 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void psci_thumb_entry_accepted_for_an_aarch32_target(void **state)
{
	struct sim_config cfg = { .ncpus = 2, .aarch32 = true };

	(void)state;
	assert_int_equal(run_sim(sc_entry_width_a32_target, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_start(1, 1, PC_A | 1, 0x35);
}

/*
 * A PSCI 0.1 node may give the standard PSCI IDs of its own functions (the
 * PSCI service serves them), never an ID of another call the monitor
 * answers: cpu_on = <0x84000002> would run the OS's cpu_on as CPU_OFF.
 */
static void sc_psci01_standard_ids(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	if (cpu != 0)
		return;
	EXPECT_EQ(SMC3(0xc4000003, m(1), PC_A, 0x36), 0);
	WAIT_FLAG(&S.starts[1], 1);
	WAIT_AFF(1, SECMON_PSCI_AFF_OFF);
}

static void board_dt_psci01_may_not_rename_a_call(void **state)
{
	struct sim_config cfg = { .ncpus = 2 };

	(void)state;
	expect_refused(compile_dts(FW("psci { compatible = \"arm,psci\"; method = \"smc\";"
				      " cpu_on = <0x84000002>; cpu_off = <0x95c1ba61>; };")),
		       "node psci, property cpu_on", "0x84000002 is another call");
	expect_refused(compile_dts(FW("psci { compatible = \"arm,psci\"; method = \"smc\";"
				      " cpu_on = <0x95c1ba60>; cpu_off = <0x84000008>; };")),
		       "node psci, property cpu_off", "0x84000008 is another call");
	expect_refused(compile_dts(FW("psci { compatible = \"arm,psci\"; method = \"smc\";"
				      " cpu_on = <0x95c1ba60>; cpu_off = <0x95c1ba61>;"
				      " cpu_suspend = <0x80000000>; };")),
		       "node psci, property cpu_suspend", "0x80000000 is another call");
	expect_refused(compile_dts(FW("psci { compatible = \"arm,psci\"; method = \"smc\";"
				      " cpu_on = <0xc4000004>; cpu_off = <0x95c1ba61>; };")),
		       "node psci, property cpu_on", "0xc4000004 is another call");
	/* The standard IDs of the same functions, in either width: accepted. */
	cfg.board_dtb = compile_dts(FW("psci { compatible = \"arm,psci\"; method = \"smc\";"
				       " cpu_on = <0xc4000003>; cpu_off = <0x84000002>;"
				       " cpu_suspend = <0x84000001>; };"));
	assert_int_equal(run_sim(sc_psci01_standard_ids, &cfg), SIM_END_ALL_OFF);
	assert_clean();
	assert_start(1, 1, PC_A, 0x36);
}

/* A call table may not describe a general query of a range the monitor serves. */
static void board_dt_may_not_describe_a_served_general_query(void **state)
{
	(void)state;
	expect_refused(compile_dts(FW("firmware { mon { compatible = \"secmon,call-table\";"
				      " method = \"smc\"; cpu-boot { function-id = <0x8000ff01>;"
				      " arg-names = \"cpu\"; arg-registers = <1>; }; }; };")),
		       "node mon/cpu-boot, property function-id", "answers itself");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(board_dt_errors_refuse_to_start),
		cmocka_unit_test(board_dt_exynos_table_boots_a_cpu),
		cmocka_unit_test(board_dt_cpu_boot_reads_its_entry_from_memory),
		cmocka_unit_test(board_dt_entry_address_refused),
		cmocka_unit_test(board_dt_resume_word_refused),
		cmocka_unit_test(board_dt_words_outside_normal_memory_refused),
		cmocka_unit_test(media_handle_never_shared_by_live_buffers),
		cmocka_unit_test(board_dt_disabled_table_not_served),
		cmocka_unit_test(sim_rejects_bad_configurations),
		cmocka_unit_test(psci_entry_refused_when_target_cannot_execute_it),
		cmocka_unit_test(psci_thumb_entry_accepted_for_an_aarch32_target),
		cmocka_unit_test(board_dt_psci01_may_not_rename_a_call),
		cmocka_unit_test(board_dt_may_not_describe_a_served_general_query),
	};

	return cmocka_run_group_tests_name("board_dt", tests, NULL, NULL);
}
