/* SPDX-License-Identifier: BSD-3-Clause */
/* SCMI's protocols, messages and answer layouts (scmi_msgs.c). */
#ifndef SECMON_TOOLS_SCMI_MSGS_H
#define SECMON_TOOLS_SCMI_MSGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "json.h"

struct scmi_proto {
	uint8_t id;
	const char *key;	/* "clock": how the command line names it */
	const char *title;	/* "Clock management" */
	const char *prefix;	/* of its messages' names, "CLOCK_" */
	const char *prefix2;	/* another one a name may leave out, or NULL */
};

/* How an answer's words read. */
enum scmi_fkind {
	SCMI_F_U32,
	SCMI_F_HEX,
	SCMI_F_VERSION,		/* major 31:16, minor 15:0 */
	SCMI_F_NAME,		/* 16 bytes, 4 words */
	SCMI_F_U64,		/* low word, high word */
	SCMI_F_S64,
	SCMI_F_LO16,		/* bits 15:0 */
	SCMI_F_COUNT16,		/* a count in bits 15:0 */
	SCMI_F_POWER_STATE,	/* ON 0, OFF 0x40000000 */
	SCMI_F_BASE_ATTR,	/* agents 15:8, protocols 7:0 */
	SCMI_F_LIST,		/* returned 11:0, remaining 31:16: `entry` follows that often */
	SCMI_F_PROTOCOLS,	/* a count, then that many bytes packed in words */
};

struct scmi_field {
	enum scmi_fkind kind;
	const char *name;
};

#define SCMI_MAX_PARAMS 6
#define SCMI_MAX_FIELDS 6

struct scmi_msgdesc {
	uint8_t proto;		/* 0: every protocol's */
	uint8_t id;
	const char *name;	/* the specification's, "CLOCK_RATE_GET" */
	const char *params[SCMI_MAX_PARAMS];	/* the payload words' names, in order */
	struct scmi_field out[SCMI_MAX_FIELDS];	/* the answer after the status */
	struct scmi_field entry[SCMI_MAX_FIELDS];	/* one entry of an SCMI_F_LIST */
};

const struct scmi_proto *scmi_proto_by_id(uint8_t id);
/* "clock", "CLOCK", "perf", ... (case-insensitive); NULL when none. */
const struct scmi_proto *scmi_proto_by_name(const char *s);
bool scmi_proto_at(unsigned i, const struct scmi_proto **p);
/* The protocol's own description of message id, else the common one, else NULL. */
const struct scmi_msgdesc *scmi_msg_by_id(uint8_t proto, uint8_t id);
/*
 * A message name of protocol p: case-insensitive, '-' read as '_', the
 * "PROTOCOL_" or protocol prefix optional ("version", "rate-get"); the
 * whole name wins. NULL when none, or several (why says which; else "").
 */
const struct scmi_msgdesc *scmi_msg_by_name(const struct scmi_proto *p, const char *s,
					    char *why, size_t len);
bool scmi_msg_at(unsigned i, const struct scmi_msgdesc **m);
unsigned scmi_msg_nparams(const struct scmi_msgdesc *m);
/* "DENIED" for -3; NULL for a status SCMI does not define. */
const char *scmi_status_name(int32_t st);

struct scmi_value {
	const struct scmi_field *f;
	uint64_t u;		/* the word(s), a 64-bit value joined */
	char name[17];		/* SCMI_F_NAME */
	char text[48];		/* what it means, "" when nothing more than the number */
};

#define SCMI_MAX_ENTRIES 16

/* A SUCCESS answer read with its message's layout. */
struct scmi_answer {
	unsigned nv;
	struct scmi_value v[SCMI_MAX_FIELDS];
	unsigned nprotocols;
	uint8_t protocols[16];
	unsigned nentries;
	struct scmi_value entries[SCMI_MAX_ENTRIES][SCMI_MAX_FIELDS];
	bool entries_lost;	/* more entries than SCMI_MAX_ENTRIES */
	bool short_answer;	/* fewer words than the layout needs */
	unsigned extra;		/* words after the layout */
};

void scmi_decode(const struct scmi_msgdesc *m, const uint32_t *w, unsigned n,
		 struct scmi_answer *a);
/* "200000000", "0x1", "2.0 (0x20000)", "\"secmon\"", "0x0 (ON)". */
void scmi_value_text(const struct scmi_value *v, char *buf, size_t len);
void scmi_value_json(struct json *j, const struct scmi_value *v);

#endif
