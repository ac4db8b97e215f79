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
 * boot and run, report. The monitor's verdict on the board DT is reported
 * before any error of the plan: a board it refuses cannot be called.
 */
#include <inttypes.h>
#include <libfdt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../monitor/plat/host/sim.h"
#include "cli.h"

#define CMD "call"
#define LABEL "%-17s"
#define MAX_OPS 8
#define MAX_PARAMS 8
#define NAME_LEN 64
#define NS_DT_ROOM 65536

struct traced {
	struct secmon_regs in, out;
};

struct planned {
	const char *word;		/* the operation as typed */
	char names[MAX_PARAMS][NAME_LEN];
	const char *values[MAX_PARAMS];	/* as typed */
	struct secmon_ct_val in[MAX_PARAMS];
	unsigned nin;
	const struct dt_entry *e;
	const struct secmon_ct_op *op;
	struct secmon_ct_val out[SECMON_CT_MAX_ARGS];
	unsigned nout;
	unsigned nnotes;
	char notes[4][160];
	/* What happened. */
	bool started, finished;
	int rc;				/* secmon_calltab_call's answer */
	struct secmon_regs sent, received;	/* its last call, as it reports them */
	unsigned ncalls;
	bool calls_lost;
	struct traced calls[SECMON_CT_MAX_CALLS];
};

struct run {
	struct planned ops[MAX_OPS];
	unsigned nops;
	int cur;			/* the operation in progress on CPU 0, or -1 */
};

static struct run run;
static struct dt_scan scan;

/* ---- step 1: syntax ---------------------------------------------------- */

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
static int parse_words(const struct calldt_req *r)
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

/* ---- step 2: plan against the normal world's DT -------------------------- */

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

static const struct secmon_ct_val *given(const struct planned *p, const char *name)
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
			v = given(p, r->name);
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

static bool plan(const struct calldt_req *r, char *msg, size_t len)
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

/* ---- step 3: run ---------------------------------------------------------- */

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

/* ---- step 4: report -------------------------------------------------------- */

static const char *err_code(int rc)
{
	static const char *const names[] = {
		"SUCCESS", "NOT_SUPPORTED", "INVALID_PARAMETERS", "DENIED", "ALREADY_ON",
		"ON_PENDING", "INTERNAL_FAILURE", "NOT_PRESENT", "DISABLED", "INVALID_ADDRESS",
		"NOT_REQUIRED", "NO_ENTROPY", "BAD_ANSWER", "BAD_TABLE", "NO_SPACE", "NOT_FOUND",
	};

	return rc <= 0 && rc >= -SECMON_E_MAX ? names[-rc] : "UNKNOWN";
}

/* The table's call for the n-th traced SMC of an operation. */
static const struct secmon_ct_call *call_of(const struct planned *p, unsigned n)
{
	unsigned k = n < p->op->ncalls ? n : p->op->ncalls - 1u;

	return &p->e->t.calls[p->op->first_call + k];
}

/*
 * The status the monitor answered: the "status" result register of the
 * last call made that has one, in the call's width. False when none has.
 */
static bool status_of(const struct planned *p, uint64_t *raw, int32_t *v)
{
	const struct secmon_calltab *t = &p->e->t;

	for (unsigned n = p->ncalls; n-- > 0;) {
		const struct secmon_ct_call *c = call_of(p, n);

		for (unsigned i = 0; i < c->nresults; i++) {
			const struct secmon_ct_reg *r = &t->regs[c->first + c->nargs + i];

			if (strcmp(r->name, "status"))
				continue;
			*raw = p->calls[n].out.x[r->reg];
			if (!c->smc64)
				*raw = (uint32_t)*raw;
			*v = (int32_t)*raw;
			return true;
		}
	}
	return false;
}

/* "0 SUCCESS", "-7 NOT_PRESENT", "5 (success)", "-20 (not a status code)". */
static void status_text(int32_t v, char *buf, size_t len)
{
	if (v == 0)
		snprintf(buf, len, "0 SUCCESS");
	else if (v > 0)
		snprintf(buf, len, "%" PRId32 " (success)", v);
	else if (v >= -9)
		snprintf(buf, len, "%" PRId32 " %s", v, err_code(v));
	else
		snprintf(buf, len, "%" PRId32 " (not a status code)", v);
}

/* What a register is in this call: "function ID", a parameter, a constant. */
static const char *reg_role(const struct secmon_calltab *t, const struct secmon_ct_call *c,
			    unsigned reg, bool result)
{
	unsigned from = c->first + (result ? c->nargs : 0);
	unsigned to = from + (result ? c->nresults : c->nargs);

	if (!result && reg == c->id_reg)
		return "function ID";
	for (unsigned i = from; i < to; i++)
		if (t->regs[i].reg == reg)
			return t->regs[i].name ? t->regs[i].name : "constant";
	return 0;
}

/* Registers shown as sent: the ID register and the arguments, in register order. */
static bool reg_sent(const struct secmon_calltab *t, const struct secmon_ct_call *c, unsigned reg)
{
	return reg_role(t, c, reg, false) != 0;
}

/* Registers shown as received: the described results and anything else that changed. */
static bool reg_received(const struct secmon_calltab *t, const struct secmon_ct_call *c,
			 const struct traced *tr, unsigned reg)
{
	return reg_role(t, c, reg, true) || tr->in.x[reg] != tr->out.x[reg];
}

static bool results_meaningful(const struct planned *p)
{
	return p->finished && p->rc == SECMON_OK;
}

/* The registers the library marshals for a call (for one that never returned). */
static void marshalled(const struct planned *p, const struct secmon_ct_call *c,
		       struct secmon_regs *r)
{
	const struct secmon_calltab *t = &p->e->t;

	memset(r, 0, sizeof(*r));
	r->x[c->id_reg] = c->fid;
	for (unsigned i = 0; i < c->nargs; i++) {
		const struct secmon_ct_reg *a = &t->regs[c->first + i];
		const struct secmon_ct_val *v = a->name ? given(p, a->name) : 0;

		r->x[a->reg] = a->name ? (v ? v->value : 0) : a->value;
	}
}

/* Call n of an operation: what was sent and, when it returned, received. */
static void print_call_text(const struct planned *p, unsigned n, bool aarch32)
{
	const struct secmon_calltab *t = &p->e->t;
	const struct secmon_ct_call *c = call_of(p, n);
	const struct traced *tr = &p->calls[n];
	bool returned = n < p->ncalls;
	struct traced pending;
	char label[32], rn[8];
	unsigned shown = 0;

	if (!returned) {
		marshalled(p, c, &pending.in);
		tr = &pending;
	}

	if (p->op->ncalls == 1)
		snprintf(label, sizeof(label), "call");
	else
		snprintf(label, sizeof(label), "call %u of %u", n + 1, p->op->ncalls);
	printf(LABEL "0x%08" PRIx32 " in %s, %s, %s\n", label, c->fid,
	       dt_reg_name(c->id_reg, aarch32, rn, sizeof(rn)), c->smc64 ? "SMC64" : "SMC32",
	       c->fast ? "fast" : "yielding");
	for (unsigned r = 0; r < SECMON_NREGS; r++) {
		if (!reg_sent(t, c, r))
			continue;
		printf(LABEL "%s = 0x%" PRIx64 " (%s)\n", shown++ ? "" : "sent",
		       dt_reg_name(r, aarch32, rn, sizeof(rn)), tr->in.x[r],
		       reg_role(t, c, r, false));
	}
	if (!returned) {
		printf(LABEL "nothing: the call did not return to CPU 0\n", "returned");
		return;
	}
	shown = 0;
	for (unsigned r = 0; r < SECMON_NREGS; r++) {
		const char *role;

		if (!reg_received(t, c, tr, r))
			continue;
		role = reg_role(t, c, r, true);
		printf(LABEL "%s = 0x%" PRIx64 " (%s)\n", shown++ ? "" : "received",
		       dt_reg_name(r, aarch32, rn, sizeof(rn)), tr->out.x[r],
		       role ? role : "changed, not in the table");
	}
	if (!shown)
		printf(LABEL "no result registers described, none changed\n", "received");
}

static void print_op_text(const struct planned *p, bool aarch32)
{
	char text[64];
	uint64_t raw;
	int32_t st;
	bool has_status;

	if (p->e->kind == DT_SERVICE)
		printf(LABEL "%s (service %s, %s)\n", "operation", p->word, p->e->service,
		       p->e->path);
	else
		printf(LABEL "%s (%s, %s)\n", "operation", p->word,
		       p->e->kind == DT_PSCI01 ? "PSCI 0.1" : "firmware operations", p->e->path);
	for (unsigned i = 0; i < p->nin; i++)
		printf(LABEL "%s = 0x%" PRIx64 "\n", i ? "" : "parameters", p->in[i].name,
		       p->in[i].value);
	for (unsigned i = 0; i < p->nnotes; i++)
		printf(LABEL "%s\n", "note", p->notes[i]);
	if (!p->started) {
		printf(LABEL "not run: an earlier operation did not return\n", "outcome");
		return;
	}
	for (unsigned n = 0; n < p->ncalls; n++)
		print_call_text(p, n, aarch32);
	if (p->calls_lost)
		printf(LABEL "more calls were made than are shown\n", "note");
	if (!p->finished) {
		if (p->ncalls < p->op->ncalls && !p->calls_lost)
			print_call_text(p, p->ncalls, aarch32);
		printf(LABEL "did not return\n", "outcome");
		return;
	}
	has_status = status_of(p, &raw, &st);
	for (unsigned i = 0; i < p->nout; i++) {
		const char *label = i ? "" : "results";

		if (!strcmp(p->out[i].name, "status") && has_status) {
			status_text(st, text, sizeof(text));
			printf(LABEL "status = 0x%" PRIx64 " (%s)\n", label, raw, text);
		} else if (results_meaningful(p)) {
			printf(LABEL "%s = 0x%" PRIx64 "\n", label, p->out[i].name, p->out[i].value);
		} else {
			printf(LABEL "%s: none (the operation failed)\n", label, p->out[i].name);
		}
	}
	if (!p->nout)
		printf(LABEL "none described\n", "results");
	if (p->rc == SECMON_OK)
		printf(LABEL "%s%s\n", "outcome", "SUCCESS",
		       has_status ? "" : " (the table describes no status)");
	else
		printf(LABEL "%s (%d: %s)\n", "outcome", err_code(p->rc), p->rc,
		       secmon_strerror(p->rc));
}

/* The captured console, one line at a time; calls fn for each non-empty line. */
static void console_lines(const struct simcall *sc, void (*fn)(const char *, int, void *),
			  void *arg)
{
	const char *s = sc->console;

	while (*s) {
		const char *nl = strchr(s, '\n');
		int n = nl ? (int)(nl - s) : (int)strlen(s);

		if (n)
			fn(s, n, arg);
		s += n + (nl ? 1 : 0);
	}
}

static void print_console_line(const char *s, int n, void *arg)
{
	bool *first = arg;

	printf(LABEL "%.*s\n", *first ? "monitor" : "", n, s);
	*first = false;
}

static void print_events_text(const struct simcall *sc, bool aarch32)
{
	for (unsigned n = 0; n < sc->nevents; n++) {
		const struct simcall_event *ev = &sc->events[n];

		printf(LABEL "CPU %u (MPIDR 0x%" PRIx64 ") %s the normal world at 0x%" PRIx64
		       " with %c0 = 0x%" PRIx64 "\n",
		       "event", ev->cpu, ev->mpidr, ev->cpu == 0 ? "re-entered" : "entered", ev->pc,
		       aarch32 ? 'r' : 'x', ev->context_id);
	}
	if (sc->events_lost)
		printf(LABEL "more CPUs entered the normal world than are shown\n", "event");
}

static void print_text(const struct calldt_req *r, const struct dtfile *f,
		       const struct simcall *sc)
{
	bool first = true;

	printf(LABEL "%s%s\n", "board", f->path, f->compiled ? " (compiled with dtc)" : "");
	printf(LABEL "CPU 0 of %u, %s, simulated monitor serving the board DT\n", "caller",
	       r->cpus, r->aarch32 ? "AArch32" : "AArch64");
	console_lines(sc, print_console_line, &first);
	for (unsigned i = 0; i < run.nops; i++) {
		putchar('\n');
		print_op_text(&run.ops[i], r->aarch32);
	}
	putchar('\n');
	print_events_text(sc, r->aarch32);
	printf(LABEL "%s\n", "end", simcall_end_text(sc->end));
}

/* ---- JSON ----------------------------------------------------------------- */

static void json_regkey(struct json *j, unsigned reg, uint64_t v)
{
	char key[8];

	snprintf(key, sizeof(key), "x%u", reg);
	json_key(j, key);
	json_hex(j, v);
}

static void json_console_line(const char *s, int n, void *arg)
{
	json_strf(arg, "%.*s", n, s);
}

static void json_console(struct json *j, const struct simcall *sc)
{
	json_arr(j);
	console_lines(sc, json_console_line, j);
	json_end(j);
}

static void json_op(struct json *j, const struct planned *p)
{
	const struct secmon_calltab *t = &p->e->t;
	uint64_t raw;
	int32_t st;
	bool has_status = status_of(p, &raw, &st);
	char text[64];

	json_obj(j);
	json_key(j, "operation");
	json_str(j, p->word);
	json_key(j, "name");
	json_str(j, p->op->name);
	json_key(j, "table");
	json_str(j, p->e->path);
	json_key(j, "kind");
	json_str(j, dt_kind_key(p->e->kind));
	json_key(j, "service");
	json_str(j, p->e->service);
	json_key(j, "parameters");
	json_obj(j);
	for (unsigned i = 0; i < p->nin; i++) {
		json_key(j, p->in[i].name);
		json_hex(j, p->in[i].value);
	}
	json_end(j);
	json_key(j, "notes");
	json_arr(j);
	for (unsigned i = 0; i < p->nnotes; i++)
		json_str(j, p->notes[i]);
	json_end(j);
	json_key(j, "run");
	json_bool(j, p->started);
	json_key(j, "returned");
	json_bool(j, p->finished);
	json_key(j, "calls");
	json_arr(j);
	for (unsigned n = 0; n <= p->ncalls && n < p->op->ncalls; n++) {
		const struct secmon_ct_call *c = call_of(p, n);
		const struct traced *tr = &p->calls[n];
		struct traced pending;

		if (n == p->ncalls) {
			/* The call that did not return: what was sent. */
			if (!p->started || p->finished || p->calls_lost)
				break;
			marshalled(p, c, &pending.in);
			tr = &pending;
		}
		json_obj(j);
		json_key(j, "fid");
		json_strf(j, "0x%08" PRIx32, c->fid);
		json_key(j, "id_register");
		json_uint(j, c->id_reg);
		json_key(j, "sent");
		json_obj(j);
		for (unsigned r = 0; r < SECMON_NREGS; r++)
			if (reg_sent(t, c, r))
				json_regkey(j, r, tr->in.x[r]);
		json_end(j);
		json_key(j, "returned");
		json_bool(j, n < p->ncalls);
		json_key(j, "received");
		if (n < p->ncalls) {
			json_obj(j);
			for (unsigned r = 0; r < SECMON_NREGS; r++)
				if (reg_received(t, c, tr, r))
					json_regkey(j, r, tr->out.x[r]);
			json_end(j);
		} else {
			json_null(j);
		}
		json_key(j, "changed");
		json_arr(j);
		for (unsigned r = 0; n < p->ncalls && r < SECMON_NREGS; r++)
			if (tr->in.x[r] != tr->out.x[r])
				json_strf(j, "x%u", r);
		json_end(j);
		json_end(j);
	}
	json_end(j);
	json_key(j, "results");
	if (p->finished) {
		json_obj(j);
		for (unsigned i = 0; i < p->nout; i++) {
			json_key(j, p->out[i].name);
			if (!strcmp(p->out[i].name, "status") && has_status)
				json_hex(j, raw);
			else if (results_meaningful(p))
				json_hex(j, p->out[i].value);
			else
				json_null(j);
		}
		json_end(j);
	} else {
		json_null(j);
	}
	json_key(j, "status");
	if (p->finished && has_status)
		json_int(j, st);
	else
		json_null(j);
	json_key(j, "status_text");
	if (p->finished && has_status) {
		status_text(st, text, sizeof(text));
		json_str(j, text);
	} else {
		json_null(j);
	}
	json_key(j, "code");
	json_str(j, p->finished ? err_code(p->rc) : 0);
	json_key(j, "error");
	json_bool(j, !p->finished || p->rc != SECMON_OK);
	json_end(j);
}

static void print_json(const struct calldt_req *r, const struct dtfile *f,
		       const struct simcall *sc)
{
	struct json j;

	json_begin(&j, stdout);
	json_obj(&j);
	json_key(&j, "file");
	json_str(&j, f->path);
	json_key(&j, "compiled");
	json_bool(&j, f->compiled);
	json_key(&j, "caller");
	json_str(&j, r->aarch32 ? "aarch32" : "aarch64");
	json_key(&j, "cpus");
	json_uint(&j, r->cpus);
	json_key(&j, "console");
	json_console(&j, sc);
	json_key(&j, "operations");
	json_arr(&j);
	for (unsigned i = 0; i < run.nops; i++)
		json_op(&j, &run.ops[i]);
	json_end(&j);
	simcall_json_outcome(&j, sc);
	json_end(&j);
	json_finish(&j);
}

/* The monitor refused the board DT: its console says why. */
static int report_refused(const struct calldt_req *r, const struct dtfile *f,
			  const struct simcall *sc)
{
	const char *s = sc->console;
	struct json j;

	/* The console's first line is the reason; the whole console follows. */
	while (*s == '\n')
		s++;
	cli_fail(CMD, "%s: the simulated monitor refused the board DT: %.*s", f->path,
		 (int)strcspn(s, "\n"), *s ? s : "(it printed no reason)");
	if (!r->json)
		return CLI_EXIT_FAIL;
	json_begin(&j, stdout);
	json_obj(&j);
	json_key(&j, "file");
	json_str(&j, f->path);
	json_key(&j, "error");
	json_obj(&j);
	json_key(&j, "kind");
	json_str(&j, "monitor-refused");
	json_key(&j, "message");
	json_strf(&j, "%.*s", (int)strcspn(s, "\n"), s);
	json_key(&j, "console");
	json_console(&j, sc);
	json_end(&j);
	json_end(&j);
	json_finish(&j);
	return CLI_EXIT_FAIL;
}

/* Tables of the normal world's DT that the library refuses (the monitor did not). */
static int report_bad_tables(const struct calldt_req *r, const struct dtfile *f)
{
	struct json j;

	for (unsigned i = 0; i < scan.n; i++) {
		char text[300];

		if (!scan.e[i].rc)
			continue;
		dt_error_text(&scan.e[i], text, sizeof(text));
		cli_fail(CMD, "%s: the normal world's DT: %s", f->path, text);
		if (!r->json)
			continue;
		json_begin(&j, stdout);
		json_obj(&j);
		json_key(&j, "file");
		json_str(&j, f->path);
		json_key(&j, "error");
		json_obj(&j);
		json_key(&j, "kind");
		json_str(&j, "bad-table");
		json_key(&j, "table");
		json_str(&j, scan.e[i].path);
		json_key(&j, "text");
		json_str(&j, text);
		json_end(&j);
		json_end(&j);
		json_finish(&j);
		break;
	}
	return CLI_EXIT_FAIL;
}

int calldt_run(const struct calldt_req *r)
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
	sc.board_dtb = f.fdt;
	sc.capture_console = true;
	run.cur = -1;
	sc.body = body;
	if (planned)
		sc.trace = trace;
	else
		run.nops = 0;	/* boot only: whether the monitor takes this board comes first */
	if (simcall_run(&sc, err, sizeof(err)) != 0)
		rc = sc.refused ? report_refused(r, &f, &sc) : cli_fail(CMD, "%s", err);
	else if (ns_err)
		rc = cli_fail(CMD, "%s: cannot build the normal world's DT: %s", f.path,
			      fdt_strerror(ns_err));
	else if (scan.nbad)
		rc = report_bad_tables(r, &f);
	else if (!planned)
		rc = cli_usage(CMD, "%s", msg);
	else if (r->json)
		print_json(r, &f, &sc);
	else
		print_text(r, &f, &sc);
	free(ns);
	dtfile_free(&f);
	return rc;
}
