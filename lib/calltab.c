// SPDX-License-Identifier: BSD-3-Clause
/*
 * Parses and validates "secmon,call-table" nodes into a struct
 * secmon_calltab; calltab_call.c makes calls through the result. The binding
 * is a closed vocabulary: registers, named parameters, constants and results
 * (the firmware operations' names: <secmon/calltab.h>, lib/vocab.c); see
 * docs/bindings/. Cold-boot code in the firmware (it needs libfdt).
 */
#include <libfdt.h>
#include <secmon/calltab.h>
#include "internal.h"

#define MAX_REG 17

/* A string cut to fit ends in "...", so that no message passes it off as whole. */
static void mark_cut(char *dst, unsigned size, const char *rest)
{
	if (rest && *rest && size >= 4) {
		dst[size - 4] = dst[size - 3] = dst[size - 2] = '.';
		dst[size - 1] = '\0';
	}
}

static void copy(char *dst, unsigned size, const char *src)
{
	unsigned i = 0;

	while (src && src[i] && i + 1 < size) {
		dst[i] = src[i];
		i++;
	}
	dst[i] = '\0';
	mark_cut(dst, size, src ? src + i : 0);
}

int secmon_ct_fail(struct secmon_ct_error *err, const char *node, const char *prop,
		   const char *msg, int code)
{
	copy(err->node, sizeof(err->node), node ? node : "?");
	copy(err->property, sizeof(err->property), prop);
	copy(err->message, sizeof(err->message), msg);
	return code;
}

/* Appends src to dst (of `size` bytes), cutting it to fit. */
static void append(char *dst, unsigned size, const char *src)
{
	unsigned n = 0;

	while (n < size && dst[n])
		n++;
	while (src && *src && n + 1 < size)
		dst[n++] = *src++;
	if (n < size)
		dst[n] = '\0';
	mark_cut(dst, size, src);
}

/* Names a call@N node with its operation ("l2x0-init/call@1"): N repeats. */
static int fail(struct secmon_ct_error *err, const void *fdt, int node, const char *prop,
		const char *msg, int code)
{
	const char *name = secmon_calltab_node_name(fdt, node);
	int parent;

	secmon_ct_fail(err, name, prop, msg, code);
	if (secmon_name_eq(name, "call") && (parent = fdt_parent_offset(fdt, node)) >= 0) {
		secmon_ct_fail(err, secmon_calltab_node_name(fdt, parent), prop, msg, code);
		append(err->node, sizeof(err->node), "/");
		append(err->node, sizeof(err->node), name);
	}
	return code;
}

#define FAIL(prop, msg) fail(ctx->err, ctx->fdt, node, (prop), (msg), SECMON_E_BAD_TABLE)
#define NO_SPACE(prop, msg) fail(ctx->err, ctx->fdt, node, (prop), (msg), SECMON_E_NO_SPACE)

struct parse {
	const void *fdt;
	struct secmon_calltab *t;
	struct secmon_ct_error *err;
	const struct secmon_ct_vocab *vocab;	/* of the operation being parsed, or NULL */
};

/* A property of u32 cells: its length in cells, or -1 when absent. */
static int cells(const void *fdt, int node, const char *prop, const fdt32_t **val, bool *bad)
{
	int len;

	*val = fdt_getprop(fdt, node, prop, &len);
	*bad = false;
	if (!*val)
		return -1;
	if (len % 4) {
		*bad = true;
		return -1;
	}
	return len / 4;
}

static bool in_list(const char *const *list, unsigned n, const char *name)
{
	for (unsigned i = 0; i < n && list[i]; i++)
		if (secmon_streq(list[i], name))
			return true;
	return false;
}

/* Claims register r for the call; false when it is already used. */
static bool claim(uint32_t *used, uint32_t r)
{
	if (*used & (1u << r))
		return false;
	*used |= 1u << r;
	return true;
}

/*
 * Reads `names` and `regs` (parallel lists) into t->regs. Names must be in
 * `vocab` when there is one.
 */
static int named_regs(struct parse *ctx, int node, const char *names_prop, const char *regs_prop,
		      const char *const *vocab, unsigned vocab_n, unsigned max, uint32_t *used,
		      uint8_t *count)
{
	const fdt32_t *regs;
	bool bad;
	int n = cells(ctx->fdt, node, regs_prop, &regs, &bad);
	int nnames = fdt_stringlist_count(ctx->fdt, node, names_prop);

	if (bad)
		return FAIL(regs_prop, "must be a list of 32-bit cells");
	if (nnames < 0 && nnames != -FDT_ERR_NOTFOUND)
		return FAIL(names_prop, "must be a list of strings");
	if (n < 0)
		n = 0;
	if (nnames < 0)
		nnames = 0;
	if (nnames != n)
		return FAIL(regs_prop, "must name one register per entry of the names list");
	if ((unsigned)n > max)
		return NO_SPACE(regs_prop, "too many registers for one call");
	if (ctx->t->nregs + n > SECMON_CT_MAX_ARGS)
		return NO_SPACE(regs_prop, "too many registers in the table");
	for (int i = 0; i < n; i++) {
		struct secmon_ct_reg *r = &ctx->t->regs[ctx->t->nregs];
		uint32_t reg = fdt32_to_cpu(regs[i]);
		const char *name = fdt_stringlist_get(ctx->fdt, node, names_prop, i, 0);

		if (reg > MAX_REG)
			return FAIL(regs_prop, "register out of range (0 to 17)");
		if (used && !claim(used, reg))
			return FAIL(regs_prop, "register used twice in one call");
		if (!name || !name[0])
			return FAIL(names_prop, "empty name");
		if (vocab && !in_list(vocab, vocab_n, name)) {
			FAIL(names_prop, "unknown parameter name for this operation: ");
			append(ctx->err->message, sizeof(ctx->err->message), name);
			return SECMON_E_BAD_TABLE;
		}
		for (unsigned j = ctx->t->nregs - (unsigned)i; j < ctx->t->nregs; j++)
			if (secmon_streq(ctx->t->regs[j].name, name))
				return FAIL(names_prop, "name used twice in one call");
		*r = (struct secmon_ct_reg){ .name = name, .reg = (uint8_t)reg };
		ctx->t->nregs++;
	}
	*count = (uint8_t)n;
	return SECMON_OK;
}

static int const_regs(struct parse *ctx, int node, uint32_t *used, uint8_t *count)
{
	const fdt32_t *regs, *vals;
	bool bad_r, bad_v;
	int n = cells(ctx->fdt, node, "const-registers", &regs, &bad_r);
	int nv = cells(ctx->fdt, node, "const-values", &vals, &bad_v);

	if (bad_r)
		return FAIL("const-registers", "must be a list of 32-bit cells");
	if (bad_v)
		return FAIL("const-values", "must be a list of 32-bit cells");
	if (n < 0)
		n = 0;
	if (nv < 0)
		nv = 0;
	if (n != nv)
		return FAIL("const-values", "must give one value per entry of const-registers");
	if (*count + n > SECMON_CT_MAX_REGS)
		return NO_SPACE("const-registers", "too many registers for one call");
	if (ctx->t->nregs + n > SECMON_CT_MAX_ARGS)
		return NO_SPACE("const-registers", "too many registers in the table");
	for (int i = 0; i < n; i++) {
		uint32_t reg = fdt32_to_cpu(regs[i]);

		if (reg > MAX_REG)
			return FAIL("const-registers", "register out of range (0 to 17)");
		if (!claim(used, reg))
			return FAIL("const-registers", "register used twice in one call");
		ctx->t->regs[ctx->t->nregs++] =
			(struct secmon_ct_reg){ .value = fdt32_to_cpu(vals[i]), .reg = (uint8_t)reg };
	}
	*count = (uint8_t)(*count + n);
	return SECMON_OK;
}

static const char *const table_props[] = { "compatible", "method", "abi", "phandle",
					    "linux,phandle", "status", "secure-status", 0 };
static const char *const call_props[] = {
	"function-id", "id-register", "convention", "call-type", "arg-names", "arg-registers",
	"const-registers", "const-values", "result-names", "result-registers", "phandle",
	"linux,phandle", "entry-address", 0
};
static const char *const sequence_props[] = { "phandle", "linux,phandle", 0 };
/* An operation's node, as well as what its call or sequence allows. */
static const char *const word_props[] = { "word-names", "word-addresses", "word-const-addresses",
					   "word-const-values", "resume-word", 0 };

/*
 * A property the binding does not define is a typo, not something to skip;
 * `more` (or NULL) lists further allowed ones.
 */
static int check_props(struct parse *ctx, int node, const char *const *allowed,
		       const char *const *more)
{
	int prop;

	fdt_for_each_property_offset(prop, ctx->fdt, node) {
		const char *name;

		if (!fdt_getprop_by_offset(ctx->fdt, prop, &name, 0))
			return FAIL(0, "unreadable property");
		if (!in_list(allowed, 24, name) && !(more && in_list(more, 24, name)))
			return FAIL(name, "unknown property");
	}
	return SECMON_OK;
}

/* A string property that must be one of two words; absent gives `dflt`. */
static int choice(struct parse *ctx, int node, const char *prop, const char *yes,
		  const char *no, bool dflt, bool *out)
{
	int len;
	const char *s = fdt_getprop(ctx->fdt, node, prop, &len);

	*out = dflt;
	if (!s)
		return SECMON_OK;
	if (len < 1 || s[len - 1] != '\0' || fdt_stringlist_count(ctx->fdt, node, prop) != 1)
		return FAIL(prop, "must be one string");
	if (secmon_streq(s, yes))
		*out = true;
	else if (secmon_streq(s, no))
		*out = false;
	else
		return FAIL(prop, "unknown value");
	return SECMON_OK;
}

/* SMCCC's function-ID layout must agree with the call's declared kind. */
static int check_smccc_id(struct parse *ctx, int node, const struct secmon_ct_call *c)
{
	if (secmon_fid_is_fast(c->fid) != c->fast)
		return FAIL("call-type", "disagrees with bit 31 of function-id");
	if (secmon_fid_is_smc64(c->fid) != c->smc64)
		return FAIL("convention", "disagrees with bit 30 of function-id");
	if (c->fast && (c->fid & SECMON_FID_MBZ))
		return FAIL("function-id", "bits 23:17 must be zero in a fast call");
	return SECMON_OK;
}

/*
 * entry-address: one or two cells (a 64-bit address), not 0, 4-byte
 * aligned; a call that takes its entry from memory passes none in a register.
 */
static int entry_address(struct parse *ctx, int node, struct secmon_ct_call *c)
{
	const fdt32_t *v;
	bool bad;
	int n = cells(ctx->fdt, node, "entry-address", &v, &bad);

	if (n < 0 && !bad)
		return SECMON_OK;
	if (n != 1 && n != 2)
		return FAIL("entry-address", "must be one or two 32-bit cells (an address)");
	c->entry_addr = n == 1 ? fdt32_to_cpu(v[0])
			       : (uint64_t)fdt32_to_cpu(v[0]) << 32 | fdt32_to_cpu(v[1]);
	if (!c->entry_addr || (c->entry_addr & 3))
		return FAIL("entry-address", "must be a non-zero, 4-byte aligned address");
	for (unsigned i = 0; i < c->nargs; i++) {
		const char *name = ctx->t->regs[c->first + i].name;

		if (name && secmon_streq(name, "entry"))
			return FAIL("entry-address", "the call also passes entry in a register");
	}
	return SECMON_OK;
}

/* `op_node`: the operation's own node, which may also have words. */
static int parse_call(struct parse *ctx, int node, struct secmon_ct_call *c, bool op_node)
{
	const fdt32_t *v;
	bool bad;
	uint32_t used = 0, results = 0;
	int n, err;
	const struct secmon_ct_vocab *vb = ctx->vocab;

	err = check_props(ctx, node, call_props, op_node ? word_props : 0);
	if (err)
		return err;
	n = cells(ctx->fdt, node, "function-id", &v, &bad);
	if (n < 0 && !bad)
		return FAIL("function-id", "missing required property");
	if (n != 1)
		return FAIL("function-id", "must be one 32-bit cell");
	*c = (struct secmon_ct_call){ .fid = fdt32_to_cpu(v[0]), .first = ctx->t->nregs };
	n = cells(ctx->fdt, node, "id-register", &v, &bad);
	if (bad || n > 1 || n == 0)
		return FAIL("id-register", "must be one 32-bit cell");
	if (n == 1) {
		if (fdt32_to_cpu(v[0]) > MAX_REG)
			return FAIL("id-register", "register out of range (0 to 17)");
		c->id_reg = (uint8_t)fdt32_to_cpu(v[0]);
	}
	claim(&used, c->id_reg);
	err = choice(ctx, node, "convention", "smc64", "smc32", false, &c->smc64);
	if (!err)
		err = choice(ctx, node, "call-type", "fast", "yielding", true, &c->fast);
	if (!err && !ctx->t->legacy)
		err = check_smccc_id(ctx, node, c);
	if (!err)
		err = named_regs(ctx, node, "arg-names", "arg-registers", vb ? vb->params : 0,
				 SECMON_CT_VOCAB_PARAMS, SECMON_CT_MAX_REGS, &used, &c->nargs);
	if (!err)
		err = const_regs(ctx, node, &used, &c->nargs);
	if (!err)
		err = named_regs(ctx, node, "result-names", "result-registers",
				 vb ? vb->results : 0, SECMON_CT_VOCAB_RESULTS, SECMON_CT_MAX_RESULTS,
				 &results, &c->nresults);
	if (!err)
		err = entry_address(ctx, node, c);
	return err;
}

/* "call@N" with N (hex, as unit addresses are) equal to n. */
static bool is_call_n(const char *name, unsigned n)
{
	unsigned v = 0, i = 5;

	if (!secmon_name_eq(name, "call") || name[4] != '@' || !name[5] || (name[5] == '0' && name[6]))
		return false;
	for (; name[i]; i++) {
		char ch = name[i];
		unsigned d = ch >= '0' && ch <= '9' ? (unsigned)(ch - '0') :
			     ch >= 'a' && ch <= 'f' ? (unsigned)(ch - 'a' + 10) : 16;

		if (d > 15 || v > 0xfff)
			return false;
		v = v * 16 + d;
	}
	return v == n;
}

/* Adds the word at `addr` to the table: not 0, aligned, not named twice in `op`. */
static int add_word(struct parse *ctx, int node, const struct secmon_ct_op *op, const char *prop,
		    uint32_t addr, const char *name, uint32_t value)
{
	struct secmon_calltab *t = ctx->t;

	if (!addr || (addr & 3))
		return FAIL(prop, "must be non-zero, 4-byte aligned addresses");
	for (unsigned i = op->first_word; i < t->nwords; i++)
		if (t->words[i].addr == addr)
			return FAIL(prop, "an address written twice by one operation");
	if (t->nwords >= SECMON_CT_MAX_WORDS)
		return NO_SPACE(prop, "too many memory words in the table");
	t->words[t->nwords++] = (struct secmon_ct_word){ .addr = addr, .name = name, .value = value };
	return SECMON_OK;
}

/*
 * resume-word: one of the operation's word-names, the word its call
 * resumes the caller at (op->resume_word: 1 + its index among the
 * operation's words).
 */
static int resume_word(struct parse *ctx, int node, struct secmon_ct_op *op)
{
	int len;
	const char *name = fdt_getprop(ctx->fdt, node, "resume-word", &len);

	if (!name)
		return SECMON_OK;
	if (len < 2 || name[len - 1] || fdt_stringlist_count(ctx->fdt, node, "resume-word") != 1)
		return FAIL("resume-word", "must be one string (a name of word-names)");
	for (unsigned i = 0; i < op->nwords; i++) {
		const char *w = ctx->t->words[op->first_word + i].name;

		if (w && secmon_streq(w, name)) {
			op->resume_word = (uint8_t)(i + 1);
			return SECMON_OK;
		}
	}
	return FAIL("resume-word", "names no entry of word-names");
}

/*
 * The words an operation writes before its first call: word-names with
 * word-addresses (parameters of the operation), word-const-addresses with
 * word-const-values; one 32-bit cell per address.
 */
static int op_words(struct parse *ctx, int node, struct secmon_ct_op *op)
{
	const fdt32_t *a, *ca, *cv;
	bool bad_a, bad_ca, bad_cv;
	int na = cells(ctx->fdt, node, "word-addresses", &a, &bad_a);
	int nca = cells(ctx->fdt, node, "word-const-addresses", &ca, &bad_ca);
	int ncv = cells(ctx->fdt, node, "word-const-values", &cv, &bad_cv);
	int nnames = fdt_stringlist_count(ctx->fdt, node, "word-names");
	const struct secmon_ct_vocab *vb = ctx->vocab;
	int err;

	op->first_word = ctx->t->nwords;
	if (bad_a)
		return FAIL("word-addresses", "must be a list of 32-bit cells");
	if (bad_ca)
		return FAIL("word-const-addresses", "must be a list of 32-bit cells");
	if (bad_cv)
		return FAIL("word-const-values", "must be a list of 32-bit cells");
	if (nnames < 0 && nnames != -FDT_ERR_NOTFOUND)
		return FAIL("word-names", "must be a list of strings");
	if ((nnames < 0 ? 0 : nnames) != (na < 0 ? 0 : na))
		return FAIL("word-addresses", "must give one address per entry of word-names");
	if ((nca < 0 ? 0 : nca) != (ncv < 0 ? 0 : ncv))
		return FAIL("word-const-values", "must give one value per entry of word-const-addresses");
	for (int i = 0; i < na; i++) {
		const char *name = fdt_stringlist_get(ctx->fdt, node, "word-names", i, 0);

		if (!name || !name[0])
			return FAIL("word-names", "empty name");
		if (vb && !in_list(vb->params, SECMON_CT_VOCAB_PARAMS, name)) {
			FAIL("word-names", "unknown parameter name for this operation: ");
			append(ctx->err->message, sizeof(ctx->err->message), name);
			return SECMON_E_BAD_TABLE;
		}
		err = add_word(ctx, node, op, "word-addresses", fdt32_to_cpu(a[i]), name, 0);
		if (err)
			return err;
	}
	for (int i = 0; i < nca; i++) {
		err = add_word(ctx, node, op, "word-const-addresses", fdt32_to_cpu(ca[i]), 0,
			       fdt32_to_cpu(cv[i]));
		if (err)
			return err;
	}
	op->nwords = (uint8_t)(ctx->t->nwords - op->first_word);
	return resume_word(ctx, node, op);
}

/*
 * An operation is one call, or a sequence of call@N child nodes, and may
 * write words first; one with words may have no call at all.
 */
static int parse_op(struct parse *ctx, int node)
{
	struct secmon_calltab *t = ctx->t;
	struct secmon_ct_op *op = &t->ops[t->nops];
	const char *name = fdt_get_name(ctx->fdt, node, 0);
	int child, err;

	if (!name || !name[0])
		return FAIL(0, "an operation's node needs a name");
	*op = (struct secmon_ct_op){ .name = name, .first_call = t->ncalls };
	for (unsigned i = 0; i < t->nops; i++)
		if (secmon_name_eq(t->ops[i].name, op->name))
			return FAIL(0, "operation described twice");
	ctx->vocab = secmon_ct_fw_vocab_of(op->name);
	err = op_words(ctx, node, op);
	if (err)
		return err;
	if (!fdt_getprop(ctx->fdt, node, "function-id", 0) &&
	    (fdt_first_subnode(ctx->fdt, node) >= 0 || op->nwords) &&
	    (err = check_props(ctx, node, sequence_props, word_props)))
		return err;
	if (fdt_getprop(ctx->fdt, node, "function-id", 0)) {
		if (t->ncalls >= SECMON_CT_MAX_CALLS)
			return NO_SPACE("function-id", "too many calls in the table");
		err = parse_call(ctx, node, &t->calls[t->ncalls], true);
		if (err)
			return err;
		t->ncalls++;
	}
	fdt_for_each_subnode(child, ctx->fdt, node) {
		if (op->first_call != t->ncalls && fdt_getprop(ctx->fdt, node, "function-id", 0))
			return FAIL("function-id", "an operation is one call or call@N nodes, not both");
		if (!is_call_n(secmon_calltab_node_name(ctx->fdt, child), t->ncalls - op->first_call))
			return fail(ctx->err, ctx->fdt, child, 0,
				    "unknown child node (want call@0, call@1, ... in order)",
				    SECMON_E_BAD_TABLE);
		if (t->ncalls >= SECMON_CT_MAX_CALLS)
			return NO_SPACE(0, "too many calls in the table");
		err = parse_call(ctx, child, &t->calls[t->ncalls], false);
		if (err)
			return err;
		if (fdt_first_subnode(ctx->fdt, child) >= 0)
			return fail(ctx->err, ctx->fdt, child, 0,
				    "unknown child node (a call@N node has none)", SECMON_E_BAD_TABLE);
		t->ncalls++;
	}
	op->ncalls = (uint8_t)(t->ncalls - op->first_call);
	if (!op->ncalls && !op->nwords)
		return FAIL("function-id", "missing required property");
	if (op->resume_word && op->ncalls != 1)
		return FAIL("resume-word", "only an operation that is one call resumes");
	t->nops++;
	return SECMON_OK;
}

/* Two calls that the firmware could not tell apart. */
static int check_unique_ids(struct parse *ctx, int node)
{
	const struct secmon_calltab *t = ctx->t;

	for (unsigned i = 0; i < t->nops; i++) {
		for (unsigned j = 0; j < t->ops[i].ncalls; j++) {
			const struct secmon_ct_call *a = &t->calls[t->ops[i].first_call + j];

			for (unsigned k = t->ops[i].first_call + j + 1; k < t->ncalls; k++) {
				const struct secmon_ct_call *b = &t->calls[k];

				if (a->fid == b->fid && a->id_reg == b->id_reg)
					return fail(ctx->err, ctx->fdt, node, "function-id",
						    "two calls share one function ID",
						    SECMON_E_BAD_TABLE);
			}
		}
	}
	return SECMON_OK;
}

int secmon_calltab_parse(const void *fdt, int node, struct secmon_calltab *t,
			 struct secmon_ct_error *err)
{
	struct parse p = { .fdt = fdt, .t = t, .err = err };
	struct parse *ctx = &p;
	bool hvc;
	int child, e;

	*err = (struct secmon_ct_error){ .node = { 0 } };
	*t = (struct secmon_calltab){ .path_name = secmon_calltab_node_name(fdt, node) };
	if (!fdt_get_name(fdt, node, 0))
		return fail(err, fdt, node, 0, "not a node", SECMON_E_BAD_TABLE);
	if (fdt_node_check_compatible(fdt, node, "secmon,call-table") != 0)
		return FAIL("compatible", "not compatible with secmon,call-table");
	if (!fdt_getprop(fdt, node, "method", 0))
		return FAIL("method", "missing required property");
	e = check_props(ctx, node, table_props, 0);
	if (e)
		return e;
	e = choice(ctx, node, "method", "hvc", "smc", false, &hvc);
	if (!e)
		e = choice(ctx, node, "abi", "legacy", "smccc", false, &t->legacy);
	if (e)
		return e;
	t->method = hvc ? SECMON_CT_HVC : SECMON_CT_SMC;
	fdt_for_each_subnode(child, fdt, node) {
		if (t->nops >= SECMON_CT_MAX_OPS)
			return NO_SPACE(0, "too many operations");
		e = parse_op(ctx, child);
		if (e)
			return e;
	}
	if (!t->nops)
		return FAIL(0, "describes no operation");
	return check_unique_ids(ctx, node);
}
