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
#include <secmon/sip.h>

/*
 * The facts of SCMI over secmon's SMC transport, one statement each for
 * the server (monitor/services/scmi*.c), this client (lib/scmi.c) and the
 * CLI (tools/cmd_scmi.c, tools/scmi_msgs.c).
 */

/* The SMC that says a message is waiting: secmon's SiP call (<secmon/sip.h>). */
#define SECMON_SCMI_SMC		SECMON_SIP_SCMI

/* Protocols. */
#define SECMON_SCMI_BASE	0x10
#define SECMON_SCMI_POWER	0x11
#define SECMON_SCMI_PERF	0x13
#define SECMON_SCMI_CLOCK	0x14
#define SECMON_SCMI_SENSOR	0x15
#define SECMON_SCMI_RESET	0x16

/* Payload words either way (128 bytes, what the SMC transport carries). */
#define SECMON_SCMI_MAX_WORDS	32

/*
 * The shared-memory channel (DEN0056, the shared memory transport), in
 * 32-bit words from its start, and the channel status's bits: the agent
 * writes a message and clears FREE, the platform answers in place and
 * sets FREE again (with ERROR when it could not read the message). A
 * channel holds the longest message either way: SECMON_SCMI_SHM_MIN bytes.
 */
#define SECMON_SCMI_SHM_STATUS	1
#define SECMON_SCMI_SHM_FLAGS	4
#define SECMON_SCMI_SHM_LENGTH	5	/* bytes of the header and the payload */
#define SECMON_SCMI_SHM_HEADER	6
#define SECMON_SCMI_SHM_PAYLOAD	7
#define SECMON_SCMI_SHM_MIN	(4u * SECMON_SCMI_SHM_PAYLOAD + 4u * SECMON_SCMI_MAX_WORDS)
#define SECMON_SCMI_CHANNEL_FREE	0x1u
#define SECMON_SCMI_CHANNEL_ERROR	0x2u

/* A message header: message ID 7:0, type 9:8 (0: a command), protocol 17:10, token 27:18. */
#define SECMON_SCMI_TOKEN_MASK	0x3ffu
static inline uint32_t secmon_scmi_header(uint8_t protocol, uint8_t msg, uint32_t token)
{
	return (token & SECMON_SCMI_TOKEN_MASK) << 18 | (uint32_t)protocol << 10 | msg;
}

static inline uint8_t secmon_scmi_header_msg(uint32_t h)
{
	return (uint8_t)h;
}

static inline unsigned secmon_scmi_header_type(uint32_t h)
{
	return (h >> 8) & 0x3u;
}

static inline uint8_t secmon_scmi_header_protocol(uint32_t h)
{
	return (uint8_t)(h >> 10);
}

/* Message IDs: the three every protocol has, then each protocol's (DEN0056 4.2-4.8). */
#define SECMON_SCMI_PROTOCOL_VERSION			0x0
#define SECMON_SCMI_PROTOCOL_ATTRIBUTES			0x1
#define SECMON_SCMI_PROTOCOL_MESSAGE_ATTRIBUTES		0x2
#define SECMON_SCMI_BASE_DISCOVER_VENDOR		0x3
#define SECMON_SCMI_BASE_DISCOVER_SUB_VENDOR		0x4
#define SECMON_SCMI_BASE_DISCOVER_IMPLEMENTATION_VERSION 0x5
#define SECMON_SCMI_BASE_DISCOVER_LIST_PROTOCOLS	0x6
#define SECMON_SCMI_BASE_DISCOVER_AGENT			0x7
#define SECMON_SCMI_BASE_NOTIFY_ERRORS			0x8
#define SECMON_SCMI_BASE_SET_DEVICE_PERMISSIONS		0x9
#define SECMON_SCMI_BASE_SET_PROTOCOL_PERMISSIONS	0xa
#define SECMON_SCMI_BASE_RESET_AGENT_CONFIGURATION	0xb
#define SECMON_SCMI_POWER_DOMAIN_ATTRIBUTES		0x3
#define SECMON_SCMI_POWER_STATE_SET			0x4
#define SECMON_SCMI_POWER_STATE_GET			0x5
#define SECMON_SCMI_POWER_STATE_NOTIFY			0x6
#define SECMON_SCMI_PERFORMANCE_DOMAIN_ATTRIBUTES		0x3
#define SECMON_SCMI_PERFORMANCE_DESCRIBE_LEVELS		0x4
#define SECMON_SCMI_PERFORMANCE_LIMITS_SET			0x5
#define SECMON_SCMI_PERFORMANCE_LIMITS_GET			0x6
#define SECMON_SCMI_PERFORMANCE_LEVEL_SET			0x7
#define SECMON_SCMI_PERFORMANCE_LEVEL_GET			0x8
#define SECMON_SCMI_PERFORMANCE_NOTIFY_LIMITS			0x9
#define SECMON_SCMI_PERFORMANCE_NOTIFY_LEVEL			0xa
#define SECMON_SCMI_PERFORMANCE_DESCRIBE_FASTCHANNEL		0xb
#define SECMON_SCMI_CLOCK_ATTRIBUTES			0x3
#define SECMON_SCMI_CLOCK_DESCRIBE_RATES		0x4
#define SECMON_SCMI_CLOCK_RATE_SET			0x5
#define SECMON_SCMI_CLOCK_RATE_GET			0x6
#define SECMON_SCMI_CLOCK_CONFIG_SET			0x7
#define SECMON_SCMI_SENSOR_DESCRIPTION_GET		0x3
#define SECMON_SCMI_SENSOR_TRIP_POINT_NOTIFY		0x4
#define SECMON_SCMI_SENSOR_TRIP_POINT_CONFIG		0x5
#define SECMON_SCMI_SENSOR_READING_GET			0x6
#define SECMON_SCMI_RESET_DOMAIN_ATTRIBUTES		0x3
#define SECMON_SCMI_RESET_RESET			0x4	/* the protocol's RESET */
#define SECMON_SCMI_RESET_NOTIFY			0x5

/* Power domain states (POWER_STATE_SET, POWER_STATE_GET). */
#define SECMON_SCMI_POWER_ON		0x00000000u
#define SECMON_SCMI_POWER_OFF		0x40000000u

/* Status codes, the first word of every answer (DEN0056 4.1.4). */
#define SECMON_SCMI_SUCCESS		0
#define SECMON_SCMI_NOT_SUPPORTED	(-1)
#define SECMON_SCMI_INVALID_PARAMETERS	(-2)
#define SECMON_SCMI_DENIED		(-3)
#define SECMON_SCMI_NOT_FOUND		(-4)
#define SECMON_SCMI_OUT_OF_RANGE	(-5)
#define SECMON_SCMI_BUSY		(-6)
#define SECMON_SCMI_COMMS_ERROR		(-7)
#define SECMON_SCMI_GENERIC_ERROR	(-8)
#define SECMON_SCMI_HARDWARE_ERROR	(-9)
#define SECMON_SCMI_PROTOCOL_ERROR	(-10)
#define SECMON_SCMI_IN_USE		(-11)

struct secmon_scmi {
	const struct secmon_conduit *conduit;
	uint32_t fid;			/* the SMC that announces a message (secmon's: SECMON_SCMI_SMC) */
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
