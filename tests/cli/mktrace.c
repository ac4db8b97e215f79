// SPDX-License-Identifier: BSD-3-Clause
/*
 * mktrace: writes a trace file with the library's encoder from a text
 * description, so that tests commit text, never binaries.
 *
 *   mktrace OUT < description
 *
 * One line per header or record, "key=value" words (numbers in C syntax),
 * '#' starts a comment:
 *
 *   header hz=62500000 cpus=4 lost=0          (count= is the records' number
 *                                               unless given; magic=, version=,
 *                                               record_size=, reserved= too)
 *   smc cpu=0 t=100 exit=120 fid=0xc4000003 el=2 smc64=1 args=1,0x40080000,0 res=0
 *   power cpu=0 t=130 ev=1 args=1,0x40080000,0
 *   cleared cpu=1 t=140 args=12                (TRACE_CTL discarded 12 records)
 *
 * Record keys: cpu, seq (default: the CPU's previous + 1), t, exit (default
 * t), fid or ev, flags (or el=, smc64=, a32=, hvc=), args=, res=, nargs=,
 * nres= (default: the lists' lengths), reserved=, reserved2=, type= (the
 * record's type byte, for malformed files).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/tracefile.h>

#define MAX_RECORDS 100000
#define MAX_CPUS 64

static struct secmon_trace_record recs[MAX_RECORDS];

static uint64_t num(const char *s, unsigned line)
{
	char *end;
	uint64_t v = strtoull(s, &end, 0);

	if (end == s || (*end && *end != ',')) {
		fprintf(stderr, "mktrace: line %u: '%s' is not a number\n", line, s);
		exit(2);
	}
	return v;
}

/* "a,b,c" into v[]; returns how many. */
static unsigned list(const char *s, uint64_t *v, unsigned max, unsigned line)
{
	unsigned n = 0;

	while (*s && n < max) {
		v[n++] = num(s, line);
		s = strchr(s, ',');
		if (!s)
			break;
		s++;
	}
	return n;
}

int main(int argc, char **argv)
{
	struct secmon_trace_header h = {
		.magic = SECMON_TRACE_MAGIC, .version = SECMON_TRACE_VERSION,
		.record_size = SECMON_TRACE_RECORD_SIZE, .counter_hz = 1000000, .cpu_count = 1,
	};
	uint32_t next_seq[MAX_CPUS] = { 0 };
	unsigned char buf[SECMON_TRACE_RECORD_SIZE];
	char line[1024], *w, *save;
	unsigned n = 0, lineno = 0, i;
	int count = -1;
	FILE *out;

	if (argc != 2) {
		fputs("usage: mktrace OUT < description\n", stderr);
		return 2;
	}
	while (fgets(line, sizeof(line), stdin)) {
		struct secmon_trace_record *r = &recs[n];
		int nargs = -1, nres = -1, seq = -1, exit_given = 0, header = 0;
		unsigned el = 1, flags = 0;
		int flags_given = 0;

		lineno++;
		if (strchr(line, '#'))
			*strchr(line, '#') = 0;
		w = strtok_r(line, " \t\n", &save);
		if (!w)
			continue;
		if (!strcmp(w, "header")) {
			header = 1;
		} else if (!strcmp(w, "smc") || !strcmp(w, "power") || !strcmp(w, "cleared")) {
			if (n == MAX_RECORDS) {
				fprintf(stderr, "mktrace: more than %u records\n", MAX_RECORDS);
				return 2;
			}
			memset(r, 0, sizeof(*r));
			r->type = w[0] == 's'	? SECMON_TRACE_SMC
				  : w[0] == 'p' ? SECMON_TRACE_POWER
						: SECMON_TRACE_CLEARED;
		} else {
			fprintf(stderr, "mktrace: line %u: unknown line '%s'\n", lineno, w);
			return 2;
		}
		while ((w = strtok_r(0, " \t\n", &save))) {
			char *v = strchr(w, '=');

			if (!v) {
				fprintf(stderr, "mktrace: line %u: '%s' is not key=value\n", lineno, w);
				return 2;
			}
			*v++ = 0;
			if (header) {
				if (!strcmp(w, "hz"))
					h.counter_hz = num(v, lineno);
				else if (!strcmp(w, "cpus"))
					h.cpu_count = (uint32_t)num(v, lineno);
				else if (!strcmp(w, "lost"))
					h.lost = num(v, lineno);
				else if (!strcmp(w, "count"))
					count = (int)num(v, lineno);
				else if (!strcmp(w, "magic"))
					h.magic = (uint32_t)num(v, lineno);
				else if (!strcmp(w, "version"))
					h.version = (uint16_t)num(v, lineno);
				else if (!strcmp(w, "record_size"))
					h.record_size = (uint16_t)num(v, lineno);
				else if (!strcmp(w, "reserved"))
					h.reserved = num(v, lineno);
				else
					goto bad_key;
				continue;
			}
			if (!strcmp(w, "cpu"))
				r->cpu = (uint16_t)num(v, lineno);
			else if (!strcmp(w, "seq"))
				seq = (int)num(v, lineno);
			else if (!strcmp(w, "t"))
				r->t_entry = num(v, lineno);
			else if (!strcmp(w, "exit"))
				r->t_exit = num(v, lineno), exit_given = 1;
			else if (!strcmp(w, "fid") || !strcmp(w, "ev"))
				r->fid = (uint32_t)num(v, lineno);
			else if (!strcmp(w, "flags"))
				flags = (unsigned)num(v, lineno), flags_given = 1;
			else if (!strcmp(w, "el"))
				el = (unsigned)num(v, lineno);
			else if (!strcmp(w, "smc64"))
				flags |= num(v, lineno) ? SECMON_TRACE_F_SMC64 : 0;
			else if (!strcmp(w, "a32"))
				flags |= num(v, lineno) ? SECMON_TRACE_F_AARCH32 : 0;
			else if (!strcmp(w, "hvc"))
				flags |= num(v, lineno) ? SECMON_TRACE_F_HVC : 0;
			else if (!strcmp(w, "args"))
				r->nargs = (uint8_t)list(v, r->arg, SECMON_TRACE_ARGS, lineno);
			else if (!strcmp(w, "res"))
				r->nres = (uint8_t)list(v, r->res, SECMON_TRACE_RESULTS, lineno);
			else if (!strcmp(w, "nargs"))
				nargs = (int)num(v, lineno);
			else if (!strcmp(w, "nres"))
				nres = (int)num(v, lineno);
			else if (!strcmp(w, "reserved"))
				r->reserved = (uint16_t)num(v, lineno);
			else if (!strcmp(w, "type"))
				r->type = (uint8_t)num(v, lineno);
			else if (!strcmp(w, "reserved2"))
				r->reserved2 = num(v, lineno);
			else
				goto bad_key;
			continue;
bad_key:
			fprintf(stderr, "mktrace: line %u: unknown key '%s'\n", lineno, w);
			return 2;
		}
		if (header)
			continue;
		if (!exit_given)
			r->t_exit = r->t_entry;
		if (nargs >= 0)
			r->nargs = (uint8_t)nargs;
		if (nres >= 0)
			r->nres = (uint8_t)nres;
		if (r->type == SECMON_TRACE_SMC && !flags_given)
			flags |= (el << SECMON_TRACE_F_EL_SHIFT) & SECMON_TRACE_F_EL_MASK;
		r->flags = (uint8_t)flags;
		r->seq = seq >= 0 ? (uint32_t)seq : next_seq[r->cpu % MAX_CPUS];
		next_seq[r->cpu % MAX_CPUS] = r->seq + 1;
		n++;
	}
	h.count = count >= 0 ? (uint32_t)count : n;
	out = fopen(argv[1], "wb");
	if (!out) {
		perror(argv[1]);
		return 1;
	}
	secmon_trace_put_header(buf, &h);
	fwrite(buf, 1, SECMON_TRACE_HEADER_SIZE, out);
	for (i = 0; i < n; i++) {
		secmon_trace_put_record(buf, &recs[i]);
		fwrite(buf, 1, SECMON_TRACE_RECORD_SIZE, out);
	}
	return fclose(out) ? 1 : 0;
}
