// SPDX-License-Identifier: BSD-3-Clause
/*
 * Routes each SMC to the service that owns its function ID (its owning
 * entity, function number and call type: struct mon_service), then to the
 * general queries (queries.c) and the board's described calls, and answers
 * what none claims with SMC_UNK (-1, mon_ret()).
 */
#include "../psci/psci.h"
#include "service.h"

struct mon_config mon_cfg;

struct mon_dispatch mon_dispatch;

const struct mon_service *mon_dispatch_find(const struct mon_dispatch *d, uint32_t fid)
{
	unsigned fn = secmon_fid_num(fid), type = mon_call_type(fid);
	const struct mon_service *s = d->oen[secmon_fid_oen(fid)].first;

	for (unsigned n = d->oen[secmon_fid_oen(fid)].count; n; n--, s++)
		if (mon_range_has(s->fns, fn) && (s->calls & type))
			return s;
	return 0;
}

bool mon_cpu_wakeup(unsigned cpu, struct mon_ns_entry *entry)
{
	return psci_wakeup(cpu, entry);
}

/*
 * A call that no service can take: a fast call with must-be-zero bits
 * set (bits 23:17), or SMC64 from an AArch32 caller. Yielding calls are
 * routed like fast ones, to a service that takes them.
 */
static bool call_is_valid(uint32_t fid, bool aarch32)
{
	if (secmon_fid_is_fast(fid) && (fid & SECMON_FID_MBZ))
		return false;
	return !(secmon_fid_is_smc64(fid) && aarch32);
}

MON_COLD_BOOT bool mon_fid_implemented(uint32_t fid)
{
	const struct mon_service *s;

	fid &= ~SECMON_FID_SVE_HINT;
	if (!call_is_valid(fid, false))
		return false;
	s = mon_dispatch_find(&mon_dispatch, fid);
	return s && s->has(fid);
}

MON_COLD_BOOT bool mon_fid_answered(uint32_t fid)
{
	fid &= ~SECMON_FID_SVE_HINT;
	return mon_fid_implemented(fid) || (call_is_valid(fid, false) && mon_query_owner(fid));
}

/* Answers the call; true when its results past x0 are secret (struct mon_call). */
static bool route(unsigned cpu, struct secmon_regs *regs, const struct mon_caller *caller)
{
	uint32_t fid = (uint32_t)regs->x[0] & ~SECMON_FID_SVE_HINT;
	struct mon_call c = {
		.r = regs,
		.fid = fid,
		.cpu = cpu,
		.smc64 = secmon_fid_is_smc64(fid) && !caller->aarch32,
		.caller = caller,
	};
	const struct mon_service *s;

	if (call_is_valid(fid, caller->aarch32)) {
		s = mon_dispatch_find(&mon_dispatch, fid);
		if (s && s->handle(&c))
			return c.secret;
		if (secmon_fid_num(fid) >= SECMON_FN_CALL_COUNT && mon_general_query(&mon_dispatch, &c))
			return false;
	}
	s = mon_dispatch.oen[MON_OEN_ANY].first;
	if (s && s->handle(&c))
		return c.secret;
	mon_ret(&c, 0, -1);
	return false;
}

/* Recording on at the call's entry: the call is recorded whole, but for its secrets. */
static __attribute__((noinline)) void smc_traced(unsigned cpu, struct secmon_regs *regs,
						 const struct mon_caller *caller)
{
	bool secret;

	mon_trace_call(cpu, regs, caller);
	secret = route(cpu, regs, caller);
	mon_trace_return(cpu, regs, secret);
}

/* Recording costs one flag test here while it is off. */
void mon_smc(unsigned cpu, struct secmon_regs *regs, const struct mon_caller *caller)
{
	if (mon_tracing())
		smc_traced(cpu, regs, caller);
	else
		(void)route(cpu, regs, caller);
}
