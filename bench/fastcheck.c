// SPDX-License-Identifier: BSD-3-Clause
/*
 * fastcheck: the SMC fast path (struct mon_route, monitor.h) gives exactly
 * the answers of mon_smc(), on the host simulator, for every example board.
 *
 *   fastcheck [board.dtb ...]      (no board DT is always checked first)
 *
 * 1. The filter: every ID it rules out (checked over all owning entities,
 *    both widths, fast and yielding, with and without the SVE hint, function
 *    numbers 0-0x23f and 0xfe00-0xffff, every ID a board describes and its
 *    neighbours; every function number of OENs 0, 2, 4 and 63) is answered
 *    SMC_UNK by mon_smc(), -1 in all 64 bits, with x1-x17 untouched. The
 *    platform's vector answers those IDs itself, so a wrong filter would
 *    hide a service. And it is exact: every ID of the
 *    sweep that it lets through is one mon_smc() answers, so no unknown ID
 *    takes the slow path.
 * 2. The fast handlers and the answers without code (PSCI_VERSION's and
 *    TRNG_VERSION's constant, PSCI_FEATURES' lookup, CPU_SUSPEND's refusal
 *    of a power_state the platform does not offer): for every PSCI and Arm
 *    architecture ID and many arguments (IDs, MPIDRs, levels, power_states,
 *    with garbage in the upper halves), when mon_smc_fast() answers, it
 *    writes x0 only, and mon_smc() answers the same with the same
 *    registers; a power_state the platform offers is never answered fast.
 * 3. With the filter on, PSCI_VERSION, TRNG_VERSION, PSCI_FEATURES and
 *    CPU_SUSPEND are answered without code (struct mon_answer), as the
 *    vector does.
 * Prints TAP; exits non-zero on a failure.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <secmon/psci.h>
#include <secmon/trng.h>
#include "../monitor/monitor.h"
#include "../monitor/plat.h"
#include "../monitor/services/described.h"
#include "sim.h"

#define NCPUS 4

static unsigned tests, failures;
static const char *board_name;
static unsigned long checked, ruled_out, fast_answered, passed;
static unsigned long fail_filter, fail_fast, fail_exact;
static char first_failure[256];

static void fail(const char *fmt, ...)
{
	va_list ap;

	if (first_failure[0])
		return;
	va_start(ap, fmt);
	vsnprintf(first_failure, sizeof(first_failure), fmt, ap);
	va_end(ap);
}

static uint64_t rnd_state = 0x5ec0f00dcafe1234ull;

static uint64_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

static void fill(struct secmon_regs *r, uint32_t fid)
{
	for (unsigned i = 0; i < SECMON_NREGS; i++)
		r->x[i] = rnd();
	r->x[0] = (rnd() & 0xffffffff00000000ull) | fid;
}

/*
 * 3: the filter is exact: an ID it lets through is one mon_smc() answers
 * (mon_fid_answered(), the predicate the dispatcher uses) or a described
 * call's, unless a described ID outside x0 turns the filter off.
 */
static void check_exact(uint32_t fid)
{
	uint32_t id;
	unsigned i, reg;

	passed++;
	if (mon_fid_answered(fid))
		return;
	for (i = 0; described_claims(i, &id, &reg); i++)
		if (reg != 0 || id == fid)
			return;
	fail_exact++;
	fail("filter lets 0x%08x through, but nothing answers it", fid);
}

/* 1: an ID the filter rules out is SMC_UNK, x1-x17 as they were. */
static void check_filtered(uint32_t fid)
{
	struct secmon_regs in, out;
	uint64_t unk = SECMON_SMC_UNK64;	/* an AArch64 caller: sign-extended */

	checked++;
	if (!mon_fid_filtered(fid)) {
		check_exact(fid);
		return;
	}
	ruled_out++;
	fill(&in, fid);
	secmon_conduit_sim.invoke(&secmon_conduit_sim, &in, &out);
	if (out.x[0] != unk || memcmp(&in.x[1], &out.x[1], sizeof(in.x) - sizeof(in.x[0]))) {
		fail_filter++;
		fail("filter rules out 0x%08x but mon_smc() answers x0 = 0x%llx", fid,
		     (unsigned long long)out.x[0]);
	}
}

static void filter_sweep(const void *dtb)
{
	static const unsigned kinds[] = { 0x80000000u, 0xc0000000u, 0x00000000u, 0x40000000u };

	for (unsigned oen = 0; oen < 64; oen++)
		for (unsigned k = 0; k < 4; k++)
			for (unsigned hint = 0; hint < 2; hint++) {
				uint32_t base = kinds[k] | oen << 24 | hint << 16;

				for (unsigned fn = 0; fn < 0x240; fn++)
					check_filtered(base | fn);
				for (unsigned fn = 0xfe00; fn <= 0xffff; fn++)
					check_filtered(base | fn);
				/* Every function number of the entities secmon serves. */
				if (oen == 0 || oen == 2 || oen == 4 || oen == 63)
					for (unsigned fn = 0x240; fn < 0xfe00; fn++)
						check_filtered(base | fn);
			}
	/* The described IDs and their neighbours (legacy IDs sit anywhere). */
	if (dtb) {
		for (uint32_t fid = 0xffffff00u; fid != 0; fid++)
			check_filtered(fid);
		for (uint32_t fid = 0x82000000u; fid < 0x82000400u; fid++)
			check_filtered(fid | 0x00fe0000u);
	}
	for (unsigned i = 0; i < 20000; i++)
		check_filtered((uint32_t)rnd());
}

/* 2: mon_smc_fast() agrees with mon_smc() and touches x0 only. */
static void check_fast(uint32_t fid, uint64_t a1, uint64_t a2)
{
	struct secmon_regs in, fast, out;

	fill(&in, fid);
	in.x[1] = a1;
	in.x[2] = a2;
	fast = in;
	if (!mon_smc_fast(&fast)) {
		if (memcmp(&fast, &in, sizeof(in))) {
			fail_fast++;
			fail("mon_smc_fast(0x%08x, 0x%llx, 0x%llx) declined but wrote registers",
			     fid, (unsigned long long)a1, (unsigned long long)a2);
		}
		return;
	}
	fast_answered++;
	secmon_conduit_sim.invoke(&secmon_conduit_sim, &in, &out);
	if (memcmp(&fast, &out, sizeof(out))) {
		fail_fast++;
		fail("0x%08x(0x%llx, 0x%llx): mon_smc_fast() answers 0x%llx, mon_smc() 0x%llx", fid,
		     (unsigned long long)a1, (unsigned long long)a2, (unsigned long long)fast.x[0],
		     (unsigned long long)out.x[0]);
	}
}

static void fast_sweep(void)
{
	uint64_t args[64];
	unsigned n = 0, i, j;
	static const uint32_t arch_ids[] = {
		SECMON_SMCCC_VERSION, SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_SOC_ID,
		SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY,
		SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY | SECMON_FID_SMC64, SECMON_SMCCC_ARCH_WORKAROUND_1,
		SECMON_SMCCC_ARCH_WORKAROUND_2, SECMON_SMCCC_ARCH_WORKAROUND_3,
		SECMON_SMCCC_ARCH_WORKAROUND_4, 0x80000005u, 0x8000ff00u, 0x8000ff01u,
	};

	/* Arguments: IDs asked about, MPIDRs, levels, junk in the upper half. */
	for (i = 0; i < sizeof(arch_ids) / sizeof(arch_ids[0]); i++)
		args[n++] = arch_ids[i];
	for (i = 0; i < SECMON_PSCI_FN_COUNT + 2; i += 3) {
		args[n++] = SECMON_PSCI_FN32(i);
		args[n++] = SECMON_PSCI_FN64(i) | 0x00010000u;
	}
	for (i = 0; i < NCPUS + 1; i++)
		args[n++] = sim_mpidr(i);
	args[n++] = 0xffffffff00000001ull;
	args[n++] = 0x100000000ull;
	args[n++] = 0x0000000100000000ull | sim_mpidr(1);
	args[n++] = 0x84fe0003u;
	args[n++] = 0x04000003u;
	args[n++] = 2;

	for (unsigned w = 0; w < 2; w++)
		for (unsigned hint = 0; hint < 2; hint++)
			for (unsigned fn = 0; fn < 0x24; fn++) {
				uint32_t fid = (w ? SECMON_PSCI_FN64(fn) : SECMON_PSCI_FN32(fn)) |
					       hint << 16;

				for (i = 0; i < n; i++)
					for (j = 0; j < 4; j++)
						check_fast(fid, args[i],
							   j == 0 ? 0 : j == 1 ? 1 : j == 2 ? args[i] : rnd());
			}
	for (unsigned w = 0; w < 2; w++)
		for (i = 0; i < sizeof(arch_ids) / sizeof(arch_ids[0]); i++)
			for (j = 0; j < n; j++)
				check_fast(arch_ids[i] | (w ? SECMON_FID_SMC64 : 0), args[j], rnd());
	/*
	 * PSCI_FEATURES (answered by a lookup in the filter's tables) about
	 * every PSCI function, both widths, SVE hint or not, and every ID that
	 * differs from one of them in one bit, with junk in the upper half.
	 */
	for (unsigned hint = 0; hint < 2; hint++)
		for (unsigned fn = 0; fn < 0x24; fn++)
			for (unsigned w = 0; w < 2; w++) {
				uint32_t id = (w ? SECMON_PSCI_FN64(fn) : SECMON_PSCI_FN32(fn)) |
					      hint << 16;

				check_fast(SECMON_PSCI_FN32(SECMON_PSCI_FN_FEATURES), id, rnd());
				check_fast(SECMON_PSCI_FN32(SECMON_PSCI_FN_FEATURES) | SECMON_FID_SVE_HINT,
					   (rnd() << 32) | id, rnd());
				for (unsigned bit = 0; bit < 32; bit++)
					check_fast(SECMON_PSCI_FN32(SECMON_PSCI_FN_FEATURES),
						   id ^ (1u << bit), rnd());
			}
	/*
	 * Anything else: declined with nothing written, or answered as mon_smc()
	 * answers (only what mon_smc_fast() answers reaches mon_smc() here, so a
	 * CPU_OFF it wrongly claimed would stop the checks short).
	 */
	for (i = 0; i < 20000; i++)
		check_fast((uint32_t)rnd(), rnd(), rnd());
}

/*
 * CPU_SUSPEND, both widths, SVE hint or not: each power_state the platform
 * offers goes on to mon_smc() (declined, nothing written: the call would
 * suspend), and every other one, each of them with one bit flipped or junk
 * in the upper half, and random ones, is refused as mon_smc() refuses it.
 */
static void suspend_sweep(void)
{
	unsigned n, i, bit;
	const struct plat_power_state *ps = plat_power_states(&n);

	for (unsigned w = 0; w < 2; w++)
		for (unsigned hint = 0; hint < 2; hint++) {
			uint32_t fid = (w ? SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_SUSPEND)
					  : SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_SUSPEND)) |
				       hint << 16;

			for (i = 0; i < n; i++) {
				struct secmon_regs r, in;

				fill(&r, fid);
				r.x[1] = (rnd() << 32) | ps[i].power_state;
				in = r;
				if (mon_smc_fast(&r) || memcmp(&r, &in, sizeof(r))) {
					fail_fast++;
					fail("CPU_SUSPEND 0x%08x of power_state 0x%08x, which the "
					     "platform offers, answered or touched by mon_smc_fast()",
					     fid, ps[i].power_state);
				}
				for (bit = 0; bit < 32; bit++) {
					uint32_t v = ps[i].power_state ^ (1u << bit);
					unsigned j;

					for (j = 0; j < n && ps[j].power_state != v; j++)
						;
					if (j == n)
						check_fast(fid, v, rnd());
				}
			}
			for (i = 0; i < 2000; i++) {
				uint32_t v = (uint32_t)rnd();
				unsigned j;

				for (j = 0; j < n && ps[j].power_state != v; j++)
					;
				if (j == n)
					check_fast(fid, (rnd() << 32) | v, rnd());
			}
		}
}

/*
 * 4: the calls the vector answers without code (struct mon_answer) are so
 * answered while the filter is on: PSCI_VERSION a constant, PSCI_FEATURES a
 * lookup (the check above proves the answers are mon_smc()'s).
 */
static unsigned how_of(uint32_t fid)
{
	const struct mon_route *f = &mon_routes[(fid >> 24) & 63];
	unsigned slot = (unsigned)((uint64_t)(uint32_t)(fid * f->mult) >> f->shift);

	return f->slots[slot] == fid ? f->answers[slot].how : MON_ANSWER_FULL;
}

static bool no_code_answers;

static void entry(unsigned cpu, uint64_t pc, uint64_t ctx, void *arg)
{
	struct secmon_regs in = { .x = { SECMON_PSCI_FN32(SECMON_PSCI_FN_SYSTEM_OFF) } }, out;

	(void)cpu, (void)pc, (void)ctx;
	filter_sweep(arg);
	fast_sweep();
	suspend_sweep();
	no_code_answers = how_of(SECMON_PSCI_FN32(SECMON_PSCI_FN_VERSION)) == MON_ANSWER_VALUE &&
			  how_of(SECMON_TRNG_VERSION) == MON_ANSWER_VALUE &&
			  how_of(SECMON_PSCI_FN32(SECMON_PSCI_FN_FEATURES)) == MON_ANSWER_LOOKUP &&
			  how_of(SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_SUSPEND)) == MON_ANSWER_CHECK &&
			  how_of(SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_SUSPEND)) == MON_ANSWER_CHECK;
	secmon_conduit_sim.invoke(&secmon_conduit_sim, &in, &out);
}

static void quiet(char c, void *arg)
{
	(void)c, (void)arg;
}

static void *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;
	void *buf;

	if (!f)
		return 0;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = 0;
	}
	fclose(f);
	return buf;
}

static void ok(bool good, const char *what)
{
	tests++;
	printf("%sok %u - fastcheck %s: %s\n", good ? "" : "not ", tests, board_name, what);
	if (!good) {
		failures++;
		if (first_failure[0])
			printf("# first failure: %s\n", first_failure);
	}
}

static void run_board(const char *name, const void *dtb, uint32_t psci_unsupported)
{
	struct sim_config cfg = {
		.ncpus = NCPUS, .board_dtb = dtb, .entry = entry, .arg = (void *)dtb,
		.console = quiet, .psci_unsupported = psci_unsupported,
	};
	char what[160];
	int end;

	board_name = name;
	checked = ruled_out = fast_answered = passed = fail_filter = fail_fast = fail_exact = 0;
	first_failure[0] = 0;
	end = sim_run(&cfg, 0x80000000ull, 0);
	ok(end == SIM_END_SYSTEM_OFF, "the checks ran to their end (SYSTEM_OFF)");
	/* A board that puts an ID outside x0 turns the filter off: nothing is ruled out. */
	snprintf(what, sizeof(what), "%lu of %lu IDs ruled out by the filter are SMC_UNK in mon_smc()%s",
		 ruled_out - fail_filter, ruled_out, ruled_out ? "" : " (filter off)");
	ok(fail_filter == 0 && (ruled_out > 0 || mon_fid_filtered(0x8200ff42u) == false), what);
	snprintf(what, sizeof(what), "exact filter: %lu of %lu IDs it lets through are answered",
		 passed - fail_exact, passed);
	ok(fail_exact == 0, what);
	snprintf(what, sizeof(what), "%lu fast answers equal mon_smc()'s, x1-x17 untouched",
		 fast_answered - fail_fast);
	ok(fail_fast == 0 && fast_answered > 0, what);
	/* A board that turns the filter off leaves them to the fast handler. */
	ok(no_code_answers == mon_fid_filtered(0x8200ff42u),
	   no_code_answers ? "PSCI_VERSION, TRNG_VERSION, PSCI_FEATURES and CPU_SUSPEND's "
			     "refusals answered without code"
			   : "filter off: PSCI_VERSION and PSCI_FEATURES by the fast handler");
}

int main(int argc, char **argv)
{
	run_board("no-board-dt", 0, 0);
	run_board("no-board-dt, some PSCI unsupported", 0,
		  1u << SECMON_PSCI_FN_AFFINITY_INFO | 1u << SECMON_PSCI_FN_MIGRATE_INFO_TYPE |
			  1u << SECMON_PSCI_FN_SET_SUSPEND_MODE | 1u << SECMON_PSCI_FN_CPU_ON);
	for (int i = 1; i < argc; i++) {
		void *dtb = read_file(argv[i]);
		const char *base = strrchr(argv[i], '/');

		if (!dtb) {
			printf("not ok %u - fastcheck: cannot read %s\n", ++tests, argv[i]);
			failures++;
			continue;
		}
		run_board(base ? base + 1 : argv[i], dtb, 0);
		free(dtb);
	}
	printf("1..%u\n", tests);
	return failures ? 1 : 0;
}
