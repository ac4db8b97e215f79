// SPDX-License-Identifier: BSD-3-Clause
/*
 * Makes calls through a parsed call table: puts the arguments in the
 * registers the table names, makes each call, collects the results. Needs
 * no libfdt, so resident firmware code may use it.
 */
#include <secmon/calltab.h>
#include "internal.h"

const struct secmon_ct_op *secmon_calltab_op(const struct secmon_calltab *t, const char *name)
{
	for (unsigned i = 0; i < t->nops; i++)
		if (secmon_name_eq(t->ops[i].name, name))
			return &t->ops[i];
	return 0;
}

static const struct secmon_ct_val *find_val(const struct secmon_ct_val *v, unsigned n,
					    const char *name)
{
	for (unsigned i = 0; i < n; i++)
		if (v[i].name && secmon_streq(v[i].name, name))
			return &v[i];
	return 0;
}

static int marshal(const struct secmon_calltab *t, const struct secmon_ct_call *c, bool wide,
		   const struct secmon_ct_val *in, unsigned nin, struct secmon_regs *r)
{
	*r = (struct secmon_regs){ { 0 } };
	r->x[c->id_reg] = c->fid;
	for (unsigned i = 0; i < c->nargs; i++) {
		const struct secmon_ct_reg *a = &t->regs[c->first + i];
		const struct secmon_ct_val *v;

		if (!a->name) {
			r->x[a->reg] = a->value;
			continue;
		}
		v = find_val(in, nin, a->name);
		if (!v || (!wide && v->value > 0xffffffffu))
			return SECMON_E_INVALID_PARAMETERS;
		r->x[a->reg] = v->value;
	}
	return SECMON_OK;
}

/* Collects the results; the status result, if any, decides the outcome. */
static int unmarshal(const struct secmon_calltab *t, const struct secmon_ct_call *c, bool wide,
		     const struct secmon_regs *r, struct secmon_ct_val *out, unsigned nout)
{
	int ret = SECMON_OK;
	bool unk = wide ? r->x[0] == SECMON_SMC_UNK64 : (uint32_t)r->x[0] == SECMON_SMC_UNK32;

	/* SMCCC firmware says SMC_UNK for what it lacks; legacy x0 is data. */
	if (!t->legacy && unk)
		return SECMON_E_NOT_SUPPORTED;
	for (unsigned i = 0; i < c->nresults; i++) {
		const struct secmon_ct_reg *res = &t->regs[c->first + c->nargs + i];
		uint64_t v = wide ? r->x[res->reg] : (uint32_t)r->x[res->reg];

		for (unsigned j = 0; j < nout; j++)
			if (out[j].name && secmon_streq(out[j].name, res->name))
				out[j].value = v;
		if (secmon_streq(res->name, "status") && (int32_t)v < 0)
			ret = (int32_t)v >= -9 ? (int32_t)v : SECMON_E_BAD_ANSWER;
	}
	return ret;
}

bool secmon_calltab_op_usable(const struct secmon_calltab *t, const struct secmon_ct_op *op,
			      const struct secmon_conduit *c)
{
	for (unsigned i = 0; c->aarch32 && i < op->ncalls; i++)
		if (t->calls[op->first_call + i].smc64 && !t->calls[op->first_call + i].native)
			return false;
	return true;
}

int secmon_calltab_call(const struct secmon_conduit *c, const struct secmon_calltab *t,
			const struct secmon_ct_op *op, const struct secmon_ct_val *in, unsigned nin,
			struct secmon_ct_val *out, unsigned nout, struct secmon_regs *sent,
			struct secmon_regs *received)
{
	struct secmon_regs r, o;
	int err = SECMON_OK;

	if (!secmon_calltab_op_usable(t, op, c))
		return SECMON_E_NOT_SUPPORTED;
	for (unsigned i = 0; i < op->ncalls && !err; i++) {
		const struct secmon_ct_call *call = &t->calls[op->first_call + i];
		bool wide = call->native ? !c->aarch32 : call->smc64;

		err = marshal(t, call, wide, in, nin, &r);
		if (err)
			break;
		secmon_invoke(c, &r, &o);
		if (sent)
			*sent = r;
		if (received)
			*received = o;
		err = unmarshal(t, call, wide, &o, out, nout);
	}
	return err;
}

static bool has_addr(const uint64_t *pa, unsigned n, uint64_t a)
{
	for (unsigned i = 0; i < n; i++)
		if (pa[i] == a)
			return true;
	return false;
}

unsigned secmon_calltab_mem_words(const struct secmon_calltab *t, uint64_t *pa, unsigned max)
{
	uint64_t seen[SECMON_CT_MAX_CALLS + SECMON_CT_MAX_WORDS];
	unsigned n = 0;

	for (unsigned i = 0; i < t->ncalls; i++)
		if (t->calls[i].entry_addr && !has_addr(seen, n, t->calls[i].entry_addr))
			seen[n++] = t->calls[i].entry_addr;
	for (unsigned i = 0; i < t->nwords; i++)
		if (!has_addr(seen, n, t->words[i].addr))
			seen[n++] = t->words[i].addr;
	for (unsigned i = 0; i < n && i < max; i++)
		pa[i] = seen[i];
	return n;
}

int secmon_ct_mem_read32(const struct secmon_ct_mem *mem, uint64_t pa, uint32_t *value)
{
	return mem && mem->read32 ? mem->read32(mem->ctx, pa, value) : SECMON_E_NOT_SUPPORTED;
}

int secmon_ct_mem_write32(const struct secmon_ct_mem *mem, uint64_t pa, uint32_t value)
{
	return mem && mem->write32 ? mem->write32(mem->ctx, pa, value) : SECMON_E_NOT_SUPPORTED;
}

int secmon_calltab_write_words(const struct secmon_calltab *t, const struct secmon_ct_op *op,
			       const struct secmon_ct_val *in, unsigned nin,
			       const struct secmon_ct_mem *mem)
{
	uint32_t v[SECMON_CT_MAX_WORDS];

	if (!op->nwords)
		return SECMON_OK;
	if (!mem || !mem->write32)
		return SECMON_E_NOT_SUPPORTED;
	for (unsigned i = 0; i < op->nwords && i < SECMON_CT_MAX_WORDS; i++) {
		const struct secmon_ct_word *w = &t->words[op->first_word + i];
		const struct secmon_ct_val *val = w->name ? find_val(in, nin, w->name) : 0;

		if (w->name && (!val || val->value > 0xffffffffu))
			return SECMON_E_INVALID_PARAMETERS;
		v[i] = w->name ? (uint32_t)val->value : w->value;
	}
	for (unsigned i = 0; i < op->nwords && i < SECMON_CT_MAX_WORDS; i++) {
		int err = secmon_ct_mem_write32(mem, t->words[op->first_word + i].addr, v[i]);

		if (err)
			return err;
	}
	return SECMON_OK;
}

bool secmon_calltab_op_takes(const struct secmon_calltab *t, const struct secmon_ct_op *op,
			     const char *name)
{
	for (unsigned i = 0; i < op->nwords; i++) {
		const char *n = t->words[op->first_word + i].name;

		if (n && secmon_streq(n, name))
			return true;
	}
	for (unsigned i = 0; i < op->ncalls; i++) {
		const struct secmon_ct_call *c = &t->calls[op->first_call + i];

		for (unsigned j = 0; j < c->nargs; j++) {
			const char *n = t->regs[c->first + j].name;

			if (n && secmon_streq(n, name))
				return true;
		}
	}
	return false;
}
