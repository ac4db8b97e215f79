// SPDX-License-Identifier: BSD-3-Clause
/*
 * Trace files (lib/trace.c): the encoder writes the layout of trace.h byte
 * for byte, the decoder reads back what it wrote, refuses every malformed
 * header and record field with the field's offset, never reads past the
 * buffer (ASan), and merges the CPUs' records by time.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <secmon/error.h>
#include <secmon/tracefile.h>

#define HDR SECMON_TRACE_HEADER_SIZE
#define REC SECMON_TRACE_RECORD_SIZE
#define MAXREC 16

static unsigned char file[HDR + MAXREC * REC];

static struct secmon_trace_record smc(uint16_t cpu, uint32_t seq, uint64_t t, uint32_t fid)
{
	struct secmon_trace_record r;

	memset(&r, 0, sizeof(r));
	r.cpu = cpu;
	r.seq = seq;
	r.t_entry = t;
	r.t_exit = t + 3;
	r.type = SECMON_TRACE_SMC;
	r.flags = 2u << SECMON_TRACE_F_EL_SHIFT | SECMON_TRACE_F_SMC64;
	r.fid = fid;
	r.nargs = 3;
	r.arg[0] = 1;
	r.arg[1] = 0x40080000;
	r.arg[2] = 0xfeedface;
	r.nres = 1;
	r.res[0] = (uint64_t)-4;
	return r;
}

static struct secmon_trace_record power(uint16_t cpu, uint32_t seq, uint64_t t, uint32_t ev)
{
	struct secmon_trace_record r;

	memset(&r, 0, sizeof(r));
	r.cpu = cpu;
	r.seq = seq;
	r.t_entry = t;
	r.t_exit = t;
	r.type = SECMON_TRACE_POWER;
	r.fid = ev;
	return r;
}

/* Writes a header for n records of `cpus` CPUs and the records; returns the size. */
static size_t build(const struct secmon_trace_record *r, unsigned n, uint32_t cpus)
{
	struct secmon_trace_header h = {
		.magic = SECMON_TRACE_MAGIC, .version = SECMON_TRACE_VERSION,
		.record_size = REC, .counter_hz = 62500000, .cpu_count = cpus, .count = n,
		.lost = 5,
	};
	size_t len = secmon_trace_put_header(file, &h);
	unsigned i;

	for (i = 0; i < n; i++)
		len += secmon_trace_put_record(file + len, &r[i]);
	return len;
}

static void encoding_is_the_layout_of_trace_h(void **state)
{
	struct secmon_trace_record r = smc(3, 0x01020304, 0x1122334455667788ull, 0xc4000003);
	struct secmon_trace_header h = {
		.magic = SECMON_TRACE_MAGIC, .version = 1, .record_size = REC,
		.counter_hz = 0x0102030405060708ull, .cpu_count = 0x0a0b0c0d, .count = 7,
		.lost = 0x1112131415161718ull,
	};
	unsigned char hb[HDR], rb[REC];

	(void)state;
	assert_int_equal(secmon_trace_put_header(hb, &h), 40);
	assert_int_equal(secmon_trace_put_record(rb, &r), 128);
	/* Little-endian, at the offsets of the C structs. */
	assert_memory_equal(hb, "SMTR", 4);
	assert_int_equal(hb[4], 1);
	assert_int_equal(hb[6], 128);
	assert_int_equal(hb[8], 0x08);
	assert_int_equal(hb[15], 0x01);
	assert_int_equal(hb[16], 0x0d);
	assert_int_equal(hb[20], 7);
	assert_int_equal(hb[24], 0x18);
	assert_int_equal(rb[0], 0x88);
	assert_int_equal(rb[7], 0x11);
	assert_int_equal(rb[16], 0x04);
	assert_int_equal(rb[20], 3);
	assert_int_equal(rb[22], SECMON_TRACE_SMC);
	assert_int_equal(rb[24], 0x03);
	assert_int_equal(rb[27], 0xc4);
	assert_int_equal(rb[28], 3);
	assert_int_equal(rb[29], 1);
	assert_int_equal(rb[32 + 8], 0x00);
	assert_int_equal(rb[32 + 10], 0x08);
	assert_int_equal(rb[88], 0xfc);
	assert_int_equal(rb[95], 0xff);
	/* On a little-endian host the bytes are the struct's own. */
	assert_int_equal(offsetof(struct secmon_trace_record, arg), 32);
	assert_int_equal(offsetof(struct secmon_trace_record, res), 88);
	assert_memory_equal(rb, &r, sizeof(r));
}

static void decoder_reads_back_what_the_encoder_wrote(void **state)
{
	struct secmon_trace_record in[3] = {
		smc(0, 0, 100, 0xc4000003), power(0, 1, 104, SECMON_TRACE_EV_CPU_ON),
		power(1, 0, 120, SECMON_TRACE_EV_WARM_BOOT),
	};
	struct secmon_trace_record out;
	struct secmon_trace_file f;
	struct secmon_trace_fault e;
	size_t len = build(in, 3, 2);
	unsigned i;

	(void)state;
	assert_int_equal(secmon_trace_open(file, len, &f, &e), SECMON_OK);
	assert_int_equal(f.h.count, 3);
	assert_int_equal(f.h.cpu_count, 2);
	assert_int_equal(f.h.counter_hz, 62500000);
	assert_int_equal(f.h.lost, 5);
	for (i = 0; i < 3; i++) {
		secmon_trace_get(&f, i, &out);
		assert_memory_equal(&out, &in[i], sizeof(out));
	}
}

static void empty_trace_is_valid(void **state)
{
	struct secmon_trace_file f;
	struct secmon_trace_fault e;
	uint32_t idx[1], tmp[1];

	(void)state;
	assert_int_equal(secmon_trace_open(file, build(0, 0, 1), &f, &e), SECMON_OK);
	assert_int_equal(f.h.count, 0);
	secmon_trace_order(&f, idx, tmp);
}

/* A header field set to a bad value: the offset and field the decoder names. */
struct bad_header {
	unsigned off, width;
	uint64_t value;
	const char *field;
};

static void bad_header_fields_are_refused_by_offset(void **state)
{
	static const struct bad_header cases[] = {
		{ 0, 4, 0x52544d54, "magic" },
		{ 4, 2, 1, "version" },	/* before CLEARED records: read no more */
		{ 4, 2, 3, "version" },
		{ 4, 2, 0, "version" },
		{ 6, 2, 64, "record_size" },
		{ 8, 8, 0, "counter_hz" },
		{ 16, 4, 0, "cpu_count" },
		{ 16, 4, SECMON_TRACE_MAX_CPUS + 1, "cpu_count" },
		{ 20, 4, 3, "count" },
		{ 20, 4, 0xffffffff, "count" },
		{ 32, 8, 1, "reserved" },
	};
	struct secmon_trace_record in[2] = { smc(0, 0, 1, 0x84000000), smc(1, 0, 2, 0x84000000) };
	struct secmon_trace_file f;
	struct secmon_trace_fault e;
	unsigned i, b;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t len = build(in, 2, 2);

		for (b = 0; b < cases[i].width; b++)
			file[cases[i].off + b] = (unsigned char)(cases[i].value >> (8 * b));
		assert_int_equal(secmon_trace_open(file, len, &f, &e), SECMON_E_INVALID_PARAMETERS);
		assert_int_equal(e.offset, cases[i].off);
		assert_int_equal(e.record, SECMON_TRACE_NO_RECORD);
		assert_string_equal(e.field, cases[i].field);
		assert_non_null(e.what);
	}
}

static void truncated_files_are_refused_at_every_length(void **state)
{
	struct secmon_trace_record in[2] = { smc(0, 0, 1, 0x84000000), smc(1, 0, 2, 0x84000000) };
	size_t full = build(in, 2, 2), len;
	struct secmon_trace_file f;
	struct secmon_trace_fault e;
	static unsigned char copy[HDR + 2 * REC];

	(void)state;
	/* Each cut in a heap buffer of exactly its length: ASan catches any read past it. */
	for (len = 0; len < full; len++) {
		unsigned char *p = len ? malloc(len) : copy;

		memcpy(p, file, len);
		assert_int_equal(secmon_trace_open(p, len, &f, &e), SECMON_E_INVALID_PARAMETERS);
		if (len < HDR) {
			assert_string_equal(e.field, "header");
			assert_int_equal(e.offset, len);
		} else {
			assert_string_equal(e.field, "count");
		}
		if (len)
			free(p);
	}
	/* Bytes after the last record: named where they start. */
	file[full] = 0;
	assert_int_equal(secmon_trace_open(file, full + 1, &f, &e), SECMON_E_INVALID_PARAMETERS);
	assert_int_equal(e.offset, full);
	assert_string_equal(e.field, "count");
}

struct bad_record {
	void (*spoil)(struct secmon_trace_record *r);
	unsigned off;
	const char *field;
};

static void bad_type(struct secmon_trace_record *r) { r->type = 4; }
static void zero_type(struct secmon_trace_record *r) { r->type = 0; }
static void bad_cpu(struct secmon_trace_record *r) { r->cpu = 2; }
static void bad_exit(struct secmon_trace_record *r) { r->t_exit = r->t_entry - 1; }
static void bad_nargs(struct secmon_trace_record *r) { r->nargs = 8; }
static void bad_nres(struct secmon_trace_record *r) { r->nres = 5; }
static void bad_reserved(struct secmon_trace_record *r) { r->reserved = 1; }
static void bad_reserved2(struct secmon_trace_record *r) { r->reserved2 = 1ull << 63; }
static void bad_flags(struct secmon_trace_record *r) { r->flags |= 0x20; }
static void bad_el0(struct secmon_trace_record *r) { r->flags &= (uint8_t)~SECMON_TRACE_F_EL_MASK; }
static void bad_el3(struct secmon_trace_record *r) { r->flags |= SECMON_TRACE_F_EL_MASK; }
static void bad_event(struct secmon_trace_record *r)
{
	r->type = SECMON_TRACE_POWER;
	r->flags = 0;
	r->fid = 9;
}
static void zero_event(struct secmon_trace_record *r)
{
	r->type = SECMON_TRACE_POWER;
	r->flags = 0;
	r->fid = 0;
}
/* A CLEARED record: fid 0, one argument (the records discarded), no result. */
static void cleared(struct secmon_trace_record *r)
{
	*r = (struct secmon_trace_record){ .t_entry = r->t_entry, .t_exit = r->t_entry,
					   .seq = r->seq, .cpu = r->cpu,
					   .type = SECMON_TRACE_CLEARED, .nargs = 1, .arg = { 3 } };
}
static void cleared_fid(struct secmon_trace_record *r) { cleared(r); r->fid = 1; }
static void cleared_nargs(struct secmon_trace_record *r) { cleared(r); r->nargs = 0; }
static void cleared_nres(struct secmon_trace_record *r) { cleared(r); r->nres = 1; }

static void bad_record_fields_are_refused_by_offset(void **state)
{
	static const struct bad_record cases[] = {
		{ bad_type, 22, "type" }, { zero_type, 22, "type" }, { bad_cpu, 20, "cpu" },
		{ bad_exit, 8, "t_exit" }, { bad_nargs, 28, "nargs" }, { bad_nres, 29, "nres" },
		{ bad_reserved, 30, "reserved" }, { bad_reserved2, 120, "reserved2" },
		{ bad_flags, 23, "flags" }, { bad_el0, 23, "flags" }, { bad_el3, 23, "flags" },
		{ bad_event, 24, "fid" }, { zero_event, 24, "fid" },
		{ cleared_fid, 24, "fid" }, { cleared_nargs, 28, "nargs" },
		{ cleared_nres, 29, "nres" },
	};
	struct secmon_trace_file f;
	struct secmon_trace_fault e;
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct secmon_trace_record in[3] = {
			smc(0, 0, 10, 0x84000000), smc(1, 0, 20, 0xc4000003),
			smc(0, 1, 30, 0x84000002),
		};
		size_t len;

		cases[i].spoil(&in[1]);
		len = build(in, 3, 2);
		assert_int_equal(secmon_trace_open(file, len, &f, &e), SECMON_E_INVALID_PARAMETERS);
		assert_int_equal(e.record, 1);
		assert_int_equal(e.offset, HDR + REC + cases[i].off);
		assert_string_equal(e.field, cases[i].field);
		/* And the record alone, offset inside the record. */
		assert_int_equal(secmon_trace_check_record(&in[1], 2, &e),
				 SECMON_E_INVALID_PARAMETERS);
		assert_int_equal(e.offset, cases[i].off);
	}
}

static void every_event_and_flag_combination_is_accepted(void **state)
{
	struct secmon_trace_fault e;
	struct secmon_trace_record r;
	uint32_t ev;
	unsigned fl;

	(void)state;
	for (ev = SECMON_TRACE_EV_CPU_ON; ev <= SECMON_TRACE_EV_SYSTEM_OFF; ev++) {
		r = power(0, 0, 5, ev);
		assert_int_equal(secmon_trace_check_record(&r, 1, &e), SECMON_OK);
	}
	r = power(0, 0, 5, 0);
	cleared(&r);
	assert_int_equal(secmon_trace_check_record(&r, 1, &e), SECMON_OK);
	for (fl = 0; fl < 0x20; fl++) {
		unsigned el = (fl & SECMON_TRACE_F_EL_MASK) >> SECMON_TRACE_F_EL_SHIFT;

		r = smc(0, 0, 5, 0x84000000);
		r.flags = (uint8_t)fl;
		assert_int_equal(secmon_trace_check_record(&r, 1, &e),
				 el == 1 || el == 2 ? SECMON_OK : SECMON_E_INVALID_PARAMETERS);
	}
}

static void order_merges_cpus_by_time_stably(void **state)
{
	/* File order as TRACE_READ gives it: CPU 0's records, then CPU 1's, then CPU 2's. */
	struct secmon_trace_record in[7] = {
		smc(0, 0, 10, 1), smc(0, 1, 40, 2), smc(0, 2, 40, 3),
		smc(1, 0, 5, 4), smc(1, 1, 40, 5),
		smc(2, 0, 40, 6), smc(2, 1, 90, 7),
	};
	static const uint32_t want[7] = { 3, 0, 1, 2, 4, 5, 6 };
	struct secmon_trace_file f;
	struct secmon_trace_fault e;
	uint32_t idx[7], tmp[7];

	(void)state;
	assert_int_equal(secmon_trace_open(file, build(in, 7, 3), &f, &e), SECMON_OK);
	secmon_trace_order(&f, idx, tmp);
	assert_memory_equal(idx, want, sizeof(want));
}

static void order_sorts_every_size(void **state)
{
	struct secmon_trace_record in[MAXREC];
	struct secmon_trace_file f;
	struct secmon_trace_fault e;
	uint32_t idx[MAXREC], tmp[MAXREC], n, i;

	(void)state;
	for (n = 1; n <= MAXREC; n++) {
		for (i = 0; i < n; i++)
			in[i] = smc((uint16_t)(i % 3), i, (i * 7919u) % 13u, i);
		assert_int_equal(secmon_trace_open(file, build(in, n, 3), &f, &e), SECMON_OK);
		secmon_trace_order(&f, idx, tmp);
		for (i = 1; i < n; i++) {
			const struct secmon_trace_record *a = &in[idx[i - 1]], *b = &in[idx[i]];

			assert_true(a->t_entry < b->t_entry ||
				    (a->t_entry == b->t_entry &&
				     (a->cpu < b->cpu || (a->cpu == b->cpu && idx[i - 1] < idx[i]))));
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(encoding_is_the_layout_of_trace_h),
		cmocka_unit_test(decoder_reads_back_what_the_encoder_wrote),
		cmocka_unit_test(empty_trace_is_valid),
		cmocka_unit_test(bad_header_fields_are_refused_by_offset),
		cmocka_unit_test(truncated_files_are_refused_at_every_length),
		cmocka_unit_test(bad_record_fields_are_refused_by_offset),
		cmocka_unit_test(every_event_and_flag_combination_is_accepted),
		cmocka_unit_test(order_merges_cpus_by_time_stably),
		cmocka_unit_test(order_sorts_every_size),
	};

	return cmocka_run_group_tests(tests, 0, 0);
}
