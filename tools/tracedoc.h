/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A trace file read, checked and merged into one timeline (trace.c), each
 * record in words, and its SVG timeline (trace_svg.c).
 */
#ifndef SECMON_TOOLS_TRACEDOC_H
#define SECMON_TOOLS_TRACEDOC_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <secmon/tracefile.h>
#include "fid.h"

/* A trace file, checked and merged into one timeline. */
struct trace_doc {
	void *buf;		/* the file (malloc'd) */
	size_t len;
	struct secmon_trace_file f;
	uint32_t *order;	/* record indices by time (secmon_trace_order) */
	int64_t *gap;		/* per record (file index): records its CPU lost just
				   before it (not those a CLEARED record says TRACE_CTL
				   discarded); negative: its seq went back */
	uint32_t *prev_seq;	/* per record: its CPU's previous seq, when gap != 0 */
	uint64_t t0;		/* the first record's entry time */
	uint64_t t_end;		/* the latest exit time */
};

/*
 * Reads and checks the trace in `paths` (n >= 1 files: successive reads of
 * one machine's trace, concatenated). 0, or an exit status after a message
 * naming the file, the offset and the bad field.
 */
int trace_load(const char *cmd, const char *const *paths, unsigned n, struct trace_doc *d);
/* The same for d->buf and d->len (malloc'd; freed on failure) already filled in. */
int trace_parse(const char *cmd, const char *path, struct trace_doc *d);
void trace_free(struct trace_doc *d);
/* Microseconds from the first record. */
double trace_us(const struct trace_doc *d, uint64_t t);
const char *trace_event_name(uint32_t ev);	/* "CPU_ON", ... */
const char *trace_level_name(uint64_t level);	/* "core", "cluster", "system" */

/* One record in words. */
struct trace_desc {
	bool smc;		/* an SMC record; else a power event or (cleared) not */
	bool cleared;		/* a CLEARED record: TRACE_CTL emptied the ring */
	bool known;		/* SMC: the function is in the tool's table */
	struct fid_known k;
	char name[64];		/* "PSCI CPU_ON" as `secmon decode` names it; the event */
	char conv[32];		/* SMC: "SMC64 EL2", "HVC32 EL1 AArch32" */
	char detail[256];	/* SMC: "x1=0x1 x2=...", power: the event's arguments,
				   cleared: how many records, which seq */
	char result[512];	/* SMC: "0 SUCCESS", "-4 ALREADY_ON", "PSCI 1.3" ... */
	bool error;		/* SMC: the result is an error */
	struct res_decode r;
};

void trace_describe(const struct secmon_trace_record *r, struct trace_desc *t);

/* The timeline of d as a standalone SVG document. */
void trace_svg(const struct trace_doc *d, FILE *f);

#endif
