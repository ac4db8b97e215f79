/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A small SCMI client (Arm DEN0056) over the SMC transport: one agent
 * channel in shared memory, announced with an SMC (the "arm,scmi-smc"
 * node's arm,smc-id), processed synchronously by the firmware. Enough to
 * discover the server and use its performance domains, clocks and sensors
 * from code that has no SCMI stack of its own (boot loaders, tests).
 */
#ifndef SECMON_SCMI_H
#define SECMON_SCMI_H

#include <stdint.h>
#include <secmon/conduit.h>
#include <secmon/error.h>

/* Protocols. */
#define SECMON_SCMI_BASE	0x10
#define SECMON_SCMI_POWER	0x11
#define SECMON_SCMI_PERF	0x13
#define SECMON_SCMI_CLOCK	0x14
#define SECMON_SCMI_SENSOR	0x15
#define SECMON_SCMI_RESET	0x16

/* Payload words either way (128 bytes, what the SMC transport carries). */
#define SECMON_SCMI_MAX_WORDS	32

struct secmon_scmi {
	const struct secmon_conduit *conduit;
	uint32_t fid;			/* the SMC that announces a message */
	volatile uint32_t *shmem;	/* the channel, 4-byte aligned, as the caller maps it */
	uint32_t shmem_size;		/* bytes */
	uint32_t token;			/* of the last message */
};

/*
 * One message: `nin` payload words in; the answer's SCMI status in *status
 * and the words after it in out[0 .. *nout). SECMON_OK when the firmware
 * answered (whatever the status); SECMON_E_INVALID_PARAMETERS for a message
 * or answer that does not fit, SECMON_E_BAD_ANSWER when the channel was not
 * handed back free, flagged an error, or the answer is malformed, the SMC's
 * error otherwise.
 */
int secmon_scmi_xfer(struct secmon_scmi *s, uint8_t protocol, uint8_t msg, const uint32_t *in,
		     unsigned nin, int32_t *status, uint32_t *out, unsigned max_out,
		     unsigned *nout);

/* An SCMI status as a SECMON_E_* value (SCMI NOT_FOUND: SECMON_E_NOT_FOUND). */
int secmon_scmi_err(int32_t status);

/* The typed calls: SECMON_OK, the SCMI status as an error, or xfer's. */
int secmon_scmi_protocol_version(struct secmon_scmi *s, uint8_t protocol, uint32_t *version);
int secmon_scmi_clock_rate_get(struct secmon_scmi *s, uint32_t clock, uint64_t *hz);
int secmon_scmi_clock_rate_set(struct secmon_scmi *s, uint32_t clock, uint64_t hz);
int secmon_scmi_perf_level_get(struct secmon_scmi *s, uint32_t domain, uint32_t *level);
int secmon_scmi_perf_level_set(struct secmon_scmi *s, uint32_t domain, uint32_t level);
int secmon_scmi_sensor_read(struct secmon_scmi *s, uint32_t sensor, int64_t *value);

#endif
