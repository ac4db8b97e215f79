// SPDX-License-Identifier: BSD-3-Clause
/*
 * What `secmon scmi` knows of SCMI (Arm DEN0056): the protocols, their
 * messages' names, parameters and answer layouts, and the status codes.
 * One table; the decoder walks a message's layout over the answer's words.
 */
#include <ctype.h>
#include <inttypes.h>
#include <string.h>

#include <secmon/scmi.h>

#include "json.h"
#include "scmi_msgs.h"

static const struct scmi_proto protos[] = {
	{ SECMON_SCMI_BASE, "base", "Base", "BASE_", "BASE_DISCOVER_" },
	{ SECMON_SCMI_POWER, "power", "Power domain management", "POWER_", 0 },
	{ SECMON_SCMI_PERF, "perf", "Performance domain management", "PERFORMANCE_", 0 },
	{ SECMON_SCMI_CLOCK, "clock", "Clock management", "CLOCK_", 0 },
	{ SECMON_SCMI_SENSOR, "sensor", "Sensor management", "SENSOR_", 0 },
	{ SECMON_SCMI_RESET, "reset", "Reset domain management", "RESET_", 0 },
};

#define NPROTOS (sizeof(protos) / sizeof(protos[0]))
#define ANY 0	/* the messages every protocol has */

static const struct scmi_msgdesc msgs[] = {
	{ ANY, SECMON_SCMI_PROTOCOL_VERSION, "PROTOCOL_VERSION", {}, { { SCMI_F_VERSION, "version" } }, {} },
	{ ANY, SECMON_SCMI_PROTOCOL_ATTRIBUTES, "PROTOCOL_ATTRIBUTES", {}, { { SCMI_F_HEX, "attributes" } }, {} },
	{ ANY, SECMON_SCMI_PROTOCOL_MESSAGE_ATTRIBUTES, "PROTOCOL_MESSAGE_ATTRIBUTES", { "message_id" }, { { SCMI_F_HEX, "attributes" } }, {} },

	{ SECMON_SCMI_BASE, SECMON_SCMI_PROTOCOL_ATTRIBUTES, "PROTOCOL_ATTRIBUTES", {}, { { SCMI_F_BASE_ATTR, "attributes" } }, {} },
	{ SECMON_SCMI_BASE, SECMON_SCMI_BASE_DISCOVER_VENDOR, "BASE_DISCOVER_VENDOR", {}, { { SCMI_F_NAME, "vendor" } }, {} },
	{ SECMON_SCMI_BASE, SECMON_SCMI_BASE_DISCOVER_SUB_VENDOR, "BASE_DISCOVER_SUB_VENDOR", {}, { { SCMI_F_NAME, "sub_vendor" } }, {} },
	{ SECMON_SCMI_BASE, SECMON_SCMI_BASE_DISCOVER_IMPLEMENTATION_VERSION, "BASE_DISCOVER_IMPLEMENTATION_VERSION", {},
	  { { SCMI_F_HEX, "implementation_version" } }, {} },
	{ SECMON_SCMI_BASE, SECMON_SCMI_BASE_DISCOVER_LIST_PROTOCOLS, "BASE_DISCOVER_LIST_PROTOCOLS", { "skip" }, { { SCMI_F_PROTOCOLS, "protocols" } },
	  {} },
	{ SECMON_SCMI_BASE, SECMON_SCMI_BASE_DISCOVER_AGENT, "BASE_DISCOVER_AGENT", { "agent_id" },
	  { { SCMI_F_U32, "agent_id" }, { SCMI_F_NAME, "name" } }, {} },
	{ SECMON_SCMI_BASE, SECMON_SCMI_BASE_NOTIFY_ERRORS, "BASE_NOTIFY_ERRORS", { "notify_enable" }, {}, {} },
	{ SECMON_SCMI_BASE, SECMON_SCMI_BASE_SET_DEVICE_PERMISSIONS, "BASE_SET_DEVICE_PERMISSIONS", { "agent_id", "device_id", "flags" }, {},
	  {} },
	{ SECMON_SCMI_BASE, SECMON_SCMI_BASE_SET_PROTOCOL_PERMISSIONS, "BASE_SET_PROTOCOL_PERMISSIONS",
	  { "agent_id", "device_id", "command_id", "flags" }, {}, {} },
	{ SECMON_SCMI_BASE, SECMON_SCMI_BASE_RESET_AGENT_CONFIGURATION, "BASE_RESET_AGENT_CONFIGURATION", { "agent_id", "flags" }, {}, {} },

	{ SECMON_SCMI_POWER, SECMON_SCMI_PROTOCOL_ATTRIBUTES, "PROTOCOL_ATTRIBUTES", {},
	  { { SCMI_F_COUNT16, "domains" }, { SCMI_F_HEX, "statistics_address_low" },
	    { SCMI_F_HEX, "statistics_address_high" }, { SCMI_F_U32, "statistics_len" } }, {} },
	{ SECMON_SCMI_POWER, SECMON_SCMI_POWER_DOMAIN_ATTRIBUTES, "POWER_DOMAIN_ATTRIBUTES", { "domain_id" },
	  { { SCMI_F_HEX, "attributes" }, { SCMI_F_NAME, "name" } }, {} },
	{ SECMON_SCMI_POWER, SECMON_SCMI_POWER_STATE_SET, "POWER_STATE_SET", { "flags", "domain_id", "power_state" }, {}, {} },
	{ SECMON_SCMI_POWER, SECMON_SCMI_POWER_STATE_GET, "POWER_STATE_GET", { "domain_id" }, { { SCMI_F_POWER_STATE, "power_state" } }, {} },
	{ SECMON_SCMI_POWER, SECMON_SCMI_POWER_STATE_NOTIFY, "POWER_STATE_NOTIFY", { "domain_id", "notify_enable" }, {}, {} },

	{ SECMON_SCMI_PERF, SECMON_SCMI_PROTOCOL_ATTRIBUTES, "PROTOCOL_ATTRIBUTES", {},
	  { { SCMI_F_COUNT16, "domains" }, { SCMI_F_HEX, "statistics_address_low" },
	    { SCMI_F_HEX, "statistics_address_high" }, { SCMI_F_U32, "statistics_len" } }, {} },
	{ SECMON_SCMI_PERF, SECMON_SCMI_PERFORMANCE_DOMAIN_ATTRIBUTES, "PERFORMANCE_DOMAIN_ATTRIBUTES", { "domain_id" },
	  { { SCMI_F_HEX, "attributes" }, { SCMI_F_U32, "rate_limit_us" }, { SCMI_F_U32, "sustained_freq_khz" },
	    { SCMI_F_U32, "sustained_perf_level" }, { SCMI_F_NAME, "name" } }, {} },
	{ SECMON_SCMI_PERF, SECMON_SCMI_PERFORMANCE_DESCRIBE_LEVELS, "PERFORMANCE_DESCRIBE_LEVELS", { "domain_id", "level_index" },
	  { { SCMI_F_LIST, "num_levels" } },
	  { { SCMI_F_U32, "perf_level" }, { SCMI_F_U32, "power_cost" }, { SCMI_F_LO16, "latency_us" } } },
	{ SECMON_SCMI_PERF, SECMON_SCMI_PERFORMANCE_LIMITS_SET, "PERFORMANCE_LIMITS_SET", { "domain_id", "range_max", "range_min" }, {}, {} },
	{ SECMON_SCMI_PERF, SECMON_SCMI_PERFORMANCE_LIMITS_GET, "PERFORMANCE_LIMITS_GET", { "domain_id" },
	  { { SCMI_F_U32, "range_max" }, { SCMI_F_U32, "range_min" } }, {} },
	{ SECMON_SCMI_PERF, SECMON_SCMI_PERFORMANCE_LEVEL_SET, "PERFORMANCE_LEVEL_SET", { "domain_id", "performance_level" }, {}, {} },
	{ SECMON_SCMI_PERF, SECMON_SCMI_PERFORMANCE_LEVEL_GET, "PERFORMANCE_LEVEL_GET", { "domain_id" }, { { SCMI_F_U32, "performance_level" } },
	  {} },
	{ SECMON_SCMI_PERF, SECMON_SCMI_PERFORMANCE_NOTIFY_LIMITS, "PERFORMANCE_NOTIFY_LIMITS", { "domain_id", "notify_enable" }, {}, {} },
	{ SECMON_SCMI_PERF, SECMON_SCMI_PERFORMANCE_NOTIFY_LEVEL, "PERFORMANCE_NOTIFY_LEVEL", { "domain_id", "notify_enable" }, {}, {} },
	{ SECMON_SCMI_PERF, SECMON_SCMI_PERFORMANCE_DESCRIBE_FASTCHANNEL, "PERFORMANCE_DESCRIBE_FASTCHANNEL", { "domain_id", "message_id" }, {}, {} },

	{ SECMON_SCMI_CLOCK, SECMON_SCMI_PROTOCOL_ATTRIBUTES, "PROTOCOL_ATTRIBUTES", {}, { { SCMI_F_COUNT16, "clocks" } }, {} },
	{ SECMON_SCMI_CLOCK, SECMON_SCMI_CLOCK_ATTRIBUTES, "CLOCK_ATTRIBUTES", { "clock_id" },
	  { { SCMI_F_HEX, "attributes" }, { SCMI_F_NAME, "name" }, { SCMI_F_U32, "enable_delay_us" } }, {} },
	{ SECMON_SCMI_CLOCK, SECMON_SCMI_CLOCK_DESCRIBE_RATES, "CLOCK_DESCRIBE_RATES", { "clock_id", "rate_index" },
	  { { SCMI_F_LIST, "num_rates_flags" } }, { { SCMI_F_U64, "rate" } } },
	{ SECMON_SCMI_CLOCK, SECMON_SCMI_CLOCK_RATE_SET, "CLOCK_RATE_SET", { "flags", "clock_id", "rate_low", "rate_high" }, {}, {} },
	{ SECMON_SCMI_CLOCK, SECMON_SCMI_CLOCK_RATE_GET, "CLOCK_RATE_GET", { "clock_id" }, { { SCMI_F_U64, "rate" } }, {} },
	{ SECMON_SCMI_CLOCK, SECMON_SCMI_CLOCK_CONFIG_SET, "CLOCK_CONFIG_SET", { "clock_id", "attributes" }, {}, {} },

	{ SECMON_SCMI_SENSOR, SECMON_SCMI_PROTOCOL_ATTRIBUTES, "PROTOCOL_ATTRIBUTES", {},
	  { { SCMI_F_COUNT16, "sensors" }, { SCMI_F_HEX, "sensor_reg_address_low" },
	    { SCMI_F_HEX, "sensor_reg_address_high" }, { SCMI_F_U32, "sensor_reg_len" } }, {} },
	{ SECMON_SCMI_SENSOR, SECMON_SCMI_SENSOR_DESCRIPTION_GET, "SENSOR_DESCRIPTION_GET", { "desc_index" }, { { SCMI_F_LIST, "num_sensor_flags" } },
	  { { SCMI_F_U32, "sensor_id" }, { SCMI_F_HEX, "attributes_low" }, { SCMI_F_HEX, "attributes_high" },
	    { SCMI_F_NAME, "name" } } },
	{ SECMON_SCMI_SENSOR, SECMON_SCMI_SENSOR_TRIP_POINT_NOTIFY, "SENSOR_TRIP_POINT_NOTIFY", { "sensor_id", "event_control" }, {}, {} },
	{ SECMON_SCMI_SENSOR, SECMON_SCMI_SENSOR_TRIP_POINT_CONFIG, "SENSOR_TRIP_POINT_CONFIG",
	  { "sensor_id", "trip_point_ev_ctrl", "value_low", "value_high" }, {}, {} },
	{ SECMON_SCMI_SENSOR, SECMON_SCMI_SENSOR_READING_GET, "SENSOR_READING_GET", { "sensor_id", "flags" }, { { SCMI_F_S64, "value" } }, {} },

	{ SECMON_SCMI_RESET, SECMON_SCMI_PROTOCOL_ATTRIBUTES, "PROTOCOL_ATTRIBUTES", {}, { { SCMI_F_COUNT16, "domains" } }, {} },
	{ SECMON_SCMI_RESET, SECMON_SCMI_RESET_DOMAIN_ATTRIBUTES, "RESET_DOMAIN_ATTRIBUTES", { "domain_id" },
	  { { SCMI_F_HEX, "attributes" }, { SCMI_F_U32, "latency_us" }, { SCMI_F_NAME, "name" } }, {} },
	{ SECMON_SCMI_RESET, SECMON_SCMI_RESET_RESET, "RESET", { "domain_id", "flags", "reset_state" }, {}, {} },
	{ SECMON_SCMI_RESET, SECMON_SCMI_RESET_NOTIFY, "RESET_NOTIFY", { "domain_id", "notify_enable" }, {}, {} },
};

#define NMSGS (sizeof(msgs) / sizeof(msgs[0]))

static const char *const status_names[] = {
	"SUCCESS", "NOT_SUPPORTED", "INVALID_PARAMETERS", "DENIED", "NOT_FOUND",
	"OUT_OF_RANGE", "BUSY", "COMMS_ERROR", "GENERIC_ERROR", "HARDWARE_ERROR",
	"PROTOCOL_ERROR", "IN_USE",
};

const char *scmi_status_name(int32_t st)
{
	if (st <= 0 && -(int64_t)st < (int64_t)(sizeof(status_names) / sizeof(status_names[0])))
		return status_names[-st];
	return 0;
}

const struct scmi_proto *scmi_proto_by_id(uint8_t id)
{
	for (unsigned i = 0; i < NPROTOS; i++)
		if (protos[i].id == id)
			return &protos[i];
	return 0;
}

bool scmi_proto_at(unsigned i, const struct scmi_proto **p)
{
	if (i >= NPROTOS)
		return false;
	*p = &protos[i];
	return true;
}

/* Case-insensitive, '-' read as '_'. */
static bool name_eq(const char *a, size_t alen, const char *b)
{
	size_t i;

	for (i = 0; i < alen && b[i]; i++) {
		char c = a[i] == '-' ? '_' : (char)toupper((unsigned char)a[i]);

		if (c != b[i])
			return false;
	}
	return i == alen && !b[i];
}

const struct scmi_proto *scmi_proto_by_name(const char *s)
{
	for (unsigned i = 0; i < NPROTOS; i++) {
		char up[24];
		size_t n = strlen(protos[i].key);

		for (size_t k = 0; k <= n; k++)
			up[k] = (char)toupper((unsigned char)protos[i].key[k]);
		if (name_eq(s, strlen(s), up))
			return &protos[i];
	}
	return 0;
}

const struct scmi_msgdesc *scmi_msg_by_id(uint8_t proto, uint8_t id)
{
	const struct scmi_msgdesc *common = 0;

	for (unsigned i = 0; i < NMSGS; i++) {
		if (msgs[i].id != id)
			continue;
		if (msgs[i].proto == proto)
			return &msgs[i];
		if (msgs[i].proto == ANY)
			common = &msgs[i];
	}
	return common;
}

/* s is m's name without "PROTOCOL_" or one of the protocol's prefixes. */
static bool msg_short(const struct scmi_msgdesc *m, const struct scmi_proto *p, const char *s)
{
	size_t n = strlen(s), pl = strlen(p->prefix);

	if (!strncmp(m->name, "PROTOCOL_", 9) && name_eq(s, n, m->name + 9))
		return true;
	if (p->prefix2 && !strncmp(m->name, p->prefix2, strlen(p->prefix2)) &&
	    name_eq(s, n, m->name + strlen(p->prefix2)))
		return true;
	return pl && !strncmp(m->name, p->prefix, pl) && name_eq(s, n, m->name + pl);
}

const struct scmi_msgdesc *scmi_msg_by_name(const struct scmi_proto *p, const char *s,
					    char *why, size_t len)
{
	const struct scmi_msgdesc *m, *cand[4];
	unsigned n = 0;
	size_t at;

	why[0] = '\0';
	for (unsigned id = 0; id < 256; id++) {
		m = scmi_msg_by_id(p->id, (uint8_t)id);
		if (m && name_eq(s, strlen(s), m->name))
			return m;
		if (m && msg_short(m, p, s) && n < 4)
			cand[n++] = m;
	}
	if (n == 1)
		return cand[0];
	if (n > 1) {
		at = (size_t)snprintf(why, len, "'%s' is ambiguous: it could be", s);
		for (unsigned i = 0; i < n && at < len; i++)
			at += (size_t)snprintf(why + at, len - at, "%s %s", i ? "," : "",
					       cand[i]->name);
	}
	return 0;
}

bool scmi_msg_at(unsigned i, const struct scmi_msgdesc **m)
{
	if (i >= NMSGS)
		return false;
	*m = &msgs[i];
	return true;
}

unsigned scmi_msg_nparams(const struct scmi_msgdesc *m)
{
	unsigned n = 0;

	while (n < SCMI_MAX_PARAMS && m->params[n])
		n++;
	return n;
}

/* ---- decoding an answer ------------------------------------------------ */

static unsigned field_words(enum scmi_fkind k)
{
	switch (k) {
	case SCMI_F_NAME:
		return 4;
	case SCMI_F_U64:
	case SCMI_F_S64:
		return 2;
	default:
		return 1;
	}
}

/* A name field: up to 16 bytes, NUL-terminated unless 16 long. */
static void get_name(const uint32_t *w, char *out)
{
	unsigned i;

	for (i = 0; i < 16; i++) {
		char c = (char)(w[i / 4] >> (8 * (i % 4)));

		if (!c)
			break;
		out[i] = isprint((unsigned char)c) ? c : '?';
	}
	out[i] = '\0';
}

static void one(const struct scmi_field *f, const uint32_t *w, struct scmi_value *v)
{
	v->f = f;
	v->text[0] = '\0';
	v->name[0] = '\0';
	v->u = w[0];
	switch (f->kind) {
	case SCMI_F_VERSION:
		snprintf(v->text, sizeof(v->text), "%u.%u", w[0] >> 16, w[0] & 0xffffu);
		break;
	case SCMI_F_NAME:
		get_name(w, v->name);
		break;
	case SCMI_F_U64:
	case SCMI_F_S64:
		v->u = (uint64_t)w[1] << 32 | w[0];
		break;
	case SCMI_F_LO16:
	case SCMI_F_COUNT16:
		v->u = w[0] & 0xffffu;
		break;
	case SCMI_F_POWER_STATE:
		snprintf(v->text, sizeof(v->text), "%s",
			 w[0] == SECMON_SCMI_POWER_ON ? "ON" : w[0] == SECMON_SCMI_POWER_OFF ? "OFF" : "");
		break;
	case SCMI_F_BASE_ATTR:
		snprintf(v->text, sizeof(v->text), "%u agents, %u protocols", (w[0] >> 8) & 0xffu,
			 w[0] & 0xffu);
		break;
	case SCMI_F_LIST:
		snprintf(v->text, sizeof(v->text), "%u returned, %u remaining%s", w[0] & 0xfffu,
			 w[0] >> 16, w[0] & (1u << 12) ? ", a range" : "");
		break;
	default:
		break;
	}
}

void scmi_decode(const struct scmi_msgdesc *m, const uint32_t *w, unsigned n,
		 struct scmi_answer *a)
{
	unsigned at = 0, count = 0;

	memset(a, 0, sizeof(*a));
	if (!m)
		return;
	for (unsigned i = 0; i < SCMI_MAX_FIELDS && m->out[i].name; i++) {
		const struct scmi_field *f = &m->out[i];

		if (f->kind == SCMI_F_PROTOCOLS) {
			if (at >= n)
				goto short_answer;
			count = w[at++];
			if (count > n * 4 || (count + 3) / 4 > n - at)
				goto short_answer;
			a->nprotocols = count < sizeof(a->protocols) ? count : sizeof(a->protocols);
			for (unsigned b = 0; b < a->nprotocols; b++)
				a->protocols[b] = (uint8_t)(w[at + b / 4] >> (8 * (b % 4)));
			at += (count + 3) / 4;
			continue;
		}
		if (field_words(f->kind) > n - at)
			goto short_answer;
		one(f, w + at, &a->v[a->nv++]);
		if (f->kind == SCMI_F_LIST)
			count = w[at] & 0xfffu;
		at += field_words(f->kind);
	}
	for (unsigned e = 0; m->entry[0].name && e < count; e++) {
		if (a->nentries == SCMI_MAX_ENTRIES) {
			a->entries_lost = true;
			break;
		}
		for (unsigned i = 0; i < SCMI_MAX_FIELDS && m->entry[i].name; i++) {
			const struct scmi_field *f = &m->entry[i];

			if (field_words(f->kind) > n - at)
				goto short_answer;
			one(f, w + at, &a->entries[a->nentries][i]);
			at += field_words(f->kind);
		}
		a->nentries++;
	}
	a->extra = n - at;
	return;
short_answer:
	a->short_answer = true;
}

void scmi_value_text(const struct scmi_value *v, char *buf, size_t len)
{
	switch (v->f->kind) {
	case SCMI_F_VERSION:
		snprintf(buf, len, "%s (0x%" PRIx64 ")", v->text, v->u);
		break;
	case SCMI_F_NAME:
		snprintf(buf, len, "\"%s\"", v->name);
		break;
	case SCMI_F_HEX:
		snprintf(buf, len, "0x%" PRIx64, v->u);
		break;
	case SCMI_F_S64:
		snprintf(buf, len, "%" PRId64, (int64_t)v->u);
		break;
	case SCMI_F_POWER_STATE:
	case SCMI_F_BASE_ATTR:
	case SCMI_F_LIST:
		if (v->text[0])
			snprintf(buf, len, "0x%" PRIx64 " (%s)", v->u, v->text);
		else
			snprintf(buf, len, "0x%" PRIx64, v->u);
		break;
	default:
		snprintf(buf, len, "%" PRIu64, v->u);
		break;
	}
}

void scmi_value_json(struct json *j, const struct scmi_value *v)
{
	switch (v->f->kind) {
	case SCMI_F_VERSION:
		json_str(j, v->text);
		break;
	case SCMI_F_NAME:
		json_str(j, v->name);
		break;
	case SCMI_F_HEX:
	case SCMI_F_POWER_STATE:
	case SCMI_F_BASE_ATTR:
	case SCMI_F_LIST:
	case SCMI_F_U64:
		json_hex(j, v->u);
		break;
	case SCMI_F_S64:
		json_int(j, (int64_t)v->u);
		break;
	default:
		json_uint(j, v->u);
		break;
	}
}
