// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=tos: the project's secure payload (tos/, docs/trusted-os.md)
 * from the normal world, through whatever monitor dispatches to it (today
 * TF-A's opteed with tos.bin as BL32; secmon's dispatcher next): its
 * identification in OEN 63, every argument register reaching it, the
 * secure-media service with its state in secure memory, the PSCI hooks
 * counted as secondaries start, suspend (power-down, nsk.tospd=STATE, default
 * 0x10002, the core power-down of secmon and of TF-A's QEMU port;
 * nsk.tospd=none: no suspend, no such line), resume and
 * stop, N secure
 * timer interrupts taken
 * while this kernel runs with none lost, and yielding calls that this
 * kernel's own timer preempts (RPC foreign interrupt) and that are resumed
 * until they finish with the right result, at least nsk.preempt=N (100)
 * preemptions in all; the FP/SIMD registers of both sides kept apart.
 * Around fast calls: recording (every call recorded with its answer),
 * this kernel's SP_EL0, EL0 thread and EL1 registers kept, its cycle
 * counter blind to the payload's time, and calls made with one of its
 * interrupts pending (an FIQ to EL3 inside each call on a GICv3) answered
 * whole, the interrupt left pending.
 * nsk.tosfault=K (0-7): instead, the payload's failure K contained by the
 * monitor (faults() below).
 */
#include <secmon/client.h>
#include <secmon/sip.h>
#include <secmon/trace.h>
#include "../../tos/tos_abi.h"
#include "nsk.h"

#define LONG_ROUNDS	20000000u
#define MAX_LONG_CALLS	50
#define TIMER_IRQS	200
#define TIMER_PERIOD	31250u		/* 0.5 ms at 62.5 MHz */
#define CTX_RESUMED	0x7e5e0000u	/* context ID of the secondaries' resume */
#define CTX_FAULT	0x7e5f0000u	/* a secondary that makes the payload fail */
#define CTX_LATE	0x7e600000u	/* one that calls it after that */
#define NS_FP_PATTERN	0x4e5f9a0000000000ull	/* this kernel's q<n>: NS_FP_PATTERN + n */
#define NS_FPCR		0x00400000u	/* round towards plus infinity */
#define NS_FPSR		0x00000010u	/* IXC */
#define NS_KEY		0x4e5a9e0000c0ffeeull	/* CPU 1's APIAKeyLo_EL1 in nsk.tosfault=5 */
#define ISR_I		(1u << 7)	/* ISR_EL1: an IRQ pending */

uint64_t nsk_fp_smc(uint64_t x0, uint64_t pattern, uint64_t fpcr_fpsr[2], uint64_t q[64]);
uint64_t nsk_sve_vl(void);

static unsigned ntap;
static const struct secmon_conduit *conduit;
static volatile uint64_t seen_mpidr[NSK_MAX_CPUS];
static volatile uint64_t seen_index[NSK_MAX_CPUS];
static volatile uint32_t resumed[NSK_MAX_CPUS];
static volatile uint64_t seen_vl[NSK_MAX_CPUS];
static volatile uint32_t fp_resumed[NSK_MAX_CPUS];
static uint64_t powerdown_state;	/* 0: none */
static volatile uint64_t fault_kind, fault_ret[4], late_ret;
static volatile uint32_t fault_done, late_done;
static volatile uint64_t key_after;
static volatile uint64_t fault_gprs_changed;
static volatile unsigned fault_regs_same, fault_regs_n, fault_regs_first;

/* The registers the payload has its own of (regs_read(), own_pattern). */
#define NREGS	17
static unsigned regs_read(uint64_t v[NREGS]);
static void regs_write(const uint64_t v[NREGS]);
static const uint64_t own_pattern[NREGS];

/*
 * What kept_call() saw: how many of the n registers the payload has its own
 * of came back as set (the first that did not: its index, value set and
 * value after), x18-x30 changed (hostile_smc()'s mask) and x4-x17 changed
 * (bit i for xi; how many came back as sent).
 */
struct kept {
	unsigned n, same, first, x4_x17_same;
	uint64_t set, after, x18_x30, x4_x17;
};
static void kept_call(struct secmon_regs *in, struct secmon_regs *out, struct kept *k);

/* PAuth with an address key (APA, API or APA3): APIAKey_EL1 is there. */
static bool has_pauth(void)
{
	/* S3_0_C0_C6_2: ID_AA64ISAR2_EL1 */
	return (sysreg_read(id_aa64isar1_el1) & 0xff0) || (sysreg_read(S3_0_C0_C6_2) & 0xf000);
}

static struct secmon_regs call8(uint64_t x0, uint64_t x1, uint64_t x2, uint64_t x3,
				uint64_t x4, uint64_t x5, uint64_t x6, uint64_t x7)
{
	struct secmon_regs in = { { x0, x1, x2, x3, x4, x5, x6, x7 } }, out;

	secmon_invoke(conduit, &in, &out);
	return out;
}

static struct secmon_regs call(uint64_t x0, uint64_t x1, uint64_t x2, uint64_t x3)
{
	return call8(x0, x1, x2, x3, 0, 0, 0, 0);
}

/* TOS_LONG's result, as tos_abi.h defines it (tos/core.c tos_long_result). */
static uint64_t long_result(uint64_t rounds, uint64_t seed)
{
	uint64_t v = seed;

	for (uint64_t i = 0; i < rounds; i++) {
		v = v * 6364136223846793005ull + 1442695040888963407ull;
		v ^= v >> 29;
	}
	return v;
}

/*
 * A call in which the payload sets all of its FP/SIMD registers
 * (TOS_FP_DIRTY): true when this kernel's q0-q31 (both halves), FPCR and
 * FPSR survive it and none of the payload's values reaches it.
 */
struct fp_seen {
	uint64_t x0, ctl[2];
	unsigned kept, theirs;
};

static bool fp_call(struct fp_seen *f)
{
	uint64_t q[64] __attribute__((aligned(16)));

	f->ctl[0] = NS_FPCR;
	f->ctl[1] = NS_FPSR;
	f->kept = f->theirs = 0;
	f->x0 = nsk_fp_smc(TOS_FP_DIRTY, NS_FP_PATTERN, f->ctl, q);
	for (unsigned n = 0; n < 32; n++) {
		f->kept += q[2 * n] == NS_FP_PATTERN + n && q[2 * n + 1] == ~(NS_FP_PATTERN + n);
		f->theirs += q[2 * n] == TOS_FP_PATTERN + n || q[2 * n + 1] == TOS_FP_PATTERN + n;
	}
	return f->x0 == 0 && f->kept == 32 && !f->theirs && f->ctl[0] == NS_FPCR &&
	       f->ctl[1] == NS_FPSR;
}

/*
 * Started: call the payload, power down once (the timer wakes it), and
 * after the resume make one FP/SIMD check (its CPTR_EL3 values are kept
 * per CPU from its cpu_on), stop.
 */
void tos_secondary(uint64_t context_id, unsigned slot)
{
	struct secmon_regs r;

	if (context_id == CTX_FAULT + slot) {
		struct secmon_regs in = { { TOS_FAULT, fault_kind } };
		struct kept k;

		if (fault_kind == TOS_FAULT_NS_KEY && has_pauth())
			sysreg_write(S3_0_C2_C1_0, NS_KEY);	/* APIAKeyLo_EL1 */
		/*
		 * Its registers and x4-x30 as set, whatever the payload
		 * wrote to its own meanwhile (a data abort's ESR, FAR, ELR
		 * and SPSR_EL1 at secure EL1, before it hangs).
		 */
		kept_call(&in, &r, &k);
		fault_gprs_changed = k.x18_x30 | k.x4_x17 << 16;
		fault_regs_same = k.same;
		fault_regs_n = k.n;
		fault_regs_first = k.first;
		if (fault_kind == TOS_FAULT_NS_KEY && has_pauth())
			key_after = sysreg_read(S3_0_C2_C1_0);
		for (unsigned i = 0; i < 4; i++)
			fault_ret[i] = r.x[i];
		__atomic_store_n(&fault_done, 1, __ATOMIC_RELEASE);
		secmon_psci_cpu_off(conduit);
		return;
	}
	if (context_id == CTX_LATE + slot) {
		late_ret = call(TOS_CALLS_UID, 0, 0, 0).x[0];
		__atomic_store_n(&late_done, 1, __ATOMIC_RELEASE);
		secmon_psci_cpu_off(conduit);
		return;
	}
	if (context_id == CTX_RESUMED + slot) {
		struct fp_seen f;

		wake_disarm();
		fp_resumed[slot] = fp_call(&f);
		resumed[slot] = 1;
		secmon_psci_cpu_off(conduit);
		return;
	}
	seen_vl[slot] = nsk_sve_vl();
	r = call(TOS_CPU_INFO, 0, 0, 0);
	seen_index[slot] = r.x[0] == TOS_OK ? r.x[2] : ~0ull;
	seen_mpidr[slot] = r.x[1];
	if (!powerdown_state) {
		secmon_psci_cpu_off(conduit);
		return;
	}
	wake_arm();
	secmon_psci_cpu_suspend(conduit, (uint32_t)powerdown_state,
				(uintptr_t)nsk_secondary_entry, CTX_RESUMED + slot);
	/* Back here: the suspend was refused or returned as a standby. */
	wake_disarm();
	resumed[slot] = 2;
	secmon_psci_cpu_off(conduit);
}

/*
 * The payload's FP/SIMD registers never reach this kernel, whose own
 * (q0-q31 both halves, FPCR, FPSR) survive a call in which the payload sets
 * all of its own (TOS_FP_DIRTY).
 */
static int fp_regs(void)
{
	struct fp_seen f;
	bool ok = fp_call(&f);

	return con_tap(&ntap, ok,
		       "tos: this kernel's q0-q31, FPCR and FPSR survive a call in which the payload "
		       "sets its own (x0 %ld; %u of 32 kept, %u of the payload's seen; FPCR %lx "
		       "FPSR %lx)", (int64_t)f.x0, f.kept, f.theirs, f.ctl[0], f.ctl[1]);
}

/*
 * The registers the payload has its own of, as this kernel set them, come
 * back from a fast call unchanged (the payload's are loaded while it runs):
 * SP_EL0, TPIDR_EL0, TPIDRRO_EL0 and some EL1 registers; at EL2, where
 * this kernel runs nothing at EL1, more of them. Each holds a pattern of
 * its own during the call, and what it had before afterwards.
 */
static unsigned regs_read(uint64_t v[NREGS])
{
	unsigned n = 0;

	v[n++] = sysreg_read(sp_el0);
	v[n++] = sysreg_read(tpidr_el0);
	v[n++] = sysreg_read(tpidrro_el0);
	v[n++] = sysreg_read(tpidr_el1);
	v[n++] = sysreg_read(contextidr_el1);
	v[n++] = sysreg_read(far_el1);
	v[n++] = sysreg_read(esr_el1);
	if (current_el() != 2)
		return n;
	v[n++] = sysreg_read(mair_el1);
	v[n++] = sysreg_read(vbar_el1);
	v[n++] = sysreg_read(sp_el1);
	v[n++] = sysreg_read(elr_el1);
	v[n++] = sysreg_read(spsr_el1);
	v[n++] = sysreg_read(ttbr0_el1);
	v[n++] = sysreg_read(ttbr1_el1);
	v[n++] = sysreg_read(tcr_el1);
	v[n++] = sysreg_read(cntkctl_el1);
	v[n++] = sysreg_read(csselr_el1);
	return n;
}

static void regs_write(const uint64_t v[NREGS])
{
	unsigned n = 0;

	sysreg_write(sp_el0, v[n++]);
	sysreg_write(tpidr_el0, v[n++]);
	sysreg_write(tpidrro_el0, v[n++]);
	sysreg_write(tpidr_el1, v[n++]);
	sysreg_write(contextidr_el1, v[n++]);
	sysreg_write(far_el1, v[n++]);
	sysreg_write(esr_el1, v[n++]);
	if (current_el() == 2) {
		sysreg_write(mair_el1, v[n++]);
		sysreg_write(vbar_el1, v[n++]);
		sysreg_write(sp_el1, v[n++]);
		sysreg_write(elr_el1, v[n++]);
		sysreg_write(spsr_el1, v[n++]);
		sysreg_write(ttbr0_el1, v[n++]);
		sysreg_write(ttbr1_el1, v[n++]);
		sysreg_write(tcr_el1, v[n++]);
		sysreg_write(cntkctl_el1, v[n++]);
		sysreg_write(csselr_el1, v[n++]);
	}
	isb();
}

/* This kernel's values for them while a call runs. */
static const uint64_t own_pattern[NREGS] = {
	0x4e5f5e0000001230ull, 0x4e5f7e0000000001ull, 0x4e5f7e0000000002ull,
	0x4e5f7e1000000003ull, 0x00000000c0de0004ull, 0x4e5ffa0000000005ull,
	0x0000000096000045ull, 0x4e5fa1ee00ff0444ull, 0x000000004e5f0800ull,
	0x000000004e5f5f10ull, 0x4e5fe1e000000008ull, 0x00000000000003c5ull,
	0x000000004e5f1000ull, 0x000000004e5f2000ull, 0x00000025b5103510ull,
	0x0000000000000003ull, 0x0000000000000002ull,
};

/* The n registers' count of equal values, and the first that differs (n: none). */
static unsigned regs_same(unsigned n, const uint64_t set[NREGS], const uint64_t after[NREGS],
			  unsigned *first)
{
	unsigned same = 0;

	*first = n;
	for (unsigned i = 0; i < n; i++) {
		same += after[i] == set[i];
		if (after[i] != set[i] && *first == n)
			*first = i;
	}
	return same;
}

/*
 * `in` sent by hostile_smc() with x4-x17 and x18-x30 set to patterns, and
 * the registers the payload has its own of set to own_pattern meanwhile
 * (put back after): what came back as sent and set, in k.
 */
static void kept_call(struct secmon_regs *in, struct secmon_regs *out, struct kept *k)
{
	uint64_t before[NREGS], set[NREGS], after[NREGS], hi[13];

	for (unsigned i = 0; i < 13; i++)
		hi[i] = 0x4e5f180000000000ull + i;
	for (unsigned i = 4; i < 18; i++)
		in->x[i] = 0x4e5f040000000000ull + i;
	k->n = regs_read(before);
	regs_write(own_pattern);
	regs_read(set);
	k->x18_x30 = hostile_smc(in, out, hi);
	regs_read(after);
	regs_write(before);
	k->same = regs_same(k->n, set, after, &k->first);
	k->set = k->first < k->n ? set[k->first] : 0;
	k->after = k->first < k->n ? after[k->first] : 0;
	k->x4_x17 = 0;
	k->x4_x17_same = 0;
	for (unsigned i = 4; i < 18; i++) {
		k->x4_x17 |= (uint64_t)(out->x[i] != in->x[i]) << i;
		k->x4_x17_same += out->x[i] == in->x[i];
	}
}

static int own_regs(void)
{
	uint64_t before[NREGS], set[NREGS], after[NREGS];
	unsigned n = regs_read(before), same, first;
	struct secmon_regs r;

	regs_write(own_pattern);
	regs_read(set);
	r = call(TOS_CALLS_UID, 0, 0, 0);
	regs_read(after);
	regs_write(before);
	same = regs_same(n, set, after, &first);
	return con_tap(&ntap, r.x[0] == TOS_UID_0 && same == n,
		       "tos: %u of %u registers the payload has its own of (SP_EL0, TPIDR_EL0, "
		       "..., EL1's at EL2) as this kernel set them after a fast call (first changed: "
		       "%u, 0x%lx -> 0x%lx)", same, n, first, first < n ? set[first] : 0,
		       first < n ? after[first] : 0);
}

/*
 * The normal world's cycle counter counts none of the payload's time (the
 * monitor's PMCR_EL0.DP while a call runs, vectors.S pmu_hide: secure
 * state is a prohibited region). PMCCFILTR_EL0 set to count EL1 but not
 * Non-secure EL1 (P = 0, NSK = 1), neither EL0, EL2 nor EL3: CALLS fast
 * calls, each of which runs the payload at secure EL1, count (almost)
 * nothing. The control: this kernel's own EL counts.
 */
#define PMCR_E		(1ull << 0)
#define PMCR_DP		(1ull << 5)
#define FILT_P		(1ull << 31)
#define FILT_U		(1ull << 30)
#define FILT_NSK	(1ull << 29)
#define FILT_NSU	(1ull << 28)
#define FILT_NSH	(1ull << 27)
#define FILT_M		(1ull << 26)
#define PMU_CALLS	200
#define PMU_MAX_PER_CALL 32

static uint64_t count_tos_calls(uint64_t filter)
{
	uint64_t c0;

	sysreg_write(pmccfiltr_el0, filter);
	isb();
	c0 = sysreg_read(pmccntr_el0);
	for (unsigned i = 0; i < PMU_CALLS; i++)
		call(TOS_CALLS_UID, 0, 0, 0);
	isb();
	return sysreg_read(pmccntr_el0) - c0;
}

static int secure_cycles(void)
{
	unsigned pmuver = (unsigned)(sysreg_read(id_aa64dfr0_el1) >> 8) & 0xf;
	uint64_t here = current_el() == 2 ? FILT_P | FILT_U | FILT_NSH | FILT_M : FILT_U | FILT_M;
	uint64_t pmcr = sysreg_read(pmcr_el0), mine, secure, after;
	int fail = 0;

	if (pmuver == 0 || pmuver == 0xf)
		return con_tap(&ntap, false, "tos: the CPU has no PMUv3 (ID_AA64DFR0_EL1.PMUVer %u)",
			       pmuver);
	sysreg_write(pmcntenset_el0, 1ull << 31);
	sysreg_write(pmcr_el0, (pmcr & ~PMCR_DP) | PMCR_E);
	isb();
	mine = count_tos_calls(here);
	secure = count_tos_calls(FILT_U | FILT_NSK | FILT_NSU | FILT_M);
	after = sysreg_read(pmcr_el0);
	sysreg_write(pmcntenclr_el0, 1ull << 31);
	sysreg_write(pmcr_el0, pmcr);
	isb();
	fail += con_tap(&ntap, mine > PMU_CALLS && secure <= PMU_MAX_PER_CALL * PMU_CALLS &&
				       (after & (PMCR_E | PMCR_DP)) == PMCR_E,
			"tos: %u fast calls count %lu cycles at secure EL1 (at most %u a call; this "
			"kernel's EL counted %lu), PMCR_EL0 back as set (0x%lx)", PMU_CALLS, secure,
			PMU_MAX_PER_CALL, mine, after);
	return fail;
}

/*
 * Fast calls while one of this kernel's interrupts is pending (its timer;
 * PSTATE.I set, so never taken here): on a GICv3 a non-secure Group 1
 * interrupt reaches the monitor as an FIQ while the secure world runs, in
 * the middle of the call. Each call must still get its whole answer, this
 * kernel's FP/SIMD registers must survive one in which the payload sets
 * its own, and the interrupt must still be pending for this kernel after
 * them (ISR_EL1.I), not taken or lost in the monitor.
 */
static int ns_interrupt(void)
{
	uint64_t q[64] __attribute__((aligned(16))), ctl[2] = { NS_FPCR, NS_FPSR }, x0, t0;
	unsigned right = 0, kept = 0, theirs = 0, pend_before, pend_after;
	struct secmon_regs r;

	wake_arm();
	t0 = nsk_ticks();
	while (!(sysreg_read(isr_el1) & ISR_I) && nsk_ticks() - t0 < nsk_tick_freq())
		;
	pend_before = !!(sysreg_read(isr_el1) & ISR_I);
	for (unsigned i = 0; i < 16; i++) {
		r = call8(TOS_ARGS, 100 + i, 200 + i, i, 1, 2, 3, 4);
		right += r.x[0] == 0 && r.x[1] == 100 + i && r.x[2] == 200 + i && r.x[3] == i + 40;
	}
	r = call(TOS_CALLS_UID, 0, 0, 0);
	right += r.x[0] == TOS_UID_0 && r.x[1] == TOS_UID_1 && r.x[2] == TOS_UID_2 &&
		 r.x[3] == TOS_UID_3;
	x0 = nsk_fp_smc(TOS_FP_DIRTY, NS_FP_PATTERN, ctl, q);
	for (unsigned n = 0; n < 32; n++) {
		kept += q[2 * n] == NS_FP_PATTERN + n && q[2 * n + 1] == ~(NS_FP_PATTERN + n);
		theirs += q[2 * n] == TOS_FP_PATTERN + n || q[2 * n + 1] == TOS_FP_PATTERN + n;
	}
	pend_after = !!(sysreg_read(isr_el1) & ISR_I);
	wake_disarm();
	return con_tap(&ntap, pend_before && right == 17 && x0 == 0 && kept == 32 && !theirs &&
				      ctl[0] == NS_FPCR && ctl[1] == NS_FPSR && pend_after,
		       "tos: with this kernel's interrupt pending (%u), 17 fast calls answered right "
		       "(%u), its q0-q31, FPCR and FPSR kept (%u of 32, %u of the payload's seen, "
		       "FPCR %lx FPSR %lx), the interrupt still pending after them (%u)",
		       pend_before, right, kept, theirs, ctl[0], ctl[1], pend_after);
}

/*
 * TOS_PASSING: the payload writes values of its own (secure addresses among
 * them) to its passing EL1 registers (ESR, FAR, ELR, SPSR, PAR, CSSELR_EL1)
 * in a fast call and then calls the monitor (SMCCC_VERSION) in the middle of
 * it: the fast entry ends there, the dispatcher answers and resumes it. Its
 * values must still be there for it after that call, and neither they nor
 * anything else of the secure side may reach this kernel: the registers it
 * has its own of as it set them (own_regs()), x4-x30 as it sent them. With
 * `pending`, one of this kernel's interrupts is pending throughout (on a
 * GICv3 an FIQ to EL3 as the call begins, before the monitor call).
 */
static int passing(bool pending)
{
	struct secmon_regs in = { { TOS_PASSING, 0x40 } }, out;
	unsigned pend_before = 0, pend_after = 0;
	uint64_t version, t0;
	struct kept k;

	version = call(0x80000000, 0, 0, 0).x[0];
	if (pending) {
		wake_arm();
		t0 = nsk_ticks();
		while (!(sysreg_read(isr_el1) & ISR_I) && nsk_ticks() - t0 < nsk_tick_freq())
			;
		pend_before = !!(sysreg_read(isr_el1) & ISR_I);
	}
	kept_call(&in, &out, &k);
	if (pending) {
		pend_after = !!(sysreg_read(isr_el1) & ISR_I);
		wake_disarm();
	}
	return con_tap(&ntap, out.x[0] == 0 && out.x[1] == version &&
				      out.x[2] == TOS_PASSING_REGS && out.x[3] == 0 && k.same == k.n &&
				      k.x4_x17_same == 14 && !k.x18_x30 && pend_before == pending &&
				      pend_after == pending,
		       "tos: the payload's passing EL1 registers kept across its call to the monitor "
		       "inside a fast call (%lu of %u; SMCCC_VERSION %lx, want %lx), none reaching "
		       "this kernel: %u of %u of its registers as set (first changed: %u, 0x%lx -> "
		       "0x%lx), x4-x17 %u of 14, x18-x30 changed %lx; %s (%u, %u)", out.x[2],
		       TOS_PASSING_REGS, out.x[1], version, k.same, k.n, k.first, k.set, k.after,
		       k.x4_x17_same, k.x18_x30, pending ? "with its interrupt pending" : "no interrupt pending",
		       pend_before, pend_after);
}

/*
 * After every kind of entry above (calls, hooks, suspends, secure
 * interrupts, preempted and resumed threads): the payload answers at EL1t,
 * as OP-TEE does, and must have been entered at EL1t each time but the
 * fresh ones (CPU_INFO's x3 counts the others).
 */
static int entry_modes(void)
{
	struct secmon_regs r = call(TOS_CPU_INFO, 0, 0, 0);

	return con_tap(&ntap, r.x[0] == TOS_OK && r.x[3] == 0,
		       "tos: every entry but a fresh one came in the mode the payload left in "
		       "(%lu at EL1h)", r.x[3]);
}

static int identification(void)
{
	struct secmon_regs r = call(TOS_CALLS_UID, 0, 0, 0);
	int fail = 0;

	fail += con_tap(&ntap, r.x[0] == TOS_UID_0 && r.x[1] == TOS_UID_1 && r.x[2] == TOS_UID_2 &&
				       r.x[3] == TOS_UID_3,
			"tos: CALLS_UID is the payload's (0x%lx 0x%lx 0x%lx 0x%lx)", r.x[0], r.x[1],
			r.x[2], r.x[3]);
	r = call(TOS_CALLS_REVISION, 0, 0, 0);
	fail += con_tap(&ntap, r.x[0] == TOS_REVISION_MAJOR && r.x[1] == TOS_REVISION_MINOR,
			"tos: CALLS_REVISION %lu.%lu", r.x[0], r.x[1]);
	r = call8(TOS_ARGS, 11, 22, 1, 2, 3, 4, 5);
	fail += con_tap(&ntap, r.x[0] == 0 && r.x[1] == 11 && r.x[2] == 22 && r.x[3] == 55,
			"tos: x1-x7 reach the payload and x0-x3 come back (x3 = %lu, want 55)",
			r.x[3]);
	r = call(0xB20000FF, 0, 0, 0);
	fail += con_tap(&ntap, r.x[0] == ~0ull, "tos: an unknown OEN 50 ID is SMC_UNK (0x%lx)",
			r.x[0]);
	return fail;
}

/*
 * While recording is on every SMC goes to mon_smc(), which records it: the
 * payload's fast calls too, which otherwise go from the vector straight to
 * the payload and back (tos.S's fast path).
 */
static int recorded(void)
{
	static struct secmon_trace_record rec[16];
	struct secmon_regs in = { { SECMON_SIP_TRACE_CTL, 1, SECMON_TRACE_CTL_CLEAR } }, on, out, r;
	unsigned found = 0, n;

	secmon_invoke(conduit, &in, &on);
	r = call(TOS_CALLS_UID, 0, 0, 0);
	in = (struct secmon_regs){ { SECMON_SIP_TRACE_READ | SECMON_FID_SMC64, (uintptr_t)rec,
				      sizeof(rec) } };
	secmon_invoke(conduit, &in, &out);
	in = (struct secmon_regs){ { SECMON_SIP_TRACE_CTL, 0, 0 } };
	secmon_invoke(conduit, &in, &in);
	n = out.x[0] == 0 && out.x[1] <= 16 ? (unsigned)out.x[1] : 0;
	for (unsigned i = 0; i < n; i++)
		found += rec[i].type == SECMON_TRACE_SMC && rec[i].fid == TOS_CALLS_UID &&
			 rec[i].nres >= 1 && rec[i].res[0] == TOS_UID_0;
	return con_tap(&ntap, on.x[0] == 0 && r.x[0] == TOS_UID_0 && found == 1,
		       "tos: with recording on, CALLS_UID is answered and recorded once (%u of %u "
		       "records)", found, n);
}

static int media(uint64_t ram)
{
	struct secmon_regs r;
	uint64_t h;
	int fail = 0;

	r = call(TOS_MEDIA_SET_FORMAT, 2, 0, 0);
	fail += con_tap(&ntap, r.x[0] == 0, "tos: media set-format 2");
	r = call(TOS_MEDIA_PROTECT, ram, 0x10000, 0);
	h = r.x[1];
	fail += con_tap(&ntap, r.x[0] == 0 && h, "tos: media protect of normal-world RAM 0x%lx: "
			"handle 0x%lx", ram, h);
	r = call(TOS_MEDIA_PROTECT, 0x0e100000, 0x1000, 0);
	fail += con_tap(&ntap, (int64_t)r.x[0] == TOS_INVALID_ADDRESS,
			"tos: media protect of secure memory refused (%ld)", (int64_t)r.x[0]);
	r = call(TOS_MEDIA_STATUS, 0, 0, 0);
	fail += con_tap(&ntap, r.x[0] == 0 && r.x[1] == 2 && r.x[2] == 1,
			"tos: media status: format %lu, %lu buffers", r.x[1], r.x[2]);
	r = call(TOS_MEDIA_UNPROTECT, h, 0, 0);
	fail += con_tap(&ntap, r.x[0] == 0, "tos: media unprotect");
	r = call(TOS_MEDIA_UNPROTECT, h, 0, 0);
	fail += con_tap(&ntap, (int64_t)r.x[0] == TOS_INVALID, "tos: a released handle is dead");
	return fail;
}

static uint64_t pm(unsigned hook)
{
	return call(TOS_PM_COUNT, hook, TOS_ALL_CPUS, 0).x[1];
}

static int hooks(void)
{
	uint64_t on0 = pm(TOS_HOOK_CPU_ON), off0 = pm(TOS_HOOK_CPU_OFF);
	uint64_t sus0 = pm(TOS_HOOK_SUSPEND), res0 = pm(TOS_HOOK_RESUME);
	unsigned started = 0, right = 0, woke = 0, fp_kept = 0;
	int fail = 0;

	for (unsigned i = 1; i < nsk_ncpus; i++) {
		seen_mpidr[i] = seen_index[i] = seen_vl[i] = ~0ull;
		resumed[i] = 0;
		fp_resumed[i] = 0;
		if (secmon_psci_cpu_on(conduit, nsk_mpidr[i], (uintptr_t)nsk_secondary_entry, i) == 0)
			started++;
	}
	for (unsigned i = 1; i < nsk_ncpus; i++) {
		uint64_t t0 = nsk_ticks();
		int st = 0;

		while ((secmon_psci_affinity_info(conduit, nsk_mpidr[i], 0, &st) != 0 || st != 1) &&
		       nsk_ticks() - t0 < 10 * nsk_tick_freq())
			;
		/* MPIDR_EL1 as the payload read it: bit 31 (RES1) set, the DT has the affinity only. */
		right += (seen_mpidr[i] & 0xff00ffffffull) == nsk_mpidr[i] &&
			 seen_index[i] == (nsk_mpidr[i] & 0xff);
		woke += resumed[i] == 1;
		fp_kept += resumed[i] == 1 && fp_resumed[i];
	}
	fail += con_tap(&ntap, started == nsk_ncpus - 1 && right == started,
			"tos: %u secondaries started, each called the payload from its own CPU "
			"(%u right)", started, right);
	/*
	 * With SVE, the monitor's FP/SIMD switch keeps q0-q31 only: every CPU's
	 * vector length must be 128 bits (16 bytes), the started ones too.
	 */
	if (nsk_sve_vl()) {
		unsigned capped = nsk_sve_vl() == 16;
		uint64_t largest = nsk_sve_vl();

		for (unsigned i = 1; i < nsk_ncpus; i++) {
			capped += seen_vl[i] == 16;
			if (seen_vl[i] > largest)
				largest = seen_vl[i];
		}
		fail += con_tap(&ntap, capped == nsk_ncpus,
				"tos: the normal world's SVE vector length is 128 bits on every CPU "
				"(%u of %u; the largest %lu bytes)", capped, nsk_ncpus, largest);
	}
	fail += con_tap(&ntap, pm(TOS_HOOK_CPU_ON) - on0 == started,
			"tos: the payload counted %lu cpu_on hooks (want %u)",
			pm(TOS_HOOK_CPU_ON) - on0, started);
	fail += con_tap(&ntap, pm(TOS_HOOK_CPU_OFF) - off0 == started,
			"tos: the payload counted %lu cpu_off hooks (want %u)",
			pm(TOS_HOOK_CPU_OFF) - off0, started);
	if (!powerdown_state) {
		con_printf("# tos: no suspend tried (nsk.tospd=none)\n");
		return fail;
	}
	fail += con_tap(&ntap, woke == started && pm(TOS_HOOK_SUSPEND) - sus0 == started &&
				       pm(TOS_HOOK_RESUME) - res0 == started && fp_kept == started,
			"tos: %u secondaries powered down (state 0x%lx) and resumed; the payload "
			"counted %lu suspend and %lu resume hooks (want %u); after the resume, %u "
			"kept their FP/SIMD registers from the payload's in a call", woke,
			powerdown_state, pm(TOS_HOOK_SUSPEND) - sus0, pm(TOS_HOOK_RESUME) - res0,
			started, fp_kept);
	return fail;
}

static int secure_timer(void)
{
	unsigned cpu = (unsigned)(my_mpidr() & 0xff);
	struct secmon_regs r = call(TOS_TIMER_START, TIMER_PERIOD, TIMER_IRQS, 0);
	uint64_t t0 = nsk_ticks(), spins = 0;
	int fail = 0;

	fail += con_tap(&ntap, r.x[0] == 0, "tos: secure timer started (%ld)", (int64_t)r.x[0]);
	/* The normal world runs; the interrupts go to the payload behind its back. */
	do {
		for (unsigned i = 0; i < 100000; i++)
			spins++;
		r = call(TOS_TIMER_STATUS, cpu, 0, 0);
	} while (r.x[2] && nsk_ticks() - t0 < 30 * nsk_tick_freq());
	fail += con_tap(&ntap, r.x[0] == 0 && r.x[1] == TIMER_IRQS && r.x[2] == 0 && r.x[3] == 0,
			"tos: %lu secure timer interrupts taken while the normal world ran "
			"(want %u, %lu left, %lu other)", r.x[1], TIMER_IRQS, r.x[2], r.x[3]);
	return fail;
}

static int yielding(uint64_t want)
{
	uint64_t total = 0, wrong = 0, calls = 0, mismatch = 0;
	int fail = 0;

	wake_arm();
	while (total < want && calls < MAX_LONG_CALLS) {
		uint64_t seed = 0x5eed0000 + calls, here = 0;
		struct secmon_regs r = call(TOS_LONG, LONG_ROUNDS, seed, 0);

		while (r.x[0] == TOS_RPC_FOREIGN_INTR) {
			/* Our interrupt: take it (the timer's level drops), re-arm, resume. */
			here++;
			wake_disarm();
			wake_arm();
			r = call(TOS_RETURN_FROM_RPC, r.x[1], r.x[2], r.x[3]);
		}
		calls++;
		total += here;
		wrong += r.x[0] != 0 || r.x[1] != long_result(LONG_ROUNDS, seed);
		mismatch += r.x[2] != here;
	}
	wake_disarm();
	fail += con_tap(&ntap, total >= want && !wrong && !mismatch,
			"tos: %lu yielding calls preempted %lu times by this kernel's timer and "
			"resumed (want >= %lu), %lu wrong results, %lu miscounted", calls, total,
			want, wrong, mismatch);
	return fail;
}

/* Until CPU `slot` is off again (AFFINITY_INFO), at most 10 s: true when it is. */
static bool wait_off(unsigned slot)
{
	uint64_t t0 = nsk_ticks();
	int st = 0;

	while (secmon_psci_affinity_info(conduit, nsk_mpidr[slot], 0, &st) != 0 || st != 1)
		if (nsk_ticks() - t0 > 10 * nsk_tick_freq())
			return false;
	return true;
}

static const char *const fault_names[TOS_FAULT_COUNT] = {
	"a data abort", "an undefined instruction", "a hang with interrupts masked",
	"an unknown return ID", "a wrong return (ON_DONE to a call)",
	"a read of the normal world's PAuth key", "a secure SGI pending, then an unknown return ID",
	"its secure timer firing, then a hang with interrupts masked",
};

/*
 * nsk.tosfault=K: CPU 1 asks the payload for failure K (TOS_FAULT) while
 * this CPU keeps calling it; the monitor must answer CPU 1's call with
 * SMC_UNK (for a hang or a fault the payload turns into a stop: once
 * another CPU's call finds it late and the monitor stops it), answer every
 * later call SMC_UNK, and let both CPUs go on: CPU 1 powers off, CPU 2
 * starts and finds the payload gone, and CPU 0, where the payload's secure
 * timer was running, is not held up by its interrupts.
 */
static int faults(unsigned kind)
{
	struct secmon_regs r = call(TOS_CALLS_UID, 0, 0, 0);
	uint64_t t0, polls = 0, unk = 0;
	int fail = 0;

	fail += con_tap(&ntap, r.x[0] == TOS_UID_0, "tos fault: the payload answers before (0x%lx)",
			r.x[0]);
	/* Its secure timer keeps firing at this CPU: once it is dead, the monitor must stop it. */
	r = call(TOS_TIMER_START, TIMER_PERIOD, 1000000, 0);
	fail += con_tap(&ntap, r.x[0] == 0, "tos fault: the payload's secure timer runs on CPU 0 (%ld)",
			(int64_t)r.x[0]);
	if (nsk_ncpus < 2) {
		con_printf("# tos fault: needs 2 CPUs\n");
		return fail + 1;
	}
	fault_kind = kind;
	fault_done = 0;
	fail += con_tap(&ntap, secmon_psci_cpu_on(conduit, nsk_mpidr[1],
					       (uintptr_t)nsk_secondary_entry, CTX_FAULT + 1) == 0,
			"tos fault: CPU 1 started to ask for %s", fault_names[kind]);
	t0 = nsk_ticks();
	while (!__atomic_load_n(&fault_done, __ATOMIC_ACQUIRE) &&
	       nsk_ticks() - t0 < 10 * nsk_tick_freq()) {
		r = call(TOS_CALLS_UID, 0, 0, 0);
		polls++;
		unk += r.x[0] == ~0ull;
		for (volatile unsigned i = 0; i < 10000; i++)
			;
	}
	fail += con_tap(&ntap, fault_done && fault_ret[0] == ~0ull && !fault_ret[1] &&
				       !fault_ret[2] && !fault_ret[3],
			"tos fault: CPU 1's call (%s) answered SMC_UNK (x0 0x%lx x1 0x%lx), after "
			"%lu ms (%lu calls from CPU 0 meanwhile)", fault_names[kind], fault_ret[0],
			fault_ret[1], (nsk_ticks() - t0) * 1000 / nsk_tick_freq(), polls);
	fail += con_tap(&ntap, wait_off(1), "tos fault: CPU 1 went on and powered off");
	fail += con_tap(&ntap, fault_done && fault_regs_same == fault_regs_n && !fault_gprs_changed,
			"tos fault: CPU 1's registers the payload has its own of as it set them after "
			"that call (%u of %u, first changed %u), x4-x30 as sent (changed: %lx)",
			fault_regs_same, fault_regs_n, fault_regs_first, fault_gprs_changed);
	if (kind == TOS_FAULT_NS_KEY)
		fail += con_tap(&ntap, has_pauth() && key_after == NS_KEY,
				"tos fault: CPU 1's PAuth key survived, unread (%s; after 0x%lx)",
				has_pauth() ? "PAuth" : "no PAuth on this CPU: needs --cpu max",
				key_after);
	r = call(TOS_CALLS_UID, 0, 0, 0);
	fail += con_tap(&ntap, r.x[0] == ~0ull && !r.x[1] && !r.x[2] && !r.x[3],
			"tos fault: the payload's calls answer SMC_UNK from then on (0x%lx)", r.x[0]);
	r = call(TOS_LONG, 10, 1, 0);
	fail += con_tap(&ntap, r.x[0] == ~0ull, "tos fault: and its yielding calls (0x%lx)",
			r.x[0]);
	if (nsk_ncpus > 2) {
		late_done = 0;
		fail += con_tap(&ntap,
				secmon_psci_cpu_on(conduit, nsk_mpidr[2], (uintptr_t)nsk_secondary_entry,
						   CTX_LATE + 2) == 0 && wait_off(2) && late_done &&
					late_ret == ~0ull,
				"tos fault: CPU 2 started, found the payload gone (0x%lx) and powered off",
				late_ret);
	}
	return fail;
}

int tos_run(const struct secmon_conduit *c, uint64_t ram, uint64_t preempt, uint64_t pd,
	    uint64_t fault)
{
	int fail = 0;

	conduit = c;
	powerdown_state = pd;
	if (fault) {
		fail += faults((unsigned)(fault - 1));
		con_printf("1..%u\n", ntap);
		return fail;
	}
	fail += identification();
	fail += recorded();
	fail += fp_regs();
	fail += own_regs();
	fail += secure_cycles();
	fail += media(ram);
	fail += hooks();
	fail += secure_timer();
	fail += yielding(preempt ? preempt : 100);
	fail += ns_interrupt();
	fail += passing(false);
	fail += passing(true);
	fail += entry_modes();
	con_printf("1..%u\n", ntap);
	return fail;
}
