// SPDX-License-Identifier: BSD-3-Clause
/*
 * The payload's AArch64 part on QEMU virt: what entry.S calls (cold boot,
 * the calls, the PSCI hooks, interrupts, faults), the identity map it runs
 * under, the secure physical timer and its interrupt at the GIC (v2 or v3),
 * the lock, and the secure UART for its few messages.
 */
#include "core.h"
#include "platform.h"

#define SCTLR_EL1_RES1	0x30d00800ull
#define SCTLR_M		(1ull << 0)
#define SCTLR_C		(1ull << 2)
#define SCTLR_SA	(1ull << 3)
#define SCTLR_I		(1ull << 12)
#define MAIR_DEVICE	0	/* attribute index 0: Device-nGnRnE */
#define MAIR_NORMAL	1	/* attribute index 1: Normal write-back */
#define MAIR_VALUE	0xff00ull
/* T0SZ 32 (4 GiB, start at level 1), WB WA inner and outer, inner shareable,
 * 4 KiB granule, no TTBR1 walks, 4 GiB physical. */
#define TCR_VALUE	(32ull | 1ull << 8 | 1ull << 10 | 3ull << 12 | 1ull << 23)
#define PTE_TABLE	3ull
#define PTE_BLOCK	1ull
#define PTE_PAGE	3ull
#define PTE_AF		(1ull << 10)
#define PTE_ISH		(3ull << 8)
#define PTE_XN		(3ull << 53)	/* UXN and PXN */
#define PTE_ATTR(i)	((uint64_t)(i) << 2)
#define BLOCK_2M	0x200000ull

#define CNT_ENABLE	1ull
#define CNT_IMASK	2ull
#define CNT_ISTATUS	4ull
#define INTID_SPURIOUS	1020

void tos_thread_start(uint64_t stack_top, struct tos_thread *t);
void tos_thread_resume(uint64_t frame);
void tos_mmu_on(uint64_t mair, uint64_t tcr, uint64_t ttbr0, uint64_t sctlr);
void tos_smc_raw(uint64_t id, uint64_t x1);
void tos_fp_dirty(uint64_t pattern, uint64_t fpcr, uint64_t fpsr);
uint64_t tos_smc_call(uint64_t id);
/* entry.S's callees, here so that -Wmissing-prototypes sees them declared. */
void tos_c_cold_boot(unsigned cpu, uint64_t dt);
void tos_c_fast(unsigned cpu, struct tos_regs *r);
void tos_c_yield(unsigned cpu, struct tos_regs *r);
uint64_t tos_c_cpu_on(unsigned cpu, uint64_t unused);
uint64_t tos_c_cpu_off(unsigned cpu, uint64_t unused);
uint64_t tos_c_cpu_suspend(unsigned cpu, uint64_t level);
uint64_t tos_c_cpu_resume(unsigned cpu, uint64_t level);
uint64_t tos_c_system_off(unsigned cpu, uint64_t unused);
uint64_t tos_c_system_reset(unsigned cpu, uint64_t unused);
void tos_c_fiq(unsigned cpu);
uint64_t tos_c_thread_main(struct tos_thread *t);
void tos_c_thread_done(unsigned cpu, uint64_t result, struct tos_regs *r);
uint64_t tos_c_irq(void);
uint64_t tos_c_preempt(unsigned cpu, uint64_t frame);
void tos_c_panic(unsigned cpu, uint64_t esr, uint64_t elr, uint64_t far);
void tos_c_smc_returned(unsigned cpu);
extern char tos_el1_vectors[];

uint8_t tos_stacks[TOS_MAX_CPUS][4096] __attribute__((aligned(16)));
static uint8_t thread_stacks[TOS_THREADS][4096] __attribute__((aligned(16)));
static uint64_t l1[512] __attribute__((aligned(4096)));
static uint64_t l2[512] __attribute__((aligned(4096)));
static uint64_t l3[512] __attribute__((aligned(4096)));
static struct tos_thread *running[TOS_MAX_CPUS];
static volatile uint32_t lock_word;
static bool gic_v3;

#define sysreg_read(r) ({ uint64_t v_; __asm__ volatile("mrs %0, " #r : "=r"(v_)); v_; })
#define sysreg_write(r, v) __asm__ volatile("msr " #r ", %0" :: "r"((uint64_t)(v)) : "memory")

static inline uint32_t rd32(uint64_t a)
{
	return *(volatile uint32_t *)a;
}

static inline void wr32(uint64_t a, uint32_t v)
{
	*(volatile uint32_t *)a = v;
}

static inline void wr8(uint64_t a, uint8_t v)
{
	*(volatile uint8_t *)a = v;
}

/* ---- lock: one for all of the payload's shared state ---- */

void tos_arch_lock(void)
{
	uint32_t tmp, busy;

	__asm__ volatile("sevl\n"
			 "1: wfe\n"
			 "2: ldaxr %w0, [%2]\n"
			 "cbnz %w0, 1b\n"
			 "stxr %w1, %w3, [%2]\n"
			 "cbnz %w1, 2b\n"
			 : "=&r"(busy), "=&r"(tmp)
			 : "r"(&lock_word), "r"(1u)
			 : "memory");
}

void tos_arch_unlock(void)
{
	__asm__ volatile("stlr wzr, [%0]" :: "r"(&lock_word) : "memory");
}

/* ---- console: the secure PL011 ---- */

static void con_putc(char c)
{
	while (rd32(TOS_UART_BASE + 0x18) & (1u << 5))
		;
	wr32(TOS_UART_BASE, (uint8_t)c);
}

static void con_puts(const char *s)
{
	for (; *s; s++) {
		if (*s == '\n')
			con_putc('\r');
		con_putc(*s);
	}
}

static void con_hex(uint64_t v)
{
	con_puts("0x");
	for (int i = 60; i >= 0; i -= 4)
		con_putc("0123456789abcdef"[(v >> i) & 15]);
}

/* ---- the identity map: the payload's RAM and the devices, nothing else ---- */

static void map_build(void)
{
	uint64_t dev = PTE_BLOCK | PTE_AF | PTE_XN | PTE_ATTR(MAIR_DEVICE);
	uint64_t ram = PTE_AF | PTE_ISH | PTE_ATTR(MAIR_NORMAL);

	l1[0] = (uint64_t)(uintptr_t)l2 | PTE_TABLE;
	for (uint64_t a = TOS_DEV_BASE; a < TOS_DEV_END; a += BLOCK_2M)
		l2[a / BLOCK_2M] = a | dev;
	/* The first 2 MiB block holds the monitor's memory too: pages from our base. */
	l2[TOS_RAM_BASE / BLOCK_2M] = (uint64_t)(uintptr_t)l3 | PTE_TABLE;
	for (uint64_t a = TOS_RAM_BASE; a < (TOS_RAM_BASE | (BLOCK_2M - 1)); a += 4096)
		l3[(a % BLOCK_2M) / 4096] = a | ram | PTE_PAGE;
	for (uint64_t a = (TOS_RAM_BASE | (BLOCK_2M - 1)) + 1; a < TOS_RAM_END; a += BLOCK_2M)
		l2[a / BLOCK_2M] = a | ram | PTE_BLOCK;
}

static void mmu_on(void)
{
	tos_mmu_on(MAIR_VALUE, TCR_VALUE, (uint64_t)(uintptr_t)l1,
		   SCTLR_EL1_RES1 | SCTLR_M | SCTLR_C | SCTLR_SA | SCTLR_I);
}

/* ---- the GIC: the secure timer's PPI, secure on this CPU ---- */

static uint64_t redistributor(void)
{
	uint64_t mpidr = sysreg_read(mpidr_el1);
	uint32_t aff = (uint32_t)((mpidr & 0xffffff) | (mpidr >> 32 & 0xff) << 24);

	for (uint64_t rd = TOS_GICR_BASE; rd < TOS_GICR_BASE + 0x20000ull * 64; rd += 0x20000) {
		uint64_t typer = rd32(rd + 8) | (uint64_t)rd32(rd + 12) << 32;

		if ((uint32_t)(typer >> 32) == aff)
			return rd;
		if (typer & (1u << 4))
			break;
	}
	return 0;
}

static void gic_cpu_init(void)
{
	uint32_t bit = 1u << TOS_TIMER_INTID;

	if (gic_v3) {
		uint64_t sgi = redistributor();

		/*
		 * The secure ICC_SRE_EL1; Secure Group 1's enables, at this PE's
		 * interface and at the distributor, are the monitor's to set, as
		 * OP-TEE built for TF-A expects.
		 */
		sysreg_write(S3_0_C12_C12_5, sysreg_read(S3_0_C12_C12_5) | 1);
		__asm__ volatile("isb");
		if (!sgi)
			return;
		sgi += 0x10000;
		wr32(sgi + 0x80, rd32(sgi + 0x80) & ~bit);		/* IGROUPR0 */
		wr32(sgi + 0xd00, rd32(sgi + 0xd00) | bit);		/* IGRPMODR0: G1S */
		wr8(sgi + 0x400 + TOS_TIMER_INTID, TOS_TIMER_PRIORITY);
		wr32(sgi + 0x100, bit);					/* ISENABLER0 */
	} else {
		wr32(TOS_GICD_BASE + 0x80, rd32(TOS_GICD_BASE + 0x80) & ~bit);	/* group 0 */
		wr8(TOS_GICD_BASE + 0x400 + TOS_TIMER_INTID, TOS_TIMER_PRIORITY);
		wr32(TOS_GICD_BASE + 0x100, bit);
		/* CPU interface: group 0 enabled and signalled as FIQ. */
		wr32(TOS_GICC_BASE, rd32(TOS_GICC_BASE) | 1u | 1u << 3);
	}
}

/* A secure SGI (group 1 secure, group 0 on a GICv2) pending at this CPU, enabled. */
static void gic_sgi_self(unsigned intid)
{
	uint32_t bit = 1u << intid;

	if (gic_v3) {
		uint64_t sgi = redistributor();
		uint64_t mpidr = sysreg_read(mpidr_el1);

		if (!sgi)
			return;
		sgi += 0x10000;
		wr32(sgi + 0x80, rd32(sgi + 0x80) & ~bit);		/* IGROUPR0 */
		wr32(sgi + 0xd00, rd32(sgi + 0xd00) | bit);		/* IGRPMODR0: G1S */
		wr8(sgi + 0x400 + intid, TOS_TIMER_PRIORITY);
		wr32(sgi + 0x100, bit);					/* ISENABLER0 */
		__asm__ volatile("dsb sy");
		/* ICC_SGI1R_EL1: this CPU's Aff3.Aff2.Aff1 and its bit in the target list. */
		sysreg_write(S3_0_C12_C11_5, (mpidr >> 32 & 0xff) << 48 | (mpidr >> 16 & 0xff) << 32 |
					     (mpidr >> 8 & 0xff) << 16 | (uint64_t)intid << 24 |
					     1ull << (mpidr & 0xf));
	} else {
		wr32(TOS_GICD_BASE + 0x80, rd32(TOS_GICD_BASE + 0x80) & ~bit);	/* group 0 */
		wr8(TOS_GICD_BASE + 0x400 + intid, TOS_TIMER_PRIORITY);
		wr32(TOS_GICD_BASE + 0x100, bit);
		wr32(TOS_GICD_BASE + 0xf00, 2u << 24 | intid);		/* GICD_SGIR: to itself */
	}
	__asm__ volatile("isb");
}

static void gic_init(void)
{
	/* ID_AA64PFR0_EL1.GIC: the GICv3 system registers are there. */
	gic_v3 = (sysreg_read(id_aa64pfr0_el1) >> 24 & 0xf) != 0;
	if (!gic_v3 && !(rd32(TOS_GICD_BASE) & 1u)) {
		wr32(TOS_GICD_BASE, rd32(TOS_GICD_BASE) | 1u);	/* EnableGrp0 */
	}
}

static uint32_t gic_ack(void)
{
	if (gic_v3)
		return (uint32_t)sysreg_read(S3_0_C12_C12_0) & 0xffffff;	/* ICC_IAR1_EL1 */
	return rd32(TOS_GICC_BASE + 0x0c) & 0x3ff;
}

static void gic_eoi(uint32_t intid)
{
	if (gic_v3)
		sysreg_write(S3_0_C12_C12_1, intid);	/* ICC_EOIR1_EL1 */
	else
		wr32(TOS_GICC_BASE + 0x10, intid);
}

/* ---- the secure physical timer ---- */

void tos_arch_timer_arm(uint64_t period)
{
	sysreg_write(cntps_tval_el1, period);
	sysreg_write(cntps_ctl_el1, CNT_ENABLE);
	__asm__ volatile("isb");
}

void tos_arch_timer_off(void)
{
	sysreg_write(cntps_ctl_el1, 0);
	__asm__ volatile("isb");
}

static bool timer_firing(void)
{
	return (sysreg_read(cntps_ctl_el1) & (CNT_ENABLE | CNT_IMASK | CNT_ISTATUS)) ==
	       (CNT_ENABLE | CNT_ISTATUS);
}

/* Acknowledge what the GIC has for the secure side; the timer's is counted. */
static void secure_interrupt(unsigned cpu)
{
	uint32_t intid = gic_ack();

	if (intid >= INTID_SPURIOUS) {
		tos_timer_other(cpu);
		return;
	}
	if (intid == TOS_TIMER_INTID) {
		uint64_t next = tos_timer_fired(cpu);

		if (next)
			tos_arch_timer_arm(next);
		else
			tos_arch_timer_off();
	} else {
		tos_timer_other(cpu);
	}
	gic_eoi(intid);
}

/* ---- what entry.S calls ---- */


void tos_c_cold_boot(unsigned cpu, uint64_t dt)
{
	uint64_t ns[TOS_MAX_NS_RANGES][2];
	int n;

	/* The DT is read before the MMU is on: it is in normal-world RAM. */
	n = tos_dt_memory((const void *)(uintptr_t)dt, TOS_DT_MAX, ns, TOS_MAX_NS_RANGES);
	tos_core_init(ns, n > 0 ? (unsigned)n : 0);
	map_build();
	gic_init();
	mmu_on();
	gic_cpu_init();
	tos_cpu_boot(cpu, sysreg_read(mpidr_el1));
	con_puts("tos: secure payload ready, ");
	con_puts(gic_v3 ? "GICv3" : "GICv2");
	con_puts(n > 0 ? ", normal-world RAM from the DT\n" : ", no /memory in the DT\n");
}

/*
 * TOS_PASSING: values of its own (secure addresses among them) in its
 * passing EL1 registers, then a call to the monitor (SMCCC_VERSION, which
 * the monitor answers and goes on from), then how many still hold them.
 */
#define SMCCC_VERSION_ID	0x80000000u

static void passing_read(uint64_t v[TOS_PASSING_REGS])
{
	v[0] = sysreg_read(esr_el1);
	v[1] = sysreg_read(far_el1);
	v[2] = sysreg_read(elr_el1);
	v[3] = sysreg_read(spsr_el1);
	v[4] = sysreg_read(par_el1);
	v[5] = sysreg_read(csselr_el1);
}

static void passing(struct tos_regs *r)
{
	uint64_t mine[TOS_PASSING_REGS], now[TOS_PASSING_REGS];
	unsigned kept = 0;

	sysreg_write(esr_el1, 0x96000050);
	sysreg_write(far_el1, 0x0e1f0000 + r->x[1]);
	sysreg_write(elr_el1, 0x0e1e0004);
	sysreg_write(spsr_el1, 0x3c4);
	sysreg_write(par_el1, 0x0e1d0000);
	sysreg_write(csselr_el1, 1);
	__asm__ volatile("isb" ::: "memory");
	passing_read(mine);
	r->x[1] = tos_smc_call(SMCCC_VERSION_ID);
	passing_read(now);
	for (unsigned i = 0; i < TOS_PASSING_REGS; i++)
		kept += now[i] == mine[i];
	r->x[2] = kept;
	r->x[3] = 0;
}

void tos_c_fast(unsigned cpu, struct tos_regs *r)
{
	switch (tos_fast_call(cpu, r)) {
	case TOS_ACT_ANSWER:
		return;
	case TOS_ACT_FP_DIRTY:
		tos_fp_dirty(TOS_FP_PATTERN, TOS_FP_FPCR, TOS_FP_FPSR);
		return;
	case TOS_ACT_PASSING:
		passing(r);
		return;
	case TOS_FAULT_DATA_ABORT:
		(void)*(volatile uint64_t *)TOS_UNMAPPED_VA;
		break;
	case TOS_FAULT_UNDEFINED:
		__asm__ volatile("udf #0");
		break;
	case TOS_FAULT_UNKNOWN_ID:
		tos_smc_raw(TOS_UNKNOWN_RETURN, 0);
		break;
	case TOS_FAULT_WRONG_RETURN:
		tos_smc_raw(TOS_RETURN_ON_DONE, 0);
		break;
	case TOS_FAULT_NS_KEY:
		tos_smc_raw(TOS_RETURN_CALL_DONE, sysreg_read(S3_0_C2_C1_0));	/* APIAKeyLo_EL1 */
		break;
	case TOS_FAULT_SGI:
		gic_sgi_self(TOS_FAULT_SGI_INTID);
		tos_smc_raw(TOS_UNKNOWN_RETURN, 0);
		break;
	case TOS_FAULT_TIMER_HANG:
		tos_arch_timer_arm(TOS_TIMER_MIN_PERIOD);
		break;
	default:
		break;
	}
	con_puts("tos: hanging on request\n");
	for (;;)
		__asm__ volatile("wfi");
}

void tos_c_yield(unsigned cpu, struct tos_regs *r)
{
	struct tos_thread *t = 0;

	switch (tos_std_call(cpu, r, &t)) {
	case TOS_STD_START:
		running[cpu] = t;
		tos_thread_start((uint64_t)(uintptr_t)(thread_stacks[tos_thread_index(t)] +
						       sizeof(thread_stacks[0])), t);
		break;
	case TOS_STD_RESUME:
		running[cpu] = t;
		tos_thread_resume(t->frame);
		break;
	default:
		break;
	}
}

uint64_t tos_c_thread_main(struct tos_thread *t)
{
	return tos_long_result(t->rounds, t->seed);
}

void tos_c_thread_done(unsigned cpu, uint64_t result, struct tos_regs *r)
{
	struct tos_thread *t = running[cpu];

	running[cpu] = 0;
	tos_thread_finish(t, result, r);
}

/* 0: the secure timer's, handled; 1: the normal world's (leave the thread). */
uint64_t tos_c_irq(void)
{
	int cpu = tos_cpu_index(sysreg_read(mpidr_el1));

	if (cpu < 0 || !running[cpu] || timer_firing()) {
		secure_interrupt(cpu < 0 ? 0 : (unsigned)cpu);
		return 0;
	}
	return 1;
}

uint64_t tos_c_preempt(unsigned cpu, uint64_t frame)
{
	struct tos_thread *t = running[cpu];

	running[cpu] = 0;
	tos_thread_preempted(t, frame);
	return tos_thread_index(t);
}

void tos_c_fiq(unsigned cpu)
{
	secure_interrupt(cpu);
}

uint64_t tos_c_cpu_on(unsigned cpu, uint64_t unused)
{
	(void)unused;
	sysreg_write(vbar_el1, (uint64_t)(uintptr_t)tos_el1_vectors);
	mmu_on();
	gic_cpu_init();
	tos_hook(cpu, TOS_HOOK_CPU_ON, sysreg_read(mpidr_el1));
	return 0;
}

uint64_t tos_c_cpu_off(unsigned cpu, uint64_t unused)
{
	(void)unused;
	tos_hook(cpu, TOS_HOOK_CPU_OFF, sysreg_read(mpidr_el1));
	return 0;
}

uint64_t tos_c_cpu_suspend(unsigned cpu, uint64_t level)
{
	(void)level;
	tos_hook(cpu, TOS_HOOK_SUSPEND, sysreg_read(mpidr_el1));
	return 0;
}

uint64_t tos_c_cpu_resume(unsigned cpu, uint64_t level)
{
	(void)level;
	gic_cpu_init();		/* a power-down may have lost the PPI's set-up */
	tos_hook(cpu, TOS_HOOK_RESUME, sysreg_read(mpidr_el1));
	return 0;
}

uint64_t tos_c_system_off(unsigned cpu, uint64_t unused)
{
	(void)unused;
	tos_hook(cpu, TOS_HOOK_SYSTEM_OFF, sysreg_read(mpidr_el1));
	return 0;
}

uint64_t tos_c_system_reset(unsigned cpu, uint64_t unused)
{
	(void)unused;
	tos_hook(cpu, TOS_HOOK_SYSTEM_RESET, sysreg_read(mpidr_el1));
	return 0;
}

void tos_c_panic(unsigned cpu, uint64_t esr, uint64_t elr, uint64_t far)
{
	con_puts("tos: exception on CPU ");
	con_putc((char)('0' + cpu));
	con_puts(": ESR ");
	con_hex(esr);
	con_puts(" ELR ");
	con_hex(elr);
	con_puts(" FAR ");
	con_hex(far);
	con_puts("; this CPU stops here\n");
	for (;;)
		__asm__ volatile("wfi");
}

void tos_c_smc_returned(unsigned cpu)
{
	con_puts("tos: the monitor returned from an answer's SMC on CPU ");
	con_putc((char)('0' + cpu));
	con_puts("\n");
}
