// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=hostile, both nsks: every CPU makes random SMCs at once (random
 * argument registers: fully random IDs, random functions of each owning
 * entity in SMC32 and SMC64, near misses of the power-off PSCI IDs, PSCI
 * calls with random arguments minus those that power off, reset or power
 * down), while the CPUs turn each other off and on: a secondary now and then
 * calls CPU_OFF on itself or enters a power-down CPU_SUSPEND (its timer wakes
 * it), and every CPU now and then calls CPU_ON on a random other one
 * (SUCCESS, ALREADY_ON or ON_PENDING, nothing else); a CPU started again or
 * resumed goes on with its share of the calls. Checked on every call:
 * an unknown call (SMC_UNK) preserved every argument register but the first,
 * a known one all from the fifth (x4-x17; r4-r7 from AArch32), a PSCI one
 * (which answers in the first alone) all but the first, and every
 * call the registers the caller keeps (x18-x30; r8-r12, lr and sp: hismc.S,
 * a32/hismc.S, each set to a random value). Then: every CPU answers a battery
 * of known calls exactly as the boot CPU did before the storm, each CPU
 * started by a successful CPU_ON ran exactly once per success, AFFINITY_INFO
 * says ON, then OFF after each secondary's CPU_OFF, and a final CPU_ON of
 * each secondary starts it. A CPU that does not come back fails the run
 * after WAIT_SECONDS rather than hanging it (and one that does not start or
 * stop after STEP_SECONDS).
 */
#include "conf.h"
#include "nsk.h"

#define PSCI(fn)	SECMON_PSCI_FN32(SECMON_PSCI_FN_##fn)
/*
 * Per 1024 calls: a secondary's CPU_OFF of itself; any CPU's CPU_ON of
 * another; a secondary's power-down CPU_SUSPEND (woken by its timer).
 */
#define STORM_OFF	3
#define STORM_ON	12
#define STORM_SUSPEND	3
#define WAIT_SECONDS	10	/* for every CPU to finish its share */
#define STEP_SECONDS	5	/* for one CPU to start or to stop */
#define NFIXED		14	/* battery_call()'s fixed calls */
#define NBATTERY	(NFIXED + 2 * 32 + 10 * 2 * 3)

enum hkind { H_ANY, H_MUST_UNK, H_CPU_ON, H_CPU_OFF, H_SUSPEND };

struct hcpu {
	uint64_t s, n;			/* random state and calls made, kept across CPU_OFF */
	uint64_t unk, bad_unk, bad_known, bad_psci, bad_hi, near_answered;
	uint64_t offs, ons, bad_on, off_returned, entries;
	uint64_t suspends, resumes, bad_suspend;
	uint32_t suspending;		/* in a power-down CPU_SUSPEND */
	uint64_t hi_mask;
	unsigned battery_bad, battery_first;
	uint64_t first_in[SECMON_NREGS], first_out[SECMON_NREGS];
	bool have_first;
	uint32_t started, done, final_seen;
} __attribute__((aligned(64)));

static struct hcpu hc[NSK_MAX_CPUS];
static const struct secmon_conduit *hconduit;
static uint64_t hseed, hper_cpu;
static uint32_t hpowerdown;		/* the core power-down state, in the monitor's format */
static volatile uint32_t hgo, hrelease, hfinal;
static uint64_t hbattery[NBATTERY][4];	/* the boot CPU's answers before the storm */
static unsigned htap;

static uint64_t rnd(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545f4914f6cdd1dull;
}

/* IDs this run must never make at random: owner 4 (standard), functions 0-0x1f. */
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
	case SECMON_PSCI_FN_SYSTEM_OFF2:
	case SECMON_PSCI_FN_SYSTEM_SUSPEND:
	case SECMON_PSCI_FN_CPU_FREEZE:
	case SECMON_PSCI_FN_CPU_DEFAULT_SUSPEND:
		return true;
	default:
		return false;
	}
}

/* CPU_ON of CPU t into the hostile loop (a storm call); x4 and up stay random. */
static void gen_cpu_on(struct secmon_regs *in, unsigned t)
{
	in->x[0] = PSCI(CPU_ON);
	in->x[1] = nsk_mpidr[t];
	in->x[2] = (uintptr_t)nsk_secondary_entry;
	in->x[3] = t;
}

/* A PSCI call with random arguments that cannot power anything off. */
static enum hkind gen_psci(uint64_t *s, struct secmon_regs *in, bool *wake)
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
	/* A real CPU may be off: it gets an entry point that brings it back here. */
	if (fn == SECMON_PSCI_FN_CPU_ON && rnd(s) & 1) {
		gen_cpu_on(in, (unsigned)(rnd(s) % nsk_ncpus));
		return H_CPU_ON;
	}
	return H_ANY;
}

/* One random call in in->x[]. */
static enum hkind gen_call(uint64_t *s, unsigned slot, struct secmon_regs *in, bool *wake)
{
	unsigned kind = (unsigned)(rnd(s) % 8), storm = (unsigned)(rnd(s) % 1024);
	enum hkind k = H_ANY;
	uint32_t w0;

	for (unsigned i = 0; i < SECMON_NREGS; i++)
		in->x[i] = i < hostile_abi.nargs ? rnd(s) & hostile_abi.mask : 0;
	*wake = false;
	if (slot && storm < STORM_OFF) {
		in->x[0] = PSCI(CPU_OFF);
		return H_CPU_OFF;
	}
	if (storm < STORM_OFF + STORM_ON && nsk_ncpus > 1) {
		gen_cpu_on(in, (slot + 1 + (unsigned)(rnd(s) % (nsk_ncpus - 1))) % nsk_ncpus);
		return H_CPU_ON;
	}
	if (slot && storm < STORM_OFF + STORM_ON + STORM_SUSPEND) {
		in->x[0] = PSCI(CPU_SUSPEND);
		in->x[1] = hpowerdown;
		in->x[2] = (uintptr_t)nsk_secondary_entry;
		in->x[3] = slot;
		*wake = true;
		return H_SUSPEND;
	}
	switch (kind) {
	case 0:
	case 1:		/* fully random */
		if (psci_like((uint32_t)in->x[0]))
			break;
		return H_ANY;
	case 2:
	case 3:
	case 4:		/* a random function of a random owner, SMC32 or SMC64 */
		w0 = 0x80000000u | (uint32_t)(rnd(s) & (SECMON_FID_SMC64 | 0x3f000000u)) |
		     (uint32_t)(rnd(s) & 0xffff);
		if (psci_like(w0))
			break;
		in->x[0] = w0;
		return H_ANY;
	case 5:		/* a near miss of a power-off ID: yielding, or bits 23:17 set
			 * (bit 16 alone is SMCCC 1.3's SVE hint: the real call) */
		w0 = PSCI(SYSTEM_OFF + (unsigned)(rnd(s) % 2)) | (rnd(s) & 1 ? SECMON_FID_SMC64 : 0);
		if (rnd(s) & 1)
			w0 &= ~0x80000000u;
		else
			w0 |= (1u + (uint32_t)(rnd(s) % 127)) << 17 | (uint32_t)(rnd(s) & 1) << 16;
		in->x[0] = w0;
		return H_MUST_UNK;
	default:
		break;
	}
	k = gen_psci(s, in, wake);
	for (unsigned i = 0; i < hostile_abi.nargs; i++)
		in->x[i] &= hostile_abi.mask;
	return k;
}

/* What the answer to one call must look like; true when it is wrong. */
static bool judge(struct hcpu *h, enum hkind k, const struct secmon_regs *in,
		  const struct secmon_regs *out, uint64_t changed)
{
	bool bad = false, unk = (uint32_t)out->x[0] == SECMON_SMC_UNK32;
	int32_t st = (int32_t)out->x[0];

	if (changed) {
		h->bad_hi++;
		h->hi_mask |= changed;
		bad = true;
	}
	if (unk) {
		h->unk++;
		for (unsigned i = 1; i < hostile_abi.nargs; i++)
			if (in->x[i] != out->x[i]) {
				h->bad_unk++;
				return true;
			}
	} else if ((uint32_t)in->x[0] != (SECMON_SMCCC_ARCH_SOC_ID | SECMON_FID_SMC64)) {
		/* SOC_ID's name form returns x1-x17; every other call x0-x3 at most. */
		for (unsigned i = 4; i < hostile_abi.nargs; i++)
			if (in->x[i] != out->x[i]) {
				h->bad_known++;
				return true;
			}
	}
	/* PSCI answers in x0 only: no secure value in the other result registers. */
	if (!unk && psci_like((uint32_t)in->x[0]) && !((uint32_t)in->x[0] & SECMON_FID_MBZ)) {
		for (unsigned i = 1; i < 4; i++)
			if (in->x[i] != out->x[i]) {
				h->bad_psci++;
				bad = true;
				break;
			}
	}
	if (k == H_MUST_UNK && !unk) {
		h->near_answered++;
		bad = true;
	}
	if (k == H_SUSPEND && st != SECMON_PSCI_SUCCESS) {
		h->bad_suspend++;
		bad = true;
	}
	if (k == H_CPU_ON) {
		if (st == SECMON_PSCI_SUCCESS)
			h->ons++;
		else if (st != SECMON_PSCI_ALREADY_ON && st != SECMON_PSCI_ON_PENDING) {
			h->bad_on++;
			bad = true;
		}
	}
	return bad;
}

static void hostile_loop(unsigned slot)
{
	struct hcpu *h = &hc[slot];
	uint64_t s = h->s;
	struct secmon_regs in, out;
	uint64_t hi[13], changed;

	while (h->n < hper_cpu) {
		bool wake;
		enum hkind k = gen_call(&s, slot, &in, &wake);

		for (unsigned i = 0; i < 13; i++)
			hi[i] = rnd(&s) & hostile_abi.mask;
		h->n++;
		if (k == H_CPU_OFF || k == H_SUSPEND) {
			h->s = s;
			h->offs += k == H_CPU_OFF;
			h->suspends += k == H_SUSPEND;
			__atomic_store_n(&h->suspending, k == H_SUSPEND, __ATOMIC_RELEASE);
		}
		if (wake)
			wake_arm();
		changed = hostile_smc(&in, &out, hi);
		if (wake)
			wake_disarm();
		if (k == H_CPU_OFF)
			h->off_returned++;
		__atomic_store_n(&h->suspending, 0, __ATOMIC_RELAXED);	/* returned: not powered down */
		if (judge(h, k, &in, &out, changed) && !h->have_first) {
			memcpy(h->first_in, in.x, sizeof(in.x));
			memcpy(h->first_out, out.x, sizeof(out.x));
			h->have_first = true;
		}
	}
	h->s = s;
}

static void battery_call(unsigned i, struct secmon_regs *in)
{
	static const uint32_t fixed[NFIXED][2] = {
		{ PSCI(VERSION), 0 },
		{ SECMON_SMCCC_VERSION, 0 },
		{ SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_VERSION },
		{ SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_FEATURES },
		{ SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_SOC_ID },
		{ SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_1 },
		{ SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_2 },
		{ SECMON_SMCCC_ARCH_SOC_ID, 0 },
		{ SECMON_SMCCC_ARCH_SOC_ID, 1 },
		{ PSCI(MIGRATE_INFO_TYPE), 0 },
		{ 0x82000042u, 0 },			/* an unknown SiP call */
		/* Every CPU runs with the same EL3 set-up, after CPU_ON and suspend too. */
		{ SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY | SECMON_FID_SMC64, SECMON_FEAT_AVAIL_SCR_EL3 },
		{ SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY | SECMON_FID_SMC64, SECMON_FEAT_AVAIL_CPTR_EL3 },
		{ SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY | SECMON_FID_SMC64, SECMON_FEAT_AVAIL_MDCR_EL3 },
	};
	static const uint8_t owners[10] = { 0, 1, 2, 3, 4, 5, 6, 0x30, 0x32, 0x3f };
	static const uint16_t general[3] = { 0xff00, 0xff01, 0xff03 };

	memset(in, 0, sizeof(*in));
	if (i < NFIXED) {
		in->x[0] = fixed[i][0];
		in->x[1] = fixed[i][1];
		return;
	}
	i -= NFIXED;
	if (i < 2 * 32) {		/* PSCI_FEATURES of every PSCI function, SMC32 and SMC64 */
		in->x[0] = PSCI(FEATURES);
		in->x[1] = SECMON_PSCI_FN32(i % 32) | (i >= 32 ? SECMON_FID_SMC64 : 0);
		return;
	}
	i -= 2 * 32;
	/* Call count, UID and revision of ten owners, SMC32 and SMC64. */
	in->x[0] = SECMON_FID_FAST | (uint32_t)owners[i / 6] << 24 | (i % 2 ? SECMON_FID_SMC64 : 0) |
		   general[i % 6 / 2];
}

/* Answers that differ from the reference; *first the first one's index. */
static unsigned battery_check(unsigned *first)
{
	struct secmon_regs in, out;
	unsigned bad = 0;

	for (unsigned i = 0; i < NBATTERY; i++) {
		battery_call(i, &in);
		hconduit->invoke(hconduit, &in, &out);
		for (unsigned r = 0; r < 4; r++) {
			if ((out.x[r] & hostile_abi.mask) != hbattery[i][r]) {
				if (!bad++)
					*first = i;
				break;
			}
		}
	}
	return bad;
}

static void battery_record(void)
{
	struct secmon_regs in, out;

	for (unsigned i = 0; i < NBATTERY; i++) {
		battery_call(i, &in);
		hconduit->invoke(hconduit, &in, &out);
		for (unsigned r = 0; r < 4; r++)
			hbattery[i][r] = out.x[r] & hostile_abi.mask;
	}
}

void hostile_secondary(unsigned slot)
{
	struct hcpu *h = &hc[slot];

	/* Back from a power-down suspend: not a start; on with the loop. */
	if (__atomic_load_n(&h->suspending, __ATOMIC_ACQUIRE)) {
		__atomic_store_n(&h->suspending, 0, __ATOMIC_RELAXED);
		h->resumes++;
	} else {
		__atomic_fetch_add(&h->entries, 1, __ATOMIC_RELAXED);
	}
	if (__atomic_load_n(&hfinal, __ATOMIC_ACQUIRE)) {
		__atomic_store_n(&h->final_seen, 1, __ATOMIC_RELEASE);
		secmon_psci_cpu_off(hconduit);
		con_printf("# nsk: FAIL CPU_OFF returned on cpu %u\n", slot);
		nsk_halt();
	}
	__atomic_store_n(&h->started, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&hgo, __ATOMIC_ACQUIRE))
		;
	hostile_loop(slot);
	h->battery_bad = battery_check(&h->battery_first);
	__atomic_store_n(&h->done, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&hrelease, __ATOMIC_ACQUIRE))
		;
	secmon_psci_cpu_off(hconduit);
	con_printf("# nsk: FAIL CPU_OFF returned on cpu %u\n", slot);
	nsk_halt();
}

static int aff_state(uint64_t mpidr)
{
	int st = -100;
	int err = secmon_psci_affinity_info(hconduit, mpidr, 0, &st);

	return err ? err : st;
}

static bool timed_out(uint64_t t0)
{
	return nsk_ticks() - t0 > WAIT_SECONDS * nsk_tick_freq();
}

/*
 * The boot CPU, done with its share: starts again every secondary that is
 * off and not done (nobody else may be left to), until all are done.
 */
static bool wait_all_done(uint64_t *wakes)
{
	uint64_t t0 = nsk_ticks();
	bool all;

	do {
		all = true;
		for (unsigned i = 1; i < nsk_ncpus; i++) {
			if (__atomic_load_n(&hc[i].done, __ATOMIC_ACQUIRE))
				continue;
			all = false;
			if (aff_state(nsk_mpidr[i]) == SECMON_PSCI_AFF_OFF &&
			    secmon_psci_cpu_on(hconduit, nsk_mpidr[i], (uintptr_t)nsk_secondary_entry,
					       i) == 0)
				(*wakes)++;
		}
	} while (!all && !timed_out(t0));
	return all;
}

static void print_first_bad(void)
{
	for (unsigned i = 0; i < nsk_ncpus; i++) {
		if (!hc[i].have_first)
			continue;
		con_printf("# hostile: cpu %u first bad call:\n#  in ", i);
		for (unsigned r = 0; r < hostile_abi.nargs; r++)
			con_printf(" %llx", (unsigned long long)hc[i].first_in[r]);
		con_printf("\n#  out");
		for (unsigned r = 0; r < hostile_abi.nargs; r++)
			con_printf(" %llx", (unsigned long long)hc[i].first_out[r]);
		con_printf("\n");
	}
}

int hostile_run(const struct secmon_conduit *c, uint64_t total, uint64_t seed)
{
	uint64_t freq = nsk_tick_freq(), t0, t1, calls = 0, unk = 0, bad_unk = 0, bad_known = 0;
	uint64_t bad_psci = 0, bad_hi = 0, hi_mask = 0, near = 0, offs = 0, ons = 0, bad_on = 0, off_ret = 0;
	uint64_t entries = 0, wakes = 0, finals = 0, suspends = 0, resumes = 0, bad_suspend = 0;
	unsigned n = nsk_ncpus, started = 1, bat_bad = 0, bat_cpu = 0, bat_first = 0;
	bool all_done;
	int fail = 0, st;
	uint32_t v = 0;

	hconduit = c;
	/* secmon's core power-down state (tests/nsk/boot.c's default too). */
	hpowerdown = secmon_psci_features(c, secmon_psci_fid(c, SECMON_PSCI_FN_CPU_SUSPEND), &v) == 0 &&
		     (v & SECMON_PSCI_FEAT_EXT_STATE) ? 0x40000000u : 0x00010002u;
	v = 0;
	hseed = seed ? seed : 0x5ec0a7ac4e5ull;
	hper_cpu = (total + n - 1) / n;
	for (unsigned i = 0; i < n; i++)
		hc[i].s = hseed ^ (0x9e3779b97f4a7c15ull * (i + 1));
	con_printf("# hostile: %u CPUs, %llu calls each, seed 0x%llx\n", n,
		   (unsigned long long)hper_cpu, (unsigned long long)hseed);
	con_printf("1..%u\n", 4 * n + 10);
	battery_record();
	st = secmon_psci_version(c, &v);
	fail += con_tap(&htap, st == 0 && v == 0x10003, "hostile: before, PSCI_VERSION is 0x%x", v);
	for (unsigned i = 1; i < n; i++) {
		int err = secmon_psci_cpu_on(c, nsk_mpidr[i], (uintptr_t)nsk_secondary_entry, i);

		fail += con_tap(&htap, err == 0, "hostile: CPU_ON of cpu %u (0x%llx) succeeds (%d)", i,
				(unsigned long long)nsk_mpidr[i], err);
	}
	t0 = nsk_ticks();
	for (unsigned i = 1; i < n; i++)
		while (!__atomic_load_n(&hc[i].started, __ATOMIC_ACQUIRE) && nsk_ticks() - t0 < STEP_SECONDS * freq)
			;
	for (unsigned i = 1; i < n; i++)
		started += __atomic_load_n(&hc[i].started, __ATOMIC_ACQUIRE);
	fail += con_tap(&htap, started == n, "hostile: %u of %u CPUs in the hostile loop", started, n);
	t0 = nsk_ticks();
	__atomic_store_n(&hgo, 1, __ATOMIC_RELEASE);
	hostile_loop(0);
	hc[0].battery_bad = battery_check(&hc[0].battery_first);
	hc[0].done = 1;
	all_done = wait_all_done(&wakes);
	t1 = nsk_ticks();
	for (unsigned i = 0; i < n; i++) {
		struct hcpu *h = &hc[i];

		calls += h->n;
		unk += h->unk;
		bad_unk += h->bad_unk;
		bad_known += h->bad_known;
		bad_psci += h->bad_psci;
		bad_hi += h->bad_hi;
		hi_mask |= h->hi_mask;
		near += h->near_answered;
		offs += h->offs;
		ons += h->ons;
		bad_on += h->bad_on;
		off_ret += h->off_returned;
		suspends += h->suspends;
		resumes += h->resumes;
		bad_suspend += h->bad_suspend;
		if (h->battery_bad && !bat_bad++) {
			bat_cpu = i;
			bat_first = h->battery_first;
		}
		if (!__atomic_load_n(&h->done, __ATOMIC_ACQUIRE))
			con_printf("# hostile: cpu %u never finished: %llu of %llu calls, %llu CPU_OFFs, "
				   "AFFINITY_INFO %d\n", i, (unsigned long long)h->n,
				   (unsigned long long)hper_cpu, (unsigned long long)h->offs,
				   aff_state(nsk_mpidr[i]));
	}
	print_first_bad();
	con_printf("# hostile: %llu calls (%llu SMC_UNK, %llu CPU_OFFs, %llu successful CPU_ONs, %llu "
		   "restarts by the boot CPU) from %u CPUs in %llu ms\n", (unsigned long long)calls,
		   (unsigned long long)unk, (unsigned long long)offs, (unsigned long long)ons,
		   (unsigned long long)wakes, n, (unsigned long long)((t1 - t0) * 1000 / freq));
	fail += con_tap(&htap, all_done, "hostile: every CPU finished its calls within %u s",
			WAIT_SECONDS);
	fail += con_tap(&htap, calls >= total, "hostile: %llu random calls made (at least %llu)",
			(unsigned long long)calls, (unsigned long long)total);
	fail += con_tap(&htap, bad_unk == 0, "hostile: SMC_UNK preserved the other argument registers "
			"(%llu did not)", (unsigned long long)bad_unk);
	fail += con_tap(&htap, bad_known == 0, "hostile: known calls preserved the registers from the "
			"fifth (%llu did not)", (unsigned long long)bad_known);
	fail += con_tap(&htap, bad_psci == 0, "hostile: PSCI calls left the registers after the first "
			"as they were (%llu did not)", (unsigned long long)bad_psci);
	fail += con_tap(&htap, bad_hi == 0, "hostile: every call preserved the registers the caller "
			"keeps (%llu did not; mask 0x%llx, bit 0 = %s)", (unsigned long long)bad_hi,
			(unsigned long long)hi_mask, hostile_abi.nargs > 8 ? "x18" : "r8");
	fail += con_tap(&htap, near == 0, "hostile: near misses of SYSTEM_OFF/RESET are SMC_UNK (%llu not)",
			(unsigned long long)near);
	fail += con_tap(&htap, bad_on == 0 && off_ret == 0 && (offs > 0 || n == 1),
			"hostile: storm CPU_ONs answered SUCCESS, ALREADY_ON or ON_PENDING (%llu not), "
			"%llu CPU_OFFs, none returned (%llu did)", (unsigned long long)bad_on,
			(unsigned long long)offs, (unsigned long long)off_ret);
	fail += con_tap(&htap, bad_suspend == 0 && (suspends > 0 || n == 1),
			"hostile: power-down CPU_SUSPENDs succeeded (%llu of %llu did not; %llu resumed "
			"at their entry point)", (unsigned long long)bad_suspend,
			(unsigned long long)suspends, (unsigned long long)resumes);
	fail += con_tap(&htap, bat_bad == 0, "hostile: then every CPU answers %u known calls as before "
			"(%u CPUs did not; cpu %u first at call %u)", NBATTERY, bat_bad, bat_cpu,
			bat_first);
	for (unsigned i = 0; i < n; i++) {
		st = aff_state(nsk_mpidr[i]);
		fail += con_tap(&htap, st == SECMON_PSCI_AFF_ON,
				"hostile: then AFFINITY_INFO of cpu %u is ON (%d)", i, st);
	}
	__atomic_store_n(&hrelease, 1, __ATOMIC_RELEASE);
	for (unsigned i = 1; i < n; i++) {
		t0 = nsk_ticks();
		do
			st = aff_state(nsk_mpidr[i]);
		while (st != SECMON_PSCI_AFF_OFF && nsk_ticks() - t0 < STEP_SECONDS * freq);
		fail += con_tap(&htap, st == SECMON_PSCI_AFF_OFF,
				"hostile: after its CPU_OFF, AFFINITY_INFO of cpu %u is OFF (%d)", i, st);
	}
	/* Every core still reachable: a final CPU_ON of each, which must run. */
	__atomic_store_n(&hfinal, 1, __ATOMIC_RELEASE);
	for (unsigned i = 1; i < n; i++) {
		int err = secmon_psci_cpu_on(c, nsk_mpidr[i], (uintptr_t)nsk_secondary_entry, i);

		t0 = nsk_ticks();
		while (!err && !__atomic_load_n(&hc[i].final_seen, __ATOMIC_ACQUIRE) &&
		       nsk_ticks() - t0 < STEP_SECONDS * freq)
			;
		finals += err == 0;
		fail += con_tap(&htap, err == 0 && __atomic_load_n(&hc[i].final_seen, __ATOMIC_ACQUIRE),
				"hostile: a final CPU_ON of cpu %u succeeds (%d) and it runs", i, err);
	}
	for (unsigned i = 1; i < n; i++) {
		t0 = nsk_ticks();
		while (aff_state(nsk_mpidr[i]) != SECMON_PSCI_AFF_OFF && nsk_ticks() - t0 < STEP_SECONDS * freq)
			;
		entries += __atomic_load_n(&hc[i].entries, __ATOMIC_ACQUIRE);
	}
	fail += con_tap(&htap, entries == (n - 1) + ons + wakes + finals,
			"hostile: each successful CPU_ON started its CPU once (%llu starts, %llu "
			"successes)", (unsigned long long)entries,
			(unsigned long long)((n - 1) + ons + wakes + finals));
	con_printf("# hostile: %d failed\n", fail);
	return fail;
}
