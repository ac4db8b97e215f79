// SPDX-License-Identifier: BSD-3-Clause
/* The SCMI client over the SMC transport (include/secmon/scmi.h). */
#include <secmon/scmi.h>
#include <secmon/smccc.h>

int secmon_scmi_err(int32_t status)
{
	switch (status) {
	case SECMON_SCMI_SUCCESS:
		return SECMON_OK;
	case SECMON_SCMI_NOT_SUPPORTED:
		return SECMON_E_NOT_SUPPORTED;
	case SECMON_SCMI_INVALID_PARAMETERS:
	case SECMON_SCMI_OUT_OF_RANGE:
		return SECMON_E_INVALID_PARAMETERS;
	case SECMON_SCMI_DENIED:
		return SECMON_E_DENIED;
	case SECMON_SCMI_NOT_FOUND:
		return SECMON_E_NOT_FOUND;
	default:
		return SECMON_E_INTERNAL_FAILURE;
	}
}

int secmon_scmi_xfer(struct secmon_scmi *s, uint8_t protocol, uint8_t msg, const uint32_t *in,
		     unsigned nin, int32_t *status, uint32_t *out, unsigned max_out,
		     unsigned *nout)
{
	volatile uint32_t *shm = s->shmem;
	struct secmon_regs r = { .x = { s->fid } }, ans;
	uint32_t header, len, words = s->shmem_size / 4;
	unsigned n;

	if (nin > SECMON_SCMI_MAX_WORDS || SECMON_SCMI_SHM_PAYLOAD + nin > words || SECMON_SCMI_SHM_PAYLOAD + 1 > words)
		return SECMON_E_INVALID_PARAMETERS;
	if (!(shm[SECMON_SCMI_SHM_STATUS] & SECMON_SCMI_CHANNEL_FREE))
		return SECMON_E_BAD_ANSWER;	/* someone else's message is in flight */
	s->token = (s->token + 1) & SECMON_SCMI_TOKEN_MASK;
	header = secmon_scmi_header(protocol, msg, s->token);
	shm[SECMON_SCMI_SHM_STATUS] = 0;
	shm[SECMON_SCMI_SHM_FLAGS] = 0;
	shm[SECMON_SCMI_SHM_LENGTH] = 4 + 4 * nin;
	shm[SECMON_SCMI_SHM_HEADER] = header;
	for (unsigned i = 0; i < nin; i++)
		shm[SECMON_SCMI_SHM_PAYLOAD + i] = in[i];
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	secmon_invoke(s->conduit, &r, &ans);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if ((uint32_t)ans.x[0] != 0)
		return (uint32_t)ans.x[0] == SECMON_SMC_UNK32 ? SECMON_E_NOT_SUPPORTED
							     : SECMON_E_BAD_ANSWER;
	len = shm[SECMON_SCMI_SHM_LENGTH];
	if ((shm[SECMON_SCMI_SHM_STATUS] & (SECMON_SCMI_CHANNEL_FREE | SECMON_SCMI_CHANNEL_ERROR)) !=
		    SECMON_SCMI_CHANNEL_FREE ||
	    shm[SECMON_SCMI_SHM_HEADER] != header || len < 8 || len & 3 || len / 4 + SECMON_SCMI_SHM_HEADER > words)
		return SECMON_E_BAD_ANSWER;
	n = (len - 8) / 4;
	if (n > max_out)
		return SECMON_E_NO_SPACE;
	*status = (int32_t)shm[SECMON_SCMI_SHM_PAYLOAD];
	for (unsigned i = 0; i < n; i++)
		out[i] = shm[SECMON_SCMI_SHM_PAYLOAD + 1 + i];
	*nout = n;
	return SECMON_OK;
}

/* A message whose answer is at least `want` words after a SUCCESS status. */
static int call(struct secmon_scmi *s, uint8_t protocol, uint8_t msg, const uint32_t *in,
		unsigned nin, uint32_t *out, unsigned want)
{
	uint32_t buf[SECMON_SCMI_MAX_WORDS];
	unsigned n;
	int32_t st;
	int err = secmon_scmi_xfer(s, protocol, msg, in, nin, &st, buf, SECMON_SCMI_MAX_WORDS, &n);

	if (err)
		return err;
	if (st)
		return secmon_scmi_err(st);
	if (n < want)
		return SECMON_E_BAD_ANSWER;
	for (unsigned i = 0; i < want; i++)
		out[i] = buf[i];
	return SECMON_OK;
}

int secmon_scmi_protocol_version(struct secmon_scmi *s, uint8_t protocol, uint32_t *version)
{
	return call(s, protocol, SECMON_SCMI_PROTOCOL_VERSION, 0, 0, version, 1);
}

int secmon_scmi_clock_rate_get(struct secmon_scmi *s, uint32_t clock, uint64_t *hz)
{
	uint32_t v[2] = { 0, 0 };
	int err = call(s, SECMON_SCMI_CLOCK, SECMON_SCMI_CLOCK_RATE_GET, &clock, 1, v, 2);

	if (!err)
		*hz = (uint64_t)v[1] << 32 | v[0];
	return err;
}

/* Synchronous, rounded to the nearest rate the clock has. */
int secmon_scmi_clock_rate_set(struct secmon_scmi *s, uint32_t clock, uint64_t hz)
{
	const uint32_t in[4] = { 2u << 2, clock, (uint32_t)hz, (uint32_t)(hz >> 32) };

	return call(s, SECMON_SCMI_CLOCK, SECMON_SCMI_CLOCK_RATE_SET, in, 4, 0, 0);
}

int secmon_scmi_perf_level_get(struct secmon_scmi *s, uint32_t domain, uint32_t *level)
{
	return call(s, SECMON_SCMI_PERF, SECMON_SCMI_PERFORMANCE_LEVEL_GET, &domain, 1, level, 1);
}

int secmon_scmi_perf_level_set(struct secmon_scmi *s, uint32_t domain, uint32_t level)
{
	const uint32_t in[2] = { domain, level };

	return call(s, SECMON_SCMI_PERF, SECMON_SCMI_PERFORMANCE_LEVEL_SET, in, 2, 0, 0);
}

int secmon_scmi_sensor_read(struct secmon_scmi *s, uint32_t sensor, int64_t *value)
{
	const uint32_t in[2] = { sensor, 0 };
	uint32_t v[2] = { 0, 0 };
	int err = call(s, SECMON_SCMI_SENSOR, SECMON_SCMI_SENSOR_READING_GET, in, 2, v, 2);

	if (!err)
		*value = (int64_t)((uint64_t)v[1] << 32 | v[0]);
	return err;
}
