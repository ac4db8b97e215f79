// SPDX-License-Identifier: BSD-3-Clause
/*
 * `secmon call --sim --dtb`, the last step: what each operation sent and
 * received, as text or as JSON, and the reports of a board DT that the
 * monitor or the library refused.
 */
#include <inttypes.h>
#include <string.h>

#include "call_dtb.h"
#include "cli.h"

#define CMD "call"
#define LABEL "%-17s"

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
		const struct secmon_ct_val *v = a->name ? call_dtb_given(p, a->name) : 0;

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

void call_dtb_print_text(const struct run *run, const struct call_dtb_req *r, const struct dtfile *f,
		       const struct simcall *sc)
{
	bool first = true;

	printf(LABEL "%s%s\n", "board", f->path, f->compiled ? " (compiled with dtc)" : "");
	printf(LABEL "CPU 0 of %u, %s, simulated monitor serving the board DT\n", "caller",
	       r->cpus, r->aarch32 ? "AArch32" : "AArch64");
	console_lines(sc, print_console_line, &first);
	for (unsigned i = 0; i < run->nops; i++) {
		putchar('\n');
		print_op_text(&run->ops[i], r->aarch32);
	}
	putchar('\n');
	print_events_text(sc, r->aarch32);
	printf(LABEL "%s\n", "end", simcall_end_text(sc->end));
}

/* The same report as JSON. */

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

void call_dtb_print_json(const struct run *run, const struct call_dtb_req *r, const struct dtfile *f,
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
	for (unsigned i = 0; i < run->nops; i++)
		json_op(&j, &run->ops[i]);
	json_end(&j);
	simcall_json_outcome(&j, sc);
	json_end(&j);
	json_finish(&j);
}

/* The monitor refused the board DT: its console says why. */
int call_dtb_report_refused(const struct call_dtb_req *r, const struct dtfile *f,
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
int call_dtb_report_bad_tables(const struct call_dtb_req *r, const struct dtfile *f,
			       const struct dt_scan *scan)
{
	struct json j;

	for (unsigned i = 0; i < scan->n; i++) {
		char text[DT_ERROR_TEXT_MAX];

		if (!scan->e[i].rc)
			continue;
		dt_error_text(&scan->e[i], text, sizeof(text));
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
		json_str(&j, scan->e[i].path);
		json_key(&j, "text");
		json_str(&j, text);
		json_end(&j);
		json_end(&j);
		json_finish(&j);
		break;
	}
	return CLI_EXIT_FAIL;
}

