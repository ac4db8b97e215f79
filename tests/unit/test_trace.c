// SPDX-License-Identifier: BSD-3-Clause
/*
 * Recording (monitor/core/trace.c, include/secmon/trace.h): scripted runs on
 * the host simulator read their own trace back through TRACE_READ and keep
 * it; the tests check, after sim_run, that every call and power event is
 * there, in order, with the answers the callers got. Also the readout's
 * hostile-buffer rules, ring overrun, the board DT's secmon,trace node,
 * what is recorded by default (not the ARCH_WORKAROUND calls) and the
 * console readout at SYSTEM_OFF and SYSTEM_RESET.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include <secmon/trace.h>
#include <secmon/trng.h>
#include "simtest.h"
#include "../../monitor/monitor.h"
#include "../../monitor/core/service.h"

#define REC sizeof(struct secmon_trace_record)
/* Normal-world memory the simulated monitor reaches (sim_phys()), past the SCMI channel. */
#define BUF (NS_BASE + 0x1000)
#define BUF_SIZE (SIM_WINDOW_SIZE - 0x2000)
#define MAXREC (BUF_SIZE / REC)

static struct secmon_trace_record got[4 * MAXREC];
static unsigned ngot;
static uint64_t lost_seen;
static uint64_t info[4];

/* TRACE_READ until nothing waits; the records into got[]. */
static void read_all(void)
{
	struct secmon_regs in, out;

	do {
		in = (struct secmon_regs){ .x = { SECMON_SIP_TRACE_READ | SECMON_FID_SMC64, BUF, BUF_SIZE } };
		secmon_invoke(cd, &in, &out);
		if (!EXPECT_EQ(out.x[0], 0) || !EXPECT(out.x[1] <= MAXREC) ||
		    !EXPECT(ngot + out.x[1] <= sizeof(got) / REC))
			return;
		memcpy(&got[ngot], sim_phys(BUF, out.x[1] * REC), out.x[1] * REC);
		ngot += (unsigned)out.x[1];
		lost_seen += out.x[2];
	} while (out.x[3] != 0);
}

static uint64_t sip(uint32_t fid, uint64_t a1, uint64_t a2)
{
	return smc(fid, a1, a2, 0);
}

/*
 * WAIT_AFF polls as fast as it can, and every poll is a record: a loaded
 * host that keeps CPU 1 from running would overrun CPU 0's ring. A poll
 * a millisecond keeps the records few (the test asserts none is lost).
 */
static void wait_off_slowly(unsigned cpu)
{
	for (unsigned ms = 0; ms < 10000; ms++) {
		if (smc(P32(AFFINITY_INFO), m(cpu), 0, 0) == SECMON_PSCI_AFF_OFF)
			return;
		nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
	}
	(void)EXPECT(!"the CPU powered off within 10 s");
}

static void sc_script(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs in = { .x = { SECMON_SIP_TRACE_INFO } }, out;

	(void)ctx;
	if (cpu == 1) {
		EXPECT_EQ(SMC0(SECMON_SMCCC_VERSION), 0x10005);
		return;		/* the simulator's implicit CPU_OFF */
	}
	if (pc == PC_B) {
		read_all();
		secmon_invoke(cd, &in, &out);
		memcpy(info, out.x, sizeof(info));
		SMC0(P32(SYSTEM_OFF));
		return;
	}
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	EXPECT_EQ(SMC0(P32(VERSION)), SECMON_PSCI_VERSION_MAKE(1, 3));
	EXPECT_EQ(smc(P64(CPU_ON), m(1), PC_A, 0x77), 0);
	wait_off_slowly(1);
	EXPECT_EQ(smc(P32(CPU_SUSPEND), PS_STANDBY, 0, 0), 0);
	smc(P64(CPU_SUSPEND), PS_CORE_PD, PC_B, 0x99);
	atomic_store(&S.returned, 1);
}

/* The next record of `cpu` from *i on, skipping AFFINITY_INFO polls. */
static const struct secmon_trace_record *next(unsigned cpu, unsigned *i)
{
	for (; *i < ngot; (*i)++)
		if (got[*i].cpu == cpu &&
		    !(got[*i].type == SECMON_TRACE_SMC && got[*i].fid == P32(AFFINITY_INFO)))
			return &got[(*i)++];
	fail_msg("CPU %u: a record is missing", cpu);
	return NULL;
}

static void expect_smc(const struct secmon_trace_record *r, uint32_t fid, uint8_t nres, uint64_t x0)
{
	assert_int_equal(r->type, SECMON_TRACE_SMC);
	assert_int_equal(r->fid, fid);
	assert_int_equal(r->nargs, SECMON_TRACE_ARGS);
	assert_int_equal(r->nres, nres);
	if (nres)
		assert_int_equal(r->res[0], x0);
	assert_int_equal(r->flags & SECMON_TRACE_F_EL_MASK, 1 << SECMON_TRACE_F_EL_SHIFT);
	assert_int_equal(!!(r->flags & SECMON_TRACE_F_SMC64), secmon_fid_is_smc64(fid));
	assert_true(r->t_exit >= r->t_entry);
}

static void expect_power(const struct secmon_trace_record *r, uint32_t event, uint64_t a0)
{
	assert_int_equal(r->type, SECMON_TRACE_POWER);
	assert_int_equal(r->fid, event);
	if (r->nargs)
		assert_int_equal(r->arg[0], a0);
	assert_true(r->t_exit >= r->t_entry);
}

static void scripted_run_recorded_in_order(void **state)
{
	const struct secmon_trace_record *r;
	unsigned i = 0, j = 0;

	(void)state;
	ngot = 0;
	lost_seen = 0;
	run(sc_script, (struct sim_config){ .ncpus = 2 }, SIM_END_SYSTEM_OFF);
	assert_int_equal(atomic_load(&S.returned), 0);
	assert_int_equal(lost_seen, 0);
	for (unsigned k = 0; getenv("TRACE_DUMP") && k < ngot; k++)
		print_message("cpu %u seq %u type %u fid %#x nres %u a0 %#llx r0 %#llx\n", got[k].cpu,
			      got[k].seq, got[k].type, got[k].fid, got[k].nres,
			      (unsigned long long)got[k].arg[0], (unsigned long long)got[k].res[0]);
	for (unsigned k = 0; k < ngot; k++) {
		assert_int_equal(got[k].reserved, 0);
		assert_int_equal(got[k].reserved2, 0);
	}

	/* CPU 0, oldest first: the trace calls themselves are not recorded. */
	expect_smc(next(0, &i), P32(VERSION), 4, SECMON_PSCI_VERSION_MAKE(1, 3));
	r = next(0, &i);
	expect_power(r, SECMON_TRACE_EV_CPU_ON, 1);
	assert_int_equal(r->arg[1], PC_A);
	assert_int_equal(r->arg[2], 0x77);
	r = next(0, &i);
	expect_smc(r, P64(CPU_ON), 4, 0);
	assert_int_equal(r->arg[0], m(1));
	assert_int_equal(r->arg[1], PC_A);
	expect_power(next(0, &i), SECMON_TRACE_EV_STANDBY, PS_STANDBY);
	expect_smc(next(0, &i), P32(CPU_SUSPEND), 4, 0);
	/* A call that does not return: recorded without results, then the power-down. */
	expect_smc(next(0, &i), P64(CPU_SUSPEND), 0, 0);
	r = next(0, &i);
	expect_power(r, SECMON_TRACE_EV_POWERDOWN, PS_CORE_PD);
	assert_int_equal(r->arg[1], 0);
	assert_true(r->t_exit > r->t_entry);	/* filled in when the CPU woke */
	expect_power(next(0, &i), SECMON_TRACE_EV_WARM_BOOT, PC_B);

	/* CPU 1: started, one call, off. */
	expect_power(next(1, &j), SECMON_TRACE_EV_WARM_BOOT, PC_A);
	expect_smc(next(1, &j), SECMON_SMCCC_VERSION, 4, 0x10005);
	expect_smc(next(1, &j), P32(CPU_OFF), 0, 0);
	expect_power(next(1, &j), SECMON_TRACE_EV_CPU_OFF, 0);

	/* Sequence numbers run from 0 without a gap per CPU. */
	for (unsigned cpu = 0, seq; cpu < 2; cpu++) {
		seq = 0;
		for (unsigned k = 0; k < ngot; k++)
			if (got[k].cpu == cpu)
				assert_int_equal(got[k].seq, seq++);
	}
	assert_int_equal(info[0], 0);
	assert_int_equal(info[1], 1);
	assert_int_equal(info[2], 1000000000u);
	assert_int_equal(info[3], 2u | (uint32_t)MON_TRACE_RECORDS << 16);
}

/* Hostile buffers: refused with INVALID_PARAMETERS, nothing moved. */
static void sc_hostile(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	const uint32_t rd = SECMON_SIP_TRACE_READ | SECMON_FID_SMC64;
	static const struct {
		uint64_t base, size;
	} bad[] = {
		{ SECURE_PC, 4096 },			/* secure memory */
		{ NS_BASE - 64, 4096 },			/* starts outside, crosses in */
		{ NS_BASE + NS_SIZE - 64, 4096 },	/* crosses out of normal-world memory */
		{ BUF + 4, 4096 },			/* misaligned */
		{ BUF, REC - 8 },			/* smaller than one record */
		{ BUF, 0 },
		{ 0xfffffffffffff000ull, 0x2000 },	/* wraps */
		{ BUF, 0xffffffffffffff00ull },		/* huge */
	};
	struct secmon_regs in, out;

	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	EXPECT_EQ(SMC0(P32(VERSION)), SECMON_PSCI_VERSION_MAKE(1, 3));
	memset(sim_phys(BUF, BUF_SIZE), 0xa5, BUF_SIZE);
	for (unsigned k = 0; k < sizeof(bad) / sizeof(bad[0]); k++)
		EXPECT_EQ(sip(rd, bad[k].base, bad[k].size), R64(SECMON_PSCI_INVALID_PARAMETERS));
	EXPECT_EQ(*(uint64_t *)sim_phys(BUF, 8), 0xa5a5a5a5a5a5a5a5ull);
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 2, 0), R64(SECMON_PSCI_INVALID_PARAMETERS));
	/* A buffer of one record and a half: one whole record, the rest untouched. */
	in = (struct secmon_regs){ .x = { rd, BUF, REC + REC / 2 } };
	secmon_invoke(cd, &in, &out);
	EXPECT_EQ(out.x[0], 0);
	EXPECT_EQ(out.x[1], 1);
	EXPECT_EQ(out.x[3], 0);
	EXPECT_EQ(((struct secmon_trace_record *)sim_phys(BUF, REC))->fid, P32(VERSION));
	EXPECT_EQ(*(uint64_t *)sim_phys(BUF + REC, 8), 0xa5a5a5a5a5a5a5a5ull);
	/* The SMC32 form from an AArch64 caller: 32-bit arguments. */
	EXPECT_EQ(sip(SECMON_SIP_TRACE_READ, HI | BUF, BUF_SIZE), 0);
}

static void hostile_reads_refused(void **state)
{
	(void)state;
	run_clean(sc_hostile, 1, 0);
}

/* More records than a ring holds: the oldest go, counted, and seq shows the gap. */
static void sc_overrun(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	for (unsigned k = 0; k < MON_TRACE_RECORDS + 10; k++)
		SMC0(P32(VERSION));
	read_all();
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 0, 0), 0);
	SMC0(P32(VERSION));	/* not recorded */
	read_all();
}

static void overrun_counted(void **state)
{
	(void)state;
	ngot = 0;
	lost_seen = 0;
	run_clean(sc_overrun, 1, 0);
	/* The last ring-full; the TRACE_CTL that stopped recording is not recorded. */
	assert_int_equal(ngot, MON_TRACE_RECORDS);
	assert_int_equal(lost_seen, 10);
	assert_int_equal(got[0].seq, 10);
	assert_int_equal(got[ngot - 1].seq, MON_TRACE_RECORDS + 9);
	assert_int_equal(got[ngot - 1].fid, P32(VERSION));
}

/*
 * CPU_ON drawn as an arrow from caller to target: the caller's CPU_ON
 * event is no later than the target's warm boot it caused, in every one of
 * many starts (the target may run before the caller leaves the monitor).
 */
#define STARTS 300

static uint64_t on_at[STARTS], boot_at[STARTS];
static unsigned starts;

static void sc_on_before_boot(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)pc, (void)ctx;
	if (cpu == 1)
		return;		/* the simulator's implicit CPU_OFF */
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	for (starts = 0; starts < STARTS; starts++) {
		ngot = 0;
		EXPECT_EQ(smc(P64(CPU_ON), m(1), PC_A, starts), 0);
		wait_off_slowly(1);
		read_all();
		on_at[starts] = boot_at[starts] = 0;
		for (unsigned k = 0; k < ngot; k++) {
			if (got[k].type != SECMON_TRACE_POWER)
				continue;
			if (got[k].cpu == 0 && got[k].fid == SECMON_TRACE_EV_CPU_ON)
				on_at[starts] = got[k].t_entry;
			if (got[k].cpu == 1 && got[k].fid == SECMON_TRACE_EV_WARM_BOOT)
				boot_at[starts] = got[k].t_entry;
		}
	}
	SMC0(P32(SYSTEM_OFF));
}

static void cpu_on_recorded_before_the_warm_boot(void **state)
{
	unsigned late = 0;

	(void)state;
	run(sc_on_before_boot, (struct sim_config){ .ncpus = 2 }, SIM_END_SYSTEM_OFF);
	assert_int_equal(starts, STARTS);
	for (unsigned k = 0; k < STARTS; k++) {
		assert_true(on_at[k] && boot_at[k]);
		late += on_at[k] > boot_at[k];
	}
	if (late)
		fail_msg("%u of %u CPU_ON events are later than the warm boot they caused", late,
			 STARTS);
}

/*
 * SYSTEM_RESET2 with a vendor type: one the platform refuses is a call
 * with its answer and no event; one it takes is recorded without results,
 * then the reset with its type, as SYSTEM_RESET and a warm SYSTEM_RESET2
 * are (a vendor reset once went down leaving no SYSTEM_RESET event).
 */
static void sc_reset2_vendor(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	EXPECT_EQ(smc(P64(SYSTEM_RESET2), 0x80000002u, 5, 0),
		  R64(SECMON_PSCI_INVALID_PARAMETERS));
	smc(P64(SYSTEM_RESET2), 0x80000001u, 0x1234, 0);	/* the simulator's vendor type */
	atomic_store(&S.returned, 1);
}

static void vendor_reset2_recorded(void **state)
{
	static struct secmon_trace_record rec[8];
	uint64_t lost, waiting;
	unsigned n;

	(void)state;
	run(sc_reset2_vendor, (struct sim_config){ .ncpus = 1 }, SIM_END_RESET2);
	n = mon_trace_drain((volatile uint64_t *)rec, 8, UINT64_MAX, &lost, &waiting);
	assert_int_equal(n, 3);
	assert_int_equal(lost, 0);
	expect_smc(&rec[0], P64(SYSTEM_RESET2), 4, R64(SECMON_PSCI_INVALID_PARAMETERS));
	expect_smc(&rec[1], P64(SYSTEM_RESET2), 0, 0);
	assert_int_equal(rec[1].arg[1], 0x1234);
	expect_power(&rec[2], SECMON_TRACE_EV_SYSTEM_RESET, SECMON_TRACE_ASKED_CALL2);
	assert_int_equal(rec[2].nargs, 3);
	assert_int_equal(rec[2].arg[1], 0x80000001u);
	assert_int_equal(rec[2].arg[2], 0x1234);
}

/*
 * A warm SYSTEM_RESET2 (type 0) resets as SYSTEM_RESET does, but its
 * record must not read as a cold reset: the event says how the reset was
 * asked for (both once recorded type 0, the same record).
 */
static uint32_t reset_fid;

static void sc_reset(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	smc(reset_fid, SECMON_PSCI_RESET2_WARM, 0x5eed, 0);
	atomic_store(&S.returned, 1);
}

static void reset_event(uint32_t fid, struct secmon_trace_record *ev)
{
	static struct secmon_trace_record rec[4];
	uint64_t lost, waiting;

	reset_fid = fid;
	run(sc_reset, (struct sim_config){ .ncpus = 1 }, SIM_END_SYSTEM_RESET);
	assert_int_equal(mon_trace_drain((volatile uint64_t *)rec, 4, UINT64_MAX, &lost, &waiting),
			 2);
	expect_smc(&rec[0], fid, 0, 0);
	*ev = rec[1];
	expect_power(ev, SECMON_TRACE_EV_SYSTEM_RESET, ev->arg[0]);
}

static void warm_reset2_told_from_cold(void **state)
{
	struct secmon_trace_record cold, warm;

	(void)state;
	reset_event(P32(SYSTEM_RESET), &cold);
	reset_event(P64(SYSTEM_RESET2), &warm);
	assert_int_equal(cold.nargs, 1);
	assert_int_equal(cold.arg[0], SECMON_TRACE_ASKED_CALL);
	assert_int_equal(warm.nargs, 3);
	assert_int_equal(warm.arg[0], SECMON_TRACE_ASKED_CALL2);
	assert_int_equal(warm.arg[1], SECMON_PSCI_RESET2_WARM);
	assert_int_equal(warm.arg[2], 0x5eed);
}

/*
 * TRACE_CTL's clear: the records it discards leave a gap in their CPU's
 * seq, and a CLEARED record right after the gap says how many went, so that
 * a reader tells them from records lost to overrun (it once left the bare
 * gap, which the decoder reported as lost records). Losses to overrun stay
 * counted for the next read.
 */
static void sc_clear(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	for (unsigned k = 0; k < 5; k++)
		SMC0(P32(VERSION));
	read_all();				/* seq 0..4 */
	for (unsigned k = 0; k < 3; k++)
		SMC0(P32(VERSION));		/* seq 5..7, discarded */
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);	/* CLEARED, seq 8 */
	SMC0(P32(VERSION));			/* seq 9 */
	read_all();
	/* A full ring and 10 more: 10 lost to overrun, then the ring cleared. */
	for (unsigned k = 0; k < MON_TRACE_RECORDS + 10; k++)
		SMC0(P32(VERSION));
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 0, 1), 0);
	read_all();
}

static void clear_is_not_loss(void **state)
{
	const struct secmon_trace_record *c;

	(void)state;
	ngot = 0;
	lost_seen = 0;
	run_clean(sc_clear, 1, 0);
	assert_int_equal(ngot, 5 + 2 + 1);
	for (unsigned k = 0; k < 5; k++)
		assert_int_equal(got[k].seq, k);
	c = &got[5];
	if (c->type != SECMON_TRACE_CLEARED)
		fail_msg("record 5: type %u fid %#x seq %u, not the CLEARED record after the gap "
			 "of seq 5..7", c->type, c->fid, c->seq);
	assert_int_equal(c->seq, 8);
	assert_int_equal(c->fid, 0);
	assert_int_equal(c->nargs, 1);
	assert_int_equal(c->arg[0], 3);
	assert_int_equal(c->nres, 0);
	assert_true(c->t_exit == c->t_entry);
	assert_int_equal(got[6].type, SECMON_TRACE_SMC);
	assert_int_equal(got[6].seq, 9);
	/* The second clear: the ring's 2048 records discarded, the 10 lost still counted. */
	c = &got[7];
	assert_int_equal(c->type, SECMON_TRACE_CLEARED);
	assert_int_equal(c->arg[0], MON_TRACE_RECORDS);
	assert_int_equal(c->seq, 10 + MON_TRACE_RECORDS + 10);
	assert_int_equal(lost_seen, 10);
}

/*
 * TRACE_READ's lost count in the width of the call: an SMC32 reader's x2
 * saturates at 0xffffffff and the rest is counted on its next reads (the
 * sum is exact); an SMC64 reader gets it all. 2^32 overruns take an hour
 * of recording with nobody reading: the count is set here instead.
 */
static uint64_t lost32[3], lost64;

static void sc_lost_wide(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs in, out;

	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	mon_trace_lost = (1ull << 32) + 5;
	for (unsigned k = 0; k < 3; k++) {
		in = (struct secmon_regs){ .x = { SECMON_SIP_TRACE_READ, BUF, BUF_SIZE } };
		secmon_invoke(cd, &in, &out);
		EXPECT_EQ(out.x[0], 0);
		lost32[k] = out.x[2];
	}
	mon_trace_lost = (1ull << 32) + 5;
	in = (struct secmon_regs){ .x = { SECMON_SIP_TRACE_READ | SECMON_FID_SMC64, BUF, BUF_SIZE } };
	secmon_invoke(cd, &in, &out);
	EXPECT_EQ(out.x[0], 0);
	lost64 = out.x[2];
}

static void smc32_lost_count_saturates(void **state)
{
	(void)state;
	run_clean(sc_lost_wide, 1, 0);
	assert_int_equal(lost32[0], 0xffffffffu);
	assert_int_equal(lost32[1], 6);
	assert_int_equal(lost32[2], 0);
	assert_int_equal(lost64, (1ull << 32) + 5);
}

/*
 * Until `cpu` waits in its power-down: its POWERDOWN event is recorded by
 * then (NODE_HW_STATE says OFF a few instructions earlier, and might not say
 * ON for long enough to be seen).
 */
static void wait_suspended(unsigned cpu)
{
	for (unsigned ms = 0; ms < 10000; ms++) {
		if (sim_suspended(cpu))
			return;
		nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
	}
	(void)EXPECT(!"the CPU reached its power-down wait within 10 s");
}

/*
 * A power-down's t_exit is patched in at the CPU's next warm boot only when
 * that warm boot ends it. Here CPU 1's power-down is recorded, recording
 * stops, CPU 1 wakes and goes off unrecorded, recording starts again (the
 * record still in the ring) and a CPU_ON brings CPU 1 back: that warm boot
 * ends the CPU_OFF, not the power-down, whose end is unknown (t_exit =
 * t_entry). It once got the second warm boot's time.
 */
static void sc_pd_unrecorded_wake(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)ctx;
	if (cpu == 1) {
		if (pc == PC_A)
			smc(P64(CPU_SUSPEND), PS_CORE_PD, PC_B, 0);
		return;		/* at PC_B or PC_C: the simulator's implicit CPU_OFF */
	}
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	EXPECT_EQ(smc(P64(CPU_ON), m(1), PC_A, 0), 0);
	wait_suspended(1);
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 0, 0), 0);
	sim_wake(1);
	wait_off_slowly(1);
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 0), 0);
	EXPECT_EQ(smc(P64(CPU_ON), m(1), PC_C, 0), 0);
	wait_off_slowly(1);
	ngot = 0;
	read_all();
	SMC0(P32(SYSTEM_OFF));
}

static void powerdown_exit_not_taken_from_a_later_boot(void **state)
{
	const struct secmon_trace_record *pd = NULL, *boot = NULL;

	(void)state;
	lost_seen = 0;
	/* CPU 1 wakes by sim_wake() only: a tick far longer than any host stall. */
	run(sc_pd_unrecorded_wake, (struct sim_config){ .ncpus = 2, .tick_us = 60000000u },
	    SIM_END_SYSTEM_OFF);
	for (unsigned k = 0; k < ngot; k++) {
		if (got[k].cpu != 1 || got[k].type != SECMON_TRACE_POWER)
			continue;
		if (got[k].fid == SECMON_TRACE_EV_POWERDOWN)
			pd = &got[k];
		if (got[k].fid == SECMON_TRACE_EV_WARM_BOOT && got[k].arg[0] == PC_C)
			boot = &got[k];
	}
	assert_non_null(pd);
	assert_non_null(boot);
	assert_true(pd->seq < boot->seq);
	if (pd->t_exit != pd->t_entry)
		fail_msg("the power-down's t_exit %llu (entry %llu) is not unknown: the warm boot "
			 "at %llu that ended a later CPU_OFF", (unsigned long long)pd->t_exit,
			 (unsigned long long)pd->t_entry, (unsigned long long)boot->t_entry);
}

/*
 * Records never carry secrets: TRNG_RND32 and TRNG_RND64 are recorded with
 * x0 alone (nres 1); the entropy the caller got is in no record (it once
 * was, as res[1..3], for every reader of the trace).
 */
static uint64_t rnd_out[2][4];

static void sc_trng(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs in, out;

	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	in = (struct secmon_regs){ .x = { SECMON_TRNG_RND64, 192 } };
	secmon_invoke(cd, &in, &out);
	memcpy(rnd_out[0], out.x, sizeof(rnd_out[0]));
	in = (struct secmon_regs){ .x = { SECMON_TRNG_RND32, 96 } };
	secmon_invoke(cd, &in, &out);
	memcpy(rnd_out[1], out.x, sizeof(rnd_out[1]));
	ngot = 0;
	read_all();
}

/* Does any 32-bit word of the record hold a non-zero half of v? */
static bool record_holds(const struct secmon_trace_record *r, uint64_t v)
{
	uint32_t w[sizeof(*r) / 4], lo = (uint32_t)v, hi = (uint32_t)(v >> 32);

	memcpy(w, r, sizeof(w));
	for (unsigned i = 0; i < sizeof(w) / 4; i++)
		if ((lo && w[i] == lo) || (hi && w[i] == hi))
			return true;
	return false;
}

static void trng_entropy_not_recorded(void **state)
{
	(void)state;
	run_clean(sc_trng, 1, 0);
	assert_int_equal(rnd_out[0][0], 0);
	assert_int_equal(rnd_out[1][0], 0);
	assert_int_equal(ngot, 2);
	expect_smc(&got[0], SECMON_TRNG_RND64, 1, 0);
	expect_smc(&got[1], SECMON_TRNG_RND32, 1, 0);
	for (unsigned k = 0; k < 2; k++) {
		for (unsigned i = 1; i < 4; i++) {
			assert_int_equal(got[k].res[i], 0);
			/* Host entropy: a zero word is one chance in 2^32. */
			assert_true((uint32_t)rnd_out[k][i] != 0);
			if (record_holds(&got[k], rnd_out[k][i]))
				fail_msg("record %u holds x%u = %#llx the caller got", k, i,
					 (unsigned long long)rnd_out[k][i]);
		}
	}
}

/*
 * Who may read and switch the recording: an OS at EL2, or at EL1 with no
 * stage 2 above it; never a hypervisor's guest (EL1 with stage 2 on), whose
 * trace calls are DENIED and change nothing: no record moved into its
 * buffer, recording not switched, the rings not cleared. Its other calls
 * are recorded like anyone's.
 */
static uint64_t guest_info[3], guest_read, guest_ctl, guest_buf;

static void sc_guest(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	const uint32_t rd = SECMON_SIP_TRACE_READ | SECMON_FID_SMC64;
	struct secmon_regs in = { .x = { SECMON_SIP_TRACE_INFO } }, out;

	(void)cpu, (void)pc, (void)ctx;
	sim_caller(2, false);
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	SMC0(P32(VERSION));
	sim_caller(1, true);
	SMC0(P32(VERSION));			/* the guest's own call: recorded */
	memset(sim_phys(BUF, BUF_SIZE), 0xa5, BUF_SIZE);
	secmon_invoke(cd, &in, &out);
	guest_info[0] = out.x[0];
	guest_read = sip(rd, BUF, BUF_SIZE);
	guest_buf = *(uint64_t *)sim_phys(BUF, 8);
	guest_ctl = sip(SECMON_SIP_TRACE_CTL, 0, 1);
	sim_caller(1, false);			/* an EL1 OS with no stage 2 above it */
	secmon_invoke(cd, &in, &out);
	guest_info[1] = out.x[0];
	guest_info[2] = out.x[1];
	ngot = 0;
	read_all();
}

static void guest_may_not_trace(void **state)
{
	(void)state;
	run_clean(sc_guest, 1, 0);
	assert_int_equal(guest_info[0], R64(SECMON_PSCI_DENIED));
	assert_int_equal(guest_read, R64(SECMON_PSCI_DENIED));
	assert_int_equal(guest_buf, 0xa5a5a5a5a5a5a5a5ull);
	assert_int_equal(guest_ctl, R64(SECMON_PSCI_DENIED));
	assert_int_equal(guest_info[1], 0);
	assert_int_equal(guest_info[2], 1);	/* still on */
	/* Both PSCI_VERSIONs, not cleared by the guest's TRACE_CTL; the EL2 one says EL2. */
	assert_int_equal(ngot, 2);
	assert_int_equal(got[0].fid, P32(VERSION));
	assert_int_equal(got[0].flags & SECMON_TRACE_F_EL_MASK, 2 << SECMON_TRACE_F_EL_SHIFT);
	expect_smc(&got[1], P32(VERSION), 4, SECMON_PSCI_VERSION_MAKE(1, 3));
}

/*
 * A call that does not return is recorded at its power event. Here CPU 1's
 * CPU_SUSPEND enters with recording on (mon_trace_call(), as mon_smc()
 * does), recording is switched off before its power-down is recorded (so
 * no event closes the call), then on again, and a later power event of
 * CPU 1 whose call entered while recording was off comes: it must not
 * write the old call back with the old entry time (it once did: a
 * CPU_SUSPEND record from before the switch, timed from then).
 */
static void sc_stale_call(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	static const struct mon_caller os = { 0 };

	(void)pc, (void)ctx;
	if (cpu == 1) {
		struct secmon_regs r = { .x = { P64(CPU_SUSPEND), PS_CORE_PD, PC_B, 0 } };

		mon_trace_call(1, &r, &os);
		atomic_store(&S.step, 1);
		WAIT_FLAG(&S.go, 1);
		mon_trace_power(&(struct mon_power_event){ .what = MON_POWER_SUSPEND, .cpu = 1,
			.kind = MON_POWER_POWERDOWN, .power_state = PS_CORE_PD });
		atomic_store(&S.step, 2);
		return;
	}
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	EXPECT_EQ(smc(P64(CPU_ON), m(1), PC_A, 0), 0);
	WAIT_FLAG(&S.step, 1);
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 0, 0), 0);
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 0), 0);
	atomic_store(&S.go, 1);
	WAIT_FLAG(&S.step, 2);
	wait_off_slowly(1);
	ngot = 0;
	read_all();
}

static void stale_call_not_written_later(void **state)
{
	(void)state;
	run_clean(sc_stale_call, 2, 0);
	for (unsigned k = 0; k < ngot; k++)
		if (got[k].cpu == 1 && got[k].type == SECMON_TRACE_SMC &&
		    got[k].fid == P64(CPU_SUSPEND))
			fail_msg("CPU 1's CPU_SUSPEND from before recording was switched is "
				 "recorded (seq %u, entry %llu)", got[k].seq,
				 (unsigned long long)got[k].t_entry);
}

#define FW(body) "/dts-v1/;\n/ { #address-cells = <2>; #size-cells = <2>;\n" body "\n};\n"
static char dtb[4096];

static void sc_fixed_on(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 0, 1), R64(SECMON_PSCI_DENIED));
	SMC0(P32(VERSION));
	ngot = 0;
	read_all();
	EXPECT_EQ(ngot, 1);
}

/*
 * A board's described system-off (a legacy ABI's call the monitor serves
 * with PSCI's own power operation; system-reset likewise) is recorded as
 * PSCI's SYSTEM_OFF is: the call without results, then the event (it once
 * went down without a record).
 */
#define LEGACY_OFF 0xffffffe0u

static void sc_legacy_down(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 1), 0);
	smc(LEGACY_OFF, 0, 0, 0);
	atomic_store(&S.returned, 1);
}

static void described_power_recorded(void **state)
{
	static struct secmon_trace_record rec[8];
	struct sim_config cfg = { .ncpus = 1, .board_dtb = dtb };
	uint64_t lost, waiting;

	(void)state;
	simtest_dtc(FW("firmware { mon { compatible = \"secmon,call-table\"; method = \"smc\";"
		       " abi = \"legacy\"; system-off { function-id = <0xffffffe0>; };"
		       " system-reset { function-id = <0xffffffe1>; }; }; };"), dtb, sizeof(dtb));
	run(sc_legacy_down, cfg, SIM_END_SYSTEM_OFF);
	assert_int_equal(mon_trace_drain((volatile uint64_t *)rec, 8, UINT64_MAX, &lost, &waiting), 2);
	expect_smc(&rec[0], LEGACY_OFF, 0, 0);
	expect_power(&rec[1], SECMON_TRACE_EV_SYSTEM_OFF, 0);
}

/* The board DT's secmon,record-workarounds: recorded from cold boot, and TRACE_INFO says so. */
static void sc_board_workarounds(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	struct secmon_regs in = { .x = { SECMON_SIP_TRACE_INFO } }, out;

	(void)cpu, (void)pc, (void)ctx;
	secmon_invoke(cd, &in, &out);
	S.val[0] = out.x[1];
	smc(SECMON_SMCCC_ARCH_WORKAROUND_1, 0, 0, 0);
	ngot = 0;
	read_all();
	S.val[1] = ngot;
	S.val[2] = ngot ? got[0].fid : 0;
}

static void board_dt_switches_recording(void **state)
{
	struct sim_config cfg = { .ncpus = 1, .board_dtb = dtb };

	(void)state;
	simtest_dtc(FW("trace { compatible = \"secmon,trace\"; secmon,recording = \"on\"; "
		       "secmon,fixed; };"), dtb, sizeof(dtb));
	run(sc_fixed_on, cfg, SIM_END_ALL_OFF);

	simtest_dtc(FW("trace { compatible = \"secmon,trace\"; secmon,recording = \"on\"; "
		       "secmon,record-workarounds; };"), dtb, sizeof(dtb));
	run(sc_board_workarounds, cfg, SIM_END_ALL_OFF);
	assert_int_equal(S.val[0], SECMON_TRACE_INFO_ON | SECMON_TRACE_INFO_WORKAROUNDS);
	assert_int_equal(S.val[1], 1);
	assert_int_equal(S.val[2], SECMON_SMCCC_ARCH_WORKAROUND_1);

	simtest_dtc(FW("trace { compatible = \"secmon,trace\"; secmon,record-workarounds = <1>; };"),
		    dtb, sizeof(dtb));
	assert_int_equal(run_sim(sc_fixed_on, &cfg), -1);
	assert_non_null(strstr(console, "node trace, property secmon,record-workarounds"));

	simtest_dtc(FW("trace { compatible = \"secmon,trace\"; secmon,console-readout = \"yes\"; };"),
		    dtb, sizeof(dtb));
	assert_int_equal(run_sim(sc_fixed_on, &cfg), -1);
	assert_non_null(strstr(console, "node trace, property secmon,console-readout"));

	simtest_dtc(FW("trace { compatible = \"secmon,trace\"; secmon,recording = \"yes\"; };"),
		    dtb, sizeof(dtb));
	assert_int_equal(run_sim(sc_fixed_on, &cfg), -1);
	assert_non_null(strstr(console, "node trace, property secmon,recording"));

	simtest_dtc(FW("trace { compatible = \"secmon,trace\"; secmon,fixed = <1>; };"), dtb,
		    sizeof(dtb));
	assert_int_equal(run_sim(sc_fixed_on, &cfg), -1);
	assert_non_null(strstr(console, "node trace, property secmon,fixed"));
}

/*
 * What is recorded by default (docs/trace.md, "What is recorded"): not the
 * SMCCC ARCH_WORKAROUND_1..4 calls (with or without the SVE hint), which an
 * OS or a hypervisor may make on every exception entry and which would push
 * everything else out of the rings; their discovery (ARCH_FEATURES) and
 * every other call are. TRACE_CTL's x2 bit 1 has them recorded too until a
 * TRACE_CTL without it, and TRACE_INFO's x1 bit 1 says which holds.
 */
static const uint32_t wa_ids[] = {
	SECMON_SMCCC_ARCH_WORKAROUND_1, SECMON_SMCCC_ARCH_WORKAROUND_2,
	SECMON_SMCCC_ARCH_WORKAROUND_3, SECMON_SMCCC_ARCH_WORKAROUND_4,
};
#define NWA (sizeof(wa_ids) / sizeof(wa_ids[0]))

static uint64_t trace_flags(void)
{
	struct secmon_regs in = { .x = { SECMON_SIP_TRACE_INFO } }, out;

	secmon_invoke(cd, &in, &out);
	return out.x[1];
}

static void sc_workarounds(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, SECMON_TRACE_CTL_CLEAR), 0);
	S.val[0] = trace_flags();
	SMC1(SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_1);
	for (unsigned k = 0; k < NWA; k++) {
		smc(wa_ids[k], 0, 0, 0);
		smc(wa_ids[k] | SECMON_FID_SVE_HINT, 0, 0, 0);
	}
	SMC0(SECMON_SMCCC_VERSION);
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, SECMON_TRACE_CTL_WORKAROUNDS), 0);
	S.val[1] = trace_flags();
	for (unsigned k = 0; k < NWA; k++)
		smc(wa_ids[k], 0, 0, 0);
	EXPECT_EQ(sip(SECMON_SIP_TRACE_CTL, 1, 0), 0);
	S.val[2] = trace_flags();
	smc(SECMON_SMCCC_ARCH_WORKAROUND_1, 0, 0, 0);
	SMC0(P32(VERSION));
	ngot = 0;
	read_all();
}

static void workaround_calls_not_recorded_by_default(void **state)
{
	unsigned i = 0;

	(void)state;
	lost_seen = 0;
	run_clean(sc_workarounds, 1, 0);
	assert_int_equal(S.val[0], SECMON_TRACE_INFO_ON);
	assert_int_equal(S.val[1], SECMON_TRACE_INFO_ON | SECMON_TRACE_INFO_WORKAROUNDS);
	assert_int_equal(S.val[2], SECMON_TRACE_INFO_ON);
	assert_int_equal(lost_seen, 0);
	assert_int_equal(ngot, 3 + NWA);
	assert_int_equal(next(0, &i)->fid, SECMON_SMCCC_ARCH_FEATURES);
	assert_int_equal(next(0, &i)->fid, SECMON_SMCCC_VERSION);
	for (unsigned k = 0; k < NWA; k++)
		assert_int_equal(next(0, &i)->fid, wa_ids[k]);
	assert_int_equal(next(0, &i)->fid, P32(VERSION));
}

/*
 * The board DT's secmon,console-readout: at SYSTEM_OFF (S.val[0] 0) or
 * SYSTEM_RESET the records still in the rings are printed on the console,
 * one a line in hex, between a line with the CPU count, the counter's
 * frequency and the lost count and an end line; the rings keep them.
 */
static void sc_readout(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	SMC0(SECMON_SMCCC_VERSION);
	smc(SECMON_SMCCC_ARCH_WORKAROUND_1, 0, 0, 0);
	SMC0(P32(VERSION));
	SMC0(S.val[0] ? P32(SYSTEM_RESET) : P32(SYSTEM_OFF));
	atomic_store(&S.returned, 1);
}

/* The records of the console's readout into got[]; -1 when it is not there whole. */
static int parse_readout(void)
{
	const char *p = strstr(console, "SECMON-TRACE-READOUT cpus=1 hz=1000000000 lost=0\n");

	ngot = 0;
	if (!p)
		return -1;
	p = strchr(p, '\n') + 1;
	while (strncmp(p, "SECMON-TRACE-READOUT-END\n", 25) != 0) {
		uint8_t *b = (uint8_t *)&got[ngot];

		for (unsigned j = 0; j < REC; j++) {
			unsigned v;

			if (sscanf(p + 2 * j, "%2X", &v) != 1)
				return -1;
			b[j] = (uint8_t)v;
		}
		if (p[2 * REC] != '\n')
			return -1;
		p += 2 * REC + 1;
		ngot++;
	}
	return 0;
}

static void readout_on_the_console(void **state)
{
	static struct secmon_trace_record rec[8];
	struct sim_config cfg = { .ncpus = 1, .board_dtb = dtb }, c;
	const int end[2] = { SIM_END_SYSTEM_OFF, SIM_END_SYSTEM_RESET };
	const uint32_t event[2] = { SECMON_TRACE_EV_SYSTEM_OFF, SECMON_TRACE_EV_SYSTEM_RESET };
	uint64_t lost, waiting;

	(void)state;
	simtest_dtc(FW("trace { compatible = \"secmon,trace\"; secmon,recording = \"on\"; "
		       "secmon,console-readout; };"), dtb, sizeof(dtb));
	for (unsigned reset = 0; reset < 2; reset++) {
		c = run_prepare(sc_readout, &cfg);
		S.val[0] = reset;
		assert_int_equal(sim_run(&c, BOOT_PC, BOOT_CTX), end[reset]);
		assert_int_equal(atomic_load(&S.returned), 0);
		if (parse_readout())
			fail_msg("no whole readout on the console:\n%s", console);
		/* The calls (not the workaround call), then the call that went down, then its event. */
		assert_int_equal(ngot, 4);
		expect_smc(&got[0], SECMON_SMCCC_VERSION, 4, 0x10005);
		expect_smc(&got[1], P32(VERSION), 4, SECMON_PSCI_VERSION_MAKE(1, 3));
		expect_smc(&got[2], reset ? P32(SYSTEM_RESET) : P32(SYSTEM_OFF), 0, 0);
		expect_power(&got[3], event[reset], 0);
		for (unsigned k = 0; k < ngot; k++)
			assert_int_equal(got[k].seq, k);
		/* Byte for byte what the rings still hold. */
		assert_int_equal(mon_trace_drain((volatile uint64_t *)rec, 8, UINT64_MAX, &lost,
						 &waiting), 4);
		assert_memory_equal(rec, got, 4 * REC);
	}

	/* Without the property: nothing on the console. */
	simtest_dtc(FW("trace { compatible = \"secmon,trace\"; secmon,recording = \"on\"; };"), dtb,
		    sizeof(dtb));
	S.val[0] = 0;
	run(sc_readout, cfg, SIM_END_SYSTEM_OFF);
	assert_null(strstr(console, "SECMON-TRACE"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(scripted_run_recorded_in_order),
		cmocka_unit_test(hostile_reads_refused),
		cmocka_unit_test(overrun_counted),
		cmocka_unit_test(cpu_on_recorded_before_the_warm_boot),
		cmocka_unit_test(board_dt_switches_recording),
		cmocka_unit_test(vendor_reset2_recorded),
		cmocka_unit_test(warm_reset2_told_from_cold),
		cmocka_unit_test(clear_is_not_loss),
		cmocka_unit_test(smc32_lost_count_saturates),
		cmocka_unit_test(described_power_recorded),
		cmocka_unit_test(powerdown_exit_not_taken_from_a_later_boot),
		cmocka_unit_test(trng_entropy_not_recorded),
		cmocka_unit_test(guest_may_not_trace),
		cmocka_unit_test(stale_call_not_written_later),
		cmocka_unit_test(workaround_calls_not_recorded_by_default),
		cmocka_unit_test(readout_on_the_console),
	};

	return cmocka_run_group_tests_name("trace", tests, NULL, NULL);
}
