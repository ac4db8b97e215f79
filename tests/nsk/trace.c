// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=trace, both nsks (secmon's firmwares have recording built in,
 * off until TRACE_CTL): the monitor's recording read back through the SiP calls
 * (include/secmon/trace.h, docs/trace.md). An AArch32 caller uses the
 * SMC32 forms, an AArch64 one the SMC64 ones.
 *
 * The boot CPU switches recording on and makes the four ARCH_WORKAROUND
 * calls, which are not recorded by default (TRACE_INFO's bit 1 clear), then
 * switches their recording on too (TRACE_CTL x2 bit 1) and makes known
 * calls, among them those the vector answers itself (SMCCC_VERSION,
 * ARCH_WORKAROUND_1, an ID the filter rules out, PSCI_VERSION's and
 * TRNG_VERSION's constants, CPU_SUSPEND's refusal of a power_state no
 * platform offers), then starts every other
 * CPU; each makes CALLS
 * calls of an unknown SiP ID with its slot and the call's number in x1 and
 * x2. Then every CPU at once reads the trace into its own buffer, in small
 * pieces, until nothing waits. Checked: every record read exactly once
 * ((cpu, seq) unique, no gap, nothing lost), each CPU's calls all there in
 * order with the answers the callers got, the power events (CPU_ON of each
 * secondary on the boot CPU, its warm boot on it). Then hostile buffers:
 * secure RAM and flash, a device, across either end of normal-world RAM,
 * wrapping, misaligned, smaller than a record, huge: each INVALID_PARAMETERS.
 */
#include "nsk.h"
#include "boot.h"
#include <secmon/client.h>
#include <secmon/psci.h>
#include <secmon/trace.h>
#include <secmon/trng.h>

#define CALLS		20
#define UNKNOWN_SIP	0x8200ff42u	/* no service: SMC_UNK */
#define MARK		0x7ace0000ull
/* A power_state no platform table has (StateID 0xfff, bit 17 reserved): refused. */
#define TRACE_BAD_STATE	0x00020fffu
#define PER_CPU_MAX	256		/* records a CPU's buffer holds: all of them, on 8 CPUs */
#define PIECE		3		/* records per TRACE_READ */
#define WAIT_TICKS(s)	((s) * nsk_tick_freq())

struct tcpu {
	struct secmon_trace_record rec[PER_CPU_MAX];
	uint32_t n, reads, lost, bad_read;
	uint32_t called, done;
} __attribute__((aligned(64)));

static struct tcpu tc[NSK_MAX_CPUS];
static const struct secmon_conduit *tcd;
static bool ta32;		/* the caller runs AArch32: SMC32 forms */
static uint32_t twide;		/* SECMON_FID_SMC64, or 0 from AArch32 */
static volatile uint32_t tgo;
static unsigned ttap;

/* A negative SMC32 status as this caller gets it: 32 bits from AArch32, sign-extended else. */
static uint64_t status(int32_t v)
{
	return ta32 ? (uint32_t)v : (uint64_t)(int64_t)v;
}

static void sip(uint64_t x0, uint64_t x1, uint64_t x2, struct secmon_regs *out)
{
	struct secmon_regs in = { .x = { x0, x1, x2 } };

	secmon_invoke(tcd, &in, out);
}

/* TRACE_READ in pieces into this CPU's buffer until nothing waits. */
static void read_share(struct tcpu *t)
{
	struct secmon_regs out;

	for (;;) {
		uint32_t room = PER_CPU_MAX - t->n;

		if (room == 0)
			break;
		sip(SECMON_SIP_TRACE_READ | twide, (uintptr_t)&t->rec[t->n],
		    (room < PIECE ? room : PIECE) * sizeof(t->rec[0]), &out);
		t->reads++;
		if (out.x[0] != 0 || out.x[1] > PIECE) {
			t->bad_read++;
			break;
		}
		t->n += (uint32_t)out.x[1];
		t->lost += (uint32_t)out.x[2];
		if (out.x[1] == 0 && out.x[3] == 0)
			break;
	}
}

static void wait_all(uint32_t (*get)(unsigned), uint64_t seconds)
{
	uint64_t until = nsk_ticks() + WAIT_TICKS(seconds);

	for (unsigned i = 1; i < nsk_ncpus; i++)
		while (!get(i) && nsk_ticks() < until)
			;
}

static uint32_t called_of(unsigned i)
{
	return __atomic_load_n(&tc[i].called, __ATOMIC_ACQUIRE);
}

static uint32_t done_of(unsigned i)
{
	return __atomic_load_n(&tc[i].done, __ATOMIC_ACQUIRE);
}

void trace_secondary(unsigned slot)
{
	struct tcpu *t = &tc[slot];
	struct secmon_regs out;

	for (unsigned k = 0; k < CALLS; k++)
		sip(UNKNOWN_SIP, MARK | slot, k, &out);
	__atomic_store_n(&t->called, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&tgo, __ATOMIC_ACQUIRE))
		;
	read_share(t);
	__atomic_store_n(&t->done, 1, __ATOMIC_RELEASE);
	secmon_psci_cpu_off(tcd);
}

/* The record of (cpu, seq) among everything read, and how often it was read. */
static const struct secmon_trace_record *find(unsigned cpu, uint32_t seq, unsigned *times)
{
	const struct secmon_trace_record *r = 0;

	*times = 0;
	for (unsigned i = 0; i < nsk_ncpus; i++)
		for (unsigned k = 0; k < tc[i].n; k++)
			if (tc[i].rec[k].cpu == cpu && tc[i].rec[k].seq == seq) {
				r = &tc[i].rec[k];
				++*times;
			}
	return r;
}

/* Records of monitor CPU `cpu`: seq 0.. without a gap, each once; their count. */
static unsigned check_ring(unsigned cpu, bool *ok)
{
	unsigned n = 0, times;

	while (find(cpu, n, &times)) {
		if (times != 1)
			*ok = false;
		n++;
	}
	return n;
}

static int hostile_reads(uint64_t ram_end)
{
	static const struct {
		uint64_t base, size;
		const char *what;
	} bad[] = {
		{ 0x0e000000, 4096, "secure RAM" },
		{ 0x00000000, 4096, "secure flash" },
		{ 0x09000000, 4096, "a device (the UART)" },
		{ 0x40000000 - 64, 4096, "from below normal-world RAM into it" },
		{ 0xfffffffffffff000ull, 0x2000, "wrapping around" },
		{ 0x40000000, 0xffffffffffffff00ull, "huge" },
	};
	struct secmon_regs out;
	uint64_t buf = (uintptr_t)&tc[0].rec[0];
	int fail = 0;

	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		sip(SECMON_SIP_TRACE_READ | twide, bad[i].base, bad[i].size, &out);
		fail += con_tap(&ttap, out.x[0] == status(SECMON_PSCI_INVALID_PARAMETERS),
				"trace: TRACE_READ of %s is INVALID_PARAMETERS (0x%llx)", bad[i].what,
				(unsigned long long)out.x[0]);
	}
	sip(SECMON_SIP_TRACE_READ | twide, ram_end - 64, 4096, &out);
	fail += con_tap(&ttap, out.x[0] == status(SECMON_PSCI_INVALID_PARAMETERS),
			"trace: TRACE_READ across the end of normal-world RAM is INVALID_PARAMETERS");
	sip(SECMON_SIP_TRACE_READ | twide, buf + 4, 4096, &out);
	fail += con_tap(&ttap, out.x[0] == status(SECMON_PSCI_INVALID_PARAMETERS),
			"trace: a misaligned TRACE_READ buffer is INVALID_PARAMETERS");
	sip(SECMON_SIP_TRACE_READ | twide, buf, sizeof(struct secmon_trace_record) - 8, &out);
	fail += con_tap(&ttap, out.x[0] == status(SECMON_PSCI_INVALID_PARAMETERS),
			"trace: a TRACE_READ buffer smaller than a record is INVALID_PARAMETERS");
	return fail;
}

int trace_run(const struct secmon_conduit *c, uint64_t ram_end, unsigned el, bool aarch32)
{
	struct secmon_regs out, v, wa, unk, ver, zero, trng, susp;
	unsigned nrec[NSK_MAX_CPUS], boot_cpu = NSK_MAX_CPUS;
	bool ok = true, order = true, calls_ok = true, events_ok = true;
	int fail = 0;

	tcd = c;
	ta32 = aarch32;
	twide = aarch32 ? 0 : SECMON_FID_SMC64;
	sip(SECMON_SIP_TRACE_INFO, 0, 0, &out);
	fail += con_tap(&ttap, out.x[0] == 0 && (out.x[3] & 0xffff) >= nsk_ncpus,
			"trace: TRACE_INFO answers SUCCESS, %u CPUs, %u records a ring, %u Hz",
			(unsigned)(out.x[3] & 0xffff), (unsigned)(out.x[3] >> 16) & 0xffff,
			(unsigned)out.x[2]);
	if (out.x[0] != 0) {
		con_printf("Bail out! the firmware records nothing\n");
		return fail;
	}
	sip(SECMON_SIP_TRACE_CTL, 1, SECMON_TRACE_CTL_CLEAR, &out);
	fail += con_tap(&ttap, out.x[0] == 0, "trace: TRACE_CTL starts recording");
	sip(SECMON_SIP_TRACE_INFO, 0, 0, &out);
	fail += con_tap(&ttap, out.x[1] == SECMON_TRACE_INFO_ON,
			"trace: TRACE_INFO: recording, not the workaround calls (x1 = 0x%llx)",
			(unsigned long long)out.x[1]);
	/* Not recorded: the boot CPU's first record below is the SMCCC_VERSION after them. */
	sip(SECMON_SMCCC_ARCH_WORKAROUND_1, 0, 0, &wa);
	sip(SECMON_SMCCC_ARCH_WORKAROUND_2, 0, 0, &wa);
	sip(SECMON_SMCCC_ARCH_WORKAROUND_3, 0, 0, &wa);
	sip(SECMON_SMCCC_ARCH_WORKAROUND_4, 0, 0, &wa);
	sip(SECMON_SIP_TRACE_CTL, 1, SECMON_TRACE_CTL_WORKAROUNDS, &out);
	sip(SECMON_SIP_TRACE_INFO, 0, 0, &zero);
	fail += con_tap(&ttap, out.x[0] == 0 &&
				       zero.x[1] == (SECMON_TRACE_INFO_ON | SECMON_TRACE_INFO_WORKAROUNDS),
			"trace: TRACE_CTL x2 bit 1 records the workaround calls too (x1 = 0x%llx)",
			(unsigned long long)zero.x[1]);
	sip(SECMON_SMCCC_VERSION, 0, 0, &v);
	sip(SECMON_SMCCC_ARCH_WORKAROUND_1, 0, 0, &wa);
	sip(UNKNOWN_SIP | twide, MARK, 0, &unk);
	sip(SECMON_PSCI_FN32(SECMON_PSCI_FN_VERSION), 0, 0, &ver);
	/* ID 0 (a yielding call): the routes used while recording must not match it. */
	sip(0, 0, 0, &zero);
	/* Answered from the vector while recording is off: a constant, a refusal. */
	sip(SECMON_TRNG_VERSION, 0, 0, &trng);
	sip(SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_SUSPEND), TRACE_BAD_STATE, 0, &susp);
	for (unsigned i = 1; i < nsk_ncpus; i++)
		if (secmon_psci_cpu_on(c, nsk_mpidr[i], (uintptr_t)nsk_secondary_entry, i) != 0)
			ok = false;
	wait_all(called_of, 10);
	__atomic_store_n(&tgo, 1, __ATOMIC_RELEASE);
	read_share(&tc[0]);
	wait_all(done_of, 10);
	for (unsigned i = 1; i < nsk_ncpus; i++)
		if (!done_of(i))
			ok = false;
	fail += con_tap(&ttap, ok, "trace: every CPU started, made its calls and read its share");

	ok = true;
	for (unsigned i = 0; i < nsk_ncpus; i++)
		ok = ok && !tc[i].bad_read && !tc[i].lost && tc[i].n < PER_CPU_MAX;
	for (unsigned cpu = 0; cpu < NSK_MAX_CPUS; cpu++)
		nrec[cpu] = check_ring(cpu, &ok);
	{
		unsigned total = 0, all = 0;

		for (unsigned cpu = 0; cpu < NSK_MAX_CPUS; cpu++)
			total += nrec[cpu];
		for (unsigned i = 0; i < nsk_ncpus; i++)
			all += tc[i].n;
		for (unsigned i = 0; i < nsk_ncpus && (!ok || total != all); i++)
			con_printf("# trace: CPU %u read %u records in %u reads, %u lost, %u refused; "
				   "ring %u holds %u\n", i, tc[i].n, tc[i].reads, tc[i].lost,
				   tc[i].bad_read, i, nrec[i]);
		fail += con_tap(&ttap, ok && total == all,
				"trace: all CPUs read at once: each of %u records read once, seq "
				"without a gap, none lost", all);
	}

	/* The boot CPU's ring: the calls the vector answers itself are there. */
	for (unsigned cpu = 0; cpu < NSK_MAX_CPUS; cpu++) {
		unsigned t;
		const struct secmon_trace_record *r = find(cpu, 0, &t);

		if (r && r->type == SECMON_TRACE_SMC && r->fid == SECMON_SMCCC_VERSION)
			boot_cpu = cpu;
	}
	{
		const uint32_t fid[] = { SECMON_SMCCC_VERSION, SECMON_SMCCC_ARCH_WORKAROUND_1,
					 UNKNOWN_SIP | twide,
					 SECMON_PSCI_FN32(SECMON_PSCI_FN_VERSION), 0, SECMON_TRNG_VERSION,
					 SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_SUSPEND) };
		const uint64_t res[] = { v.x[0],    wa.x[0],   unk.x[0], ver.x[0],
					 zero.x[0], trng.x[0], susp.x[0] };
		bool boot_ok = boot_cpu < NSK_MAX_CPUS;
		unsigned t;

		for (uint32_t s = 0; boot_ok && s < 7; s++) {
			const struct secmon_trace_record *r = find(boot_cpu, s, &t);

			boot_ok = r && r->type == SECMON_TRACE_SMC && r->fid == fid[s] &&
				  r->nres == SECMON_TRACE_RESULTS && r->res[0] == res[s] &&
				  ((r->flags & SECMON_TRACE_F_EL_MASK) >> SECMON_TRACE_F_EL_SHIFT) ==
					  el &&
				  !(r->flags & SECMON_TRACE_F_AARCH32) == !aarch32 &&
				  r->t_exit >= r->t_entry;
		}
		fail += con_tap(&ttap, boot_ok,
				"trace: not the four workaround calls by default; then SMCCC_VERSION, "
				"ARCH_WORKAROUND_1, an unknown SiP ID, PSCI_VERSION, ID 0, "
				"TRNG_VERSION and a refused CPU_SUSPEND recorded in order with their "
				"answers and the caller's EL%u, %s", el, aarch32 ? "AArch32" : "AArch64");
		fail += con_tap(&ttap, status(SECMON_PSCI_INVALID_PARAMETERS) == susp.x[0],
				"trace: CPU_SUSPEND of power_state 0x%x refused while recording",
				TRACE_BAD_STATE);
		fail += con_tap(&ttap, (uint32_t)zero.x[0] == 0xffffffffu,
				"trace: ID 0 answered SMC_UNK while recording");
		/* Then per secondary: its CPU_ON event and the CPU_ON call (SUCCESS). */
		for (uint32_t s = 7, i = 1; i < nsk_ncpus; i++, s += 2) {
			const struct secmon_trace_record *e = find(boot_cpu, s, &t);
			const struct secmon_trace_record *r = find(boot_cpu, s + 1, &t);

			if (!e || e->type != SECMON_TRACE_POWER || e->fid != SECMON_TRACE_EV_CPU_ON ||
			    e->arg[1] != (uintptr_t)nsk_secondary_entry || e->arg[2] != i || !r ||
			    r->type != SECMON_TRACE_SMC ||
			    (r->fid & ~SECMON_FID_SMC64) != SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_ON) ||
			    r->res[0] != 0 ||
			    r->arg[0] != nsk_mpidr[i])
				events_ok = false;
		}
	}
	/* Each secondary's ring: its warm boot, then its calls in order, SMC_UNK each. */
	for (unsigned i = 1; i < nsk_ncpus; i++) {
		unsigned cpu, t, k;
		const struct secmon_trace_record *r = 0;

		for (cpu = 0; cpu < NSK_MAX_CPUS; cpu++) {
			r = find(cpu, 1, &t);
			if (r && r->type == SECMON_TRACE_SMC && r->arg[0] == (MARK | i))
				break;
		}
		if (cpu == NSK_MAX_CPUS) {
			calls_ok = false;
			continue;
		}
		r = find(cpu, 0, &t);
		if (!r || r->type != SECMON_TRACE_POWER || r->fid != SECMON_TRACE_EV_WARM_BOOT ||
		    r->arg[0] != (uintptr_t)nsk_secondary_entry)
			events_ok = false;
		for (k = 0; k < CALLS; k++) {
			r = find(cpu, k + 1, &t);
			if (!r || r->fid != UNKNOWN_SIP || r->arg[0] != (MARK | i) || r->arg[1] != k ||
			    r->res[0] != status(-1))
				order = false;
		}
	}
	fail += con_tap(&ttap, calls_ok && order,
			"trace: each secondary's %u calls recorded in order on its own CPU, "
			"SMC_UNK each", CALLS);
	fail += con_tap(&ttap, events_ok,
			"trace: CPU_ON events and calls on the boot CPU, a warm boot first on each "
			"secondary");
	if (!calls_ok || !order || !events_ok)
		for (unsigned i = 0; i < nsk_ncpus; i++)
			for (unsigned k = 0; k < tc[i].n; k++) {
				const struct secmon_trace_record *r = &tc[i].rec[k];

				con_printf("# trace: read by %u: cpu %u seq %u type %u fid 0x%x "
					   "x1 0x%llx x2 0x%llx x0 0x%llx\n", i, r->cpu,
					   (unsigned)r->seq, r->type, (unsigned)r->fid,
					   (unsigned long long)r->arg[0],
					   (unsigned long long)r->arg[1],
					   (unsigned long long)r->res[0]);
			}
	fail += hostile_reads(ram_end);
	sip(SECMON_SIP_TRACE_CTL, 0, 1, &out);
	fail += con_tap(&ttap, out.x[0] == 0, "trace: TRACE_CTL stops recording");
	con_printf("1..%u\n", ttap);
	con_printf("# trace: %d failed\n", fail);
	return fail;
}
