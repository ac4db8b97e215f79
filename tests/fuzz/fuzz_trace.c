// SPDX-License-Identifier: BSD-3-Clause
/*
 * libFuzzer target: a trace file from elsewhere (the Linux module's debugfs
 * file, a copy off a board) to the library's decoder and to what
 * `secmon trace` makes of it. The input is the file. Invariants:
 *
 * - [open-total] secmon_trace_open() answers SECMON_OK or
 *   INVALID_PARAMETERS, and on a refusal names a field and an offset
 *   inside the input (or its end);
 * - [roundtrip] an accepted file re-encodes (header and every record) to
 *   its own bytes, and every record passes secmon_trace_check_record();
 * - [order] secmon_trace_order() gives a permutation sorted by entry
 *   time, CPU, file position;
 * - the CLI's decoding of an accepted file (each record in words, the SVG
 *   timeline written to /dev/null) runs without a sanitizer report.
 * ASan and UBSan catch any read outside the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/error.h>
#include <secmon/tracefile.h>
#include "../../tools/tracedoc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void violated(const char *id, const char *msg)
{
	fprintf(stderr, "*** invariant violated: [%s] %s\n", id, msg);
	abort();
}

static void check_accepted(const struct secmon_trace_file *f, const uint8_t *data)
{
	unsigned char buf[SECMON_TRACE_RECORD_SIZE];
	struct secmon_trace_record r, a, b;
	struct secmon_trace_fault e;
	uint32_t n = f->h.count, i, *idx, *tmp;
	unsigned char *seen;

	secmon_trace_put_header(buf, &f->h);
	if (memcmp(buf, data, SECMON_TRACE_HEADER_SIZE))
		violated("roundtrip", "the header does not re-encode to its bytes");
	for (i = 0; i < n; i++) {
		secmon_trace_get(f, i, &r);
		secmon_trace_put_record(buf, &r);
		if (memcmp(buf, data + SECMON_TRACE_HEADER_SIZE + (size_t)i * SECMON_TRACE_RECORD_SIZE,
			   SECMON_TRACE_RECORD_SIZE))
			violated("roundtrip", "a record does not re-encode to its bytes");
		if (secmon_trace_check_record(&r, f->h.cpu_count, &e))
			violated("roundtrip", "an accepted file holds a record check_record refuses");
	}
	idx = calloc(n + 1u, sizeof(*idx));
	tmp = calloc(n + 1u, sizeof(*tmp));
	seen = calloc(n + 1u, 1);
	if (!idx || !tmp || !seen)
		abort();
	secmon_trace_order(f, idx, tmp);
	for (i = 0; i < n; i++) {
		if (idx[i] >= n || seen[idx[i]])
			violated("order", "not a permutation of the records");
		seen[idx[i]] = 1;
		if (!i)
			continue;
		secmon_trace_get(f, idx[i - 1], &a);
		secmon_trace_get(f, idx[i], &b);
		if (a.t_entry > b.t_entry ||
		    (a.t_entry == b.t_entry &&
		     (a.cpu > b.cpu || (a.cpu == b.cpu && idx[i - 1] > idx[i]))))
			violated("order", "records out of order");
	}
	free(idx);
	free(tmp);
	free(seen);
}

static void cli_decode(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct secmon_trace_record r;
	struct trace_desc t;
	struct trace_doc d;
	uint32_t i;

	if (!null)
		null = fopen("/dev/null", "w");
	memset(&d, 0, sizeof(d));
	d.buf = malloc(size ? size : 1);
	if (!d.buf || !null)
		abort();
	memcpy(d.buf, data, size);
	d.len = size;
	if (trace_parse("trace", "input", &d))
		return;
	for (i = 0; i < d.f.h.count; i++) {
		secmon_trace_get(&d.f, d.order[i], &r);
		trace_describe(&r, &t);
	}
	trace_svg(&d, null);
	trace_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct secmon_trace_fault e = { 0 };
	struct secmon_trace_file f;
	int rc = secmon_trace_open(data, size, &f, &e);

	if (rc == SECMON_OK)
		check_accepted(&f, data);
	else if (rc != SECMON_E_INVALID_PARAMETERS)
		violated("open-total", "an answer other than OK or INVALID_PARAMETERS");
	else if (!e.field || !e.what || e.offset > size)
		violated("open-total", "a refusal without a field, or an offset past the input");
	if (rc == SECMON_OK)
		cli_decode(data, size);
	return 0;
}
