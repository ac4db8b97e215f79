// SPDX-License-Identifier: BSD-3-Clause
/*
 * The AArch32 nsk's main: reads the DTB the firmware passed (r2), describes
 * the machine to the conformance suite (struct conf_env) with the library's
 * AArch32 smc or hvc conduit (r0-r12), runs it on the boot CPU, prints the
 * TAP plan and a summary, and ends with PSCI SYSTEM_OFF. The AArch32 twin of
 * tests/nsk/main.c: Hyp and SVC mode where that one has EL2 and EL1.
 *
 * Options from /chosen/bootargs (QEMU's -append), all optional:
 *   nsk.el=1            leave Hyp mode for SVC first (boot and secondary CPUs)
 *   nsk.badpc=0         give the suite no bad entry points
 *   nsk.race=N          successful CPU_ONs the race test makes in all
 *   nsk.standby=S|none  power_state for the standby test
 *   nsk.powerdown=S|none  power_state for the power-down test
 *   nsk.fault=1         take an undefined-instruction exception first
 *   nsk.thumb=1         CPUs the suite starts enter in Thumb state (bit 0 of
 *                       the entry point set)
 *   nsk.test=socdrv     run the test SoC driver (drv.c) instead of the suite
 *   nsk.test=pmu        the cycle counter does not count Monitor mode, and
 *                       PMCR.DP is clear after a power-down and a CPU_ON
 *   nsk.name=NAME       the name in the driver's test lines (its board)
 *   nsk.test=secrets    nothing of the secure world's DT left in RAM
 *                       (../secrets.c)
 *   nsk.test=hostile    random SMCs and CPU_ON/CPU_OFF storms from every CPU
 *                       at once (../hostile.c); nsk.calls=N in all (100000),
 *                       nsk.seed=N
 *   nsk.test=endian     warm entries keep a big-endian caller's endianness
 *                       (endian.c)
 *   nsk.test=guest      a guest (SVC under Hyp's stage 2) may not use the
 *                       monitor's recording calls
 *   nsk.test=trace      the monitor's recording read back from every CPU at
 *                       once, hostile TRACE_READ buffers (../trace.c)
 *   nsk.fiqid12=ID      instead of the suite, SMCs from FIQ mode (SVC mode
 *                       only): ID is a board's legacy call with its ID in
 *                       r12 and r0 = 1 (the OMAP4-style board's 0x102)
 *   nsk.off2=1          power off at the end with SYSTEM_OFF2 (HIBERNATE_OFF)
 *   nsk.off=mailbox     power off through a PSCI 0.1 board's mailbox (boot.c)
 *   nsk.test=syssuspend SYSTEM_SUSPEND nsk.cycles=N times (1000), the caller
 *                       rotating over the CPUs, the others off (sysstress.c)
 */
#include <secmon/trace.h>
#include "boot.h"
#include "conf.h"
#include "dt.h"
#include "nsk.h"
#include "a32.h"

static struct dtb dt;
static struct conf_env env;
static struct nsk_gic gic;
static uint64_t image_base;
static bool boot_hyp;
static char env_name[64];
static struct nsk_options opt;
/* The options only this nsk knows (arch_option). */
static bool thumb;		/* nsk.thumb=1 */
static uint32_t fiq_id12;	/* nsk.fiqid12=ID */
static struct {
	bool secrets, hostile, trace, endian, guest;
	uint64_t calls, seed;
} test;

/* Entry modes seen on started CPUs: bit 0 SVC, bit 1 Hyp. */
static uint32_t secondary_modes;
static uint32_t exceptions;

uint64_t nsk_cpu_mpidr(void)
{
	return a32_mpidr();
}

uint64_t nsk_ticks(void)
{
	uint32_t lo, hi;

	a32_isb();
	__asm__ volatile("mrrc p15, 1, %0, %1, c14" : "=r"(lo), "=r"(hi));	/* CNTVCT */
	return (uint64_t)hi << 32 | lo;
}

uint64_t nsk_tick_freq(void)
{
	return cp15_read(CP15_CNTFRQ);
}

const struct hostile_abi hostile_abi = { .nargs = 8, .mask = 0xffffffffu };

static bool test_pmu;

static bool arch_option(const struct nsk_arg *a)
{
	if (nsk_arg_is(a, "test", "pmu"))
		test_pmu = true;
	else if (nsk_arg_is(a, "fiqid12", 0) && a->num)
		fiq_id12 = (uint32_t)a->v;
	else if (nsk_arg_is(a, "thumb", 0) && a->num)
		thumb = a->v == 1;
	else if (nsk_arg_is(a, "test", "secrets"))
		test.secrets = true;
	else if (nsk_arg_is(a, "test", "hostile"))
		test.hostile = true;
	else if (nsk_arg_is(a, "test", "trace"))
		test.trace = true;
	else if (nsk_arg_is(a, "test", "endian"))
		test.endian = true;
	else if (nsk_arg_is(a, "test", "guest"))
		test.guest = true;
	else if (nsk_arg_is(a, "calls", 0) && a->num)
		test.calls = a->v;
	else if (nsk_arg_is(a, "seed", 0) && a->num)
		test.seed = a->v;
	else
		return false;
	return true;
}

/* ---- nsk.fiqid12: SMCs from FIQ mode ---- */

void a32_smc_fiq(uint32_t r[13], uint32_t fiq[5]);

static unsigned fiq_ntap;

/*
 * One SMC from FIQ mode, r0 = fid, User r12 = usr_r12, FIQ's r12 = fiq_r12,
 * every other register a pattern: r0 must be want_r0 and nothing else of
 * either bank may change. The monitor must read FIQ's r8-r12, the caller's.
 */
static int fiq_call(const char *what, uint32_t fid, uint32_t usr_r12, uint32_t fiq_r12,
		    uint32_t want_r0)
{
	uint32_t r[13], fiq[5];
	unsigned bad = 0;

	r[0] = fid;
	for (unsigned i = 1; i < 13; i++)
		r[i] = i == 12 ? usr_r12 : 0xa320e100u + i;
	for (unsigned i = 0; i < 5; i++)
		fiq[i] = i == 4 ? fiq_r12 : 0xf1a0e108u + i;
	a32_smc_fiq(r, fiq);
	for (unsigned i = 1; i < 13; i++)
		if (r[i] != (i == 12 ? usr_r12 : 0xa320e100u + i))
			bad |= 1u << i;
	for (unsigned i = 0; i < 5; i++)
		if (fiq[i] != (i == 4 ? fiq_r12 : 0xf1a0e108u + i))
			bad |= 1u << (i + 16);
	return con_tap(&fiq_ntap, r[0] == want_r0 && !bad,
		       "fiq: %s: r0 = 0x%x (want 0x%x), changed: User r1-r12 mask 0x%x, FIQ r8-r12 "
		       "mask 0x%x", what, (unsigned)r[0], (unsigned)want_r0, bad & 0xffff, bad >> 8);
}

static void fiq_run(const struct secmon_conduit *c)
{
	int fail = 0;

	if (a32_mode() != A32_MODE_SVC) {
		con_printf("Bail out! nsk: nsk.fiqid12 needs SVC mode (--virt 0 or --el 1)\n");
		nsk_halt();
	}
	con_printf("1..3\n");
	fail += fiq_call("SMCCC_VERSION", SECMON_SMCCC_VERSION, 0xa320e10cu, 0xf1a0e10cu,
			 (uint32_t)secmon_call3(c, SECMON_SMCCC_VERSION, 0, 0, 0));
	fail += fiq_call("the board's call with its ID in FIQ's r12 is served", 1, 0xa320e10cu,
			 fiq_id12, 1);
	fail += fiq_call("an ID in the User bank's r12 is not the caller's", 1, fiq_id12,
			 0xf1a0e10cu, 0xffffffffu);
	con_printf("# fiq: %d failed\n", fail);
}

/*
 * nsk.test=pmu: the cycle counter must not count Monitor mode (the class of
 * TF-A's advisory TFV-5: it would time the secure world). ARMv7's PMU has no
 * cycle filter, so the test counts across a 20 ms CPU_SUSPEND standby, which
 * the monitor spends in WFI. Run under -icount shift=0,sleep=off (run-a32.sh
 * --icount), the counter counts one per instruction and the skipped idle time
 * as it passes: 20 million when Monitor mode counts (20 000 485 on the
 * firmware before the fix), a few hundred instructions around the PMCR writes
 * when it does not (31 from Hyp, 284 from SVC).
 */
#define PMCR_E		(1u << 0)
#define PMCR_C		(1u << 2)
#define PMCR_D		(1u << 3)
#define PMCR_DP		(1u << 5)
#define PMU_MAX_CYCLES	10000u

static unsigned pmu_ntap;

static void a32_pmu_run(const struct secmon_conduit *c)
{
	uint32_t c0, c1, pmcr;
	uint64_t r;
	unsigned ntap = 0;

	__asm__ volatile("mcr p15, 0, %0, c9, c12, 1" : : "r"(1u << 31));	/* PMCNTENSET */
	__asm__ volatile("mrc p15, 0, %0, c9, c12, 0" : "=r"(pmcr));
	pmcr = (pmcr & ~(PMCR_DP | PMCR_D)) | PMCR_E | PMCR_C;
	__asm__ volatile("mcr p15, 0, %0, c9, c12, 0\n\tisb" : : "r"(pmcr) : "memory");
	wake_arm();
	cp15_write(CP15_CNTV_TVAL, (cp15_read(CP15_CNTFRQ) ?: 62500000u) / 50);	/* 20 ms */
	__asm__ volatile("isb\n\tmrc p15, 0, %0, c9, c13, 0" : "=r"(c0));
	/* The firmware's core retention (StateID 0x1, TF-A's QEMU encoding). */
	r = secmon_call3(c, SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_SUSPEND), 0x1, 0, 0);
	__asm__ volatile("isb\n\tmrc p15, 0, %0, c9, c13, 0" : "=r"(c1));
	wake_disarm();
	__asm__ volatile("mrc p15, 0, %0, c9, c12, 0" : "=r"(pmcr));
	con_printf("# pmu: a 20 ms CPU_SUSPEND standby counted %u cycles\n", c1 - c0);
	con_tap(&ntap, (uint32_t)r == 0, "pmu: CPU_SUSPEND standby returned SUCCESS (%u)", (uint32_t)r);
	con_tap(&ntap, c1 - c0 < PMU_MAX_CYCLES,
		"pmu: the standby counted %u cycles, under %u: Monitor mode not counted", c1 - c0,
		PMU_MAX_CYCLES);
	con_tap(&ntap, !(pmcr & PMCR_DP) && (pmcr & PMCR_E),
		"pmu: the caller's PMCR comes back as it was (0x%x)", pmcr);
	pmu_ntap = ntap;
}

/*
 * Then the warm entries, as the AArch64 nsk's pmu.c does:
 * the monitor's PMCR.DP must not stay set after a call that does not
 * return. The boot CPU powers down with CPU_SUSPEND (its timer wakes it)
 * and must resume with the PMCR it had, the test going on from the resume;
 * a second CPU enables its counter and calls CPU_OFF, and CPU_ON must then
 * start it with PMCR.DP clear. The boot CPU waits in standby, not polling:
 * under -icount a polling CPU keeps the other from running.
 */
#define CTX_RESUMED	0x9e01u
#define CTX_FIRST	0x9e02u
#define CTX_AGAIN	0x9e03u
static uint32_t pmcr_before, pmcr_again, pmu_stage;

static uint32_t pmcr_read(void)
{
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c9, c12, 0" : "=r"(v));
	return v;
}

static void cycles_on(void)
{
	__asm__ volatile("mcr p15, 0, %0, c9, c12, 1" : : "r"(1u << 31));	/* PMCNTENSET */
	__asm__ volatile("mcr p15, 0, %0, c9, c12, 0\n\tisb"
			 : : "r"((pmcr_read() & ~(PMCR_DP | PMCR_D)) | PMCR_E | PMCR_C) : "memory");
}

static bool pmu_wait(uint32_t want)
{
	uint64_t end = nsk_ticks() + 5 * nsk_tick_freq();

	while (__atomic_load_n(&pmu_stage, __ATOMIC_ACQUIRE) < want ||
	       (int32_t)secmon_call3(env.c, SECMON_PSCI_FN32(SECMON_PSCI_FN_AFFINITY_INFO),
				     env.mpidr[1], 0, 0) != SECMON_PSCI_AFF_OFF) {
		if (nsk_ticks() > end)
			return false;
		secmon_psci_cpu_suspend(env.c, env.standby_state, 0, 0);
	}
	return true;
}

static __attribute__((noreturn)) void pmu_after_powerdown(int r)
{
	uint32_t pmcr = pmcr_read();
	uint64_t target = env.mpidr[1];

	con_tap(&pmu_ntap, r == 0 && pmcr == pmcr_before,
		"pmu: a power-down CPU_SUSPEND resumes with the caller's PMCR (0x%x, was 0x%x; "
		"DP is bit 5)", (unsigned)pmcr, (unsigned)pmcr_before);
	r = secmon_psci_cpu_on(env.c, target, (uintptr_t)nsk_secondary_entry, CTX_FIRST);
	if (r == 0 && pmu_wait(1))
		r = secmon_psci_cpu_on(env.c, target, (uintptr_t)nsk_secondary_entry, CTX_AGAIN);
	con_tap(&pmu_ntap, r == 0 && pmu_wait(2) && !(pmcr_again & PMCR_DP),
		"pmu: after CPU_OFF, CPU_ON enters with PMCR.DP clear (0x%x)", (unsigned)pmcr_again);
	con_printf("1..%u\n", pmu_ntap);
	nsk_power_off(env.c);
}

static __attribute__((noreturn)) void pmu_warm_entries(void)
{
	if (nsk_ncpus < 2 || !env.has_powerdown || !env.has_standby) {
		con_printf("Bail out! pmu: the warm entries need a second CPU, a standby and a "
			   "power-down state\n");
		nsk_power_off(env.c);
	}
	cycles_on();
	pmcr_before = pmcr_read();
	pmu_after_powerdown(secmon_psci_cpu_suspend(env.c, env.powerdown_state,
						    (uintptr_t)nsk_secondary_entry, CTX_RESUMED));
}

/* nsk_secondary_main(): the boot CPU's resume, or a start of the second CPU. */
static void a32_pmu_secondary(uint64_t context_id)
{
	switch (context_id) {
	case CTX_RESUMED:
		pmu_after_powerdown(0);
	case CTX_FIRST:
		cycles_on();
		__atomic_store_n(&pmu_stage, 1, __ATOMIC_RELEASE);
		break;
	case CTX_AGAIN:
		pmcr_again = pmcr_read();
		__atomic_store_n(&pmu_stage, 2, __ATOMIC_RELEASE);
		break;
	}
	secmon_psci_cpu_off(env.c);
}

/* libgcc's 64-bit division calls these on a zero divisor; its own raise a signal. */
int __aeabi_idiv0(int r);
long long __aeabi_ldiv0(long long r);

int __aeabi_idiv0(int r)
{
	return r;
}

long long __aeabi_ldiv0(long long r)
{
	return r;
}

/* ---- CPU state ---- */

#define SCTLR_RESET	0x00c50078u	/* MMU, caches, alignment checks off, low vectors */
#define HSCTLR_RESET	0x30c50818u
#define HCPTR_NO_TRAPS	0x000033ffu

/* Each CPU on entry, once it has a stack: vectors and a known SCTLR/HSCTLR. */
void nsk_cpu_early_init(void)
{
	if (a32_in_hyp()) {
		cp15_write(CP15_HSCTLR, HSCTLR_RESET);
		cp15_write(CP15_HVBAR, (uintptr_t)nsk_a32_hyp_vectors);
	}
	cp15_write(CP15_SCTLR, SCTLR_RESET);
	cp15_write(CP15_VBAR, (uintptr_t)nsk_a32_vectors);
	a32_isb();
	/* Back from a power-down suspend: the timer that woke us is still on. */
	wake_disarm();
}

/* Sets Hyp up for a PL1 guest (no traps; HCR = hcr) and drops to SVC. */
static void leave_hyp_with(uint32_t hcr)
{
	cp15_write(CP15_VPIDR, cp15_read(CP15_MIDR));
	cp15_write(CP15_VMPIDR, cp15_read(CP15_MPIDR));
	cp15_write(CP15_CNTHCTL, cp15_read(CP15_CNTHCTL) | 3);	/* PL1PCTEN, PL1PCEN */
	__asm__ volatile("mcrr p15, 4, %0, %0, c14" : : "r"(0) : "memory");	/* CNTVOFF */
	cp15_write(CP15_HCPTR, HCPTR_NO_TRAPS);
	cp15_write(CP15_HSTR, 0);
	cp15_write(CP15_HCR, hcr);
	a32_isb();
	nsk_a32_eret_to_svc();
}

/* A plain PL1 guest: no stage 2. */
static void leave_hyp(void)
{
	leave_hyp_with(0);
}

/*
 * nsk.test=guest (booted in Hyp mode): a hypervisor's guest may not read or
 * switch the monitor's recording (docs/trace.md). TRACE_INFO is answered in
 * Hyp mode; then the nsk drops to SVC as a guest, HCR.VM set with an
 * identity stage 2 (LPAE, 32-bit IPA, four 1 GiB blocks from level 1: RAM
 * at 0x40000000 normal write-back memory, the rest device memory), and
 * TRACE_INFO, TRACE_CTL and TRACE_READ must be DENIED, while its other
 * calls (PSCI_VERSION) are answered.
 */
#define HCR_VM		(1u << 0)
#define S2_BLOCK	(1ull | (1ull << 10) | (3ull << 8) | (3ull << 6))
#define S2_NORMAL_WB	(0xfull << 2)
#define S2_DEVICE	(0x1ull << 2)
#define VTCR_32BIT_L1	((1u << 31) | (3u << 12) | (1u << 10) | (1u << 8) | (1u << 6))

static uint64_t s2_table[4] __attribute__((aligned(4096)));
static uint64_t guest_buf[32] __attribute__((aligned(64)));

static void stage2_setup(void)
{
	uint32_t base = (uintptr_t)s2_table;

	for (unsigned i = 0; i < 4; i++)
		s2_table[i] = ((uint64_t)i << 30) | S2_BLOCK | (i == 1 ? S2_NORMAL_WB : S2_DEVICE);
	__asm__ volatile("dsb ishst" : : : "memory");
	__asm__ volatile("mcr p15, 4, %0, c2, c1, 2" : : "r"(VTCR_32BIT_L1));	/* VTCR */
	__asm__ volatile("mcrr p15, 6, %0, %1, c2" : : "r"(base), "r"(0u));	/* VTTBR */
	a32_isb();
	__asm__ volatile("mcr p15, 4, %0, c8, c7, 4\n\tdsb ish" : : "r"(0) : "memory"); /* TLBIALLNSNH */
}

static void guest_run(const struct secmon_conduit *c)
{
	unsigned ntap = 0;
	uint32_t r;

	if (!a32_in_hyp()) {
		con_printf("Bail out! guest: the nsk must boot in Hyp mode (--virt 1, no --el 1)\n");
		return;
	}
	r = (uint32_t)secmon_call3(c, SECMON_SIP_TRACE_INFO, 0, 0, 0);
	con_tap(&ntap, r == 0, "guest: TRACE_INFO from Hyp mode is answered (r0 0x%x)", (unsigned)r);
	stage2_setup();
	leave_hyp_with(HCR_VM);
	con_tap(&ntap, !a32_in_hyp(), "guest: now in SVC mode, stage 2 on (HCR.VM)");
	r = (uint32_t)secmon_call3(c, SECMON_SIP_TRACE_INFO, 0, 0, 0);
	con_tap(&ntap, r == (uint32_t)SECMON_PSCI_DENIED,
		"guest: TRACE_INFO from a guest is DENIED (r0 0x%x)", (unsigned)r);
	r = (uint32_t)secmon_call3(c, SECMON_SIP_TRACE_CTL, 1, 1, 0);
	con_tap(&ntap, r == (uint32_t)SECMON_PSCI_DENIED,
		"guest: TRACE_CTL from a guest is DENIED (r0 0x%x)", (unsigned)r);
	r = (uint32_t)secmon_call3(c, SECMON_SIP_TRACE_READ, (uintptr_t)guest_buf,
				   sizeof(guest_buf), 0);
	con_tap(&ntap, r == (uint32_t)SECMON_PSCI_DENIED,
		"guest: TRACE_READ from a guest is DENIED (r0 0x%x)", (unsigned)r);
	r = (uint32_t)secmon_call3(c, SECMON_PSCI_FN32(SECMON_PSCI_FN_VERSION), 0, 0, 0);
	con_tap(&ntap, r == SECMON_PSCI_VERSION_MAKE(1, 3),
		"guest: its PSCI_VERSION is answered (0x%x)", (unsigned)r);
	con_printf("1..%u\n", ntap);
}

void nsk_secondary_main(uint64_t context_id, uint64_t slot)
{
	__atomic_fetch_or(&secondary_modes, a32_in_hyp() ? 2u : 1u, __ATOMIC_RELAXED);
	if (slot >= nsk_ncpus) {
		con_printf("# nsk: FAIL a CPU with MPIDR 0x%llx started, not in the DT's /cpus\n",
			   a32_mpidr());
		secmon_psci_cpu_off(env.c);
		nsk_halt();
	}
	if (opt.want_el1 && a32_in_hyp())
		leave_hyp();
	if (opt.socdrv)
		drv_secondary();
	if (test.hostile)
		hostile_secondary((unsigned)slot);
	if (test.trace)
		trace_secondary((unsigned)slot);
	if (test_pmu)
		a32_pmu_secondary(context_id);
	if (test.endian)
		endian_secondary(context_id);
	if (opt.syssuspend)
		sysstress_secondary(context_id);
	conf_secondary(context_id);
	con_printf("# nsk: FAIL CPU_OFF returned on cpu %llu\n", slot);
	nsk_halt();
}

void nsk_a32_exception(uint32_t kind, uint32_t lr, uint32_t spsr, uint32_t hyp)
{
	static const char *const pl1[] = { "reset", "undefined instruction", "SVC",
					   "prefetch abort", "data abort", "unused", "IRQ",
					   "FIQ" };
	static const char *const h[] = { "reset", "undefined instruction", "HVC",
					 "prefetch abort", "data abort", "Hyp trap", "IRQ",
					 "FIQ" };

	if (hyp)
		con_printf("Bail out! nsk: %s exception to Hyp mode on MPIDR 0x%llx: HSR 0x%x "
			   "ELR 0x%x (nsk.elf 0x%llx) HDFAR 0x%x HIFAR 0x%x SPSR 0x%x\n",
			   h[kind & 7], a32_mpidr(), (unsigned)cp15_read(CP15_HSR), (unsigned)lr,
			   (uint64_t)lr - image_base, (unsigned)cp15_read(CP15_HDFAR),
			   (unsigned)cp15_read(CP15_HIFAR), (unsigned)spsr);
	else
		con_printf("Bail out! nsk: %s exception on MPIDR 0x%llx: LR 0x%x (nsk.elf 0x%llx) "
			   "DFSR 0x%x DFAR 0x%x IFSR 0x%x IFAR 0x%x SPSR 0x%x\n",
			   pl1[kind & 7], a32_mpidr(), (unsigned)lr, (uint64_t)lr - image_base,
			   (unsigned)cp15_read(CP15_DFSR), (unsigned)cp15_read(CP15_DFAR),
			   (unsigned)cp15_read(CP15_IFSR), (unsigned)cp15_read(CP15_IFAR),
			   (unsigned)spsr);
	/* Power off once; a fault inside SYSTEM_OFF must not recurse. */
	if (__atomic_fetch_add(&exceptions, 1, __ATOMIC_ACQ_REL) == 0 && env.c)
		secmon_psci_system_off(env.c);
	nsk_halt();
}

/* ---- boot ---- */

static const char *mode_name(uint32_t mask)
{
	switch (mask) {
	case 1:
		return "SVC";
	case 2:
		return "Hyp";
	case 3:
		return "SVC and Hyp";
	default:
		return "-";
	}
}

void nsk_main(uint64_t dtb, uint64_t base)
{
	uint64_t cpus[NSK_MAX_CPUS], me = a32_mpidr(), end;
	const struct secmon_conduit *psci;
	const char *why = 0;
	int n, failures;

	image_base = base;
	boot_hyp = a32_in_hyp();
	if (dt_open(&dt, dtb) != 0) {
		con_printf("Bail out! nsk: no device tree at r2 = 0x%llx\n", dtb);
		nsk_halt();
	}
	con_init(nsk_find_console(&dt));
	con_printf("# nsk: AArch32, entered in %s mode, image at 0x%llx, DTB at 0x%llx, MPIDR 0x%llx\n",
		   boot_hyp ? "Hyp" : a32_mode() == A32_MODE_SVC ? "SVC" : "an unexpected", base,
		   dtb, me);
	if (!boot_hyp && a32_mode() != A32_MODE_SVC) {
		con_printf("Bail out! nsk: entered in mode 0x%x; the boot protocol wants Hyp or SVC\n",
			   a32_mode());
		nsk_halt();
	}
	nsk_parse_bootargs(&dt, &opt, arch_option);
	/* The GICv2 is the only GIC of this port (wake.c). */
	nsk_find_gic(&dt, &gic, false);
	wake_init(&gic);
	n = nsk_find_cpus(&dt, cpus, NSK_MAX_CPUS, A32_MPIDR_MASK);
	nsk_set_cpus(me, cpus, n);

	if (opt.want_el1 && boot_hyp) {
		leave_hyp();
		boot_hyp = a32_in_hyp();
		con_printf("# nsk: now in %s mode\n", boot_hyp ? "Hyp" : "SVC");
	}

	if (opt.socdrv) {
		drv_run((const void *)(uintptr_t)dtb, opt.name[0] ? opt.name : "board", cpus,
			(unsigned)n, gic.version != 0, 0);
		env.c = &secmon_conduit_smc;
		nsk_power_off(env.c);
	}

	if (fiq_id12) {
		fiq_run(&secmon_conduit_smc);
		nsk_power_off(&secmon_conduit_smc);
	}

	psci = nsk_find_psci(&dt, a32_in_hyp() ? "in Hyp mode" : 0, &why);
	if (!psci) {
		con_printf("Bail out! nsk: %s\n", why);
		nsk_halt();
	}
	env.c = nsk_suspend_conduit(psci, gic.version != 0);
	if (test.secrets) {
		secrets_run(&dt, image_base, (uintptr_t)_end);
		nsk_power_off(env.c);
	}
	if (test.hostile) {
		hostile_run(env.c, test.calls ? test.calls : 100000, test.seed);
		nsk_power_off(env.c);
	}
	if (test_pmu) {
		env.secondary_pc = (uintptr_t)nsk_secondary_entry;
		nsk_env_init(&env, &dt, &opt, nsk_ram_end(&dt, image_base), gic.version != 0);
		a32_pmu_run(psci);
		pmu_warm_entries();
	}
	if (test.trace) {
		trace_run(env.c, nsk_ram_end(&dt, image_base), a32_in_hyp() ? 2 : 1, true);
		nsk_power_off(env.c);
	}
	if (test.guest) {
		guest_run(psci);
		nsk_power_off(psci);
	}
	if (test.endian) {
		env.secondary_pc = (uintptr_t)nsk_secondary_entry;
		nsk_env_init(&env, &dt, &opt, nsk_ram_end(&dt, image_base), gic.version != 0);
		endian_run(&env);
		nsk_power_off(env.c);
	}
	env.secondary_pc = thumb ? (uintptr_t)nsk_secondary_entry_thumb
				 : (uintptr_t)nsk_secondary_entry;
	end = nsk_ram_end(&dt, image_base);
	nsk_env_init(&env, &dt, &opt, end, gic.version != 0);

	nsk_append(env_name, sizeof(env_name), boot_hyp ? "nsk a32 hyp smp" : "nsk a32 svc smp");
	nsk_append_uint(env_name, sizeof(env_name), nsk_ncpus);
	nsk_append(env_name, sizeof(env_name), " gic");
	nsk_append_uint(env_name, sizeof(env_name), gic.version);
	nsk_append(env_name, sizeof(env_name), " ");
	nsk_append(env_name, sizeof(env_name), env.c->name);
	if (thumb)
		nsk_append(env_name, sizeof(env_name), " thumb");
	env.name = env_name;

	con_printf("# nsk: %s: %u CPUs, conduit %s (AArch32: r0-r12), RAM ends at 0x%llx, GICv%u "
		   "(GICD 0x%llx), wake-up INTID %u\n",
		   env.name, env.ncpus, env.c->name, end, gic.version, gic.dist, gic.timer_intid);
	con_printf("# nsk: standby 0x%x%s, power-down 0x%x%s, %u bad entry points, race %u\n",
		   env.standby_state, env.has_standby ? "" : " (skipped)", env.powerdown_state,
		   env.has_powerdown ? "" : " (skipped)", env.nbad_pc, env.race_starts);

	if (opt.syssuspend)
		sysstress_run(&env, opt.cycles);
	if (opt.fault)
		__asm__ volatile("udf #0x5e");
	failures = conf_run(&env);

	con_printf("# nsk: %s: %d failed; secondaries entered in %s mode; %u timer wake-ups\n",
		   env.name, failures,
		   mode_name(__atomic_load_n(&secondary_modes, __ATOMIC_RELAXED)), wake_fired());
	nsk_power_off(env.c);
}
