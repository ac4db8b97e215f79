/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the portable SCMI server (monitor/services/scmi*.c) asks of the
 * board: where the agent's shared-memory channel is, and the resources
 * behind the protocols (power domains, clocks, reset lines). A real board
 * port supplies these functions; the simulator and the QEMU ports use the
 * model in monitor/services/scmi_model.c, which drives no hardware.
 *
 * Every function returning int returns an SCMI status (SCMI_SUCCESS, ...).
 * They are called with the monitor's lock held, one message at a time.
 */
#ifndef SECMON_SCMI_BACKEND_H
#define SECMON_SCMI_BACKEND_H

#include <stdbool.h>
#include <stdint.h>
#include <secmon/scmi.h>

/* The SCMI status codes and power states of <secmon/scmi.h>, by the server's short names. */
#define SCMI_SUCCESS SECMON_SCMI_SUCCESS
#define SCMI_NOT_SUPPORTED SECMON_SCMI_NOT_SUPPORTED
#define SCMI_INVALID_PARAMETERS SECMON_SCMI_INVALID_PARAMETERS
#define SCMI_DENIED SECMON_SCMI_DENIED
#define SCMI_NOT_FOUND SECMON_SCMI_NOT_FOUND
#define SCMI_OUT_OF_RANGE SECMON_SCMI_OUT_OF_RANGE
#define SCMI_BUSY SECMON_SCMI_BUSY
#define SCMI_COMMS_ERROR SECMON_SCMI_COMMS_ERROR
#define SCMI_GENERIC_ERROR SECMON_SCMI_GENERIC_ERROR
#define SCMI_HARDWARE_ERROR SECMON_SCMI_HARDWARE_ERROR
#define SCMI_PROTOCOL_ERROR SECMON_SCMI_PROTOCOL_ERROR
#define SCMI_POWER_ON SECMON_SCMI_POWER_ON
#define SCMI_POWER_OFF SECMON_SCMI_POWER_OFF

/* The agent's channel: normal-world memory, 4-byte aligned. */
struct scmi_be_channel {
	uint64_t base;
	uint32_t size;
};

/* Platform: the channel of the one agent; false when there is none. */
bool scmi_be_channel(struct scmi_be_channel *ch);

/*
 * Platform: the monitor's view of [base, base + size), which the core has
 * checked is normal-world memory, for 32-bit aligned accesses; NULL when it
 * cannot reach it.
 */
volatile uint32_t *scmi_be_shmem(uint64_t base, uint32_t size);

struct scmi_be_info {
	const char *vendor, *sub_vendor;	/* at most 15 characters */
	uint32_t impl_version;
};

enum scmi_be_kind {
	SCMI_BE_POWER, SCMI_BE_CLOCK, SCMI_BE_RESET, SCMI_BE_PERF, SCMI_BE_SENSOR, SCMI_BE_KINDS
};

/* One resource: a power domain, a clock, a reset line, a performance domain or a sensor. */
struct scmi_be_res {
	const char *name;	/* at most 15 characters */
	bool secure;		/* secure-only: the agent may not use it (DENIED) */
	/*
	 * Clocks: nrates discrete rates in increasing order, or (range) the
	 * triplet min, max, step. Performance domains: nrates levels, in
	 * increasing order (each level's value is its frequency in kHz).
	 */
	const uint64_t *rates;
	unsigned nrates;
	bool range;
	uint32_t latency_us;	/* clocks: enable latency; resets: reset latency;
				   performance: level-change latency */
	uint8_t sensor_type;	/* sensors: SCMI sensor type (2: degrees C) */
	int8_t sensor_scale;	/* sensors: power-of-ten unit multiplier */
};

/*
 * Cold boot, before anything else: the board's resources, from its board
 * DT (NULL: none) or built in. 0, or -1 when the board DT's description is
 * wrong (logged, naming the node and property).
 */
int scmi_be_init(const void *board_dtb);

const struct scmi_be_info *scmi_be_info(void);
unsigned scmi_be_count(enum scmi_be_kind kind);
/* Resource `id` of `kind`, or NULL when there is none. */
const struct scmi_be_res *scmi_be_res(enum scmi_be_kind kind, uint32_t id);
/* Back to the board's power-on state (cold boot). */
void scmi_be_reset_state(void);

/*
 * The operations, on a resource the core has checked exists and is not
 * secure; but for scmi_be_power_get(), which reads a secure-only domain's
 * state too (the agent may see it: scmi_power.c).
 */
int scmi_be_power_set(uint32_t id, uint32_t state);
uint32_t scmi_be_power_get(uint32_t id);
int scmi_be_clock_enable(uint32_t id, bool on);
bool scmi_be_clock_enabled(uint32_t id);
/* rate is one the clock supports (the core rounds it). */
int scmi_be_clock_set_rate(uint32_t id, uint64_t rate);
uint64_t scmi_be_clock_rate(uint32_t id);
/* A full reset (assert then deassert) when autonomous, else assert or deassert. */
int scmi_be_reset(uint32_t id, bool autonomous, bool assert);
/* Performance: level is one of the domain's; min <= max, both levels of it. */
int scmi_be_perf_set_level(uint32_t id, uint32_t level);
uint32_t scmi_be_perf_level(uint32_t id);
int scmi_be_perf_set_limits(uint32_t id, uint32_t min, uint32_t max);
void scmi_be_perf_limits(uint32_t id, uint32_t *min, uint32_t *max);
/* A sensor's reading, in its unit times 10^sensor_scale. */
int scmi_be_sensor_read(uint32_t id, int64_t *value);

#endif
