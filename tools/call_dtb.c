// SPDX-License-Identifier: BSD-3-Clause
/*
 * `secmon call --sim --dtb <file> <operation> [name=value...] [-- ...]`:
 * operations of a board DT's call tables, made on the simulated monitor.
 *
 * Both sides read the one description: the monitor is booted with the
 * board DT (sim_config.board_dtb) and serves what it describes; the normal
 * world's DT is built from it with sim_ns_dt() as a kernel would receive
 * it, and the operations are found in that DT's tables and marshalled by
 * the library (secmon_calltab_call) from simulated CPU 0. Every operation
 * of one invocation runs in the same simulation, in order, so state set by
 * one (a boot address, a format) is seen by the next.
 *
 * Steps: syntax (no DT needed), load, plan against the normal world's DT,
 * boot and run (this file), report (call_dtb_report.c). The monitor's
 * verdict on the board DT is reported before any error of the plan: a
 * board it refuses cannot be called.
 */
#include <inttypes.h>
#include <libfdt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "call_dtb.h"
#include "cli.h"

#define CMD "call"
#define NS_DT_ROOM 65536

static struct run run;
static struct dt_scan scan;

/* Step 1: the words of the command line, before any DT is read. */

static int add_param(struct planned *p, const char *w)
{
	const char *eq = strchr(w, '=');
	size_t n = eq ? (size_t)(eq - w) : 0;
	enum cli_num e;
	uint64_t v;

	if (!eq)
		return cli_usage(CMD, "'%s' after operation %s: parameters are name=value", w,
				 p->word);
	if (n == 0)
		return cli_usage(CMD, "'%s': the parameter has no name", w);
	if (n >= NAME_LEN)
		return cli_usage(CMD, "'%.*s...': parameter name too long", 20, w);
	if (p->nin >= MAX_PARAMS)
		return cli_usage(CMD, "operation %s: at most %u parameters", p->word, MAX_PARAMS);
	memcpy(p->names[p->nin], w, n);
	p->names[p->nin][n] = '\0';
	for (unsigned i = 0; i < p->nin; i++)
		if (!strcmp(p->names[i], p->names[p->nin]))
			return cli_usage(CMD, "operation %s: parameter %s given twice", p->word,
					 p->names[i]);
	e = cli_parse_u64(eq + 1, &v);
	if (e != CLI_NUM_OK)
		return cli_usage(CMD, "operation %s: %s value '%s' %s", p->word, p->names[p->nin],
				 eq + 1, cli_num_why(e));
	p->values[p->nin] = eq + 1;
	p->in[p->nin] = (struct secmon_ct_val){ .name = p->names[p->nin], .value = v };
	p->nin++;
	return 0;
}

/* Words into operations: NULL (a "--" or ";") separates them. */
static int parse_words(const struct call_dtb_req *r)
{
	struct planned *p = 0;
	int rc;

	run.nops = 0;
	for (unsigned i = 0; i < r->nwords; i++) {
		const char *w = r->words[i];

		if (!w) {
			if (!p)
				return cli_usage(CMD, "an operation is missing before '--' or ';'");
			p = 0;
			continue;
		}
		if (p) {
			rc = add_param(p, w);
			if (rc)
				return rc;
			continue;
		}
		if (strchr(w, '='))
			return cli_usage(CMD, "'%s': expected an operation name before parameters",
					 w);
		if (run.nops >= MAX_OPS)
			return cli_usage(CMD, "at most %u operations in one invocation", MAX_OPS);
		p = &run.ops[run.nops++];
		memset(p, 0, sizeof(*p));
		p->word = w;
	}
	if (!run.nops)
		return cli_usage(CMD, "missing the operation to call (run 'secmon dt %s' to see "
				      "the board's operations)",
				 r->file);
	if (!p)
		return cli_usage(CMD, "an operation is missing after the last '--' or ';'");
	return 0;
}

/* Step 2: each operation planned against the normal world's DT. */

static bool param_used(const struct secmon_calltab *t, const struct secmon_ct_op *op,
		       const char *name)
{
	for (unsigned c = 0; c < op->ncalls; c++) {
		const struct secmon_ct_call *call = &t->calls[op->first_call + c];

		for (unsigned a = 0; a < call->nargs; a++) {
			const char *n = t->regs[call->first + a].name;

			if (n && !strcmp(n, name))
				return true;
		}
	}
	return false;
}

const struct secmon_ct_val *call_dtb_given(const struct planned *p, const char *name)
{
	for (unsigned i = 0; i < p->nin; i++)
		if (!strcmp(p->in[i].name, name))
			return &p->in[i];
	return 0;
}

/* "a, b, c": the distinct parameters (or results) of op, into buf. */
static void names_of(const struct secmon_calltab *t, const struct secmon_ct_op *op, bool results,
		     char *buf, size_t len)
{
	const char *seen[SECMON_CT_MAX_ARGS];
	unsigned nseen = 0;

	buf[0] = '\0';
	for (unsigned c = 0; c < op->ncalls; c++) {
		const struct secmon_ct_call *call = &t->calls[op->first_call + c];
		unsigned from = call->first + (results ? call->nargs : 0);
		unsigned to = from + (results ? call->nresults : call->nargs);

		for (unsigned r = from; r < to; r++) {
			const char *n = t->regs[r].name;
			size_t used = strlen(buf);
			bool dup = false;

			for (unsigned k = 0; n && k < nseen; k++)
				dup = dup || !strcmp(seen[k], n);
			if (!n || dup || nseen >= SECMON_CT_MAX_ARGS)
				continue;
			seen[nseen++] = n;
			snprintf(buf + used, len - used, "%s%s", used ? ", " : "", n);
		}
	}
}

static void note(struct planned *p, const char *fmt, ...) CLI_PRINTF(2, 3);

static void note(struct planned *p, const char *fmt, ...)
{
	va_list ap;

	if (p->nnotes >= sizeof(p->notes) / sizeof(p->notes[0]))
		return;
	va_start(ap, fmt);
	vsnprintf(p->notes[p->nnotes++], sizeof(p->notes[0]), fmt, ap);
	va_end(ap);
}

/* Checks one operation's parameters against its table; msg says what is wrong. */
static bool plan_op(struct planned *p, bool aarch32, char *msg, size_t len)
{
	const struct secmon_calltab *t = &p->e->t;
	char list[256], missing[256] = "";

	names_of(t, p->op, false, list, sizeof(list));
	for (unsigned i = 0; i < p->nin; i++) {
		if (!param_used(t, p->op, p->in[i].name)) {
			snprintf(msg, len, "operation %s has no parameter '%s' (its parameters: %s)",
				 p->word, p->in[i].name, list[0] ? list : "none");
			return false;
		}
	}
	for (unsigned c = 0; c < p->op->ncalls; c++) {
		const struct secmon_ct_call *call = &t->calls[p->op->first_call + c];

		for (unsigned a = 0; a < call->nargs; a++) {
			const struct secmon_ct_reg *r = &t->regs[call->first + a];
			const struct secmon_ct_val *v;
			size_t used = strlen(missing);

			if (!r->name)
				continue;
			v = call_dtb_given(p, r->name);
			if (!v) {
				if (!strstr(missing, r->name))
					snprintf(missing + used, sizeof(missing) - used, "%s%s",
						 used ? ", " : "", r->name);
				continue;
			}
			if (!call->smc64 && v->value > UINT32_MAX) {
				snprintf(msg, len, "operation %s: %s = %s does not fit in 32 bits "
						   "(an SMC32 call)",
					 p->word, r->name, p->values[v - p->in]);
				return false;
			}
			if (aarch32 && r->reg > 7)
				note(p, "an AArch32 caller passes r0-r7 only: r%u (%s) does not reach "
					"the monitor",
				     r->reg, r->name);
		}
		if (aarch32 && call->id_reg > 7)
			note(p, "an AArch32 caller passes r0-r7 only: the ID in r%u does not reach "
				"the monitor",
			     call->id_reg);
		if (aarch32 && call->smc64)
			note(p, "an AArch32 caller cannot make SMC64 calls");
	}
	if (missing[0]) {
		snprintf(msg, len, "operation %s needs %s: missing %s", p->word, list, missing);
		return false;
	}
	/* Every result the table names, to be filled by the library. */
	for (unsigned c = 0; c < p->op->ncalls; c++) {
		const struct secmon_ct_call *call = &t->calls[p->op->first_call + c];

		for (unsigned r = 0; r < call->nresults; r++) {
			const char *n = t->regs[call->first + call->nargs + r].name;
			bool dup = false;

			for (unsigned k = 0; k < p->nout; k++)
				dup = dup || !strcmp(p->out[k].name, n);
			if (!dup && p->nout < SECMON_CT_MAX_ARGS)
				p->out[p->nout++] = (struct secmon_ct_val){ .name = n };
		}
	}
	return true;
}

static bool plan(const struct call_dtb_req *r, char *msg, size_t len)
{
	for (unsigned i = 0; i < run.nops; i++) {
		struct planned *p = &run.ops[i];

		if (!dt_find_op(&scan, p->word, &p->e, &p->op, msg, len))
			return false;
		if (!plan_op(p, r->aarch32, msg, len))
			return false;
	}
	return true;
}

/* Step 3: the operations made from simulated CPU 0. */

static void body(struct simcall *sc, const struct secmon_conduit *c)
{
	(void)sc;
	for (unsigned i = 0; i < run.nops; i++) {
		struct planned *p = &run.ops[i];

		run.cur = (int)i;
		p->started = true;
		p->rc = secmon_calltab_call(c, &p->e->t, p->op, p->in, p->nin, p->out, p->nout,
					    &p->sent, &p->received);
		/*
		 * The library reports the last call's registers; the trace saw the
		 * earlier calls of a multi-call operation too.
		 */
		if (p->ncalls && !p->calls_lost)
			p->calls[p->ncalls - 1] = (struct traced){ p->sent, p->received };
		p->finished = true;
	}
	run.cur = -1;
}

/* Every SMC of the operation in progress on CPU 0, as the simulator saw it. */
static void trace(unsigned cpu, const struct secmon_regs *in, const struct secmon_regs *out,
		  void *arg)
{
	struct planned *p;

	(void)arg;
	if (cpu != 0 || run.cur < 0)
		return;
	p = &run.ops[run.cur];
	if (p->ncalls < SECMON_CT_MAX_CALLS)
		p->calls[p->ncalls++] = (struct traced){ *in, *out };
	else
		p->calls_lost = true;
}

int call_dtb_run(const struct call_dtb_req *r)
{
	static struct simcall sc;
	struct dtfile f;
	char *ns = 0, msg[1024] = "", err[200];
	bool planned = false;
	int rc, ns_err;

	rc = parse_words(r);
	if (rc)
		return rc;
	rc = dtfile_load(CMD, r->file, &f);
	if (rc)
		return rc;
	/* The normal world's DT, as the monitor describes itself to a kernel. */
	ns = malloc(f.size + NS_DT_ROOM);
	if (!ns) {
		dtfile_free(&f);
		return cli_fail(CMD, "out of memory");
	}
	ns_err = sim_ns_dt(ns, (int)(f.size + NS_DT_ROOM), r->cpus, f.fdt);
	if (!ns_err) {
		dt_scan(ns, &scan);
		planned = !scan.nbad && plan(r, msg, sizeof(msg));
	}

	memset(&sc, 0, sizeof(sc));
	sc.ncpus = r->cpus;
	sc.aarch32 = r->aarch32;
	sc.timeout_s = r->timeout_s;
	sc.trace_file = r->trace;
	sc.board_dtb = f.fdt;
	sc.capture_console = true;
	run.cur = -1;
	sc.body = body;
	if (planned)
		sc.trace = trace;
	else
		run.nops = 0;	/* boot only: whether the monitor takes this board comes first */
	if (simcall_run(&sc, err, sizeof(err)) != 0)
		rc = sc.refused ? call_dtb_report_refused(r, &f, &sc) : cli_fail(CMD, "%s", err);
	else if (ns_err)
		rc = cli_fail(CMD, "%s: cannot build the normal world's DT: %s", f.path,
			      fdt_strerror(ns_err));
	else if (scan.nbad)
		rc = call_dtb_report_bad_tables(r, &f, &scan);
	else if (!planned)
		rc = cli_usage(CMD, "%s", msg);
	else if (r->json)
		call_dtb_print_json(&run, r, &f, &sc);
	else
		call_dtb_print_text(&run, r, &f, &sc);
	free(ns);
	dtfile_free(&f);
	return rc;
}
