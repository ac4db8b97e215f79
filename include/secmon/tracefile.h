/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Trace files (the format of <secmon/trace.h>): writing them byte by byte
 * in little-endian order, and reading one from outside. A file is hostile
 * input: secmon_trace_open() checks the header and every field of every
 * record before anything reads it, and names the first bad field by its
 * byte offset. Freestanding: no allocation, no libc; the caller owns every
 * buffer.
 */
#ifndef SECMON_TRACEFILE_H
#define SECMON_TRACEFILE_H

#include <stddef.h>
#include <stdint.h>
#include <secmon/trace.h>

#define SECMON_TRACE_HEADER_SIZE	40u
#define SECMON_TRACE_RECORD_SIZE	128u
#define SECMON_TRACE_MAX_CPUS		4096u	/* a header naming more is refused */

/* An opened (checked) file: its header, and where its records start. */
struct secmon_trace_file {
	struct secmon_trace_header h;
	const unsigned char *rec;
};

/* What secmon_trace_open() refused, and where. */
struct secmon_trace_fault {
	uint64_t offset;	/* byte offset of the bad field (or of the end) */
	uint32_t record;	/* the record's index, SECMON_TRACE_NO_RECORD for the header */
	const char *field;	/* "magic", "cpu", ...: the field's name */
	const char *what;	/* why, e.g. "is not 1 (SMC) or 2 (power)" */
};

#define SECMON_TRACE_NO_RECORD	0xffffffffu

/*
 * Checks the `len` bytes at `buf` as a whole trace file and fills *f.
 * SECMON_OK, or SECMON_E_INVALID_PARAMETERS with *fault filled in. The
 * records stay in `buf`: keep it while *f is used.
 */
int secmon_trace_open(const void *buf, size_t len, struct secmon_trace_file *f,
		      struct secmon_trace_fault *fault);

/*
 * Checks one record on its own (cpu_count: the header's). SECMON_OK, or
 * SECMON_E_INVALID_PARAMETERS with fault->field, ->what and ->offset (the
 * field's offset inside the record) filled in.
 */
int secmon_trace_check_record(const struct secmon_trace_record *r, uint32_t cpu_count,
			      struct secmon_trace_fault *fault);

/* Record i (< f->h.count) of an opened file. */
void secmon_trace_get(const struct secmon_trace_file *f, uint32_t i,
		      struct secmon_trace_record *r);

/* The 40 bytes of a header, the 128 of a record; return how many written. */
size_t secmon_trace_put_header(void *buf, const struct secmon_trace_header *h);
size_t secmon_trace_put_record(void *buf, const struct secmon_trace_record *r);
/* The inverses, for buffers known to be long enough. */
void secmon_trace_get_header(const void *buf, struct secmon_trace_header *h);
void secmon_trace_get_record(const void *buf, struct secmon_trace_record *r);

/*
 * The records of all CPUs merged into one timeline: idx[0..count-1] gets
 * record indices ordered by entry time, ties by CPU index, then by their
 * place in the file (a stable sort: a CPU whose times only grow keeps its
 * file order). tmp: scratch of the same size.
 */
void secmon_trace_order(const struct secmon_trace_file *f, uint32_t *idx, uint32_t *tmp);

#endif
