// SPDX-License-Identifier: BSD-3-Clause
/* Trace files: little-endian encoding, checking and ordering (tracefile.h). */
#include <stdbool.h>
#include <secmon/error.h>
#include <secmon/tracefile.h>

/* Field offsets in the file's byte layout. */
enum {
	H_MAGIC = 0, H_VERSION = 4, H_RECSIZE = 6, H_HZ = 8, H_CPUS = 16, H_COUNT = 20,
	H_LOST = 24, H_RESERVED = 32,
	R_ENTRY = 0, R_EXIT = 8, R_SEQ = 16, R_CPU = 20, R_TYPE = 22, R_FLAGS = 23, R_FID = 24,
	R_NARGS = 28, R_NRES = 29, R_RESERVED = 30, R_ARG = 32, R_RES = 88, R_RESERVED2 = 120,
};

#define SMC_FLAGS (SECMON_TRACE_F_AARCH32 | SECMON_TRACE_F_EL_MASK | SECMON_TRACE_F_HVC | \
		   SECMON_TRACE_F_SMC64)

static void put(unsigned char *p, uint64_t v, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get(const unsigned char *p, unsigned n)
{
	uint64_t v = 0;
	unsigned i;

	for (i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

size_t secmon_trace_put_header(void *buf, const struct secmon_trace_header *h)
{
	unsigned char *p = buf;

	put(p + H_MAGIC, h->magic, 4);
	put(p + H_VERSION, h->version, 2);
	put(p + H_RECSIZE, h->record_size, 2);
	put(p + H_HZ, h->counter_hz, 8);
	put(p + H_CPUS, h->cpu_count, 4);
	put(p + H_COUNT, h->count, 4);
	put(p + H_LOST, h->lost, 8);
	put(p + H_RESERVED, h->reserved, 8);
	return SECMON_TRACE_HEADER_SIZE;
}

size_t secmon_trace_put_record(void *buf, const struct secmon_trace_record *r)
{
	unsigned char *p = buf;
	unsigned i;

	put(p + R_ENTRY, r->t_entry, 8);
	put(p + R_EXIT, r->t_exit, 8);
	put(p + R_SEQ, r->seq, 4);
	put(p + R_CPU, r->cpu, 2);
	put(p + R_TYPE, r->type, 1);
	put(p + R_FLAGS, r->flags, 1);
	put(p + R_FID, r->fid, 4);
	put(p + R_NARGS, r->nargs, 1);
	put(p + R_NRES, r->nres, 1);
	put(p + R_RESERVED, r->reserved, 2);
	for (i = 0; i < SECMON_TRACE_ARGS; i++)
		put(p + R_ARG + 8 * i, r->arg[i], 8);
	for (i = 0; i < SECMON_TRACE_RESULTS; i++)
		put(p + R_RES + 8 * i, r->res[i], 8);
	put(p + R_RESERVED2, r->reserved2, 8);
	return SECMON_TRACE_RECORD_SIZE;
}

void secmon_trace_get_header(const void *buf, struct secmon_trace_header *h)
{
	const unsigned char *p = buf;

	h->magic = (uint32_t)get(p + H_MAGIC, 4);
	h->version = (uint16_t)get(p + H_VERSION, 2);
	h->record_size = (uint16_t)get(p + H_RECSIZE, 2);
	h->counter_hz = get(p + H_HZ, 8);
	h->cpu_count = (uint32_t)get(p + H_CPUS, 4);
	h->count = (uint32_t)get(p + H_COUNT, 4);
	h->lost = get(p + H_LOST, 8);
	h->reserved = get(p + H_RESERVED, 8);
}

void secmon_trace_get_record(const void *buf, struct secmon_trace_record *r)
{
	const unsigned char *p = buf;
	unsigned i;

	r->t_entry = get(p + R_ENTRY, 8);
	r->t_exit = get(p + R_EXIT, 8);
	r->seq = (uint32_t)get(p + R_SEQ, 4);
	r->cpu = (uint16_t)get(p + R_CPU, 2);
	r->type = (uint8_t)get(p + R_TYPE, 1);
	r->flags = (uint8_t)get(p + R_FLAGS, 1);
	r->fid = (uint32_t)get(p + R_FID, 4);
	r->nargs = (uint8_t)get(p + R_NARGS, 1);
	r->nres = (uint8_t)get(p + R_NRES, 1);
	r->reserved = (uint16_t)get(p + R_RESERVED, 2);
	for (i = 0; i < SECMON_TRACE_ARGS; i++)
		r->arg[i] = get(p + R_ARG + 8 * i, 8);
	for (i = 0; i < SECMON_TRACE_RESULTS; i++)
		r->res[i] = get(p + R_RES + 8 * i, 8);
	r->reserved2 = get(p + R_RESERVED2, 8);
}

static int fail(struct secmon_trace_fault *f, uint64_t off, uint32_t rec, const char *field,
		const char *what)
{
	f->offset = off;
	f->record = rec;
	f->field = field;
	f->what = what;
	return SECMON_E_INVALID_PARAMETERS;
}

/* One rule a record must keep: the field, its offset, and whether it holds. */
struct rule {
	bool ok;
	unsigned off;
	const char *field;
	const char *what;
};

int secmon_trace_check_record(const struct secmon_trace_record *r, uint32_t cpu_count,
			      struct secmon_trace_fault *fault)
{
	unsigned el = (r->flags & SECMON_TRACE_F_EL_MASK) >> SECMON_TRACE_F_EL_SHIFT;
	bool smc = r->type == SECMON_TRACE_SMC, cleared = r->type == SECMON_TRACE_CLEARED;
	const struct rule rules[] = {
		{ smc || cleared || r->type == SECMON_TRACE_POWER, R_TYPE, "type",
		  "is not 1 (SMC), 2 (power event) or 3 (cleared)" },
		{ r->cpu < cpu_count, R_CPU, "cpu", "is not below the header's cpu_count" },
		{ r->t_exit >= r->t_entry, R_EXIT, "t_exit", "is before t_entry" },
		{ r->nargs <= SECMON_TRACE_ARGS, R_NARGS, "nargs", "is above 7" },
		{ r->nres <= SECMON_TRACE_RESULTS, R_NRES, "nres", "is above 4" },
		{ r->reserved == 0, R_RESERVED, "reserved", "is not 0" },
		{ r->reserved2 == 0, R_RESERVED2, "reserved2", "is not 0" },
		{ !(r->flags & ~SMC_FLAGS), R_FLAGS, "flags", "has bits no version-2 flag defines" },
		{ !smc || el == 1 || el == 2, R_FLAGS, "flags",
		  "names a caller's exception level other than 1 or 2" },
		{ smc || cleared ||
			  (r->fid >= SECMON_TRACE_EV_CPU_ON && r->fid <= SECMON_TRACE_EV_SYSTEM_OFF),
		  R_FID, "fid", "is not a power event (1..8)" },
		{ !cleared || r->fid == 0, R_FID, "fid", "of a cleared record is not 0" },
		{ !cleared || r->nargs == 1, R_NARGS, "nargs",
		  "of a cleared record is not 1 (the records discarded)" },
		{ !cleared || r->nres == 0, R_NRES, "nres", "of a cleared record is not 0" },
	};
	unsigned i;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (!rules[i].ok)
			return fail(fault, rules[i].off, SECMON_TRACE_NO_RECORD, rules[i].field,
				    rules[i].what);
	return SECMON_OK;
}

static int check_header(const struct secmon_trace_header *h, size_t len,
			struct secmon_trace_fault *fault)
{
	uint64_t body = len - SECMON_TRACE_HEADER_SIZE;
	uint64_t want = (uint64_t)h->count * SECMON_TRACE_RECORD_SIZE;
	const struct rule rules[] = {
		{ h->magic == SECMON_TRACE_MAGIC, H_MAGIC, "magic",
		  "is not \"SMTR\": not a secmon trace" },
		{ h->version == SECMON_TRACE_VERSION, H_VERSION, "version",
		  "is not 2, the version this decoder reads" },
		{ h->record_size == SECMON_TRACE_RECORD_SIZE, H_RECSIZE, "record_size",
		  "is not 128" },
		{ h->counter_hz != 0, H_HZ, "counter_hz", "is 0" },
		{ h->cpu_count != 0 && h->cpu_count <= SECMON_TRACE_MAX_CPUS, H_CPUS, "cpu_count",
		  "is 0 or above 4096" },
		{ h->reserved == 0, H_RESERVED, "reserved", "is not 0" },
		{ body >= want, H_COUNT, "count", "counts more records than the file holds" },
	};
	unsigned i;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (!rules[i].ok)
			return fail(fault, rules[i].off, SECMON_TRACE_NO_RECORD, rules[i].field,
				    rules[i].what);
	if (body > want)
		return fail(fault, SECMON_TRACE_HEADER_SIZE + want, SECMON_TRACE_NO_RECORD, "count",
			    "is followed by bytes past its last record");
	return SECMON_OK;
}

int secmon_trace_open(const void *buf, size_t len, struct secmon_trace_file *f,
		      struct secmon_trace_fault *fault)
{
	struct secmon_trace_record r;
	uint32_t i;
	int e;

	if (len < SECMON_TRACE_HEADER_SIZE)
		return fail(fault, len, SECMON_TRACE_NO_RECORD, "header",
			    "is cut short: a trace starts with 40 bytes of header");
	secmon_trace_get_header(buf, &f->h);
	e = check_header(&f->h, len, fault);
	if (e)
		return e;
	f->rec = (const unsigned char *)buf + SECMON_TRACE_HEADER_SIZE;
	for (i = 0; i < f->h.count; i++) {
		secmon_trace_get(f, i, &r);
		e = secmon_trace_check_record(&r, f->h.cpu_count, fault);
		if (e) {
			fault->offset += SECMON_TRACE_HEADER_SIZE +
					 (uint64_t)i * SECMON_TRACE_RECORD_SIZE;
			fault->record = i;
			return e;
		}
	}
	return SECMON_OK;
}

void secmon_trace_get(const struct secmon_trace_file *f, uint32_t i,
		      struct secmon_trace_record *r)
{
	secmon_trace_get_record(f->rec + (size_t)i * SECMON_TRACE_RECORD_SIZE, r);
}

/* Whether record a goes before record b on the merged timeline. */
static bool before(const struct secmon_trace_file *f, uint32_t a, uint32_t b)
{
	const unsigned char *pa = f->rec + (size_t)a * SECMON_TRACE_RECORD_SIZE;
	const unsigned char *pb = f->rec + (size_t)b * SECMON_TRACE_RECORD_SIZE;
	uint64_t ta = get(pa + R_ENTRY, 8), tb = get(pb + R_ENTRY, 8);
	uint64_t ca = get(pa + R_CPU, 2), cb = get(pb + R_CPU, 2);

	if (ta != tb)
		return ta < tb;
	if (ca != cb)
		return ca < cb;
	return a < b;
}

/* Bottom-up merge sort, stable; no recursion, no allocation. */
void secmon_trace_order(const struct secmon_trace_file *f, uint32_t *idx, uint32_t *tmp)
{
	uint32_t n = f->h.count, w, lo, i, a, b, mid, hi;
	uint32_t *src = idx, *dst = tmp, *t;

	for (i = 0; i < n; i++)
		idx[i] = i;
	for (w = 1; w < n; w = w > n / 2 ? n : 2 * w) {
		for (lo = 0; lo < n; lo = hi) {
			mid = n - lo > w ? lo + w : n;
			hi = n - mid > w ? mid + w : n;
			for (a = lo, b = mid, i = lo; i < hi; i++)
				dst[i] = a < mid && (b >= hi || !before(f, src[b], src[a])) ?
						 src[a++] : src[b++];
		}
		t = src;
		src = dst;
		dst = t;
	}
	if (src != idx)
		for (i = 0; i < n; i++)
			idx[i] = src[i];
}
