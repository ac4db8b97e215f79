// SPDX-License-Identifier: BSD-3-Clause
/*
 * libFuzzer target: everything that reads a call table out of a device
 * tree, on mutated DTBs.
 *
 *   - secmon_calltab_parse() and secmon_calltab_from_psci() on every node;
 *   - secmon_fwops_init_dt() and secmon_service_bind(), then every
 *     operation of what they bound, through a recording conduit;
 *   - the monitor's own reader: mon_init() with the DTB as its board DT
 *     (described_init), then each ID it then serves, once, through
 *     mon_smc(); and mon_dt_fixup() copying the board's description.
 *
 * Invariants: nothing crashes or reads out of bounds (ASan, UBSan); every
 * refusal names a node (and, where one is at fault, a property) and says
 * why; every table that parses satisfies the binding's documented limits
 * (docs/bindings/secmon,call-table.yaml): registers 0..17, no register
 * twice among a call's ID, argument and constant registers, at most 8
 * arguments and constants and 4 results a call, names unique, function IDs
 * unique within the table (and, for the monitor, among all the tables it
 * serves at once), SMCCC IDs consistent with the declared convention; the
 * DT mon_dt_fixup() writes is valid and gives no phandle to two nodes.
 *
 * A check can be silenced while a reported bug waits for its fix, so that
 * fuzzing goes on finding others: SECMON_FUZZ_ALLOW=<id>,<id> (ids are
 * the strings passed to violated() below; see fp_allowed()).
 */
#include <libfdt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/calltab.h>
#include <secmon/fwops.h>
#include <secmon/service.h>
#include <secmon/smccc.h>

#include "../../monitor/core/service.h"
#include "fplat.h"

#define MAX_NODES 2048
#define MAX_TABLES 8
#define FIXUP_SIZE 65536

static const uint8_t *buf;
static size_t buf_size;

static void violated(const char *id, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* SECMON_FUZZ_ALL=1: report every violation of an input, then abort. */
static bool report_all;
static unsigned nviolations;

static void violated(const char *id, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (fp_allowed(id))
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!report_all)
		fp_fail("[%s] %s", id, msg);
	fprintf(stderr, "*** secmon fuzz invariant violated: [%s] %s\n", id, msg);
	nviolations++;
}

static bool in_dtb(const char *s)
{
	return (const uint8_t *)s >= buf && (const uint8_t *)s < buf + buf_size;
}

static const char *node_name(int node)
{
	const char *n = fdt_get_name(buf, node, 0);

	return n ? (*n ? n : "/") : "?";
}

/* Does any node of the tree have an empty name (the root always has)? */
static bool has_empty_name(void)
{
	int node, depth = 0, n = 0;

	for (node = fdt_next_node(buf, 0, &depth); node >= 0 && depth > 0 && n < MAX_NODES;
	     node = fdt_next_node(buf, node, &depth), n++) {
		const char *name = fdt_get_name(buf, node, 0);

		if (name && !*name)
			return true;
	}
	return false;
}

/*
 * Does a property have a negative length? libfdt steps over one and returns
 * it with that length (regress-negative-prop-len.dtb).
 */
static bool has_negative_prop(void)
{
	int offset = 0, next, len, n = 0;
	uint32_t tag;

	/* Every tag of the structure block, whatever nodes libfdt would find. */
	do {
		tag = fdt_next_tag(buf, offset, &next);
		if (tag == FDT_PROP && fdt_getprop_by_offset(buf, offset, 0, &len) && len < 0)
			return true;
		offset = next;
	} while (tag != FDT_END && next >= 0 && ++n < 100000);
	return false;
}

/* A refusal must say where and why. */
static void check_error(const char *who, int node, int rc, const struct secmon_ct_error *err)
{
	if (rc != SECMON_E_BAD_TABLE && rc != SECMON_E_NO_SPACE && rc != SECMON_E_NOT_FOUND)
		violated("error-code", "%s on node %s: returned %d, not a table error", who,
			 node_name(node), rc);
	if (!memchr(err->node, 0, sizeof(err->node)) ||
	    !memchr(err->property, 0, sizeof(err->property)) ||
	    !memchr(err->message, 0, sizeof(err->message)))
		violated("error-terminated", "%s on node %s: error strings not terminated", who,
			 node_name(node));
	if (!err->node[0])
		/* libfdt names the root, and a node a mutation left nameless, "". */
		violated(fdt_get_name(buf, node, 0) && *fdt_get_name(buf, node, 0) &&
				 !has_empty_name() ? "error-node" : "error-empty-node-name",
			 "%s on node %s: the error names no node (property \"%s\": %s)", who,
			 node_name(node), err->property, err->message);
	if (!err->message[0])
		violated("error-message", "%s on node %s: the error says nothing (node \"%s\", "
			 "property \"%s\")", who, node_name(node), err->node, err->property);
}

static size_t base_len(const char *s)
{
	return strcspn(s, "@");
}

static bool base_eq(const char *a, const char *b)
{
	size_t n = base_len(a);

	return n == base_len(b) && !strncmp(a, b, n);
}

/* A parsed table must keep the binding's documented limits. */
static void check_table(const char *who, int node, const struct secmon_calltab *t, bool from_dtb)
{
	const char *nn = node_name(node);
	unsigned next_call = 0, next_word = 0;

	if (!t->path_name)
		violated("table-name", "%s on node %s: table without a node name", who, nn);
	if (!t->nops || t->nops > SECMON_CT_MAX_OPS || t->ncalls > SECMON_CT_MAX_CALLS ||
	    t->nregs > SECMON_CT_MAX_ARGS || t->nwords > SECMON_CT_MAX_WORDS)
		violated("table-size", "%s on node %s: %u ops, %u calls, %u registers, %u words",
			 who, nn, t->nops, t->ncalls, t->nregs, t->nwords);
	for (unsigned i = 0; i < t->nops; i++) {
		const struct secmon_ct_op *op = &t->ops[i];

		if (!op->name || !op->name[0] || (from_dtb && !in_dtb(op->name)))
			violated("op-name", "%s on node %s: operation %u has no name", who, nn, i);
		for (unsigned j = 0; j < i && op->name; j++)
			if (t->ops[j].name && base_eq(t->ops[j].name, op->name))
				violated("op-unique", "%s on node %s: operation %s twice", who, nn,
					 op->name);
		/* An operation without a call writes memory words, and nothing else. */
		if ((!op->ncalls && !op->nwords) || op->first_call != next_call ||
		    op->first_call + op->ncalls > t->ncalls)
			violated("op-calls", "%s on node %s: operation %s has calls %u+%u of %u",
				 who, nn, op->name, op->first_call, op->ncalls, t->ncalls);
		next_call = op->first_call + op->ncalls;
		if (op->first_word != next_word || op->first_word + op->nwords > t->nwords)
			violated("op-words", "%s on node %s: operation %s has words %u+%u of %u",
				 who, nn, op->name, op->first_word, op->nwords, t->nwords);
		next_word = op->first_word + op->nwords;
		for (unsigned w = op->first_word; w < next_word && w < SECMON_CT_MAX_WORDS; w++) {
			const struct secmon_ct_word *wd = &t->words[w];

			if (!wd->addr || (wd->addr & 3) || wd->addr > 0xffffffffu ||
			    (wd->name && (!wd->name[0] || (from_dtb && !in_dtb(wd->name)))))
				violated("word", "%s on node %s: operation %s: word at %#llx named %s",
					 who, nn, op->name, (unsigned long long)wd->addr,
					 wd->name ? wd->name : "(constant)");
			for (unsigned v = op->first_word; v < w; v++)
				if (t->words[v].addr == wd->addr)
					violated("word", "%s on node %s: operation %s writes %#llx twice",
						 who, nn, op->name, (unsigned long long)wd->addr);
		}
	}
	if (next_call != t->ncalls)
		violated("op-calls", "%s on node %s: %u calls, operations use %u", who, nn, t->ncalls,
			 next_call);
	if (next_word != t->nwords)
		violated("op-words", "%s on node %s: %u words, operations use %u", who, nn, t->nwords,
			 next_word);
	for (unsigned i = 0; i < t->ncalls; i++) {
		const struct secmon_ct_call *c = &t->calls[i];
		uint32_t used = 1u << c->id_reg;
		unsigned nconst = 0;

		if (c->id_reg > 17)
			violated("register-range", "%s on node %s: call %#x: ID in register %u", who,
				 nn, c->fid, c->id_reg);
		if (c->nargs > SECMON_CT_MAX_REGS || c->nresults > SECMON_CT_MAX_RESULTS ||
		    c->first + c->nargs + c->nresults > t->nregs)
			violated("call-size", "%s on node %s: call %#x: %u args, %u results at %u of %u",
				 who, nn, c->fid, c->nargs, c->nresults, c->first, t->nregs);
		if (!t->legacy && (secmon_fid_is_fast(c->fid) != c->fast ||
				   secmon_fid_is_smc64(c->fid) != c->smc64 ||
				   (c->fast && (c->fid & SECMON_FID_MBZ))))
			violated("smccc-id", "%s on node %s: SMCCC call %#x declared %s %s", who, nn,
				 c->fid, c->fast ? "fast" : "yielding", c->smc64 ? "SMC64" : "SMC32");
		for (unsigned j = 0; j < c->nargs + c->nresults; j++) {
			const struct secmon_ct_reg *r = &t->regs[c->first + j];
			bool result = j >= c->nargs;

			if (r->reg > 17)
				violated("register-range", "%s on node %s: call %#x: register %u", who,
					 nn, c->fid, r->reg);
			if (!r->name)
				nconst++;
			if ((result || r->name) &&
			    (!r->name || !r->name[0] || (from_dtb && !in_dtb(r->name))))
				violated("reg-name", "%s on node %s: call %#x: unnamed %s", who, nn,
					 c->fid, result ? "result" : "argument");
			if (result && !r->name)
				continue;
			if (!result) {
				if (used & (1u << r->reg))
					violated("register-twice", "%s on node %s: call %#x: register "
						 "%u used twice", who, nn, c->fid, r->reg);
				used |= 1u << r->reg;
			}
			for (unsigned k = result ? c->nargs : 0; k < j; k++) {
				const char *other = t->regs[c->first + k].name;

				if (other && r->name && !strcmp(other, r->name))
					violated("name-twice", "%s on node %s: call %#x: name %s twice",
						 who, nn, c->fid, r->name);
			}
		}
		(void)nconst;
		for (unsigned j = i + 1; j < t->ncalls; j++)
			if (t->calls[j].fid == c->fid && t->calls[j].id_reg == c->id_reg)
				violated(t->legacy && !from_dtb ? "fid-unique-psci01" : "fid-unique",
					 "%s on node %s: two calls with function ID %#x "
					 "in register %u", who, nn, c->fid, c->id_reg);
	}
}

/* ---- the calling side, through a conduit that records and answers ---- */

static unsigned answer_seq;

static void rec_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
		       struct secmon_regs *out)
{
	static const uint64_t answers[] = { 0, 0xffffffffu, 0xfffffffeu, 1, ~0ull, 0x80000000u };
	const struct secmon_calltab *t = c->ctx;
	bool known = false;

	/* Whatever the library sends must be a call of the table it uses. */
	for (unsigned i = 0; t && i < t->ncalls && !known; i++)
		known = (uint32_t)in->x[t->calls[i].id_reg] == t->calls[i].fid;
	if (t && !known)
		violated("marshal-id", "the library sent x0 = %#llx, which no call of its table has",
			 (unsigned long long)in->x[0]);
	*out = *in;
	out->x[0] = answers[answer_seq++ % (sizeof(answers) / sizeof(answers[0]))];
}

static struct secmon_conduit rec_smc = { .name = "rec-smc", .invoke = rec_invoke };
static struct secmon_conduit rec_hvc = { .name = "rec-hvc", .invoke = rec_invoke };

static void check_rc(const char *who, int rc)
{
	if (rc > 0 || rc < -SECMON_E_MAX)
		violated("library-rc", "%s returned %d", who, rc);
}

static void exercise_fwops(struct secmon_fwops *o)
{
	uint64_t addr;

	for (unsigned cpu = 0; cpu <= o->ncpus && cpu < SECMON_FWOPS_MAX_CPUS + 1; cpu++) {
		check_rc("secmon_fwops_set_cpu_boot_addr", secmon_fwops_set_cpu_boot_addr(o, cpu, 0x80000000u));
		check_rc("secmon_fwops_cpu_boot", secmon_fwops_cpu_boot(o, cpu));
		check_rc("secmon_fwops_get_cpu_boot_addr", secmon_fwops_get_cpu_boot_addr(o, cpu, &addr));
	}
	check_rc("secmon_fwops_do_idle", secmon_fwops_do_idle(o, 1));
	check_rc("secmon_fwops_suspend", secmon_fwops_suspend(o, 0x80000000u));
	check_rc("secmon_fwops_resume", secmon_fwops_resume(o));
	check_rc("secmon_fwops_l2x0_init", secmon_fwops_l2x0_init(o));
	check_rc("secmon_fwops_c15resume", secmon_fwops_c15resume(o, 0x80001000u));
	for (int op = 0; op <= SECMON_FWOP_COUNT; op++)
		(void)secmon_fwops_has(o, (enum secmon_fwop)op);
}

static void library(void)
{
	static struct secmon_calltab t;
	static struct secmon_fwops o;
	static struct secmon_service s;
	struct secmon_ct_error err;
	struct secmon_conduits both = { &rec_smc, &rec_hvc }, smc_only = { &rec_smc, 0 };
	int rc, node, depth = 0, n = 0;

	/* Every node, whatever it is. */
	for (node = 0; node >= 0 && depth >= 0 && n < MAX_NODES;
	     node = fdt_next_node(buf, node, &depth), n++) {
		memset(&err, 0x5a, sizeof(err));
		rc = secmon_calltab_parse(buf, node, &t, &err);
		if (rc)
			check_error("secmon_calltab_parse", node, rc, &err);
		else
			check_table("secmon_calltab_parse", node, &t, true);
		memset(&err, 0x5a, sizeof(err));
		rc = secmon_calltab_from_psci(buf, node, &t, &err);
		if (rc)
			check_error("secmon_calltab_from_psci", node, rc, &err);
		else
			check_table("secmon_calltab_from_psci", node, &t, false);
	}
	node = -1;
	for (n = 0; n < MAX_NODES; n++) {
		node = secmon_calltab_find(buf, node, "secmon,call-table");
		if (node < 0)
			break;
	}

	for (int pass = 0; pass < 2; pass++) {
		memset(&err, 0x5a, sizeof(err));
		rc = secmon_fwops_init_dt(&o, buf, pass ? &smc_only : &both, &t, &err);
		if (rc) {
			check_error("secmon_fwops_init_dt", 0, rc, &err);
			continue;
		}
		if (o.backend == SECMON_FWOPS_TABLE)
			check_table("secmon_fwops_init_dt", 0, &t, false);
		rec_smc.ctx = rec_hvc.ctx = o.backend == SECMON_FWOPS_TABLE ? &t : 0;
		exercise_fwops(&o);
	}

	memset(&err, 0x5a, sizeof(err));
	rc = secmon_service_bind(&s, buf, "secmon,secure-media", &both, &err);
	if (rc) {
		check_error("secmon_service_bind", 0, rc, &err);
		return;
	}
	check_table("secmon_service_bind", s.node, &s.t, true);
	rec_smc.ctx = rec_hvc.ctx = &s.t;
	for (unsigned i = 0; i < s.t.nops; i++) {
		const struct secmon_ct_val in[] = { { "format", 1 }, { "addr", 0x80000000u },
						    { "size", 0x1000 }, { "handle", 1 } };
		struct secmon_ct_val out[] = { { "status", 0 }, { "handle", 0 }, { "format", 0 },
					       { "buffers", 0 } };

		check_rc("secmon_service_call",
			 secmon_service_call(&s, s.t.ops[i].name, in, 4, out, 4));
	}
}

/* ---- the monitor's reader ---- */

static struct secmon_calltab mtabs[MAX_TABLES];
static unsigned nmtabs;

/* The tables the monitor serves, in the order it matches them. */
static void monitor_tables(void)
{
	struct secmon_ct_error err;
	int node = -1;

	nmtabs = 0;
	while ((node = fdt_node_offset_by_compatible(buf, node, "secmon,call-table")) >= 0 &&
	       nmtabs < MAX_TABLES)
		if (!secmon_calltab_parse(buf, node, &mtabs[nmtabs], &err))
			nmtabs++;
	node = fdt_node_offset_by_compatible(buf, -1, "arm,psci");
	if (node >= 0 && fdt_stringlist_count(buf, node, "compatible") == 1 && nmtabs < MAX_TABLES &&
	    !secmon_calltab_from_psci(buf, node, &mtabs[nmtabs], &err))
		nmtabs++;
}

static const struct secmon_ct_call *first_match(const struct secmon_regs *r,
						const struct secmon_calltab **tab)
{
	for (unsigned i = 0; i < nmtabs; i++) {
		for (unsigned c = 0; c < mtabs[i].ncalls; c++) {
			const struct secmon_ct_call *k = &mtabs[i].calls[c];

			if ((uint32_t)r->x[k->id_reg] == k->fid) {
				*tab = &mtabs[i];
				return k;
			}
		}
	}
	return 0;
}

static struct mon_config cfg;

static void boot(void)
{
	fp.log_len = 0;
	if (mon_init(&cfg) != 0)
		violated("mon-init-stable", "mon_init() accepted the board DT once, then refused it");
}

static void serve_each(void)
{
	static jmp_buf jb;
	static struct secmon_regs in, out;
	static const struct secmon_ct_call *k;
	static const struct secmon_calltab *tab;
	static unsigned ti, ci;
	static uint64_t seed;
	struct mon_caller caller = { .aarch32 = false, .mode = 0 };

	for (ti = 0; ti < nmtabs; ti++) {
		for (ci = 0; ci < mtabs[ti].ncalls; ci++) {
			k = &mtabs[ti].calls[ci];
			for (unsigned i = 0; i < SECMON_NREGS; i++) {
				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				in.x[i] = (i % 3 == 1) ? 0x80000000u + (seed >> 52) * 4 : seed;
			}
			in.x[k->id_reg] = k->fid;
			/* The monitor answers these itself, before any table (a PSCI 0.1 node may list them). */
			if (mon_fid_answered((uint32_t)in.x[0]))
				continue;
			k = first_match(&in, &tab);
			out = in;
			fp.cur = 0;
			fp.down = &jb;
			fp.how = FP_UP;
			if (setjmp(jb) == 0)
				mon_smc(0, &out, &caller);
			fp.cur = -1;
			fp.down = 0;
			if (fp.lock)
				violated("lock", "described call %#x returned holding the lock", k->fid);
			if (fp.how != FP_UP) {
				boot();
				continue;
			}
			for (unsigned i = 0; i < SECMON_NREGS; i++) {
				bool result = false, status = false;

				for (unsigned j = 0; j < k->nresults; j++) {
					const struct secmon_ct_reg *r = &tab->regs[k->first + k->nargs + j];

					result |= r->reg == i;
					status |= r->reg == i && r->name && !strcmp(r->name, "status");
				}
				if (!result && out.x[i] != in.x[i])
					violated("described-preserve", "described call %#x in x%u: x%u "
						 "= %#llx, not a result of the call, was %#llx", k->fid,
						 k->id_reg, i, (unsigned long long)out.x[i],
						 (unsigned long long)in.x[i]);
				/*
				 * PSCI 0.1 calls take the caller's width: 64 bits here.
				 * A negative status of an SMC32 call comes sign-extended.
				 */
				if (result && !k->smc64 && !k->native && (out.x[i] >> 32) &&
				    out.x[i] != in.x[i] &&
				    !(status && out.x[i] == (uint64_t)(int64_t)(int32_t)out.x[i]))
					violated("described-width", "SMC32 described call %#x: result "
						 "x%u = %#llx", k->fid, i, (unsigned long long)out.x[i]);
			}
		}
	}
}

/* IDs the monitor would serve twice: only the first table would ever see them. */
static void check_unique_across(void)
{
	for (unsigned a = 0; a < nmtabs; a++)
		for (unsigned b = a + 1; b < nmtabs; b++)
			for (unsigned i = 0; i < mtabs[a].ncalls; i++)
				for (unsigned j = 0; j < mtabs[b].ncalls; j++)
					if (mtabs[a].calls[i].fid == mtabs[b].calls[j].fid &&
					    mtabs[a].calls[i].id_reg == mtabs[b].calls[j].id_reg)
						violated("fid-unique-monitor",
							 "mon_init() accepted tables %s and %s that "
							 "both describe ID %#x in register %u",
							 mtabs[a].path_name, mtabs[b].path_name,
							 mtabs[a].calls[i].fid,
							 mtabs[a].calls[i].id_reg);
}

/*
 * Whether the monitor's log names a node of the tree in an error: "secmon:
 * board DT: node NAME" followed by ',' ':' or '/', NAME as
 * secmon_calltab_node_name() gives it ("/" for the root, "?" for a nameless
 * node). The tree's own names are looked for rather than parsed out of the
 * log: a name may hold any byte but NUL (", ", ": ", a newline) when dtc did
 * not write the tree, and a long one is cut.
 */
static bool log_names(const char *name)
{
	static const char prefix[] = "secmon: board DT: node ";
	/* A name too long for secmon_ct_error.node is cut there, ending in "...". */
	const size_t cut = sizeof(((struct secmon_ct_error *)0)->node) - 4;
	size_t len = strlen(name);

	for (const char *p = fp.log; (p = strstr(p, prefix)) != NULL; p++) {
		const char *n = p + sizeof(prefix) - 1;

		if (len && !strncmp(n, name, len) && n[len] && strchr(",:/", n[len]))
			return true;
		if (len >= cut && !strncmp(n, name, cut) && !strncmp(n + cut, "...", 3))
			return true;
	}
	return false;
}

static bool log_names_node(void)
{
	int node;

	if (strstr(fp.log, "secmon: board DT: not a valid flattened device tree"))
		return true;
	/* From -1: a tree may open with NOPs, its root then not at 0. */
	for (node = fdt_next_node(buf, -1, NULL); node >= 0; node = fdt_next_node(buf, node, NULL))
		if (log_names(secmon_calltab_node_name(buf, node)))
			return true;
	return false;
}

/* No two nodes of the DT the fix-up wrote share a phandle. */
static void check_phandles(const void *fdt)
{
	static uint32_t seen[MAX_NODES];
	unsigned n = 0;

	for (int node = fdt_next_node(fdt, -1, 0); node >= 0 && n < MAX_NODES;
	     node = fdt_next_node(fdt, node, 0)) {
		uint32_t ph = fdt_get_phandle(fdt, node);

		if (!ph)
			continue;
		for (unsigned i = 0; i < n; i++)
			if (seen[i] == ph)
				violated("fixup-phandle-unique", "mon_dt_fixup() wrote phandle %#x on "
					 "two nodes (one is %s)", ph, fdt_get_name(fdt, node, 0));
		seen[n++] = ph;
	}
}

static void monitor(void)
{
	static const struct fp_topology topo = {
		.ncpus = 4, .cluster_size = 2, .cluster_shift = 8,
		.ns_base = 0x80000000u, .ns_size = 0x40000000u,
	};
	static uint8_t fixed[FIXUP_SIZE];
	int rc;

	/* regress-nameless-node.dtb: silenced, old trees skip the monitor. */
	if (fp_allowed("nameless-node") && fdt_version(buf) < 16)
		return;
	fp_reset(&topo);
	cfg = (struct mon_config){ .boot_cpu = 0, .soc_version = 0x5e8c5ec0u, .soc_name = "fuzz",
				   .board_dtb = buf };
	rc = mon_init(&cfg);
	if (rc) {
		fp.log[fp.log_len < sizeof(fp.log) ? fp.log_len : sizeof(fp.log) - 1] = '\0';
		if (rc != -1)
			violated("mon-init-rc", "mon_init() returned %d", rc);
		/* A full log may have lost the line: nothing to judge by. */
		if (fp.log_len < sizeof(fp.log) - 1 && !log_names_node())
			violated("mon-init-node", "mon_init() refused the board DT without naming a "
				 "node: %s", fp.log);
	} else {
		monitor_tables();
		check_unique_across();
		serve_each();
	}
	if (fp_allowed("negative-prop-len") && has_negative_prop())
		return;
	if (fdt_create_empty_tree(fixed, sizeof(fixed)) != 0)
		fp_fail("fdt_create_empty_tree");
	rc = mon_dt_fixup(fixed, buf);
	if (rc == 0 && fdt_check_full(fixed, sizeof(fixed)) != 0)
		violated("fixup-valid", "mon_dt_fixup() succeeded but wrote an invalid tree");
	else if (rc == 0)
		check_phandles(fixed);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *copy;

	/* A platform hands over a header-checked tree no larger than its buffer. */
	if (size < sizeof(struct fdt_header) || fdt_check_header(data) != 0 ||
	    fdt_totalsize(data) > size)
		return 0;
	/* Exactly totalsize bytes, so that an over-read is an ASan report. */
	size = fdt_totalsize(data);
	copy = malloc(size);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	buf = copy;
	buf_size = size;
	report_all = getenv("SECMON_FUZZ_ALL") != 0;
	nviolations = 0;
	/* The library's contract (calltab.h); the monitor checks the tree itself. */
	if (secmon_dt_check_structure(buf, buf_size) == SECMON_OK)
		library();
	monitor();
	free(copy);
	buf = 0;
	if (nviolations)
		fp_fail("%u violations", nviolations);
	return 0;
}
