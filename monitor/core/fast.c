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
 * answers at the slots of a perfect hash (fast_init.c builds it).
 */
#include "service.h"

struct mon_route mon_routes[SECMON_FID_OEN_MASK + 1];

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

bool mon_smc_fast(struct secmon_regs *r)
{
	uint32_t fid = (uint32_t)r->x[0];
	const struct mon_route *f = &mon_routes[secmon_fid_oen(fid)];

	if ((fid & (SECMON_FID_FAST | SECMON_FID_MBZ)) != SECMON_FID_FAST)
		return false;
	return f->fast(fid, r);
}
