// SPDX-License-Identifier: BSD-3-Clause
/*
 * `secmon scmi --sim <protocol> <message> [words...] [-- ...]`: SCMI
 * messages to the simulated monitor's SCMI server, sent from simulated CPU 0
 * through the library's client (lib/scmi.c) over the simulator's channel,
 * and their answers decoded with scmi_msgs.c's layouts.
 */
#include <inttypes.h>
#include <string.h>

#include <secmon/scmi.h>
#include "../monitor/plat/host/sim.h"
#include "cli.h"
#include "json.h"
#include "dt.h"
#include "simcall.h"
#include "scmi_msgs.h"

#define CMD "scmi"
#define MAX_MSGS 32
#define MAX_IN 34	/* one word more than fits, to see it refused */

void cmd_scmi_help(FILE *f)
{
	const struct scmi_proto *p;
	const struct scmi_msgdesc *m;

	fputs("usage: secmon scmi --sim [--dtb <board.dtb|board.dts>] [--aarch32] [--timeout S]\n"
	      "                   [--json] <protocol> <message> [word...] [-- <protocol> ...]\n"
	      "\n"
	      "Boots the simulated monitor and sends SCMI messages (Arm DEN0056) to its\n"
	      "SCMI server over the SMC transport, from simulated CPU 0 with the\n"
	      "library's client (lib/scmi.c), in order, in one simulation; prints each\n"
	      "message's payload, the status named and the answer decoded.\n"
	      "\n"
	      "<protocol> is a name below or a number (0x14); <message> a name (case-\n"
	      "insensitive, '-' for '_', the PROTOCOL_ or protocol prefix optional:\n"
	      "version, rate-get, CLOCK_RATE_GET) or a number. <word>s are the payload,\n"
	      "32 bits each (0x<hex> or <decimal>). Messages are separated by -- or ';'.\n"
	      "With --dtb the monitor serves the board DT given (its secmon,scmi node\n"
	      "describes the resources; docs/scmi.md).\n"
	      "\n"
	      "Options:\n"
	      "  --sim        the in-process simulated monitor (required)\n"
	      "  --dtb FILE   the board DT the monitor serves\n"
	      "  --aarch32    the caller runs AArch32\n"
	      "  --timeout S  give up after S seconds (default 10; exit status 1)\n"
	      "  --json       one JSON object on stdout (keys in docs/cli.md)\n"
	      "\n"
	      "Protocols and messages (payload words):\n",
	      f);
	for (unsigned i = 0; scmi_proto_at(i, &p); i++) {
		fprintf(f, "  %-7s 0x%02x %s: PROTOCOL_VERSION, PROTOCOL_ATTRIBUTES,\n", p->key,
			p->id, p->title);
		fputs("               PROTOCOL_MESSAGE_ATTRIBUTES (message_id)\n", f);
		for (unsigned k = 0; scmi_msg_at(k, &m); k++) {
			if (m->proto != p->id || m->id < 3)
				continue;
			fprintf(f, "    0x%x %s", m->id, m->name);
			for (unsigned n = 0; n < scmi_msg_nparams(m); n++)
				fprintf(f, "%s%s", n ? " " : " (", m->params[n]);
			fputs(scmi_msg_nparams(m) ? ")\n" : "\n", f);
		}
	}
	fputs("\n"
	      "Examples:\n"
	      "  secmon scmi --sim base version -- base discover-vendor\n"
	      "  secmon scmi --sim clock rate-get 2\n"
	      "  secmon scmi --sim perf level-set 0 500000 -- perf level-get 0\n"
	      "  secmon scmi --sim --json sensor reading-get 0 0\n",
	      f);
}

struct scmi_req {
	const struct scmi_proto *p;	/* NULL: a protocol this tool does not know */
	uint8_t proto;
	const struct scmi_msgdesc *m;	/* NULL: a message it does not know */
	uint8_t id;
	uint32_t in[MAX_IN];
	unsigned nin;
	/* Out. */
	bool run;
	int err;		/* the client's: SECMON_OK when the server answered */
	int32_t status;
	uint32_t out[SECMON_SCMI_MAX_WORDS];
	unsigned nout;
};

struct scmi_opts {
	bool sim, json, aarch32;
	unsigned timeout_s;
	const char *dtb;
	struct scmi_req req[MAX_MSGS];
	unsigned nreq;
};

static struct scmi_opts opts;

static int parse_msg(char **w, unsigned n, struct scmi_req *r)
{
	char why[200];
	uint64_t v;
	enum cli_num e;

	if (n < 2)
		return cli_usage(CMD, n ? "'%s': the message is missing" :
					  "a protocol and message are missing%s",
				 n ? w[0] : " after the last '--' or ';'");
	r->p = scmi_proto_by_name(w[0]);
	if (r->p) {
		r->proto = r->p->id;
	} else {
		e = cli_parse_u64(w[0], &v);
		if (e != CLI_NUM_OK || v > 0xff)
			return cli_usage(CMD, "no protocol is named '%s' (base, power, perf, clock, "
					      "sensor, reset, or a number up to 0xff)", w[0]);
		r->proto = (uint8_t)v;
		r->p = scmi_proto_by_id(r->proto);
	}
	if (r->p) {
		r->m = scmi_msg_by_name(r->p, w[1], why, sizeof(why));
	} else {
		/* An unknown protocol still has the messages every protocol has. */
		const struct scmi_proto any = { r->proto, "", "", "", 0 };

		r->m = scmi_msg_by_name(&any, w[1], why, sizeof(why));
	}
	if (why[0])
		return cli_usage(CMD, "%s", why);
	if (r->m) {
		r->id = r->m->id;
	} else {
		e = cli_parse_u64(w[1], &v);
		if (e != CLI_NUM_OK || v > 0xff)
			return cli_usage(CMD, "protocol 0x%02x has no message named '%s' (see "
					      "'secmon scmi --help', or give a number up to 0xff)",
					 r->proto, w[1]);
		r->id = (uint8_t)v;
		r->m = scmi_msg_by_id(r->proto, r->id);
	}
	if (n - 2 > MAX_IN)
		return cli_usage(CMD, "%s %s: at most %u payload words", w[0], w[1], MAX_IN);
	for (unsigned i = 2; i < n; i++) {
		e = cli_parse_u64(w[i], &v);
		if (e != CLI_NUM_OK)
			return cli_usage(CMD, "word %u ('%s') %s", i - 1, w[i], cli_num_why(e));
		if (v > 0xffffffffu)
			return cli_usage(CMD, "word %u ('%s') does not fit in 32 bits", i - 1, w[i]);
		r->in[r->nin++] = (uint32_t)v;
	}
	return 0;
}

static int parse_uint(const char *opt, const char *v, unsigned *out)
{
	uint64_t n;
	enum cli_num e = cli_parse_u64(v, &n);

	if (e != CLI_NUM_OK)
		return cli_usage(CMD, "%s '%s' %s", opt, v, cli_num_why(e));
	if (n < 1 || n > 3600)
		return cli_usage(CMD, "%s %s is out of range: 1 to 3600", opt, v);
	*out = (unsigned)n;
	return 0;
}

static int parse_opts(int argc, char **argv, bool *help)
{
	unsigned start = 0, nw = 0;
	char *words[256];
	int rc;

	*help = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (a[0] != '-' || !strcmp(a, "--")) {
			if (nw == sizeof(words) / sizeof(words[0]))
				return cli_usage(CMD, "too many words");
			words[nw++] = argv[i];
		} else if (cli_is_help(a)) {
			*help = true;
			return 0;
		} else if (!strcmp(a, "--sim")) {
			opts.sim = true;
		} else if (!strcmp(a, "--json")) {
			opts.json = true;
		} else if (!strcmp(a, "--aarch32")) {
			opts.aarch32 = true;
		} else if (!strcmp(a, "--timeout") || !strcmp(a, "--dtb")) {
			if (i + 1 >= argc)
				return cli_usage(CMD, "%s needs a value", a);
			if (a[2] == 'd') {
				opts.dtb = argv[++i];
			} else {
				rc = parse_uint(a, argv[++i], &opts.timeout_s);
				if (rc)
					return rc;
			}
		} else {
			return cli_usage(CMD, "unknown option '%s'", a);
		}
	}
	if (!opts.sim)
		return cli_usage(CMD, "no conduit: add --sim (the simulated monitor)");
	if (!nw)
		return cli_usage(CMD, "missing the protocol and message to send");
	for (unsigned i = 0; i <= nw; i++) {
		if (i < nw && strcmp(words[i], "--") && strcmp(words[i], ";"))
			continue;
		if (opts.nreq == MAX_MSGS)
			return cli_usage(CMD, "at most %u messages", MAX_MSGS);
		rc = parse_msg(words + start, i - start, &opts.req[opts.nreq++]);
		if (rc)
			return rc;
		start = i + 1;
	}
	return 0;
}

/* CPU 0's normal-world code: every message in turn. */
static void body(struct simcall *sc, const struct secmon_conduit *c)
{
	struct secmon_scmi s = {
		.conduit = c, .fid = SECMON_SCMI_SMC, .shmem = sim_phys(SIM_SCMI_BASE, SIM_SCMI_SIZE),
		.shmem_size = SIM_SCMI_SIZE,
	};

	(void)sc;
	for (unsigned i = 0; i < opts.nreq; i++) {
		struct scmi_req *r = &opts.req[i];

		r->err = secmon_scmi_xfer(&s, r->proto, r->id, r->in, r->nin, &r->status, r->out,
					  SECMON_SCMI_MAX_WORDS, &r->nout);
		r->run = true;
	}
}

static const char *param_name(const struct scmi_req *r, unsigned i, char *buf, size_t len)
{
	if (r->m && i < scmi_msg_nparams(r->m))
		return r->m->params[i];
	snprintf(buf, len, "word%u", i + 1);
	return buf;
}

static void status_text(int32_t st, char *buf, size_t len)
{
	const char *n = scmi_status_name(st);

	snprintf(buf, len, "%" PRId32 " %s", st, n ? n : "(not an SCMI status)");
}

static void print_text(void)
{
	char buf[160], pn[16];
	struct scmi_answer a;

	printf("caller           CPU 0, %s, simulated monitor%s%s\n",
	       opts.aarch32 ? "AArch32" : "AArch64", opts.dtb ? " serving " : "",
	       opts.dtb ? opts.dtb : "");
	for (unsigned i = 0; i < opts.nreq; i++) {
		const struct scmi_req *r = &opts.req[i];

		printf("\nmessage          %s (protocol 0x%02x %s, message 0x%x)\n",
		       r->m ? r->m->name : "unknown", r->proto, r->p ? r->p->key : "unknown",
		       r->id);
		for (unsigned k = 0; k < r->nin; k++)
			printf("%-17s%s = 0x%" PRIx32 "\n", k ? "" : "sent",
			       param_name(r, k, pn, sizeof(pn)), r->in[k]);
		if (!r->nin)
			printf("sent             no payload\n");
		if (!r->run) {
			printf("outcome          not sent\n");
			continue;
		}
		if (r->err) {
			printf("transport        %s (%s)\n", secmon_strerror(r->err),
			       r->err == SECMON_E_NOT_SUPPORTED ? "the monitor has no SCMI channel"
								: "the channel or answer was wrong");
			continue;
		}
		status_text(r->status, buf, sizeof(buf));
		printf("status           %s\n", buf);
		printf("received         %u word%s after the status", r->nout,
		       r->nout == 1 ? "" : "s");
		for (unsigned k = 0; k < r->nout; k++)
			printf("%s0x%" PRIx32, k ? " " : ": ", r->out[k]);
		putchar('\n');
		if (r->status)
			continue;
		scmi_decode(r->m, r->out, r->nout, &a);
		for (unsigned k = 0; k < a.nv; k++) {
			scmi_value_text(&a.v[k], buf, sizeof(buf));
			printf("%-17s%s = %s\n", k ? "" : "answer", a.v[k].f->name, buf);
		}
		if (a.nprotocols) {
			printf("%-17sprotocols =", a.nv ? "" : "answer");
			for (unsigned k = 0; k < a.nprotocols; k++) {
				const struct scmi_proto *p = scmi_proto_by_id(a.protocols[k]);

				printf(" 0x%02x%s%s", a.protocols[k], p ? " " : "", p ? p->key : "");
			}
			putchar('\n');
		}
		for (unsigned e = 0; e < a.nentries; e++) {
			printf("                 [%u]", e);
			for (unsigned k = 0; k < SCMI_MAX_FIELDS && r->m->entry[k].name; k++) {
				scmi_value_text(&a.entries[e][k], buf, sizeof(buf));
				printf(" %s = %s", r->m->entry[k].name, buf);
			}
			putchar('\n');
		}
		if (a.short_answer)
			printf("anomaly          the answer is shorter than %s's layout\n", r->m->name);
	}
}

static void print_json(const struct simcall *sc)
{
	struct json j;
	struct scmi_answer a;
	char pn[16];

	json_begin(&j, stdout);
	json_obj(&j);
	json_key(&j, "caller");
	json_str(&j, opts.aarch32 ? "aarch32" : "aarch64");
	json_key(&j, "dtb");
	json_str(&j, opts.dtb);
	json_key(&j, "messages");
	json_arr(&j);
	for (unsigned i = 0; i < opts.nreq; i++) {
		const struct scmi_req *r = &opts.req[i];

		json_obj(&j);
		json_key(&j, "protocol");
		json_uint(&j, r->proto);
		json_key(&j, "protocol_name");
		json_str(&j, r->p ? r->p->key : 0);
		json_key(&j, "message");
		json_uint(&j, r->id);
		json_key(&j, "name");
		json_str(&j, r->m ? r->m->name : 0);
		json_key(&j, "sent");
		json_obj(&j);
		for (unsigned k = 0; k < r->nin; k++) {
			json_key(&j, param_name(r, k, pn, sizeof(pn)));
			json_hex(&j, r->in[k]);
		}
		json_end(&j);
		json_key(&j, "run");
		json_bool(&j, r->run);
		json_key(&j, "transport");
		json_str(&j, !r->run ? 0 : r->err ? secmon_strerror(r->err) : "ok");
		json_key(&j, "status");
		if (r->run && !r->err)
			json_int(&j, r->status);
		else
			json_null(&j);
		json_key(&j, "code");
		json_str(&j, r->run && !r->err ? scmi_status_name(r->status) : 0);
		json_key(&j, "error");
		json_bool(&j, !r->run || r->err || r->status);
		json_key(&j, "words");
		json_arr(&j);
		for (unsigned k = 0; r->run && !r->err && k < r->nout; k++)
			json_hex(&j, r->out[k]);
		json_end(&j);
		json_key(&j, "answer");
		if (!r->run || r->err || r->status) {
			json_null(&j);
			json_end(&j);
			continue;
		}
		scmi_decode(r->m, r->out, r->nout, &a);
		json_obj(&j);
		for (unsigned k = 0; k < a.nv; k++) {
			json_key(&j, a.v[k].f->name);
			scmi_value_json(&j, &a.v[k]);
		}
		if (r->m && r->m->out[0].kind == SCMI_F_PROTOCOLS && !a.short_answer) {
			json_key(&j, "protocols");
			json_arr(&j);
			for (unsigned k = 0; k < a.nprotocols; k++)
				json_uint(&j, a.protocols[k]);
			json_end(&j);
		}
		if (r->m && r->m->entry[0].name) {
			json_key(&j, "entries");
			json_arr(&j);
			for (unsigned e = 0; e < a.nentries; e++) {
				json_obj(&j);
				for (unsigned k = 0; k < SCMI_MAX_FIELDS && r->m->entry[k].name; k++) {
					json_key(&j, r->m->entry[k].name);
					scmi_value_json(&j, &a.entries[e][k]);
				}
				json_end(&j);
			}
			json_end(&j);
		}
		json_key(&j, "short");
		json_bool(&j, a.short_answer);
		json_end(&j);
		json_end(&j);
	}
	json_end(&j);
	simcall_json_outcome(&j, sc);
	json_end(&j);
	json_finish(&j);
}

/* A board DT the monitor refused, as call --dtb reports it. */
static void print_refused(const char *first)
{
	struct json j;

	json_begin(&j, stdout);
	json_obj(&j);
	json_key(&j, "dtb");
	json_str(&j, opts.dtb);
	json_key(&j, "error");
	json_obj(&j);
	json_key(&j, "kind");
	json_str(&j, "monitor-refused");
	json_key(&j, "message");
	json_str(&j, first);
	json_end(&j);
	json_end(&j);
	json_finish(&j);
}

int cmd_scmi(int argc, char **argv)
{
	static struct simcall sc;
	struct dtfile f = { 0 };
	char err[200];
	bool help;
	int rc;

	memset(&opts, 0, sizeof(opts));
	rc = parse_opts(argc, argv, &help);
	if (rc)
		return rc;
	if (help) {
		cmd_scmi_help(stdout);
		return CLI_EXIT_OK;
	}
	if (opts.dtb) {
		rc = dtfile_load(CMD, opts.dtb, &f);
		if (rc)
			return rc;
	}
	memset(&sc, 0, sizeof(sc));
	sc.ncpus = 1;
	sc.aarch32 = opts.aarch32;
	sc.timeout_s = opts.timeout_s;
	sc.board_dtb = f.fdt;
	sc.capture_console = true;
	sc.body = body;
	if (simcall_run(&sc, err, sizeof(err)) != 0) {
		char first[200];
		size_t n = strcspn(sc.console, "\n");

		snprintf(first, sizeof(first), "%.*s", (int)(n < 199 ? n : 199), sc.console);
		if (sc.refused && opts.json)
			print_refused(first);
		rc = sc.refused ? cli_fail(CMD, "%s: the simulated monitor refused the board DT: %s",
					   opts.dtb, first)
				: cli_fail(CMD, "%s", err);
	} else if (opts.json) {
		print_json(&sc);
	} else {
		print_text();
	}
	if (opts.dtb)
		dtfile_free(&f);
	return rc;
}
