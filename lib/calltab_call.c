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
