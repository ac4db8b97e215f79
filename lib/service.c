// SPDX-License-Identifier: BSD-3-Clause
#include <libfdt.h>
#include <secmon/service.h>
#include "internal.h"

int secmon_service_bind_node(struct secmon_service *s, const void *fdt, int node,
			     const struct secmon_conduits *cs, struct secmon_ct_error *err)
{
	int e = secmon_calltab_parse(fdt, node, &s->t, err);

	if (e)
		return e;
	s->node = node;
	s->c = s->t.method == SECMON_CT_HVC ? cs->hvc : cs->smc;
	if (!s->c)
		return secmon_ct_fail(err, s->t.path_name, "method", "no such conduit here",
				      SECMON_E_BAD_TABLE);
	return SECMON_OK;
}

int secmon_service_bind(struct secmon_service *s, const void *fdt, const char *compatible,
			const struct secmon_conduits *cs, struct secmon_ct_error *err)
{
	int node = secmon_calltab_find(fdt, -1, compatible);

	if (node < 0)
		return secmon_ct_fail(err, "/", "compatible", "no node has this compatible",
				      SECMON_E_NOT_FOUND);
	return secmon_service_bind_node(s, fdt, node, cs, err);
}

bool secmon_service_has(const struct secmon_service *s, const char *op)
{
	const struct secmon_ct_op *o = secmon_calltab_op(&s->t, op);

	return o && secmon_calltab_op_usable(&s->t, o, s->c);
}

int secmon_service_call(const struct secmon_service *s, const char *op,
			const struct secmon_ct_val *in, unsigned nin, struct secmon_ct_val *out,
			unsigned nout)
{
	const struct secmon_ct_op *o = secmon_calltab_op(&s->t, op);

	if (!o)
		return SECMON_E_NOT_FOUND;
	return secmon_calltab_call(s->c, &s->t, o, in, nin, out, nout, 0, 0);
}
