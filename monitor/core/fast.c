// SPDX-License-Identifier: BSD-3-Clause
/*
 * The fast path a platform's SMC entry may take before mon_smc() (monitor.h):
 * per owning entity, the exact filter that tells unknown function IDs apart
 * and the handler of the calls answered with arguments and result in
 * registers. Both give exactly the answers mon_smc() gives (bench/fastcheck.c
 * compares them); they only skip the full save of the caller's registers,
 * the caller record and the struct mon_call.
 *
 * The filter is exact: per owning entity, a table of the IDs the monitor
 * answers at the slots of a perfect hash (fast_init.c builds it). Beside
 * each ID, how its call is answered: a constant, a lookup of w1 or a
 * refusal of a w1 the call does not accept (no code: the services' own
 * answers, which fast_init.c asks for), the fast handler or mon_smc().
 */
#include "service.h"

struct mon_route mon_routes[SECMON_FID_OEN_MASK + 1];
struct mon_check mon_checks[MON_MAX_CHECKS];

bool mon_no_fast_calls(uint32_t fid, struct secmon_regs *r)
{
	(void)fid;
	(void)r;
	return false;
}

bool mon_fid_filtered(uint32_t fid)
{
	const struct mon_route *f = &mon_routes[secmon_fid_oen(fid)];

	return !f->all && f->slots[mon_route_slot(f, fid)] != fid;
}

int32_t mon_answer_lookup(const struct mon_answer *a, uint32_t id)
{
	const struct mon_route *f = &mon_routes[secmon_fid_oen(id)];
	unsigned slot = mon_route_slot(f, id);

	return f->slots[slot] == id ? f->answers[slot].about : a->value;
}

bool mon_answer_accepts(const struct mon_answer *a, uint32_t v)
{
	const struct mon_check *k = &mon_checks[a->check];

	return k->slots[(uint64_t)(uint32_t)(v * k->mult) >> k->shift] == v;
}

/* What the platform's vector does (monitor/arch/aarch64/vectors.S), in C. */
bool mon_smc_fast(struct secmon_regs *r)
{
	uint32_t fid = (uint32_t)r->x[0];
	const struct mon_route *f = &mon_routes[secmon_fid_oen(fid)];
	unsigned slot = mon_route_slot(f, fid);
	const struct mon_answer *a = &f->answers[slot];

	if (f->slots[slot] != fid)
		return (fid & (SECMON_FID_FAST | SECMON_FID_MBZ)) == SECMON_FID_FAST &&
		       f->fast(fid, r);
	switch (a->how) {
	case MON_ANSWER_FAST:
		return f->fast(fid, r);
	case MON_ANSWER_VALUE:
		r->x[0] = (uint64_t)(int64_t)a->value;
		return true;
	case MON_ANSWER_LOOKUP:
		r->x[0] = (uint64_t)(int64_t)mon_answer_lookup(a, (uint32_t)r->x[1]);
		return true;
	case MON_ANSWER_CHECK:
		if (mon_answer_accepts(a, (uint32_t)r->x[1]))
			return false;
		r->x[0] = (uint64_t)(int64_t)a->value;
		return true;
	}
	return false;
}
