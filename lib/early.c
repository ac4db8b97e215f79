// SPDX-License-Identifier: BSD-3-Clause
#include <secmon/client.h>
#include <secmon/early.h>

unsigned secmon_errata_apply(const struct secmon_conduit *c, const struct secmon_errata_call *table,
			     unsigned n, int32_t *answer)
{
	for (unsigned i = 0; i < n; i++) {
		const struct secmon_errata_call *e = &table[i];
		struct secmon_regs in = { .x = { e->fid, e->a1, e->a2, e->a3 } };
		struct secmon_regs out;
		int32_t v;

		secmon_invoke(c, &in, &out);
		v = (int32_t)out.x[0];
		if (v < e->ok_min || v > e->ok_max) {
			if (answer)
				*answer = v;
			return i;
		}
	}
	return n;
}
