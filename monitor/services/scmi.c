// SPDX-License-Identifier: BSD-3-Clause
/*
 * The SCMI server's SMC transport (DEN0056, shared-memory transport): one
 * agent, one channel in normal-world memory, each message handled
 * synchronously in the SMC that announces it.
 *
 * The channel is hostile: the header, length and payload are read once
 * into secure memory with aligned 32-bit accesses, every length checked
 * against the channel and the payload buffer, and nothing is done unless
 * the agent has marked the channel busy. The answer is written back, the
 * channel marked free last.
 */
#include "../core/log.h"
#include "../core/service.h"
#include "../plat.h"
#include "scmi.h"

/* The channel mon_init() accepted; size 0: none (the SMC is not offered). */
static struct scmi_be_channel chan;
static struct scmi_msg msg;

void scmi_init(void)
{
	struct scmi_be_channel ch;
	volatile uint32_t *shm;

	chan.size = 0;
	scmi_be_reset_state();
	if (!scmi_be_channel(&ch))
		return;
	if (ch.size < SECMON_SCMI_SHM_MIN || (ch.base | ch.size) & 3u ||
	    !plat_ns_range_ok(ch.base, ch.size)) {
		mon_log("secmon: SCMI channel 0x%llx+0x%x is not %u or more aligned bytes of "
			"normal-world memory: SCMI off\n",
			(unsigned long long)ch.base, (unsigned)ch.size, SECMON_SCMI_SHM_MIN);
		return;
	}
	chan = ch;
	shm = scmi_be_shmem(ch.base, ch.size);
	/* The agent waits for a free channel before its first message. */
	if (shm)
		shm[SECMON_SCMI_SHM_STATUS] = SECMON_SCMI_CHANNEL_FREE;
}

bool scmi_channel(struct scmi_be_channel *ch)
{
	*ch = chan;
	return chan.size != 0;
}

bool scmi_has(uint32_t fid)
{
	return fid == SECMON_SIP_SCMI && chan.size;
}

/* Reads the message; false when the channel holds none we can answer. */
static bool copy_in(volatile uint32_t *shm, uint32_t *header)
{
	uint32_t len = shm[SECMON_SCMI_SHM_LENGTH];

	if (len < 4 || len > chan.size - 4u * SECMON_SCMI_SHM_HEADER)
		return false;
	*header = shm[SECMON_SCMI_SHM_HEADER];
	msg.in_len = len - 4;
	if (msg.in_len > SCMI_PAYLOAD_MAX)
		return true;	/* answered PROTOCOL_ERROR */
	for (uint32_t i = 0; i < (msg.in_len + 3) / 4; i++)
		msg.in[i] = shm[SECMON_SCMI_SHM_PAYLOAD + i];
	return true;
}

/* The channel's message, answered; an SMCCC result for x0. */
static int64_t channel_process(void)
{
	volatile uint32_t *shm;
	uint32_t header;

	if (!plat_ns_range_ok(chan.base, chan.size))
		return SECMON_SMCCC_NOT_SUPPORTED;
	shm = scmi_be_shmem(chan.base, chan.size);
	if (!shm)
		return SECMON_SMCCC_NOT_SUPPORTED;
	if (shm[SECMON_SCMI_SHM_STATUS] & SECMON_SCMI_CHANNEL_FREE)
		return SECMON_SMCCC_INVALID_PARAMETER;
	if (!copy_in(shm, &header)) {
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		shm[SECMON_SCMI_SHM_STATUS] = SECMON_SCMI_CHANNEL_FREE | SECMON_SCMI_CHANNEL_ERROR;
		return 0;
	}
	msg.out_max = SCMI_PAYLOAD_MAX;
	msg.out_len = 0;
	msg.msg_id = secmon_scmi_header_msg(header);
	if (msg.in_len > SCMI_PAYLOAD_MAX || msg.in_len & 3u)
		scmi_put(&msg, (uint32_t)SCMI_PROTOCOL_ERROR);
	else if (secmon_scmi_header_type(header) != 0)
		scmi_put(&msg, (uint32_t)SCMI_NOT_SUPPORTED);
	else
		scmi_process(&msg, secmon_scmi_header_protocol(header));
	shm[SECMON_SCMI_SHM_HEADER] = header;
	for (uint32_t i = 0; i < msg.out_len / 4; i++)
		shm[SECMON_SCMI_SHM_PAYLOAD + i] = msg.out[i];
	shm[SECMON_SCMI_SHM_LENGTH] = 4 + msg.out_len;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	shm[SECMON_SCMI_SHM_STATUS] = SECMON_SCMI_CHANNEL_FREE;
	return 0;
}

bool scmi_handle(struct mon_call *c)
{
	int64_t ret;

	if (c->smc64 || !scmi_has(c->fid))
		return false;
	plat_lock();
	ret = channel_process();
	plat_unlock();
	mon_ret(c, 0, ret);
	return true;
}

void scmi_put_name(struct scmi_msg *m, const char *s)
{
	for (unsigned w = 0; w < 4; w++) {
		uint32_t v = 0;

		for (unsigned b = 0; b < 4; b++) {
			unsigned i = w * 4 + b;

			if (i < 15 && s && *s)
				v |= (uint32_t)(uint8_t)*s++ << (8 * b);
		}
		scmi_put(m, v);
	}
}

int scmi_res_find(enum scmi_be_kind kind, uint32_t id, const struct scmi_be_res **r)
{
	*r = scmi_be_res(kind, id);
	return *r ? SCMI_SUCCESS : SCMI_NOT_FOUND;
}

int scmi_res_get(enum scmi_be_kind kind, uint32_t id, const struct scmi_be_res **r)
{
	int st = scmi_res_find(kind, id, r);

	return st ? st : (*r)->secure ? SCMI_DENIED : SCMI_SUCCESS;
}

const struct scmi_protocol *const scmi_protocols[] = {
	&scmi_base, &scmi_power, &scmi_perf, &scmi_clock, &scmi_sensor, &scmi_reset,
};
const unsigned scmi_protocol_count = sizeof(scmi_protocols) / sizeof(scmi_protocols[0]);

static const struct scmi_protocol *find_protocol(uint8_t id)
{
	for (unsigned i = 0; i < scmi_protocol_count; i++)
		if (scmi_protocols[i]->id == id)
			return scmi_protocols[i];
	return 0;
}

/* Messages 0-2 of every protocol. */
static int common_msg(struct scmi_msg *m, const struct scmi_protocol *p)
{
	uint32_t id;

	switch (m->msg_id) {
	case SECMON_SCMI_PROTOCOL_VERSION:
		if (m->in_len)
			return SCMI_PROTOCOL_ERROR;
		scmi_put(m, SCMI_SUCCESS);
		scmi_put(m, p->version);
		return SCMI_SUCCESS;
	case SECMON_SCMI_PROTOCOL_ATTRIBUTES:
		if (m->in_len)
			return SCMI_PROTOCOL_ERROR;
		scmi_put(m, SCMI_SUCCESS);
		return p->attributes(m);
	default:
		if (m->in_len != 4)
			return SCMI_PROTOCOL_ERROR;
		id = m->in[0];
		if (id > SECMON_SCMI_PROTOCOL_MESSAGE_ATTRIBUTES &&
		    (id >= p->ncmds || !p->cmds[id].fn))
			return SCMI_NOT_FOUND;
		scmi_put(m, SCMI_SUCCESS);
		scmi_put(m, 0);
		return SCMI_SUCCESS;
	}
}

void scmi_process(struct scmi_msg *m, uint8_t protocol)
{
	const struct scmi_protocol *p = find_protocol(protocol);
	const struct scmi_cmd *cmd;
	int st;

	m->out_len = 0;
	if (p && m->msg_id <= SECMON_SCMI_PROTOCOL_MESSAGE_ATTRIBUTES) {
		st = common_msg(m, p);
	} else if (!p || m->msg_id >= p->ncmds || !p->cmds[m->msg_id].fn) {
		st = SCMI_NOT_SUPPORTED;
	} else {
		cmd = &p->cmds[m->msg_id];
		st = m->in_len == 4u * cmd->in_words ? SCMI_SUCCESS : SCMI_PROTOCOL_ERROR;
		if (st == SCMI_SUCCESS) {
			scmi_put(m, SCMI_SUCCESS);
			st = cmd->fn(m);
		}
	}
	/* An error answers with its status alone. */
	if (st != SCMI_SUCCESS) {
		m->out_len = 0;
		scmi_put(m, (uint32_t)st);
	}
}

/* One kind's non-secure resources as "<what> <name> on|off, ...". */
static void report_kind(enum scmi_be_kind kind, const char *what, const char *sep)
{
	unsigned n = scmi_be_count(kind), shown = 0;

	for (uint32_t id = 0; id < n; id++) {
		const struct scmi_be_res *r = scmi_be_res(kind, id);
		bool on = kind == SCMI_BE_CLOCK ? scmi_be_clock_enabled(id)
						: scmi_be_power_get(id) == SCMI_POWER_ON;

		if (r->secure)
			continue;
		mon_log("%s%s %s %s", shown ? ", " : sep, what, r->name, on ? "on" : "off");
		shown++;
	}
}

void mon_scmi_report(void)
{
	if (!chan.size)
		return;
	mon_log("secmon: scmi state: ");
	report_kind(SCMI_BE_CLOCK, "clock", "");
	report_kind(SCMI_BE_POWER, "domain", "; ");
	mon_log("\n");
}
