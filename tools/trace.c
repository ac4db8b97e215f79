// SPDX-License-Identifier: BSD-3-Clause
/*
 * A trace file for `secmon trace`: read, checked by the library's decoder,
 * merged into one timeline, and each record put into words the text, JSON
 * and SVG outputs share.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/error.h>
#include <secmon/psci.h>
#include "cli.h"
#include "fid.h"
#include "tracedoc.h"

/* Larger than any ring the monitor keeps: a bigger file is refused unread. */
#define TRACE_MAX_FILE (256u << 20)

static int read_all(const char *cmd, const char *path, struct trace_doc *d)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16, n = 0, got;
	unsigned char *buf, *nb;

	if (!f)
		return cli_fail(cmd, "%s: %s", path, strerror(errno));
	buf = malloc(cap);
	if (!buf) {
		fclose(f);
		return cli_fail(cmd, "out of memory");
	}
	while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n < cap)
			continue;
		if (cap >= TRACE_MAX_FILE) {
			free(buf);
			fclose(f);
			return cli_bad_input(cmd, "%s: larger than %u MiB, not a trace", path,
					     TRACE_MAX_FILE >> 20);
		}
		nb = realloc(buf, cap * 2);
		if (!nb) {
			free(buf);
			fclose(f);
			return cli_fail(cmd, "out of memory");
		}
		buf = nb;
		cap *= 2;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return cli_fail(cmd, "%s: read error", path);
	}
	fclose(f);
	d->buf = buf;
	d->len = n;
	return 0;
}

/* Per record: the records its CPU lost just before it (its seq gap). */
static void find_gaps(struct trace_doc *d)
{
	uint32_t n = d->f.h.count, i, *last = calloc(d->f.h.cpu_count, sizeof(*last));
	bool *seen = calloc(d->f.h.cpu_count, sizeof(*seen));
	struct secmon_trace_record r;

	for (i = 0; i < n && last && seen; i++) {
		secmon_trace_get(&d->f, i, &r);
		d->gap[i] = 0;
		d->prev_seq[i] = 0;
		if (seen[r.cpu]) {
			d->gap[i] = (int64_t)(int32_t)(r.seq - last[r.cpu] - 1u);
			d->prev_seq[i] = last[r.cpu];
		}
		/* A CLEARED record accounts for the last arg[0] records of the gap before it. */
		if (r.type == SECMON_TRACE_CLEARED && d->gap[i] > 0)
			d->gap[i] -= r.arg[0] < (uint64_t)d->gap[i] ? (int64_t)r.arg[0] : d->gap[i];
		seen[r.cpu] = true;
		last[r.cpu] = r.seq;
	}
	free(last);
	free(seen);
}

/* Refuses a file the decoder refuses, naming it, the offset and the field. */
static int refuse(const char *cmd, const char *path, const struct secmon_trace_fault *e)
{
	if (e->record == SECMON_TRACE_NO_RECORD)
		return cli_bad_input(cmd, "%s: offset %" PRIu64 ": header field %s %s", path,
				     e->offset, e->field, e->what);
	return cli_bad_input(cmd, "%s: offset %" PRIu64 ": record %" PRIu32 ", field %s %s", path,
			     e->offset, e->record, e->field, e->what);
}

int trace_parse(const char *cmd, const char *path, struct trace_doc *d)
{
	struct secmon_trace_fault e;
	struct secmon_trace_record r;
	uint32_t *tmp, i;
	int rc;

	if (secmon_trace_open(d->buf, d->len, &d->f, &e)) {
		rc = refuse(cmd, path, &e);
		trace_free(d);
		return rc;
	}
	d->order = calloc(d->f.h.count + 1u, sizeof(*d->order));
	tmp = calloc(d->f.h.count + 1u, sizeof(*tmp));
	d->gap = calloc(d->f.h.count + 1u, sizeof(*d->gap));
	d->prev_seq = calloc(d->f.h.count + 1u, sizeof(*d->prev_seq));
	if (!d->order || !tmp || !d->gap || !d->prev_seq) {
		free(tmp);
		trace_free(d);
		return cli_fail(cmd, "out of memory");
	}
	secmon_trace_order(&d->f, d->order, tmp);
	free(tmp);
	find_gaps(d);
	if (d->f.h.count) {
		secmon_trace_get(&d->f, d->order[0], &r);
		d->t0 = r.t_entry;
	}
	d->t_end = d->t0;
	for (i = 0; i < d->f.h.count; i++) {
		secmon_trace_get(&d->f, i, &r);
		if (r.t_exit > d->t_end)
			d->t_end = r.t_exit;
	}
	return 0;
}

/*
 * Several files (successive reads of one machine's trace) as one: the
 * first's header with the counts and losses summed, then every file's
 * records in the order given.
 */
static int concatenate(const char *cmd, const char *const *paths, unsigned n,
		       struct trace_doc *d)
{
	struct secmon_trace_header h;
	struct secmon_trace_fault e;
	struct secmon_trace_file f;
	struct trace_doc part;
	unsigned char *buf = 0, *nb;
	size_t len = SECMON_TRACE_HEADER_SIZE, body;
	unsigned i;
	int rc;

	memset(&h, 0, sizeof(h));
	for (i = 0; i < n; i++) {
		memset(&part, 0, sizeof(part));
		rc = read_all(cmd, paths[i], &part);
		if (!rc && secmon_trace_open(part.buf, part.len, &f, &e))
			rc = refuse(cmd, paths[i], &e);
		if (!rc && i && (f.h.cpu_count != h.cpu_count || f.h.counter_hz != h.counter_hz))
			rc = cli_bad_input(cmd,
					   "%s: %" PRIu32 " CPUs at %" PRIu64 " Hz, but %s has %" PRIu32
					   " CPUs at %" PRIu64 " Hz: not the same machine's trace",
					   paths[i], f.h.cpu_count, f.h.counter_hz, paths[0],
					   h.cpu_count, h.counter_hz);
		if (!rc && (uint64_t)h.count + f.h.count > UINT32_MAX)
			rc = cli_bad_input(cmd, "%s: more than 2^32 records in all", paths[i]);
		if (rc || !part.buf) {
			free(part.buf);
			free(buf);
			return rc ? rc : cli_fail(cmd, "out of memory");
		}
		body = part.len - SECMON_TRACE_HEADER_SIZE;
		nb = realloc(buf, len + body + 1);
		if (!nb) {
			free(part.buf);
			free(buf);
			return cli_fail(cmd, "out of memory");
		}
		buf = nb;
		memcpy(buf + len, (unsigned char *)part.buf + SECMON_TRACE_HEADER_SIZE, body);
		len += body;
		if (!i)
			h = f.h;
		else
			h.count += f.h.count, h.lost += f.h.lost;
		free(part.buf);
	}
	secmon_trace_put_header(buf, &h);
	d->buf = buf;
	d->len = len;
	return 0;
}

int trace_load(const char *cmd, const char *const *paths, unsigned n, struct trace_doc *d)
{
	int rc;

	memset(d, 0, sizeof(*d));
	rc = n == 1 ? read_all(cmd, paths[0], d) : concatenate(cmd, paths, n, d);
	return rc ? rc : trace_parse(cmd, paths[0], d);
}

void trace_free(struct trace_doc *d)
{
	free(d->buf);
	free(d->order);
	free(d->gap);
	free(d->prev_seq);
	memset(d, 0, sizeof(*d));
}

double trace_us(const struct trace_doc *d, uint64_t t)
{
	return t < d->t0 ? 0.0 : (double)(t - d->t0) * 1e6 / (double)d->f.h.counter_hz;
}

const char *trace_event_name(uint32_t ev)
{
	static const char *const names[] = {
		[SECMON_TRACE_EV_CPU_ON] = "CPU_ON",
		[SECMON_TRACE_EV_CPU_OFF] = "CPU_OFF",
		[SECMON_TRACE_EV_STANDBY] = "STANDBY",
		[SECMON_TRACE_EV_POWERDOWN] = "POWERDOWN",
		[SECMON_TRACE_EV_SYSTEM_SUSPEND] = "SYSTEM_SUSPEND",
		[SECMON_TRACE_EV_WARM_BOOT] = "WARM_BOOT",
		[SECMON_TRACE_EV_SYSTEM_RESET] = "SYSTEM_RESET",
		[SECMON_TRACE_EV_SYSTEM_OFF] = "SYSTEM_OFF",
	};

	return ev < sizeof(names) / sizeof(names[0]) && names[ev] ? names[ev] : "UNKNOWN";
}

const char *trace_level_name(uint64_t level)
{
	static const char *const names[] = { "core", "cluster", "system" };

	return level < 3 ? names[level] : "level>2";
}

static void add(char *buf, size_t len, const char *fmt, ...) CLI_PRINTF(3, 4);

static void add(char *buf, size_t len, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;

	if (n >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + n, len - n, fmt, ap);
	va_end(ap);
}

/* SYSTEM_RESET and SYSTEM_OFF: how they were asked for (enum secmon_trace_asked). */
static void system_detail(const struct secmon_trace_record *r, struct trace_desc *t)
{
	bool reset = r->fid == SECMON_TRACE_EV_SYSTEM_RESET;

	if (!r->nargs)
		return;
	switch (r->arg[0]) {
	case SECMON_TRACE_ASKED_CALL:
		if (reset)
			snprintf(t->detail, sizeof(t->detail), "cold (SYSTEM_RESET)");
		break;
	case SECMON_TRACE_ASKED_CALL2:
		if (reset)
			snprintf(t->detail, sizeof(t->detail),
				 "SYSTEM_RESET2 type 0x%" PRIx64 " (%s) cookie 0x%" PRIx64, r->arg[1],
				 r->arg[1] == SECMON_PSCI_RESET2_WARM ? "warm" : "vendor", r->arg[2]);
		else
			snprintf(t->detail, sizeof(t->detail), "SYSTEM_OFF2 type 0x%" PRIx64,
				 r->arg[1]);
		break;
	case SECMON_TRACE_ASKED_PLATFORM:
		snprintf(t->detail, sizeof(t->detail), "%sasked without an SMC (power-off mailbox)",
			 reset ? "cold, " : "");
		break;
	default:
		snprintf(t->detail, sizeof(t->detail), "asked 0x%" PRIx64 " (unknown)", r->arg[0]);
		break;
	}
}

void trace_describe(const struct secmon_trace_record *r, struct trace_desc *t)
{
	bool a32 = r->flags & SECMON_TRACE_F_AARCH32;
	struct secmon_regs in, out;
	uint64_t mask = r->flags & SECMON_TRACE_F_SMC64 ? UINT64_MAX : UINT32_MAX;
	unsigned i, nshow;

	memset(t, 0, sizeof(*t));
	if (r->type == SECMON_TRACE_CLEARED) {
		t->cleared = true;
		snprintf(t->name, sizeof(t->name), "CLEARED");
		snprintf(t->detail, sizeof(t->detail), "%" PRIu64 " record%s discarded by TRACE_CTL",
			 r->arg[0], r->arg[0] == 1 ? "" : "s");
		if (r->arg[0] && r->arg[0] <= r->seq)
			add(t->detail, sizeof(t->detail), " (seq %" PRIu64 " to %" PRIu64 ")",
			    r->seq - r->arg[0], (uint64_t)r->seq - 1);
		return;
	}
	if (r->type == SECMON_TRACE_POWER) {
		t->smc = false;
		snprintf(t->name, sizeof(t->name), "%s", trace_event_name(r->fid));
		switch (r->fid) {
		case SECMON_TRACE_EV_CPU_ON:
			snprintf(t->detail, sizeof(t->detail),
				 "target cpu%" PRIu64 " entry 0x%" PRIx64 " context 0x%" PRIx64,
				 r->arg[0], r->arg[1], r->arg[2]);
			break;
		case SECMON_TRACE_EV_STANDBY:
			snprintf(t->detail, sizeof(t->detail), "power_state 0x%" PRIx64, r->arg[0]);
			break;
		case SECMON_TRACE_EV_POWERDOWN:
			snprintf(t->detail, sizeof(t->detail),
				 "power_state 0x%" PRIx64 ", down to level %" PRIu64 " (%s)",
				 r->arg[0], r->arg[1], trace_level_name(r->arg[1]));
			break;
		case SECMON_TRACE_EV_WARM_BOOT:
			snprintf(t->detail, sizeof(t->detail), "entry 0x%" PRIx64, r->arg[0]);
			break;
		case SECMON_TRACE_EV_SYSTEM_RESET:
		case SECMON_TRACE_EV_SYSTEM_OFF:
			system_detail(r, t);
			break;
		default:
			break;
		}
		return;
	}
	t->smc = true;
	t->known = fid_lookup(r->fid, &t->k);
	if (t->known && !strcmp(t->k.service, "general query"))
		snprintf(t->name, sizeof(t->name), "%s", t->k.name);
	else if (t->known)
		snprintf(t->name, sizeof(t->name), "%s %s", t->k.service, t->k.name);
	else
		snprintf(t->name, sizeof(t->name), "0x%08" PRIx32 " (%s)", r->fid,
			 fid_oen_name((r->fid >> 24) & 0x3f));
	snprintf(t->conv, sizeof(t->conv), "%s%s EL%u%s",
		 r->flags & SECMON_TRACE_F_HVC ? "HVC" : "SMC",
		 r->flags & SECMON_TRACE_F_SMC64 ? "64" : "32",
		 (r->flags & SECMON_TRACE_F_EL_MASK) >> SECMON_TRACE_F_EL_SHIFT,
		 a32 ? " AArch32" : "");
	/* x1..x3 as recorded; x4..x7 up to the last one that is not zero. */
	for (nshow = r->nargs; nshow > 3 && !r->arg[nshow - 1]; nshow--)
		;
	for (i = 0; i < nshow; i++)
		add(t->detail, sizeof(t->detail), "%s%c%u=0x%" PRIx64, i ? " " : "", a32 ? 'r' : 'x',
		    i + 1, r->arg[i]);
	if (!r->nres) {
		snprintf(t->result, sizeof(t->result), "no result recorded");
		return;
	}
	memset(&in, 0, sizeof(in));
	memset(&out, 0, sizeof(out));
	in.x[0] = r->fid;
	for (i = 0; i < r->nargs; i++)
		in.x[i + 1] = r->arg[i];
	for (i = 0; i < r->nres; i++)
		out.x[i] = r->res[i];
	res_decode(t->known ? &t->k : 0, &in, &out, (r->flags & SECMON_TRACE_F_SMC64) != 0, &t->r);
	t->error = t->r.error;
	if (t->r.text[0])
		snprintf(t->result, sizeof(t->result), "%s", t->r.text);
	else
		snprintf(t->result, sizeof(t->result), "x0=0x%" PRIx64, r->res[0]);
	/*
	 * The other result registers that the call changed (x1..x3 come back
	 * as sent when unused; an SMC32 call's arguments are their low words).
	 */
	for (i = 1; i < r->nres && !t->r.extra[0]; i++)
		if (i > r->nargs || (r->res[i] ^ r->arg[i - 1]) & mask)
			add(t->result, sizeof(t->result), " %c%u=0x%" PRIx64, a32 ? 'r' : 'x', i,
			    r->res[i]);
	if (t->r.extra[0])
		add(t->result, sizeof(t->result), " (%s)", t->r.extra);
}
