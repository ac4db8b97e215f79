// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=hostile: every CPU makes random SMCs at once (random x0-x17:
 * fully random IDs, random functions of each owning entity in SMC32 and
 * SMC64, near misses of the power-off PSCI IDs, PSCI calls with random
 * arguments minus those that power off, reset or power down), checking that
 * an unknown call (SMC_UNK) preserved x1-x17, a known one x4-x17, and every
 * call x18-x30 (each set to a random value, hismc.S); then, on the boot CPU,
 * that the standard calls still answer correctly.
 *
 * nsk.test=isolation: normal-world loads and stores to the monitor's memory
 * must fault (a synchronous external abort, recorded by iso.S's vectors),
 * and the monitor must still answer; CPU_ON and CPU_SUSPEND power-down with
 * an entry in secure RAM are INVALID_ADDRESS.
 */
#include "conf.h"
#include "nsk.h"

#define PSCI(fn)	SECMON_PSCI_FN32(SECMON_PSCI_FN_##fn)

struct hcpu {
	uint64_t calls, unk, bad_unk, bad_known, bad_hi, near_answered;
	uint64_t hi_mask;
	uint64_t first_in[SECMON_NREGS], first_out[SECMON_NREGS];
	bool have_first;
	uint32_t started, done;
} __attribute__((aligned(64)));

static struct hcpu hc[NSK_MAX_CPUS];
static const struct secmon_conduit *hconduit;
static uint64_t hseed, hper_cpu;
static volatile uint32_t hgo, hrelease;
static unsigned htap;

uint64_t hostile_smc(const struct secmon_regs *in, struct secmon_regs *out, const uint64_t hi[13]);

static uint64_t rnd(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545f4914f6cdd1dull;
}

/* IDs this run must never make for real: owner 4 (standard), functions 0-0x1f. */
static bool psci_like(uint32_t w0)
{
	return ((w0 >> 24) & 0x3f) == 4 && (w0 & 0xffff) < 0x20;
}

static bool psci_forbidden(unsigned fn)
{
	switch (fn) {
	case SECMON_PSCI_FN_CPU_OFF:
	case SECMON_PSCI_FN_SYSTEM_OFF:
	case SECMON_PSCI_FN_SYSTEM_RESET:
	case SECMON_PSCI_FN_SYSTEM_RESET2:
	case SECMON_PSCI_FN_SYSTEM_SUSPEND:
	case SECMON_PSCI_FN_CPU_FREEZE:
	case SECMON_PSCI_FN_CPU_DEFAULT_SUSPEND:
		return true;
	default:
		return false;
	}
}

/* A PSCI call with random arguments that cannot power anything off. */
static void gen_psci(uint64_t *s, struct secmon_regs *in, bool *wake)
{
	unsigned fn;

	do
		fn = (unsigned)(rnd(s) % 0x20);
	while (psci_forbidden(fn) || (fn == SECMON_PSCI_FN_CPU_SUSPEND && rnd(s) % 16));
	in->x[0] = SECMON_PSCI_FN32(fn) | (rnd(s) & 1 ? SECMON_FID_SMC64 : 0);
	if (rnd(s) & 1)
		in->x[0] |= rnd(s) << 32;	/* the upper half of x0 is not part of the ID */
	if (fn == SECMON_PSCI_FN_CPU_SUSPEND) {
		/* Standby in both formats (bits 16 and 30 clear): a WFI at most. */
		in->x[1] &= ~((1ull << 16) | (1ull << 30));
		*wake = true;
	}
	if (fn == SECMON_PSCI_FN_CPU_ON && rnd(s) & 1)
		in->x[1] = nsk_mpidr[rnd(s) % nsk_ncpus];	/* a real CPU: ALREADY_ON */
}

/* One random call in in->x[]; returns 1 if it must answer SMC_UNK. */
static int gen_call(uint64_t *s, struct secmon_regs *in, bool *wake)
{
	unsigned kind = (unsigned)(rnd(s) % 8);
	uint32_t w0;

	for (unsigned i = 0; i < SECMON_NREGS; i++)
		in->x[i] = rnd(s);
	*wake = false;
	switch (kind) {
	case 0:
	case 1:		/* fully random */
		if (psci_like((uint32_t)in->x[0]))
			break;
		return 0;
	case 2:
	case 3:
	case 4:		/* a random function of a random owner, SMC32 or SMC64 */
		w0 = 0x80000000u | (uint32_t)(rnd(s) & (SECMON_FID_SMC64 | 0x3f000000u)) |
		     (uint32_t)(rnd(s) & 0xffff);
		if (psci_like(w0))
			break;
		in->x[0] = w0;
		return 0;
	case 5:		/* a near miss of a power-off ID: yielding, or bits 23:17 set
			 * (bit 16 alone is SMCCC 1.3's SVE hint: the real call) */
		w0 = PSCI(SYSTEM_OFF + (unsigned)(rnd(s) % 2)) | (rnd(s) & 1 ? SECMON_FID_SMC64 : 0);
		if (rnd(s) & 1)
			w0 &= ~0x80000000u;
		else
			w0 |= (1u + (uint32_t)(rnd(s) % 127)) << 17 | (uint32_t)(rnd(s) & 1) << 16;
		in->x[0] = w0;
		return 1;
	default:
		break;
	}
	gen_psci(s, in, wake);
	return 0;
}

static void hostile_loop(unsigned slot)
{
	struct hcpu *h = &hc[slot];
	uint64_t s = hseed ^ (0x9e3779b97f4a7c15ull * (slot + 1));
	struct secmon_regs in, out;
	uint64_t hi[13], changed;

	for (uint64_t n = 0; n < hper_cpu; n++) {
		bool wake, must_unk = gen_call(&s, &in, &wake) != 0, bad = false, unk;
		uint32_t w0 = (uint32_t)in.x[0];

		for (unsigned i = 0; i < 13; i++)
			hi[i] = rnd(&s);
		if (wake)
			wake_arm();
		changed = hostile_smc(&in, &out, hi);
		if (wake)
			wake_disarm();
		h->calls++;
		if (changed) {
			h->bad_hi++;
			h->hi_mask |= changed;
			bad = true;
		}
		unk = (uint32_t)out.x[0] == SECMON_SMC_UNK32;
		if (unk) {
			h->unk++;
			for (unsigned i = 1; i < SECMON_NREGS; i++)
				if (in.x[i] != out.x[i])
					bad = true;
			if (bad)
				h->bad_unk++;
		} else if (w0 != (SECMON_SMCCC_ARCH_SOC_ID | SECMON_FID_SMC64)) {
			/* SOC_ID's name form returns x1-x17; every other call x0-x3 at most. */
			for (unsigned i = 4; i < SECMON_NREGS; i++)
				if (in.x[i] != out.x[i])
					bad = true;
			if (bad)
				h->bad_known++;
		}
		if (must_unk && !unk) {
			h->near_answered++;
			bad = true;
		}
		if (bad && !h->have_first) {
			memcpy(h->first_in, in.x, sizeof(in.x));
			memcpy(h->first_out, out.x, sizeof(out.x));
			h->have_first = true;
		}
	}
}

void hostile_secondary(unsigned slot)
{
	__atomic_store_n(&hc[slot].started, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&hgo, __ATOMIC_ACQUIRE))
		;
	hostile_loop(slot);
	__atomic_store_n(&hc[slot].done, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&hrelease, __ATOMIC_ACQUIRE))
		;
	secmon_psci_cpu_off(hconduit);
	con_printf("# nsk: FAIL CPU_OFF returned on cpu %u\n", slot);
	nsk_halt();
}

static uint64_t ticks(void)
{
	isb();
	return sysreg_read(cntvct_el0);
}

static int aff_state(uint64_t mpidr)
{
	int st = -100;
	int err = secmon_psci_affinity_info(hconduit, mpidr, 0, &st);

	return err ? err : st;
}

int hostile_run(const struct secmon_conduit *c, uint64_t total, uint64_t seed)
{
	uint64_t freq = sysreg_read(cntfrq_el0), t0, t1, calls = 0, unk = 0;
	uint64_t bad_unk = 0, bad_known = 0, bad_hi = 0, hi_mask = 0, near = 0;
	unsigned n = nsk_ncpus, started = 1;
	uint32_t v = 0, flags = 1;
	int fail = 0, st;

	hconduit = c;
	hseed = seed ? seed : 0x5ec0a7ac4e5ull;
	hper_cpu = (total + n - 1) / n;
	con_printf("# hostile: %u CPUs, %lu calls each, seed 0x%lx\n", n, hper_cpu, hseed);
	con_printf("1..%u\n", 3 * n + 7);
	for (unsigned i = 1; i < n; i++) {
		int err = secmon_psci_cpu_on(c, nsk_mpidr[i], (uintptr_t)nsk_secondary_entry, i);

		fail += con_tap(&htap, err == 0, "hostile: CPU_ON of cpu %u (0x%lx) succeeds (%d)", i,
			    nsk_mpidr[i], err);
	}
	t0 = ticks();
	for (unsigned i = 1; i < n; i++)
		while (!__atomic_load_n(&hc[i].started, __ATOMIC_ACQUIRE) &&
		       ticks() - t0 < 2 * freq)
			;
	for (unsigned i = 1; i < n; i++)
		started += __atomic_load_n(&hc[i].started, __ATOMIC_ACQUIRE);
	fail += con_tap(&htap, started == n, "hostile: %u of %u CPUs in the hostile loop", started, n);
	t0 = ticks();
	__atomic_store_n(&hgo, 1, __ATOMIC_RELEASE);
	hostile_loop(0);
	for (unsigned i = 1; i < n; i++)
		while (!__atomic_load_n(&hc[i].done, __ATOMIC_ACQUIRE))
			;
	t1 = ticks();
	for (unsigned i = 0; i < n; i++) {
		calls += hc[i].calls;
		unk += hc[i].unk;
		bad_unk += hc[i].bad_unk;
		bad_known += hc[i].bad_known;
		bad_hi += hc[i].bad_hi;
		hi_mask |= hc[i].hi_mask;
		near += hc[i].near_answered;
		if (hc[i].have_first) {
			con_printf("# hostile: cpu %u first bad call:\n#  in ", i);
			for (unsigned r = 0; r < SECMON_NREGS; r++)
				con_printf(" %lx", hc[i].first_in[r]);
			con_printf("\n#  out");
			for (unsigned r = 0; r < SECMON_NREGS; r++)
				con_printf(" %lx", hc[i].first_out[r]);
			con_printf("\n");
		}
	}
	con_printf("# hostile: %lu calls (%lu SMC_UNK) from %u CPUs in %lu ms\n", calls, unk, n,
		   (t1 - t0) * 1000 / freq);
	fail += con_tap(&htap, calls >= total, "hostile: %lu random calls made (at least %lu)", calls, total);
	fail += con_tap(&htap, bad_unk == 0, "hostile: SMC_UNK preserved x1-x17 (%lu did not)", bad_unk);
	fail += con_tap(&htap, bad_known == 0, "hostile: known calls preserved x4-x17 (%lu did not)",
		    bad_known);
	fail += con_tap(&htap, bad_hi == 0, "hostile: every call preserved x18-x30 (%lu did not; mask 0x%lx "
		    "from x18)", bad_hi, hi_mask);
	fail += con_tap(&htap, near == 0, "hostile: near misses of SYSTEM_OFF/RESET are SMC_UNK (%lu not)",
		    near);
	/* The monitor still answers the standard calls. */
	st = secmon_psci_version(c, &v);
	fail += con_tap(&htap, st == 0 && v == 0x10001, "hostile: then PSCI_VERSION is 0x%x", v);
	{
		struct secmon_regs in = { .x = { SECMON_SMCCC_VERSION } }, out;

		c->invoke(c, &in, &out);
		fail += con_tap(&htap, (uint32_t)out.x[0] == 0x10005, "hostile: then SMCCC_VERSION is 0x%x",
			    (uint32_t)out.x[0]);
	}
	st = secmon_psci_features(c, secmon_psci_fid(c, SECMON_PSCI_FN_CPU_ON), &flags);
	fail += con_tap(&htap, st == 0 && flags == 0, "hostile: then PSCI_FEATURES(CPU_ON) is 0 (%d, 0x%x)",
		    st, flags);
	for (unsigned i = 0; i < n; i++) {
		st = aff_state(nsk_mpidr[i]);
		fail += con_tap(&htap, st == SECMON_PSCI_AFF_ON, "hostile: then AFFINITY_INFO of cpu %u is ON (%d)",
			    i, st);
	}
	__atomic_store_n(&hrelease, 1, __ATOMIC_RELEASE);
	for (unsigned i = 1; i < n; i++) {
		t0 = ticks();
		do
			st = aff_state(nsk_mpidr[i]);
		while (st != SECMON_PSCI_AFF_OFF && ticks() - t0 < 2 * freq);
		fail += con_tap(&htap, st == SECMON_PSCI_AFF_OFF,
			    "hostile: after its CPU_OFF, AFFINITY_INFO of cpu %u is OFF (%d)", i, st);
	}
	con_printf("# hostile: %d failed\n", fail);
	return fail;
}

/* ---- isolation ---- */

extern volatile uint64_t iso_faults, iso_esr, iso_far;
extern char iso_vectors[];
uint64_t iso_load(uint64_t addr);
void iso_store(uint64_t addr, uint64_t value);

int isolation_run(const struct secmon_conduit *c, bool el2)
{
	static const uint64_t addrs[] = { 0x0e000000, 0x0e010000, 0x0 };
	uint32_t v;
	int fail = 0, err;

	con_printf("1..%u\n", 6 * 3 + 2);
	if (el2)
		sysreg_write(vbar_el2, (uintptr_t)iso_vectors);
	else
		sysreg_write(vbar_el1, (uintptr_t)iso_vectors);
	isb();
	for (unsigned i = 0; i < 3; i++) {
		uint64_t a = addrs[i], f0, val;

		f0 = iso_faults;
		val = iso_load(a);
		fail += con_tap(&htap, iso_faults == f0 + 1 && iso_far == a && ((iso_esr >> 26) & 0x3f) == 0x25 &&
			    (iso_esr & 0x3f) == 0x10,
			    "isolation: load from 0x%lx is a synchronous external abort (ESR 0x%lx, "
			    "FAR 0x%lx, %lu faults)", a, iso_esr, iso_far, iso_faults - f0);
		fail += con_tap(&htap, iso_faults != f0 || val == 0,
			    "isolation: the load from 0x%lx returned no data (0x%lx)", a,
			    iso_faults != f0 ? 0 : val);
		f0 = iso_faults;
		iso_store(a, 0x5ca77e12dead1501ull);
		fail += con_tap(&htap, iso_faults == f0 + 1 && iso_far == a && ((iso_esr >> 26) & 0x3f) == 0x25 &&
			    (iso_esr & 0x3f) == 0x10,
			    "isolation: store to 0x%lx is a synchronous external abort (ESR 0x%lx, "
			    "FAR 0x%lx)", a, iso_esr, iso_far);
		err = secmon_psci_version(c, &v);
		fail += con_tap(&htap, err == 0 && v == 0x10001,
			    "isolation: after the store to 0x%lx PSCI_VERSION still answers 0x%x", a, v);
		f0 = iso_faults;
		val = iso_load(a);
		fail += con_tap(&htap, iso_faults == f0 + 1, "isolation: a second load from 0x%lx faults too", a);
		fail += con_tap(&htap, iso_faults != f0 || val != 0x5ca77e12dead1501ull,
			    "isolation: the store to 0x%lx is not read back", a);
	}
	if (el2)
		sysreg_write(vbar_el2, (uintptr_t)nsk_vectors);
	else
		sysreg_write(vbar_el1, (uintptr_t)nsk_vectors);
	isb();
	if (nsk_ncpus > 1) {
		err = secmon_psci_cpu_on(c, nsk_mpidr[1], 0x0e000000, 0);
		fail += con_tap(&htap, err == SECMON_PSCI_INVALID_ADDRESS,
			    "isolation: CPU_ON with its entry in secure RAM is INVALID_ADDRESS (%d)",
			    err);
	} else {
		con_printf("# isolation: CPU_ON not tried: one CPU\n");
	}
	err = secmon_psci_cpu_suspend(c, 0x00010000, 0x0e000000, 0);
	fail += con_tap(&htap, err == SECMON_PSCI_INVALID_ADDRESS,
		    "isolation: CPU_SUSPEND power-down with its entry in secure RAM is "
		    "INVALID_ADDRESS (%d)", err);
	con_printf("# isolation: %d failed, %lu faults taken\n", fail, iso_faults);
	return fail;
}
