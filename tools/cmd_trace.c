// SPDX-License-Identifier: BSD-3-Clause
/* `secmon trace [--json | --svg OUT.svg] FILE`: a monitor trace decoded. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "tracedoc.h"

void cmd_trace_help(FILE *f)
{
	fputs("usage: secmon trace [--json | --svg OUT.svg] <file> [<file>...]\n"
	      "\n"
	      "Decodes a trace the monitor recorded (the file the Linux module's debugfs\n"
	      "secmon/trace gives, or a test wrote): every CPU's records merged by time,\n"
	      "one line each: microseconds from the first record, the CPU, the call as\n"
	      "`secmon decode` names it with its convention and caller's EL, its\n"
	      "arguments and its result named by its error code; power events (CPU_ON,\n"
	      "CPU_OFF, STANDBY, POWERDOWN at a level, SYSTEM_SUSPEND, WARM_BOOT,\n"
	      "SYSTEM_RESET, SYSTEM_OFF) with their arguments. Records lost to ring\n"
	      "overrun are shown where their CPU's sequence numbers jump, and counted in\n"
	      "the first line; records TRACE_CTL discarded are shown by the CLEARED\n"
	      "record after them. A malformed file is refused with the offset and field.\n"
	      "Several files (successive reads of one machine's trace) are read as one.\n"
	      "\n"
	      "Options:\n"
	      "  --json         one JSON object on stdout (keys in docs/cli.md)\n"
	      "  --svg OUT.svg  write the timeline as SVG (one lane per CPU, power state\n"
	      "                 as coloured spans, SMCs as ticks with their call on hover,\n"
	      "                 CPU_ON as arrows, a time axis in microseconds, a legend)\n"
	      "  --help         this help\n"
	      "\n"
	      "Example: secmon trace --svg trace.svg trace.bin\n",
	      f);
}

static void print_lost(const struct trace_doc *d, uint32_t i, const struct secmon_trace_record *r,
		       bool json, struct json *j)
{
	int64_t g = d->gap[i];

	if (!g)
		return;
	if (json) {
		json_obj(j);
		json_key(j, "type");
		json_str(j, g > 0 ? "lost" : "seq_back");
		json_key(j, "cpu");
		json_uint(j, r->cpu);
		json_key(j, "time_us");
		json_real(j, trace_us(d, r->t_entry), 3);
		json_key(j, "count");
		json_int(j, g > 0 ? g : 0);
		json_key(j, "seq_before");
		json_uint(j, d->prev_seq[i]);
		json_key(j, "seq_after");
		json_uint(j, r->seq);
		json_end(j);
		return;
	}
	if (g > 0)
		printf("%12.3f  cpu%-3u %" PRId64 " record%s LOST (seq %" PRIu32 " to %" PRIu32 ")\n",
		       trace_us(d, r->t_entry), r->cpu, g, g == 1 ? "" : "s", d->prev_seq[i],
		       r->seq);
	else
		printf("%12.3f  cpu%-3u seq goes back from %" PRIu32 " to %" PRIu32
		       " (records out of order)\n",
		       trace_us(d, r->t_entry), r->cpu, d->prev_seq[i], r->seq);
}

static void print_text_record(const struct trace_doc *d, const struct secmon_trace_record *r)
{
	struct trace_desc t;
	double dur = trace_us(d, r->t_exit) - trace_us(d, r->t_entry);

	trace_describe(r, &t);
	printf("%12.3f  cpu%-3u ", trace_us(d, r->t_entry), r->cpu);
	if (t.smc)
		printf("%s %s%s%s -> %s", t.conv, t.name, t.detail[0] ? " " : "", t.detail,
		       t.result);
	else
		printf("%s %s%s%s", t.cleared ? "trace" : "power", t.name, t.detail[0] ? " " : "",
		       t.detail);
	if (r->t_exit != r->t_entry)
		printf(" [%.3f us]", dur);
	putchar('\n');
}

static void print_json_record(const struct trace_doc *d, struct json *j,
			      const struct secmon_trace_record *r)
{
	struct trace_desc t;
	unsigned i;

	trace_describe(r, &t);
	json_obj(j);
	json_key(j, "type");
	json_str(j, t.smc ? "smc" : t.cleared ? "cleared" : "power");
	json_key(j, "cpu");
	json_uint(j, r->cpu);
	json_key(j, "seq");
	json_uint(j, r->seq);
	json_key(j, "time_us");
	json_real(j, trace_us(d, r->t_entry), 3);
	json_key(j, "duration_us");
	json_real(j, trace_us(d, r->t_exit) - trace_us(d, r->t_entry), 3);
	json_key(j, "t_entry");
	json_uint(j, r->t_entry);
	json_key(j, "t_exit");
	json_uint(j, r->t_exit);
	if (t.smc) {
		json_key(j, "fid");
		json_strf(j, "0x%08" PRIx32, r->fid);
		json_key(j, "name");
		json_str(j, t.known ? t.k.name : 0);
		json_key(j, "call");
		json_str(j, t.name);
		json_key(j, "smc64");
		json_bool(j, (r->flags & SECMON_TRACE_F_SMC64) != 0);
		json_key(j, "hvc");
		json_bool(j, (r->flags & SECMON_TRACE_F_HVC) != 0);
		json_key(j, "aarch32");
		json_bool(j, (r->flags & SECMON_TRACE_F_AARCH32) != 0);
		json_key(j, "el");
		json_uint(j, (r->flags & SECMON_TRACE_F_EL_MASK) >> SECMON_TRACE_F_EL_SHIFT);
		json_key(j, "args");
		json_arr(j);
		for (i = 0; i < r->nargs; i++)
			json_hex(j, r->arg[i]);
		json_end(j);
		json_key(j, "results");
		json_arr(j);
		for (i = 0; i < r->nres; i++)
			json_hex(j, r->res[i]);
		json_end(j);
		json_key(j, "result");
		json_str(j, t.result);
		json_key(j, "code");
		json_str(j, r->nres && t.r.code[0] ? t.r.code : 0);
		json_key(j, "error");
		json_bool(j, t.error);
	} else if (t.cleared) {
		json_key(j, "discarded");
		json_uint(j, r->arg[0]);
		json_key(j, "detail");
		json_str(j, t.detail);
		json_key(j, "args");
		json_arr(j);
		json_hex(j, r->arg[0]);
		json_end(j);
	} else {
		json_key(j, "event");
		json_str(j, t.name);
		json_key(j, "detail");
		json_str(j, t.detail);
		json_key(j, "args");
		json_arr(j);
		for (i = 0; i < r->nargs; i++)
			json_hex(j, r->arg[i]);
		json_end(j);
	}
	json_end(j);
}

static void print_all(const struct trace_doc *d, bool json)
{
	const struct secmon_trace_header *h = &d->f.h;
	struct secmon_trace_record r;
	struct json j;
	uint32_t n;

	if (json) {
		json_begin(&j, stdout);
		json_obj(&j);
		json_key(&j, "version");
		json_uint(&j, h->version);
		json_key(&j, "counter_hz");
		json_uint(&j, h->counter_hz);
		json_key(&j, "cpu_count");
		json_uint(&j, h->cpu_count);
		json_key(&j, "count");
		json_uint(&j, h->count);
		json_key(&j, "lost");
		json_uint(&j, h->lost);
		json_key(&j, "records");
		json_arr(&j);
	} else {
		printf("# secmon trace: %" PRIu32 " records, %" PRIu32 " CPUs, counter %" PRIu64
		       " Hz, %" PRIu64 " records lost to ring overrun\n",
		       h->count, h->cpu_count, h->counter_hz, h->lost);
		printf("# %10s  %-6s %s\n", "time (us)", "cpu", "record");
	}
	for (n = 0; n < h->count; n++) {
		secmon_trace_get(&d->f, d->order[n], &r);
		print_lost(d, d->order[n], &r, json, &j);
		if (json)
			print_json_record(d, &j, &r);
		else
			print_text_record(d, &r);
	}
	if (json) {
		json_end(&j);
		json_end(&j);
		json_finish(&j);
	}
}

/* The options; the files into files[]. -1: help shown; else 0 or an exit status. */
static int parse(int argc, char **argv, bool *json, const char **svg, const char **files,
		 unsigned *nfiles)
{
	bool opts = true;
	int i;

	for (i = 1; i < argc; i++) {
		if (opts && cli_is_help(argv[i])) {
			cmd_trace_help(stdout);
			return -1;
		} else if (opts && !strcmp(argv[i], "--json")) {
			*json = true;
		} else if (opts && !strcmp(argv[i], "--svg")) {
			if (++i == argc)
				return cli_usage("trace", "--svg needs the output file");
			*svg = argv[i];
		} else if (opts && !strcmp(argv[i], "--")) {
			opts = false;
		} else if (opts && argv[i][0] == '-' && argv[i][1] == '-') {
			return cli_usage("trace", "unknown option '%s'", argv[i]);
		} else {
			files[(*nfiles)++] = argv[i];
		}
	}
	if (!*nfiles)
		return cli_usage("trace", "missing the trace file");
	if (*json && *svg)
		return cli_usage("trace", "--json and --svg: choose one");
	return 0;
}

int cmd_trace(int argc, char **argv)
{
	const char *svg = 0, **files;
	unsigned nfiles = 0;
	bool json = false;
	struct trace_doc d;
	FILE *out;
	int rc;

	files = calloc((size_t)argc, sizeof(*files));
	if (!files)
		return cli_fail("trace", "out of memory");
	rc = parse(argc, argv, &json, &svg, files, &nfiles);
	if (!rc)
		rc = trace_load("trace", files, nfiles, &d);
	free(files);
	if (rc)
		return rc < 0 ? CLI_EXIT_OK : rc;
	if (!svg) {
		print_all(&d, json);
		trace_free(&d);
		return CLI_EXIT_OK;
	}
	out = fopen(svg, "w");
	if (!out) {
		trace_free(&d);
		return cli_fail("trace", "%s: cannot write", svg);
	}
	trace_svg(&d, out);
	if (fclose(out)) {
		trace_free(&d);
		return cli_fail("trace", "%s: write error", svg);
	}
	printf("%s: %" PRIu32 " records, %" PRIu32 " CPUs, %.3f us\n", svg, d.f.h.count,
	       d.f.h.cpu_count, trace_us(&d, d.t_end));
	trace_free(&d);
	return CLI_EXIT_OK;
}
