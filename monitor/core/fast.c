// SPDX-License-Identifier: BSD-3-Clause
/*
 * The fast path a platform's SMC entry may take before mon_smc() (monitor.h):
 * per owning entity, the filter that tells unknown function IDs apart and
 * the handler of the calls answered with arguments and result in registers.
 * Both give exactly the answers mon_smc() gives (bench/fastcheck.c compares
 * them); they only skip the full save of the caller's registers, the caller
 * record and the struct mon_call.
 */
#include "../services/described.h"
#include "service.h"

struct mon_route mon_routes[SECMON_FID_OEN_MASK + 1];

/* The entities with a fast handler. */
static bool (*const fast_handlers[SECMON_FID_OEN_MASK + 1])(uint32_t, struct secmon_regs *) = {
	[SECMON_OEN_ARCH] = arch_svc_fast,
	[SECMON_OEN_STD] = psci_fast,
};

/* Every other entity's: a platform may call it without testing for NULL. */
static bool no_fast_calls(uint32_t fid, struct secmon_regs *r)
{
	(void)fid;
	(void)r;
	return false;
}

/* Marks function numbers first..last of an owning entity as possibly served. */
static void mark(unsigned oen, unsigned first, unsigned last)
{
	struct mon_route *f = &mon_routes[oen & SECMON_FID_OEN_MASK];

	if (last - first >= 63)
		f->lo = ~0ull;
	for (unsigned fn = first; fn <= last && f->lo != ~0ull; fn++)
		f->lo |= 1ull << (fn & 63);
	if ((last >> 6) - (first >> 6) >= 63)
		f->hi = ~0ull;
	for (unsigned b = first >> 6; b <= last >> 6 && f->hi != ~0ull; b++)
		f->hi |= 1ull << (b & 63);
}

static bool id_in_x0;

static void mark_described(uint32_t fid, unsigned id_reg, void *arg)
{
	(void)arg;
	if (id_reg != 0)
		id_in_x0 = false;
	mark(secmon_fid_oen(fid), secmon_fid_num(fid), secmon_fid_num(fid));
}

/*
 * After the services and the board DT are known: every ID some service,
 * general query or described call may answer passes the filter. A described
 * call whose ID is not in x0 could match whatever x0 holds: then every ID
 * passes.
 */
void mon_fast_init(void)
{
	unsigned i;

	for (i = 0; i <= SECMON_FID_OEN_MASK; i++)
		mon_routes[i] = (struct mon_route){
			.fast = fast_handlers[i] ? fast_handlers[i] : no_fast_calls
		};
	for (i = 0; i < mon_service_count; i++)
		mark(mon_services[i].oen, mon_services[i].fn_first, mon_services[i].fn_last);
	for (i = 0; i < mon_oen_count; i++) {
		mark(mon_oens[i].oen, SECMON_FN_CALL_COUNT, SECMON_FN_CALL_UID);
		mark(mon_oens[i].oen, SECMON_FN_REVISION, SECMON_FN_REVISION);
	}
	id_in_x0 = true;
	described_for_each_id(mark_described, 0);
	if (!id_in_x0)
		for (i = 0; i <= SECMON_FID_OEN_MASK; i++)
			mon_routes[i].lo = mon_routes[i].hi = ~0ull;
}

bool mon_fid_filtered(uint32_t fid)
{
	const struct mon_route *f = &mon_routes[secmon_fid_oen(fid)];

	return !((f->lo >> (fid & 63)) & 1) || !((f->hi >> ((fid >> 6) & 63)) & 1);
}

bool mon_smc_fast(struct secmon_regs *r)
{
	uint32_t fid = (uint32_t)r->x[0];
	const struct mon_route *f = &mon_routes[secmon_fid_oen(fid)];

	if ((fid & (SECMON_FID_FAST | SECMON_FID_MBZ)) != SECMON_FID_FAST)
		return false;
	return f->fast(fid, r);
}
