// SPDX-License-Identifier: BSD-3-Clause
/*
 * The SCMI server through the simulator: every message of Base, Power
 * domain, Clock and Reset against the model backend, and the shared-memory
 * transport as hostile input (bad lengths, bad IDs, a channel the agent has
 * not marked busy, a channel outside normal-world memory).
 *
 * Each test runs its scenario on simulated CPU 0 (the agent), which writes
 * the channel through sim_phys() and makes the SMC; failed expectations are
 * noted and asserted on the main thread after sim_run() returns.
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
#include <libfdt.h>

#include <secmon/scmi.h>
#include <secmon/smccc.h>

#include "../../monitor/plat/host/sim.h"
#include "dtc.h"

#define SCMI_FID SECMON_SCMI_SMC	/* <secmon/scmi.h> */
#define SIP_CALL_COUNT 0x8200ff00u

enum { OK = 0, NOT_SUPPORTED = -1, INVALID_PARAMETERS = -2, DENIED = -3, NOT_FOUND = -4,
       OUT_OF_RANGE = -5, PROTOCOL_ERROR = -10 };
enum { BASE = 0x10, POWER = 0x11, PERF = 0x13, CLOCK = 0x14, SENSOR = 0x15, RESET = 0x16 };

/* Shared-memory words. */
enum { W_STATUS = 1, W_FLAGS = 4, W_LENGTH = 5, W_HEADER = 6, W_PAYLOAD = 7 };
#define FREE 0x1u
#define ERROR 0x2u

#define MHZ 1000000ull

/* ---- notes ----------------------------------------------------------- */

static unsigned nnotes;
static char notes[32][200];

static void note(int line, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(int line, const char *fmt, ...)
{
	va_list ap;

	if (nnotes < 32) {
		int n = snprintf(notes[nnotes], sizeof(notes[0]), "line %d: ", line);

		va_start(ap, fmt);
		vsnprintf(notes[nnotes] + n, sizeof(notes[0]) - (size_t)n, fmt, ap);
		va_end(ap);
	}
	nnotes++;
}

static void expect_eq(int line, const char *what, uint64_t got, uint64_t want)
{
	if (got != want)
		note(line, "%s = %#llx, want %#llx", what, (unsigned long long)got,
		     (unsigned long long)want);
}

#define EXPECT_EQ(got, want) expect_eq(__LINE__, #got, (uint64_t)(got), (uint64_t)(want))

/* ---- the agent ------------------------------------------------------- */

static const struct secmon_conduit *cd;
static uint64_t chan_base = SIM_SCMI_BASE;
static uint32_t chan_size = SIM_SCMI_SIZE;

static volatile uint32_t *shm(void)
{
	return sim_phys(chan_base, chan_size);
}

/*
 * The SMC; x1-x17 must come back as they went. SMC32 answers are compared
 * in their low word (whether the monitor sign-extends them is not SCMI's).
 */
static uint64_t doorbell(int line, uint32_t fid)
{
	struct secmon_regs in = { .x = { fid } }, out;
	unsigned n = cd->aarch32 ? 8 : SECMON_NREGS;

	for (unsigned i = 1; i < SECMON_NREGS; i++)
		in.x[i] = cd->aarch32 ? 0x5ec00000u + i : 0xa5a5000000000000ull + i;
	secmon_invoke(cd, &in, &out);
	for (unsigned i = 1; i < n; i++)
		if (out.x[i] != in.x[i])
			note(line, "x%u changed by the SCMI SMC", i);
	return out.x[0];
}

struct resp {
	uint64_t x0;
	uint32_t status;	/* channel status */
	uint32_t len, header;
	int32_t st;		/* the SCMI status, payload word 0 */
	uint32_t p[32];		/* payload after the status */
};

/* Writes a message (length 4 + 4 * n unless len says otherwise) and rings. */
static void raw(int line, uint32_t header, const uint32_t *in, unsigned n, uint32_t len,
		struct resp *r)
{
	volatile uint32_t *s = shm();

	s[W_STATUS] = 0;
	s[W_FLAGS] = 0;
	s[W_LENGTH] = len;
	s[W_HEADER] = header;
	for (unsigned i = 0; i < n; i++)
		s[W_PAYLOAD + i] = in[i];
	r->x0 = doorbell(line, SCMI_FID);
	r->status = s[W_STATUS];
	r->len = s[W_LENGTH];
	r->header = s[W_HEADER];
	r->st = (int32_t)s[W_PAYLOAD];
	for (unsigned i = 0; i < 32 && W_PAYLOAD + 1 + i < chan_size / 4; i++)
		r->p[i] = s[W_PAYLOAD + 1 + i];
}

static unsigned token;

static uint32_t header(uint8_t proto, uint8_t msg)
{
	token = (token + 1) & 0x3ff;
	return token << 18 | (uint32_t)proto << 10 | msg;
}

/* One well-formed command; its status; the answer in *r. */
static int32_t cmd_(int line, uint8_t proto, uint8_t msg, const uint32_t *in, unsigned n,
		    struct resp *r)
{
	uint32_t h = header(proto, msg);

	raw(line, h, in, n, 4 + 4 * n, r);
	expect_eq(line, "x0", r->x0, 0);
	expect_eq(line, "channel status", r->status, FREE);
	expect_eq(line, "header", r->header, h);
	return r->st;
}

#define CMD(r, proto, msg, ...)                                                          \
	cmd_(__LINE__, proto, msg, (const uint32_t[]){ 0, ##__VA_ARGS__ } + 1,           \
	     sizeof((const uint32_t[]){ 0, ##__VA_ARGS__ }) / 4 - 1, r)

/* Payload bytes of the answer, status included. */
#define ANSWER_LEN(r) ((r)->len - 4)

static void name_is(int line, const uint32_t *p, const char *want)
{
	char got[17] = { 0 };

	memcpy(got, p, 16);
	if (strcmp(got, want))
		note(line, "name \"%s\", want \"%s\"", got, want);
}

/* ---- running a scenario ---------------------------------------------- */

static void (*scenario)(void);

static void entry(unsigned cpu, uint64_t pc, uint64_t ctx, void *arg)
{
	(void)cpu;
	(void)pc;
	(void)ctx;
	(void)arg;
	scenario();
}

static void run_on(void (*fn)(void), bool aarch32)
{
	struct sim_config cfg = { .ncpus = 1, .aarch32 = aarch32, .entry = entry };

	nnotes = 0;
	scenario = fn;
	cd = aarch32 ? &secmon_conduit_sim32 : &secmon_conduit_sim;
	memset(sim_phys(SIM_WINDOW_BASE, SIM_WINDOW_SIZE), 0, SIM_WINDOW_SIZE);
	sim_scmi_channel(chan_base, chan_size);
	assert_int_equal(sim_run(&cfg, 0x80000000ull, 0), 0);
	sim_scmi_channel(SIM_SCMI_BASE, SIM_SCMI_SIZE);
	chan_base = SIM_SCMI_BASE;
	chan_size = SIM_SCMI_SIZE;
	for (unsigned i = 0; i < nnotes && i < 32; i++)
		print_error("# %s\n", notes[i]);
	assert_int_equal(nnotes, 0);
}

static void run(void (*fn)(void))
{
	run_on(fn, false);
}

/* ---- Base ------------------------------------------------------------ */

static void base_body(void)
{
	struct resp r;

	EXPECT_EQ(CMD(&r, BASE, 0), OK);
	EXPECT_EQ(r.p[0], 0x20000);
	EXPECT_EQ(ANSWER_LEN(&r), 8);
	EXPECT_EQ(CMD(&r, BASE, 1), OK);
	EXPECT_EQ(r.p[0], 1u << 8 | 5);	/* one agent, five protocols besides Base */
	EXPECT_EQ(CMD(&r, BASE, 3), OK);
	EXPECT_EQ(ANSWER_LEN(&r), 20);
	name_is(__LINE__, r.p, "secmon");
	EXPECT_EQ(CMD(&r, BASE, 4), OK);
	name_is(__LINE__, r.p, "qemu-virt model");
	EXPECT_EQ(CMD(&r, BASE, 5), OK);
	EXPECT_EQ(r.p[0], 0x10000);
	EXPECT_EQ(CMD(&r, BASE, 6, 0), OK);
	EXPECT_EQ(r.p[0], 5);
	EXPECT_EQ(r.p[1], 0x15141311u);
	EXPECT_EQ(r.p[2], 0x16u);
	EXPECT_EQ(ANSWER_LEN(&r), 16);
	EXPECT_EQ(CMD(&r, BASE, 6, 2), OK);
	EXPECT_EQ(r.p[0], 3);
	EXPECT_EQ(r.p[1], 0x161514u);
	EXPECT_EQ(CMD(&r, BASE, 6, 5), OK);
	EXPECT_EQ(r.p[0], 0);
	EXPECT_EQ(CMD(&r, BASE, 6, 6), INVALID_PARAMETERS);
	EXPECT_EQ(ANSWER_LEN(&r), 4);
	EXPECT_EQ(CMD(&r, BASE, 7, 0xffffffffu), OK);
	EXPECT_EQ(r.p[0], 1);
	name_is(__LINE__, r.p + 1, "OSPM");
	EXPECT_EQ(CMD(&r, BASE, 7, 0), OK);
	name_is(__LINE__, r.p + 1, "platform");
	EXPECT_EQ(CMD(&r, BASE, 7, 2), NOT_FOUND);
	/* PROTOCOL_MESSAGE_ATTRIBUTES: implemented or NOT_FOUND. */
	for (uint32_t id = 0; id < 8; id++) {
		EXPECT_EQ(CMD(&r, BASE, 2, id), OK);
		EXPECT_EQ(r.p[0], 0);
	}
	EXPECT_EQ(CMD(&r, BASE, 2, 8), NOT_FOUND);
	EXPECT_EQ(CMD(&r, BASE, 2, 0xffffffffu), NOT_FOUND);
	EXPECT_EQ(CMD(&r, BASE, 8, 0), NOT_SUPPORTED);
	EXPECT_EQ(CMD(&r, BASE, 0xff), NOT_SUPPORTED);
	/* Protocols the server does not have. */
	EXPECT_EQ(CMD(&r, 0x12, 0), NOT_SUPPORTED);
	EXPECT_EQ(CMD(&r, 0xff, 0), NOT_SUPPORTED);
	EXPECT_EQ(CMD(&r, 0x00, 0), NOT_SUPPORTED);
}

static void the_base_protocol_answers_each_message_as_scmi_says(void **state)
{
	(void)state;
	run(base_body);
}

/* ---- Power domain ---------------------------------------------------- */

#define PD_ON 0u
#define PD_OFF 0x40000000u

static void power_body(void)
{
	struct resp r;

	EXPECT_EQ(CMD(&r, POWER, 0), OK);
	EXPECT_EQ(r.p[0], 0x20000);
	EXPECT_EQ(CMD(&r, POWER, 1), OK);
	EXPECT_EQ(ANSWER_LEN(&r), 20);
	EXPECT_EQ(r.p[0], 3);
	EXPECT_EQ(r.p[1] | r.p[2] | r.p[3], 0);	/* no statistics */
	EXPECT_EQ(CMD(&r, POWER, 3, 0), OK);
	EXPECT_EQ(r.p[0], 1u << 29);		/* synchronous */
	name_is(__LINE__, r.p + 1, "virtio");
	EXPECT_EQ(CMD(&r, POWER, 3, 1), OK);
	name_is(__LINE__, r.p + 1, "pcie");
	EXPECT_EQ(CMD(&r, POWER, 5, 1), OK);
	EXPECT_EQ(r.p[0], PD_ON);
	EXPECT_EQ(CMD(&r, POWER, 4, 0, 1, PD_OFF), OK);
	EXPECT_EQ(ANSWER_LEN(&r), 4);
	EXPECT_EQ(CMD(&r, POWER, 5, 1), OK);
	EXPECT_EQ(r.p[0], PD_OFF);
	EXPECT_EQ(CMD(&r, POWER, 5, 0), OK);
	EXPECT_EQ(r.p[0], PD_ON);
	EXPECT_EQ(CMD(&r, POWER, 4, 0, 1, PD_ON), OK);
	EXPECT_EQ(CMD(&r, POWER, 5, 1), OK);
	EXPECT_EQ(r.p[0], PD_ON);
	/* Bad states, flags and IDs change nothing. */
	EXPECT_EQ(CMD(&r, POWER, 4, 0, 1, 0x1), INVALID_PARAMETERS);
	EXPECT_EQ(CMD(&r, POWER, 4, 0, 1, 0x40000001), INVALID_PARAMETERS);
	EXPECT_EQ(CMD(&r, POWER, 4, 2, 1, PD_OFF), INVALID_PARAMETERS);
	EXPECT_EQ(CMD(&r, POWER, 4, 1, 1, PD_OFF), NOT_SUPPORTED);	/* asynchronous */
	EXPECT_EQ(CMD(&r, POWER, 5, 1), OK);
	EXPECT_EQ(r.p[0], PD_ON);
	EXPECT_EQ(CMD(&r, POWER, 3, 3), NOT_FOUND);
	EXPECT_EQ(CMD(&r, POWER, 4, 0, 3, PD_OFF), NOT_FOUND);
	EXPECT_EQ(CMD(&r, POWER, 5, 0xffffffffu), NOT_FOUND);
	/*
	 * The board's secure-only domain: the agent sees it and its state
	 * (Linux's scmi_pm_domain asks every domain's state at probe and warns
	 * on any error) but may not change it: no state set in its attributes
	 * (neither synchronous nor asynchronous), POWER_STATE_SET DENIED.
	 */
	EXPECT_EQ(CMD(&r, POWER, 3, 2), OK);
	EXPECT_EQ(r.p[0], 0);
	name_is(__LINE__, r.p + 1, "secure-sram");
	EXPECT_EQ(CMD(&r, POWER, 5, 2), OK);
	EXPECT_EQ(r.p[0], PD_ON);
	EXPECT_EQ(CMD(&r, POWER, 4, 0, 2, PD_OFF), DENIED);
	EXPECT_EQ(CMD(&r, POWER, 5, 2), OK);
	EXPECT_EQ(r.p[0], PD_ON);
	for (uint32_t id = 0; id < 6; id++)
		EXPECT_EQ(CMD(&r, POWER, 2, id), OK);
	EXPECT_EQ(CMD(&r, POWER, 2, 6), NOT_FOUND);
	EXPECT_EQ(CMD(&r, POWER, 6, 0, 0), NOT_SUPPORTED);	/* no notifications */
}

static void the_power_domain_protocol_answers_each_message_as_scmi_says(void **state)
{
	(void)state;
	run(power_body);
}

/* ---- Clock ----------------------------------------------------------- */

#define RATE_SET(r, flags, id, rate) \
	CMD(r, CLOCK, 5, flags, id, (uint32_t)(rate), (uint32_t)((uint64_t)(rate) >> 32))

static uint64_t rate_of(int line, uint32_t id)
{
	struct resp r;

	if (cmd_(line, CLOCK, 6, &id, 1, &r) != OK)
		note(line, "CLOCK_RATE_GET(%u) failed", id);
	return (uint64_t)r.p[1] << 32 | r.p[0];
}

#define RATE_OF(id) rate_of(__LINE__, id)

static void clock_body(void)
{
	struct resp r;
	uint64_t big = 0x123456789ull;

	EXPECT_EQ(CMD(&r, CLOCK, 0), OK);
	EXPECT_EQ(r.p[0], 0x20000);
	EXPECT_EQ(CMD(&r, CLOCK, 1), OK);
	EXPECT_EQ(r.p[0], 4);			/* 4 clocks, no asynchronous rate changes */
	EXPECT_EQ(CMD(&r, CLOCK, 3, 0), OK);
	EXPECT_EQ(ANSWER_LEN(&r), 28);
	EXPECT_EQ(r.p[0], 1);			/* enabled */
	name_is(__LINE__, r.p + 1, "apb_pclk");
	EXPECT_EQ(CMD(&r, CLOCK, 3, 2), OK);
	name_is(__LINE__, r.p + 1, "cpu");
	EXPECT_EQ(r.p[5], 50);			/* enable latency */

	/* Discrete rates, from an index; a range as its triplet. */
	EXPECT_EQ(CMD(&r, CLOCK, 4, 1, 0), OK);
	EXPECT_EQ(r.p[0], 3);
	EXPECT_EQ(r.p[1], 100 * MHZ);
	EXPECT_EQ(r.p[2], 0);
	EXPECT_EQ(r.p[5], 400 * MHZ);
	EXPECT_EQ(ANSWER_LEN(&r), 8 + 3 * 8);
	EXPECT_EQ(CMD(&r, CLOCK, 4, 1, 2), OK);
	EXPECT_EQ(r.p[0], 1);
	EXPECT_EQ(r.p[1], 400 * MHZ);
	EXPECT_EQ(CMD(&r, CLOCK, 4, 1, 3), OUT_OF_RANGE);
	EXPECT_EQ(CMD(&r, CLOCK, 4, 2, 0), OK);
	EXPECT_EQ(r.p[0], 1u << 12 | 3);
	EXPECT_EQ(r.p[1], 200 * MHZ);
	EXPECT_EQ(r.p[3], 2000 * MHZ);
	EXPECT_EQ(r.p[5], 100 * MHZ);
	EXPECT_EQ(CMD(&r, CLOCK, 4, 2, 1), OUT_OF_RANGE);

	/* Rates, rounded down, up or to the nearest. */
	EXPECT_EQ(RATE_OF(1), 100 * MHZ);
	EXPECT_EQ(RATE_SET(&r, 0, 1, 250 * MHZ), OK);
	EXPECT_EQ(RATE_OF(1), 200 * MHZ);
	EXPECT_EQ(RATE_SET(&r, 1u << 2, 1, 250 * MHZ), OK);
	EXPECT_EQ(RATE_OF(1), 400 * MHZ);
	EXPECT_EQ(RATE_SET(&r, 2u << 2, 1, 390 * MHZ), OK);
	EXPECT_EQ(RATE_OF(1), 400 * MHZ);
	EXPECT_EQ(RATE_SET(&r, 2u << 2, 1, 160 * MHZ), OK);
	EXPECT_EQ(RATE_OF(1), 200 * MHZ);
	EXPECT_EQ(RATE_SET(&r, 0, 1, 1), OK);
	EXPECT_EQ(RATE_OF(1), 100 * MHZ);
	EXPECT_EQ(RATE_SET(&r, 0, 2, 1234 * MHZ), OK);
	EXPECT_EQ(RATE_OF(2), 1200 * MHZ);
	EXPECT_EQ(RATE_SET(&r, 1u << 2, 2, 1234 * MHZ), OK);
	EXPECT_EQ(RATE_OF(2), 1300 * MHZ);
	EXPECT_EQ(RATE_SET(&r, 2u << 2, 2, 1249 * MHZ), OK);
	EXPECT_EQ(RATE_OF(2), 1200 * MHZ);
	EXPECT_EQ(RATE_SET(&r, 0, 2, big << 8), OK);		/* the high word counts */
	EXPECT_EQ(RATE_OF(2), 2000 * MHZ);
	EXPECT_EQ(RATE_SET(&r, 3u << 2, 2, 500 * MHZ), INVALID_PARAMETERS);
	EXPECT_EQ(RATE_SET(&r, 0x10, 2, 500 * MHZ), INVALID_PARAMETERS);
	EXPECT_EQ(RATE_SET(&r, 1, 2, 500 * MHZ), NOT_SUPPORTED);	/* asynchronous */
	EXPECT_EQ(RATE_OF(2), 2000 * MHZ);

	/* The gate. */
	EXPECT_EQ(CMD(&r, CLOCK, 7, 1, 0), OK);
	EXPECT_EQ(CMD(&r, CLOCK, 3, 1), OK);
	EXPECT_EQ(r.p[0], 0);
	EXPECT_EQ(CMD(&r, CLOCK, 7, 1, 1), OK);
	EXPECT_EQ(CMD(&r, CLOCK, 3, 1), OK);
	EXPECT_EQ(r.p[0], 1);
	EXPECT_EQ(CMD(&r, CLOCK, 7, 1, 3), INVALID_PARAMETERS);

	/* Unknown and secure-only clocks. */
	EXPECT_EQ(CMD(&r, CLOCK, 3, 4), NOT_FOUND);
	EXPECT_EQ(CMD(&r, CLOCK, 4, 4, 0), NOT_FOUND);
	EXPECT_EQ(RATE_SET(&r, 0, 4, 1), NOT_FOUND);
	EXPECT_EQ(CMD(&r, CLOCK, 6, 0x80000000u), NOT_FOUND);
	EXPECT_EQ(CMD(&r, CLOCK, 7, 4, 1), NOT_FOUND);
	EXPECT_EQ(CMD(&r, CLOCK, 3, 3), DENIED);
	EXPECT_EQ(CMD(&r, CLOCK, 4, 3, 0), DENIED);
	EXPECT_EQ(RATE_SET(&r, 0, 3, 24 * MHZ), DENIED);
	EXPECT_EQ(CMD(&r, CLOCK, 6, 3), DENIED);
	EXPECT_EQ(CMD(&r, CLOCK, 7, 3, 0), DENIED);
	for (uint32_t id = 0; id < 8; id++)
		EXPECT_EQ(CMD(&r, CLOCK, 2, id), OK);
	EXPECT_EQ(CMD(&r, CLOCK, 2, 8), NOT_FOUND);
}

static void the_clock_protocol_answers_each_message_as_scmi_says(void **state)
{
	(void)state;
	run(clock_body);
}

/* ---- Reset ----------------------------------------------------------- */

static void reset_body(void)
{
	struct resp r;

	EXPECT_EQ(CMD(&r, RESET, 0), OK);
	EXPECT_EQ(r.p[0], 0x10000);
	EXPECT_EQ(CMD(&r, RESET, 1), OK);
	EXPECT_EQ(r.p[0], 3);
	EXPECT_EQ(CMD(&r, RESET, 3, 1), OK);
	EXPECT_EQ(ANSWER_LEN(&r), 28);
	EXPECT_EQ(r.p[0], 0);
	EXPECT_EQ(r.p[1], 100);
	name_is(__LINE__, r.p + 2, "pcie");
	EXPECT_EQ(CMD(&r, RESET, 4, 0, 1, 0), OK);	/* autonomous */
	EXPECT_EQ(CMD(&r, RESET, 4, 0, 2, 0), OK);	/* assert */
	EXPECT_EQ(CMD(&r, RESET, 4, 0, 0, 0), OK);	/* deassert */
	EXPECT_EQ(CMD(&r, RESET, 4, 0, 4, 0), NOT_SUPPORTED);	/* asynchronous */
	EXPECT_EQ(CMD(&r, RESET, 4, 0, 1, 0x80000000u), NOT_SUPPORTED);
	EXPECT_EQ(CMD(&r, RESET, 4, 0, 1, 1), INVALID_PARAMETERS);
	EXPECT_EQ(CMD(&r, RESET, 4, 0, 8, 0), INVALID_PARAMETERS);
	EXPECT_EQ(CMD(&r, RESET, 3, 3), NOT_FOUND);
	EXPECT_EQ(CMD(&r, RESET, 4, 3, 1, 0), NOT_FOUND);
	EXPECT_EQ(CMD(&r, RESET, 3, 2), DENIED);
	EXPECT_EQ(CMD(&r, RESET, 4, 2, 1, 0), DENIED);
	for (uint32_t id = 0; id < 5; id++)
		EXPECT_EQ(CMD(&r, RESET, 2, id), OK);
	EXPECT_EQ(CMD(&r, RESET, 2, 5), NOT_FOUND);
}

static void the_reset_protocol_answers_each_message_as_scmi_says(void **state)
{
	(void)state;
	run(reset_body);
}

/* ---- Performance ----------------------------------------------------- */

static void perf_body(void)
{
	struct resp r;

	EXPECT_EQ(CMD(&r, PERF, 0), OK);
	EXPECT_EQ(r.p[0], 0x20000);
	EXPECT_EQ(CMD(&r, PERF, 1), OK);
	EXPECT_EQ(ANSWER_LEN(&r), 20);
	EXPECT_EQ(r.p[0], 1);
	EXPECT_EQ(CMD(&r, PERF, 3, 0), OK);
	EXPECT_EQ(ANSWER_LEN(&r), 36);
	EXPECT_EQ(r.p[0], 3u << 30);		/* limits and level may be set */
	EXPECT_EQ(r.p[2], 1500000);		/* sustained kHz */
	name_is(__LINE__, r.p + 4, "cpus");
	EXPECT_EQ(CMD(&r, PERF, 4, 0, 0), OK);
	EXPECT_EQ(r.p[0], 4);
	EXPECT_EQ(r.p[1], 250000);
	EXPECT_EQ(r.p[3], 100);			/* latency */
	EXPECT_EQ(r.p[10], 1500000);
	EXPECT_EQ(CMD(&r, PERF, 4, 0, 3), OK);
	EXPECT_EQ(r.p[0], 1);
	EXPECT_EQ(CMD(&r, PERF, 4, 0, 4), OUT_OF_RANGE);
	/* Level within limits; limits pull the level in. */
	EXPECT_EQ(CMD(&r, PERF, 8, 0), OK);
	EXPECT_EQ(r.p[0], 1500000);
	EXPECT_EQ(CMD(&r, PERF, 7, 0, 500000), OK);
	EXPECT_EQ(CMD(&r, PERF, 8, 0), OK);
	EXPECT_EQ(r.p[0], 500000);
	EXPECT_EQ(CMD(&r, PERF, 7, 0, 600000), INVALID_PARAMETERS);
	EXPECT_EQ(CMD(&r, PERF, 5, 0, 1000000, 1000000), OK);
	EXPECT_EQ(CMD(&r, PERF, 6, 0), OK);
	EXPECT_EQ(r.p[0], 1000000);		/* max, then min */
	EXPECT_EQ(r.p[1], 1000000);
	EXPECT_EQ(CMD(&r, PERF, 8, 0), OK);
	EXPECT_EQ(r.p[0], 1000000);
	EXPECT_EQ(CMD(&r, PERF, 7, 0, 250000), OUT_OF_RANGE);
	EXPECT_EQ(CMD(&r, PERF, 5, 0, 250000, 500000), INVALID_PARAMETERS);	/* min > max */
	EXPECT_EQ(CMD(&r, PERF, 5, 0, 1500000, 1), INVALID_PARAMETERS);
	EXPECT_EQ(CMD(&r, PERF, 3, 1), NOT_FOUND);
	EXPECT_EQ(CMD(&r, PERF, 8, 1), NOT_FOUND);
	for (uint32_t id = 0; id < 9; id++)
		EXPECT_EQ(CMD(&r, PERF, 2, id), OK);
	EXPECT_EQ(CMD(&r, PERF, 2, 9), NOT_FOUND);
	EXPECT_EQ(CMD(&r, PERF, 9, 0, 0), NOT_SUPPORTED);	/* no notifications */
}

static void the_performance_protocol_answers_each_message_as_scmi_says(void **state)
{
	(void)state;
	run(perf_body);
}

/* ---- Sensor ---------------------------------------------------------- */

static void sensor_body(void)
{
	struct resp r;
	int64_t a, b;

	EXPECT_EQ(CMD(&r, SENSOR, 0), OK);
	EXPECT_EQ(r.p[0], 0x10000);
	EXPECT_EQ(CMD(&r, SENSOR, 1), OK);
	EXPECT_EQ(r.p[0], 2);
	EXPECT_EQ(CMD(&r, SENSOR, 3, 0), OK);
	EXPECT_EQ(r.p[0], 2);
	EXPECT_EQ(ANSWER_LEN(&r), 8 + 2 * 28);
	EXPECT_EQ(r.p[1], 0);
	EXPECT_EQ(r.p[3], 0x1du << 11 | 2);	/* degrees C, times 10^-3 */
	name_is(__LINE__, r.p + 4, "soc-temp");
	EXPECT_EQ(r.p[8], 1);
	name_is(__LINE__, r.p + 11, "secure-temp");
	EXPECT_EQ(CMD(&r, SENSOR, 3, 1), OK);
	EXPECT_EQ(r.p[0], 1);
	EXPECT_EQ(CMD(&r, SENSOR, 3, 2), INVALID_PARAMETERS);
	EXPECT_EQ(CMD(&r, SENSOR, 6, 0, 0), OK);
	a = (int64_t)((uint64_t)r.p[1] << 32 | r.p[0]);
	EXPECT_EQ(CMD(&r, SENSOR, 6, 0, 0), OK);
	b = (int64_t)((uint64_t)r.p[1] << 32 | r.p[0]);
	EXPECT_EQ(a >= 45000 && a < 45008 && b >= 45000 && b < 45008, 1);
	EXPECT_EQ(CMD(&r, SENSOR, 6, 0, 1), NOT_SUPPORTED);	/* asynchronous */
	EXPECT_EQ(CMD(&r, SENSOR, 6, 0, 2), INVALID_PARAMETERS);
	EXPECT_EQ(CMD(&r, SENSOR, 6, 1, 0), DENIED);
	EXPECT_EQ(CMD(&r, SENSOR, 6, 2, 0), NOT_FOUND);
	for (uint32_t id = 0; id < 4; id++)
		EXPECT_EQ(CMD(&r, SENSOR, 2, id), OK);
	EXPECT_EQ(CMD(&r, SENSOR, 2, 6), OK);
	EXPECT_EQ(CMD(&r, SENSOR, 2, 4), NOT_FOUND);	/* no trip points */
	EXPECT_EQ(CMD(&r, SENSOR, 4, 0, 0), NOT_SUPPORTED);
}

static void the_sensor_protocol_answers_each_message_as_scmi_says(void **state)
{
	(void)state;
	run(sensor_body);
}

/* ---- the library's client (lib/scmi.c) -------------------------------- */

static void client_body(void)
{
	struct secmon_scmi s = { .conduit = cd, .fid = SCMI_FID, .shmem = shm(),
				 .shmem_size = chan_size };
	uint32_t v, out[SECMON_SCMI_MAX_WORDS];
	uint64_t hz;
	int64_t t;
	int32_t st;
	unsigned n;

	EXPECT_EQ(secmon_scmi_protocol_version(&s, SECMON_SCMI_BASE, &v), SECMON_OK);
	EXPECT_EQ(v, 0x20000);
	EXPECT_EQ(secmon_scmi_protocol_version(&s, 0x42, &v), SECMON_E_NOT_SUPPORTED);
	EXPECT_EQ(secmon_scmi_clock_rate_get(&s, 0, &hz), SECMON_OK);
	EXPECT_EQ(hz, 24 * MHZ);
	EXPECT_EQ(secmon_scmi_clock_rate_set(&s, 2, 1249 * MHZ), SECMON_OK);
	EXPECT_EQ(secmon_scmi_clock_rate_get(&s, 2, &hz), SECMON_OK);
	EXPECT_EQ(hz, 1200 * MHZ);
	EXPECT_EQ(secmon_scmi_clock_rate_get(&s, 9, &hz), SECMON_E_NOT_FOUND);
	EXPECT_EQ(secmon_scmi_clock_rate_get(&s, 3, &hz), SECMON_E_DENIED);
	EXPECT_EQ(secmon_scmi_perf_level_set(&s, 0, 500000), SECMON_OK);
	EXPECT_EQ(secmon_scmi_perf_level_get(&s, 0, &v), SECMON_OK);
	EXPECT_EQ(v, 500000);
	EXPECT_EQ(secmon_scmi_perf_level_set(&s, 0, 1), SECMON_E_INVALID_PARAMETERS);
	EXPECT_EQ(secmon_scmi_sensor_read(&s, 0, &t), SECMON_OK);
	EXPECT_EQ(t >= 45000 && t < 45008, 1);
	EXPECT_EQ(secmon_scmi_sensor_read(&s, 1, &t), SECMON_E_DENIED);
	/* The raw exchange: DISCOVER_LIST_PROTOCOLS gives a count and two words. */
	v = 0;
	EXPECT_EQ(secmon_scmi_xfer(&s, SECMON_SCMI_BASE, 6, &v, 1, &st, out, 32, &n), SECMON_OK);
	EXPECT_EQ(st, 0);
	EXPECT_EQ(n, 3);
	EXPECT_EQ(secmon_scmi_xfer(&s, SECMON_SCMI_BASE, 6, &v, 1, &st, out, 2, &n),
		  SECMON_E_NO_SPACE);
	EXPECT_EQ(secmon_scmi_xfer(&s, SECMON_SCMI_BASE, 0, out, 33, &st, out, 32, &n),
		  SECMON_E_INVALID_PARAMETERS);
	/* A channel someone else left busy is not written. */
	shm()[W_STATUS] = 0;
	EXPECT_EQ(secmon_scmi_protocol_version(&s, SECMON_SCMI_BASE, &v), SECMON_E_BAD_ANSWER);
	shm()[W_STATUS] = FREE;
	EXPECT_EQ(secmon_scmi_protocol_version(&s, SECMON_SCMI_CLOCK, &v), SECMON_OK);
	EXPECT_EQ(v, 0x20000);
}

static void the_library_client_gets_the_servers_answers_in_both_widths(void **state)
{
	(void)state;
	run(client_body);
	run_on(client_body, true);
}

/* ---- the transport --------------------------------------------------- */

static void lengths_body(void)
{
	struct resp r;
	uint32_t big[40] = { 0 };
	uint32_t h = header(CLOCK, 6);

	/* Every command with one word too few and one too many. */
	static const struct { uint8_t proto, msg, words; } cmds[] = {
		{ BASE, 0, 0 }, { BASE, 1, 0 }, { BASE, 2, 1 }, { BASE, 3, 0 }, { BASE, 4, 0 },
		{ BASE, 5, 0 }, { BASE, 6, 1 }, { BASE, 7, 1 }, { POWER, 0, 0 }, { POWER, 1, 0 },
		{ POWER, 2, 1 }, { POWER, 3, 1 }, { POWER, 4, 3 }, { POWER, 5, 1 },
		{ CLOCK, 0, 0 }, { CLOCK, 1, 0 }, { CLOCK, 2, 1 }, { CLOCK, 3, 1 },
		{ CLOCK, 4, 2 }, { CLOCK, 5, 4 }, { CLOCK, 6, 1 }, { CLOCK, 7, 2 },
		{ RESET, 0, 0 }, { RESET, 1, 0 }, { RESET, 2, 1 }, { RESET, 3, 1 },
		{ RESET, 4, 3 }, { PERF, 0, 0 }, { PERF, 1, 0 }, { PERF, 2, 1 }, { PERF, 3, 1 },
		{ PERF, 4, 2 }, { PERF, 5, 3 }, { PERF, 6, 1 }, { PERF, 7, 2 }, { PERF, 8, 1 },
		{ SENSOR, 0, 0 }, { SENSOR, 1, 0 }, { SENSOR, 2, 1 }, { SENSOR, 3, 1 },
		{ SENSOR, 6, 2 },
	};

	for (unsigned i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		if (cmds[i].words &&
		    cmd_(__LINE__, cmds[i].proto, cmds[i].msg, big, cmds[i].words - 1u, &r) !=
			    PROTOCOL_ERROR)
			note(__LINE__, "protocol %#x message %u: short message taken",
			     cmds[i].proto, cmds[i].msg);
		if (cmd_(__LINE__, cmds[i].proto, cmds[i].msg, big, cmds[i].words + 1u, &r) !=
		    PROTOCOL_ERROR)
			note(__LINE__, "protocol %#x message %u: long message taken",
			     cmds[i].proto, cmds[i].msg);
		EXPECT_EQ(ANSWER_LEN(&r), 4);
	}
	/* A length that is not whole words, or longer than any message. */
	raw(__LINE__, h, big, 2, 4 + 5, &r);
	EXPECT_EQ(r.st, PROTOCOL_ERROR);
	EXPECT_EQ(r.status, FREE);
	raw(__LINE__, h, big, 34, 4 + 132, &r);
	EXPECT_EQ(r.st, PROTOCOL_ERROR);
	EXPECT_EQ(r.header, h);
	/* No room for a header, or longer than the channel: a channel error. */
	raw(__LINE__, h, big, 0, 3, &r);
	EXPECT_EQ(r.x0, 0);
	EXPECT_EQ(r.status, FREE | ERROR);
	raw(__LINE__, h, big, 0, SIM_SCMI_SIZE - 0x18 + 1, &r);
	EXPECT_EQ(r.status, FREE | ERROR);
	raw(__LINE__, h, big, 0, 0xffffffffu, &r);
	EXPECT_EQ(r.status, FREE | ERROR);
	raw(__LINE__, h, big, 0, 0xfffffffcu, &r);
	EXPECT_EQ(r.status, FREE | ERROR);
	/* Only commands (type 0) go from agent to platform. */
	raw(__LINE__, h | 2u << 8, big, 1, 8, &r);
	EXPECT_EQ(r.st, NOT_SUPPORTED);
	EXPECT_EQ(r.header, h | 2u << 8);
	/* The channel works afterwards. */
	EXPECT_EQ(CMD(&r, BASE, 0), OK);
}

static void a_command_one_word_short_or_long_is_refused(void **state)
{
	(void)state;
	run(lengths_body);
}

static void busy_body(void)
{
	volatile uint32_t *s = shm();
	uint32_t h = header(BASE, 0);
	struct resp r;

	/* A channel the agent left free is not a message: nothing is touched. */
	s[W_STATUS] = FREE;
	s[W_LENGTH] = 4;
	s[W_HEADER] = h;
	s[W_PAYLOAD] = 0xdeadbeefu;
	EXPECT_EQ((uint32_t)doorbell(__LINE__, SCMI_FID), 0xfffffffdu);	/* INVALID_PARAMETER */
	EXPECT_EQ(s[W_STATUS], FREE);
	EXPECT_EQ(s[W_LENGTH], 4);
	EXPECT_EQ(s[W_HEADER], h);
	EXPECT_EQ(s[W_PAYLOAD], 0xdeadbeefu);
	s[W_STATUS] = FREE | ERROR;
	EXPECT_EQ((uint32_t)doorbell(__LINE__, SCMI_FID), 0xfffffffdu);
	EXPECT_EQ(s[W_PAYLOAD], 0xdeadbeefu);
	/* Marked busy (with a stale error bit), it is answered and freed. */
	s[W_STATUS] = ERROR;
	EXPECT_EQ(doorbell(__LINE__, SCMI_FID), 0);
	EXPECT_EQ(s[W_STATUS], FREE);
	EXPECT_EQ(s[W_PAYLOAD], 0);
	EXPECT_EQ(s[W_PAYLOAD + 1], 0x20000);
	/* The same message twice: the second ring finds the channel free. */
	EXPECT_EQ((uint32_t)doorbell(__LINE__, SCMI_FID), 0xfffffffdu);
	EXPECT_EQ(CMD(&r, BASE, 0), OK);
	EXPECT_EQ(r.len, 12);
	/* Neither the SMC64 form nor a token in the header is misread. */
	EXPECT_EQ(doorbell(__LINE__, SCMI_FID | 0x40000000u), SECMON_SMC_UNK64);
	raw(__LINE__, 0x3ffu << 18 | BASE << 10, 0, 0, 4, &r);
	EXPECT_EQ(r.header, 0x3ffu << 18 | BASE << 10);
	EXPECT_EQ(r.p[0], 0x20000);
}

static void only_a_busy_channel_is_served_and_it_is_freed(void **state)
{
	(void)state;
	run(busy_body);
}

static void aarch32_body(void)
{
	struct resp r;

	EXPECT_EQ(CMD(&r, CLOCK, 6, 0), OK);
	EXPECT_EQ(r.p[0], 24 * MHZ);
}

static void an_aarch32_agent_is_served(void **state)
{
	(void)state;
	run_on(aarch32_body, true);
}

/* With no usable channel the SMC is not offered, and nothing is written. */
static void unoffered_body(void)
{
	volatile uint32_t *s = chan_base & 3 ? NULL : shm();
	struct secmon_regs in = { .x = { SIP_CALL_COUNT } }, out;

	if (s) {
		s[W_STATUS] = 0;
		s[W_LENGTH] = 4;
		s[W_HEADER] = BASE << 10;
	}
	EXPECT_EQ((uint32_t)doorbell(__LINE__, SCMI_FID), SECMON_SMC_UNK32);
	secmon_invoke(cd, &in, &out);
	EXPECT_EQ(out.x[0], 8);	/* the errata calls and the trace calls (six IDs) only */
	if (s) {
		EXPECT_EQ(s[W_STATUS], 0);
		EXPECT_EQ(s[W_LENGTH], 4);
		EXPECT_EQ(s[W_HEADER], BASE << 10);
	}
}

static void channel_outside_ns_memory(void **state)
{
	(void)state;
	/* Secure memory just below the normal world's. */
	chan_base = SIM_WINDOW_BASE + 0x800;
	run(unoffered_body);
	/* Straddling its start. */
	chan_base = 0x80000000ull - 0x80;
	run(unoffered_body);
	/* Too small for the longest message, or misaligned. */
	chan_size = 0x90;
	run(unoffered_body);
	chan_base = SIM_SCMI_BASE + 2;
	run(unoffered_body);
	chan_size = 0;
	run(unoffered_body);
}

static void offered_body(void)
{
	struct secmon_regs in = { .x = { SIP_CALL_COUNT } }, out;

	secmon_invoke(cd, &in, &out);
	EXPECT_EQ(out.x[0], 9);	/* the errata calls, SCMI, the trace calls (six IDs) */
}

static void call_count_counts_scmi(void **state)
{
	(void)state;
	run(offered_body);
}

static void free_body(void)
{
	/* The agent waits for a free channel before its first message. */
	EXPECT_EQ(shm()[W_STATUS], FREE);
}

static uint32_t u32_prop(const void *fdt, int node, const char *name)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	return p && len == 4 ? fdt32_to_cpu(*p) : 0xdeadu;
}

/* The OS's DT names the channel, the SMC and every protocol but Base. */
static void channel_free_at_boot_and_described(void **state)
{
	static char dt[8192];
	static const struct { const char *path, *cells; uint32_t reg; } protos[] = {
		{ "/firmware/scmi/protocol@11", "#power-domain-cells", 0x11 },
		{ "/firmware/scmi/protocol@13", "#clock-cells", 0x13 },
		{ "/firmware/scmi/protocol@15", NULL, 0x15 },
		{ "/firmware/scmi/protocol@14", "#clock-cells", 0x14 },
		{ "/firmware/scmi/protocol@16", "#reset-cells", 0x16 },
	};
	const fdt32_t *reg;
	int scmi, shmem, len;

	(void)state;
	run(free_body);
	assert_int_equal(sim_ns_dt(dt, sizeof(dt), 1, NULL), 0);
	scmi = fdt_path_offset(dt, "/firmware/scmi");
	assert_true(scmi >= 0);
	assert_int_equal(fdt_node_check_compatible(dt, scmi, "arm,scmi-smc"), 0);
	assert_int_equal(u32_prop(dt, scmi, "arm,smc-id"), SCMI_FID);
	assert_int_equal(u32_prop(dt, scmi, "#address-cells"), 1);
	assert_int_equal(u32_prop(dt, scmi, "#size-cells"), 0);
	shmem = fdt_node_offset_by_phandle(dt, u32_prop(dt, scmi, "shmem"));
	assert_true(shmem >= 0);
	assert_int_equal(fdt_node_check_compatible(dt, shmem, "arm,scmi-shmem"), 0);
	assert_int_equal(fdt_parent_offset(dt, shmem), fdt_path_offset(dt, "/reserved-memory"));
	assert_non_null(fdt_getprop(dt, shmem, "no-map", NULL));
	reg = fdt_getprop(dt, shmem, "reg", &len);
	assert_int_equal(len, 16);
	assert_int_equal(fdt32_to_cpu(reg[0]), SIM_SCMI_BASE >> 32);
	assert_int_equal(fdt32_to_cpu(reg[1]), (uint32_t)SIM_SCMI_BASE);
	assert_int_equal(fdt32_to_cpu(reg[3]), SIM_SCMI_SIZE);
	for (unsigned i = 0; i < sizeof(protos) / sizeof(protos[0]); i++) {
		int p = fdt_path_offset(dt, protos[i].path);

		assert_true(p >= 0);
		assert_int_equal(u32_prop(dt, p, "reg"), protos[i].reg);
		if (protos[i].cells)
			assert_int_equal(u32_prop(dt, p, protos[i].cells), 1);
		assert_true(fdt_get_phandle(dt, p) != 0);
	}
	assert_true(fdt_path_offset(dt, "/firmware/scmi/protocol@10") < 0);
}

/* A PSCI 0.1 board DT (IDs of its own). */
static const char psci01_dts[] =
	"/dts-v1/; / { #address-cells = <2>; #size-cells = <2>;\n"
	"psci { compatible = \"arm,psci\"; method = \"smc\";\n"
	"cpu_off = <0x95c1ba5f>; cpu_on = <0x95c1ba60>; }; };\n";

static size_t compile_dts(const char *dts, char *out, size_t size)
{
	return simtest_dtc(dts, out, size);
}

/*
 * Under a PSCI 0.1 board the OS has no SMCCC conduit (Linux finds it through
 * PSCI 0.2 or later): it is told of no SCMI server it could not reach.
 */
static void psci01_board_no_node(void **state)
{
	static char dt[8192], board[4096];

	(void)state;
	assert_true(compile_dts(psci01_dts, board, sizeof(board)) > 0);
	run(free_body);
	assert_int_equal(sim_ns_dt(dt, sizeof(dt), 1, board), 0);
	assert_true(fdt_path_offset(dt, "/psci") >= 0);
	assert_true(fdt_path_offset(dt, "/firmware/scmi") < 0);
	assert_true(fdt_path_offset(dt, "/reserved-memory") < 0);
}

/* ---- the board's resources from its board DT -------------------------- */

#define SCMI_NODE_HEAD \
	"/dts-v1/; / { #address-cells = <2>; #size-cells = <2>;\n" \
	"scmi { compatible = \"secmon,scmi\";\n"

#define LIST(name) name " { #address-cells = <1>; #size-cells = <0>; "

static const char board_scmi_dts[] = SCMI_NODE_HEAD
	LIST("domain-list")
	"domain@0 { reg = <0>; label = \"gpu\"; };\n"
	"domain@1 { reg = <1>; label = \"modem\"; secmon,secure-only; }; };\n"
	LIST("clock-list")
	"clock@1 { reg = <1>; label = \"uart\"; secmon,rates = /bits/ 64 <48000000>; };\n"
	"clock@0 { reg = <0>; label = \"ddr\"; latency-us = <7>;\n"
	"          secmon,rate-range = /bits/ 64 <100000000 0x100000000 50000000>; }; };\n"
	"}; };\n";

static char board_dtb[4096];

static void board_body(void)
{
	struct resp r;

	EXPECT_EQ(CMD(&r, POWER, 1), OK);
	EXPECT_EQ(r.p[0], 2);
	EXPECT_EQ(CMD(&r, POWER, 3, 0), OK);
	name_is(__LINE__, r.p + 1, "gpu");
	EXPECT_EQ(CMD(&r, POWER, 3, 1), OK);	/* secure-only: seen, no state set */
	EXPECT_EQ(r.p[0], 0);
	name_is(__LINE__, r.p + 1, "modem");
	EXPECT_EQ(CMD(&r, POWER, 4, 0, 1, PD_OFF), DENIED);
	EXPECT_EQ(CMD(&r, POWER, 3, 2), NOT_FOUND);
	EXPECT_EQ(CMD(&r, CLOCK, 1), OK);
	EXPECT_EQ(r.p[0], 2);
	EXPECT_EQ(CMD(&r, CLOCK, 3, 0), OK);
	name_is(__LINE__, r.p + 1, "ddr");
	EXPECT_EQ(r.p[5], 7);
	EXPECT_EQ(CMD(&r, CLOCK, 4, 0, 0), OK);
	EXPECT_EQ(r.p[0], 1u << 12 | 3);
	EXPECT_EQ(r.p[3], 0);	/* max 0x100000000: low word */
	EXPECT_EQ(r.p[4], 1);	/* high word */
	EXPECT_EQ(RATE_OF(1), 48000000);
	EXPECT_EQ(RATE_SET(&r, 1u << 2, 0, 0xffffffffull), OK);
	EXPECT_EQ(RATE_OF(0), 0x100000000ull);
	EXPECT_EQ(CMD(&r, RESET, 1), OK);
	EXPECT_EQ(r.p[0], 0);	/* the board has none */
	EXPECT_EQ(CMD(&r, PERF, 1), OK);
	EXPECT_EQ(r.p[0], 0);	/* nor performance domains or sensors */
	EXPECT_EQ(CMD(&r, SENSOR, 1), OK);
	EXPECT_EQ(r.p[0], 0);
	EXPECT_EQ(CMD(&r, SENSOR, 3, 0), OK);
	EXPECT_EQ(r.p[0], 0);
	/* No sensors: an index past 0 is out of range, not a walk past the table. */
	EXPECT_EQ(CMD(&r, SENSOR, 3, 1), INVALID_PARAMETERS);
	EXPECT_EQ(CMD(&r, SENSOR, 3, 0xffffffffu), INVALID_PARAMETERS);
	EXPECT_EQ(CMD(&r, RESET, 3, 0), NOT_FOUND);
}

static void run_board(void (*fn)(void), const char *dts)
{
	struct sim_config cfg = { .ncpus = 1, .entry = entry, .board_dtb = board_dtb };

	assert_true(compile_dts(dts, board_dtb, sizeof(board_dtb)) > 0);
	nnotes = 0;
	scenario = fn;
	cd = &secmon_conduit_sim;
	assert_int_equal(sim_run(&cfg, 0x80000000ull, 0), 0);
	for (unsigned i = 0; i < nnotes && i < 32; i++)
		print_error("# %s\n", notes[i]);
	assert_int_equal(nnotes, 0);
}

static void resources_from_the_board_dt(void **state)
{
	(void)state;
	run_board(board_body, board_scmi_dts);
	/* The next monitor without a board DT has the built-in ones again. */
	run(base_body);
	run(clock_body);
}

/*
 * A range as wide as the check allows (max + step = 2^64 - 1): every
 * rounding stays within min..max. A step past that is refused at boot
 * (bad_board_dt_refused): with it, rounding up wrapped min + k * step
 * past 2^64, and the largest step made the midpoint (step + 1) / 2 zero.
 */
static const char board_wide_range_dts[] = SCMI_NODE_HEAD
	LIST("clock-list")
	"clock@0 { reg = <0>; label = \"wide\";\n"
	"          secmon,rate-range = /bits/ 64 <16 0xfffffffffffffff0 0xf>; }; };\n"
	"}; };\n";

static void wide_range_body(void)
{
	static const uint64_t want[] = { 17, 0x8000000000000000ull, 0xffffffffffffffe2ull,
					 0xffffffffffffffefull, UINT64_MAX };
	struct resp r;

	for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		for (uint32_t round = 0; round < 3; round++) {
			uint64_t got;

			EXPECT_EQ(RATE_SET(&r, round << 2, 0, want[i]), OK);
			got = RATE_OF(0);
			EXPECT_EQ((got >= 16 && got <= 0xfffffffffffffff0ull && (got - 16) % 15 == 0) ||
					  got == 0xfffffffffffffff0ull, 1);
			if (round == 0)	/* down: never above what was asked */
				EXPECT_EQ(got <= want[i], 1);
		}
}

static void wide_range_rounds_within(void **state)
{
	(void)state;
	run_board(wide_range_body, board_wide_range_dts);
}

/* Performance domains and sensors a board describes, secure-only ones DENIED. */
static const char board_perf_sensor_dts[] = SCMI_NODE_HEAD
	LIST("perf-list")
	"perf@0 { reg = <0>; label = \"cpus\"; latency-us = <30>;\n"
	"         secmon,levels-khz = <400000 800000 1200000>; };\n"
	"perf@1 { reg = <1>; label = \"dsp\"; secmon,secure-only; secmon,levels-khz = <100000>; };\n"
	"};\n"
	LIST("sensor-list")
	"sensor@0 { reg = <0>; label = \"soc-temp\"; secmon,sensor-type = <2>;\n"
	"           secmon,sensor-scale = <(-3)>; };\n"
	"sensor@1 { reg = <1>; label = \"pmic-volt\"; secmon,secure-only; secmon,sensor-type = <5>; };\n"
	"}; }; };\n";

static void perf_sensor_board_body(void)
{
	struct secmon_scmi s = { .conduit = cd, .fid = SCMI_FID, .shmem = shm(),
				 .shmem_size = chan_size };
	struct resp r;
	uint32_t v;
	int64_t t;

	EXPECT_EQ(CMD(&r, PERF, 1), OK);
	EXPECT_EQ(r.p[0] & 0xffff, 2);
	EXPECT_EQ(CMD(&r, PERF, 3, 0), OK);
	EXPECT_EQ(r.p[2], 1200000);	/* sustained frequency: the top level */
	name_is(__LINE__, r.p + 4, "cpus");
	EXPECT_EQ(CMD(&r, PERF, 4, 0, 0), OK);
	EXPECT_EQ(r.p[0], 3);
	EXPECT_EQ(r.p[1], 400000);
	EXPECT_EQ(r.p[3], 30);		/* latency */
	EXPECT_EQ(r.p[7], 1200000);
	EXPECT_EQ(secmon_scmi_perf_level_get(&s, 0, &v), SECMON_OK);
	EXPECT_EQ(v, 1200000);
	EXPECT_EQ(secmon_scmi_perf_level_set(&s, 0, 800000), SECMON_OK);
	EXPECT_EQ(secmon_scmi_perf_level_get(&s, 0, &v), SECMON_OK);
	EXPECT_EQ(v, 800000);
	EXPECT_EQ(secmon_scmi_perf_level_set(&s, 0, 500000), SECMON_E_INVALID_PARAMETERS);
	EXPECT_EQ(CMD(&r, PERF, 3, 1), DENIED);
	EXPECT_EQ(secmon_scmi_perf_level_get(&s, 1, &v), SECMON_E_DENIED);
	EXPECT_EQ(secmon_scmi_perf_level_set(&s, 1, 100000), SECMON_E_DENIED);
	EXPECT_EQ(CMD(&r, PERF, 4, 1, 0), DENIED);
	EXPECT_EQ(CMD(&r, PERF, 3, 2), NOT_FOUND);
	EXPECT_EQ(CMD(&r, SENSOR, 1), OK);
	EXPECT_EQ(r.p[0] & 0xffff, 2);
	EXPECT_EQ(CMD(&r, SENSOR, 3, 0), OK);
	EXPECT_EQ(r.p[0], 2);
	EXPECT_EQ(r.p[3], (0x1du << 11) | 2);	/* scale -3 in bits 15:11, type 2 */
	name_is(__LINE__, r.p + 4, "soc-temp");
	EXPECT_EQ(r.p[10], 5);
	name_is(__LINE__, r.p + 11, "pmic-volt");
	EXPECT_EQ(secmon_scmi_sensor_read(&s, 0, &t), SECMON_OK);
	EXPECT_EQ(t >= 45000 && t < 45008, 1);
	EXPECT_EQ(secmon_scmi_sensor_read(&s, 1, &t), SECMON_E_DENIED);
	EXPECT_EQ(secmon_scmi_sensor_read(&s, 2, &t), SECMON_E_NOT_FOUND);
	/* The kinds the board leaves out, it has none of. */
	EXPECT_EQ(CMD(&r, CLOCK, 1), OK);
	EXPECT_EQ(r.p[0], 0);
}

static void perf_and_sensors_from_the_board_dt(void **state)
{
	(void)state;
	run_board(perf_sensor_board_body, board_perf_sensor_dts);
}

static char console[2048];
static size_t console_len;

static void console_put(char c, void *arg)
{
	(void)arg;
	if (console_len + 1 < sizeof(console))
		console[console_len++] = c;
	console[console_len] = 0;
}

/* A wrong description is refused at boot, naming the node and property. */
static void bad_board_dt_refused(void **state)
{
	static const struct { const char *children, *want; } bad[] = {
		{ LIST("clock-list") "clock@0 { reg = <0>; label = \"a\"; }; };",
		  "node clock@0, property secmon,rates" },
		{ LIST("clock-list") "clock@0 { reg = <0>; label = \"a\"; secmon,rates = /bits/ 64 <2 1>; }; };",
		  "node clock@0, property secmon,rates: rates must increase" },
		{ LIST("clock-list") "clock@0 { reg = <0>; label = \"a\"; secmon,rate-range = /bits/ 64 <2 1 1>; }; };",
		  "node clock@0, property secmon,rate-range" },
		{ LIST("clock-list") "clock@0 { reg = <0>; label = \"a\"; secmon,rates = <1>; }; };",
		  "node clock@0, property secmon,rates" },
		/* Rounding up would wrap min + k * step past 2^64 (a rate below min). */
		{ LIST("clock-list") "clock@0 { reg = <0>; label = \"a\"; secmon,rate-range = "
		  "/bits/ 64 <16 0xfffffffffffffff0 0x8000000000000000>; }; };",
		  "node clock@0, property secmon,rate-range: max + step must fit in 64 bits" },
		/* The largest step: (step + 1) / 2, the rounding's midpoint, would be 0. */
		{ LIST("clock-list") "clock@0 { reg = <0>; label = \"a\"; secmon,rate-range = "
		  "/bits/ 64 <1 2 0xffffffffffffffff>; }; };",
		  "node clock@0, property secmon,rate-range: max + step must fit in 64 bits" },
		{ LIST("reset-list") "reset@0 { reg = <0>; }; };", "node reset@0, property label" },
		{ LIST("reset-list") "reset@0 { reg = <0>; label = \"a-name-far-too-long\"; }; };",
		  "node reset@0, property label" },
		{ LIST("reset-list") "reset@0 { label = \"a\"; }; };", "node reset@0, property reg" },
		{ LIST("reset-list") "reset@10 { reg = <16>; label = \"a\"; }; };", "node reset@10, property reg" },
		{ LIST("reset-list") "reset@1 { reg = <1>; label = \"a\"; }; };",
		  "node reset-list, property reg: IDs" },
		{ LIST("reset-list") "reset@0 { reg = <0>; label = \"a\"; }; reset@1 { reg = <0>; label = \"b\"; }; };",
		  "node reset@1, property reg: an ID given twice" },
		{ LIST("reset-list") "clock@0 { reg = <0>; label = \"a\"; }; };", "node clock@0, property (name)" },
		{ LIST("fan-list") "fan@0 { reg = <0>; label = \"a\"; }; };", "node fan-list, property (name)" },
		{ LIST("domain-list") "domain@0 { reg = <0>; label = \"a\"; latency-us = <1 2>; }; };",
		  "node domain@0, property latency-us" },
		{ LIST("perf-list") "perf@0 { reg = <0>; label = \"a\"; }; };",
		  "node perf@0, property secmon,levels-khz" },
		{ LIST("perf-list") "perf@0 { reg = <0>; label = \"a\"; secmon,levels-khz = <2 1>; }; };",
		  "node perf@0, property secmon,levels-khz: levels must be non-zero and increase" },
		{ LIST("perf-list") "perf@0 { reg = <0>; label = \"a\"; secmon,levels-khz = <0>; }; };",
		  "node perf@0, property secmon,levels-khz: levels must be non-zero and increase" },
		{ LIST("perf-list") "sensor@0 { reg = <0>; label = \"a\"; }; };",
		  "node sensor@0, property (name): not perf@N" },
		{ LIST("sensor-list") "sensor@0 { reg = <0>; label = \"a\"; }; };",
		  "node sensor@0, property secmon,sensor-type" },
		{ LIST("sensor-list") "sensor@0 { reg = <0>; label = \"a\"; secmon,sensor-type = <0>; }; };",
		  "node sensor@0, property secmon,sensor-type" },
		{ LIST("sensor-list") "sensor@0 { reg = <0>; label = \"a\"; secmon,sensor-type = <2>;"
		  " secmon,sensor-scale = <16>; }; };",
		  "node sensor@0, property secmon,sensor-scale" },
		{ LIST("sensor-list") "sensor@1 { reg = <1>; label = \"a\"; secmon,sensor-type = <2>; }; };",
		  "node sensor-list, property reg: IDs" },
	};
	char dts[1024];

	(void)state;
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct sim_config cfg = { .ncpus = 1, .entry = entry, .board_dtb = board_dtb,
					  .console = console_put };

		snprintf(dts, sizeof(dts), SCMI_NODE_HEAD "%s }; };\n", bad[i].children);
		assert_true(compile_dts(dts, board_dtb, sizeof(board_dtb)) > 0);
		console_len = 0;
		console[0] = 0;
		scenario = free_body;
		if (sim_run(&cfg, 0x80000000ull, 0) != -1 || !strstr(console, bad[i].want)) {
			print_error("# %s: console \"%s\", want \"%s\"\n", bad[i].children, console,
				    bad[i].want);
			fail();
		}
	}
}

/* Without a channel, the OS is told of no SCMI server. */
static void no_channel_no_node(void **state)
{
	static char dt[8192];

	(void)state;
	chan_size = 0;
	run(unoffered_body);
	assert_int_equal(sim_ns_dt(dt, sizeof(dt), 1, NULL), 0);
	assert_true(fdt_path_offset(dt, "/firmware/scmi") < 0);
	assert_true(fdt_path_offset(dt, "/reserved-memory") < 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_base_protocol_answers_each_message_as_scmi_says),
		cmocka_unit_test(the_power_domain_protocol_answers_each_message_as_scmi_says),
		cmocka_unit_test(the_clock_protocol_answers_each_message_as_scmi_says),
		cmocka_unit_test(the_reset_protocol_answers_each_message_as_scmi_says),
		cmocka_unit_test(the_performance_protocol_answers_each_message_as_scmi_says),
		cmocka_unit_test(the_sensor_protocol_answers_each_message_as_scmi_says),
		cmocka_unit_test(the_library_client_gets_the_servers_answers_in_both_widths),
		cmocka_unit_test(a_command_one_word_short_or_long_is_refused),
		cmocka_unit_test(only_a_busy_channel_is_served_and_it_is_freed),
		cmocka_unit_test(an_aarch32_agent_is_served),
		cmocka_unit_test(channel_outside_ns_memory),
		cmocka_unit_test(call_count_counts_scmi),
		cmocka_unit_test(channel_free_at_boot_and_described),
		cmocka_unit_test(no_channel_no_node),
		cmocka_unit_test(psci01_board_no_node),
		cmocka_unit_test(resources_from_the_board_dt),
		cmocka_unit_test(wide_range_rounds_within),
		cmocka_unit_test(perf_and_sensors_from_the_board_dt),
		cmocka_unit_test(bad_board_dt_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
