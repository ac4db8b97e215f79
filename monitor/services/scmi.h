/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Inside the SCMI server: one message, copied out of the shared memory, as
 * the protocols (one file each) see it, and their explicit table.
 */
#ifndef SECMON_SERVICES_SCMI_H
#define SECMON_SERVICES_SCMI_H

#include <stdbool.h>
#include <stdint.h>
#include <secmon/scmi.h>
#include "../scmi_backend.h"

/* Payload bytes either way; Linux's SMC transport sends at most 128. */
#define SCMI_PAYLOAD_MAX (4u * SECMON_SCMI_MAX_WORDS)

struct scmi_msg {
	uint32_t in[SCMI_PAYLOAD_MAX / 4];
	uint32_t in_len;		/* bytes */
	uint32_t out[SCMI_PAYLOAD_MAX / 4];	/* out[0]: the status */
	uint32_t out_len;		/* bytes, status included */
	uint32_t out_max;		/* bytes the channel can take back */
	uint8_t msg_id;
};

/* Appends one word to the answer; false when it would not fit. */
static inline bool scmi_put(struct scmi_msg *m, uint32_t v)
{
	if (m->out_len + 4 > m->out_max)
		return false;
	m->out[m->out_len / 4] = v;
	m->out_len += 4;
	return true;
}

/* Appends a name as the 16-byte string SCMI uses. */
void scmi_put_name(struct scmi_msg *m, const char *s);

/* A message: how many payload words it takes, and its handler. */
struct scmi_cmd {
	uint8_t in_words;
	int (*fn)(struct scmi_msg *m);
};

struct scmi_protocol {
	uint8_t id;
	uint32_t version;
	/* Indexed by message ID (<secmon/scmi.h>); 0..2, every protocol's, scmi.c answers. */
	const struct scmi_cmd *cmds;
	unsigned ncmds;
	/* PROTOCOL_ATTRIBUTES (message 1). */
	int (*attributes)(struct scmi_msg *m);
};

extern const struct scmi_protocol scmi_base, scmi_power, scmi_perf, scmi_clock, scmi_sensor,
	scmi_reset;
extern const struct scmi_protocol *const scmi_protocols[];
extern const unsigned scmi_protocol_count;

/* The channel the monitor serves; false: none (SCMI is off). */
bool scmi_channel(struct scmi_be_channel *ch);

/*
 * Cold boot: the server's part of the OS's DT, when there is a channel and
 * the OS an SMCCC conduit to reach it: the channel under /reserved-memory
 * and /firmware/scmi with a protocol@NN child per protocol. Returns 0 or a
 * libfdt error.
 */
struct mon_os_dt;
int scmi_os_dt(const struct mon_os_dt *o);

/* Handles one message already in secure memory: fills m->out. */
void scmi_process(struct scmi_msg *m, uint8_t protocol);

/*
 * Resource `id` of `kind` the agent may use: SCMI_SUCCESS and *r, or
 * NOT_FOUND / DENIED (secure-only).
 */
int scmi_res_get(enum scmi_be_kind kind, uint32_t id, const struct scmi_be_res **r);
/*
 * Resource `id` of `kind` the agent may see, secure-only or not: SCMI_SUCCESS
 * and *r, or NOT_FOUND. For what a protocol shows of a resource the agent
 * may not use (scmi_power.c: a power domain's attributes and state).
 */
int scmi_res_find(enum scmi_be_kind kind, uint32_t id, const struct scmi_be_res **r);

/*
 * The service's entry (core/services.c, init.c): offered when the platform
 * has a channel; off/scmi_off.c is a firmware without the server.
 */
struct mon_call;
void scmi_init(void);
bool scmi_handle(struct mon_call *c);
bool scmi_has(uint32_t fid);

#endif
