// SPDX-License-Identifier: BSD-3-Clause
/*
 * Routes each SMC to the service that owns its function ID (its owning
 * entity, function number and call type: struct mon_service), answers the
 * general queries of the entities the monitor has, and answers what no
 * service claims with SMC_UNK (-1, mon_ret()).
 */
#include "../psci/psci.h"
#include "log.h"
#include "service.h"

struct mon_config mon_cfg;

/* mon_smc()'s routing to mon_services. */
static struct mon_dispatch routes;

static const struct mon_oen_info *find_oen(unsigned oen)
{
	unsigned i;

	for (i = 0; i < mon_oen_count; i++)
		if (mon_oens[i].oen == oen)
			return &mon_oens[i];
	return 0;
}

static bool answers_general_queries(const struct mon_service *s)
{
	return mon_range_has(s->fns, SECMON_FN_CALL_COUNT) && mon_range_has(s->fns, SECMON_FN_REVISION);
}

static int refuse(const char *name, const char *why)
{
	mon_log("secmon: service %s: %s\n", name, why);
	return -1;
}

/* One service against the ones before it (sorted, ranges the same or apart). */
static MON_COLD_BOOT int check_service(const struct mon_service *s, const struct mon_service *prev)
{
	if (s->oens.first == MON_OEN_ANY)
		return prev && prev->oens.first == MON_OEN_ANY ? refuse(s->name, "a second one in no range")
							       : 0;
	if (s->oens.first > s->oens.last || s->oens.last > SECMON_FID_OEN_MASK ||
	    s->fns.first > s->fns.last)
		return refuse(s->name, "an empty range");
	if (prev && prev->oens.first > s->oens.first)
		return refuse(s->name, "the table is not sorted by owning entity");
	if (prev && prev->oens.first != s->oens.first && prev->oens.last >= s->oens.first)
		return refuse(s->name, "its owning entities overlap another service's");
	if (prev && prev->oens.first == s->oens.first && prev->oens.last != s->oens.last)
		return refuse(s->name, "its owning entities overlap another service's");
	for (unsigned oen = s->oens.first; oen <= s->oens.last; oen++)
		if (!answers_general_queries(s) && !find_oen(oen))
			return refuse(s->name, "its owning entity has no general queries");
	return 0;
}

MON_COLD_BOOT int mon_dispatch_build(struct mon_dispatch *d, const struct mon_service *services,
				     unsigned n)
{
	*d = (struct mon_dispatch){ 0 };
	for (unsigned i = 0; i < n; i++) {
		const struct mon_service *s = &services[i];

		if (check_service(s, i ? &services[i - 1] : 0))
			return -1;
		for (unsigned oen = s->oens.first; oen <= s->oens.last; oen++) {
			const struct mon_service *first = d->oen[oen].first;

			if (!first)
				d->oen[oen].first = first = s;
			d->oen[oen].count++;
			/* One fast handler per owning entity (struct mon_route). */
			for (; s->fast && s->fast->handle && first < s; first++)
				if (first->fast && first->fast->handle &&
				    first->fast->handle != s->fast->handle)
					return refuse(s->name, "a second fast handler in its entity");
		}
	}
	return 0;
}

MON_COLD_BOOT int mon_dispatch_init(void)
{
	return mon_dispatch_build(&routes, mon_services, mon_service_count);
}

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

/* The fast IDs, SMC32 and SMC64, that the services of `oen` offer. */
static uint32_t call_count(unsigned oen)
{
	const struct mon_service *s = routes.oen[oen].first;
	uint32_t n = 0;

	for (unsigned i = routes.oen[oen].count; i; i--, s++)
		for (unsigned fn = s->fns.first; fn <= s->fns.last; fn++)
			n += ((s->calls & MON_CALLS_FAST32) && s->has(secmon_fid(true, false, oen, fn))) +
			     ((s->calls & MON_CALLS_FAST64) && s->has(secmon_fid(true, true, oen, fn)));
	return n;
}

/*
 * Call count, UID and revision: fast SMC32 calls in the range of every owning
 * entity the monitor has. Its record when fid is one, else NULL.
 */
static const struct mon_oen_info *query_owner(uint32_t fid)
{
	unsigned fn = secmon_fid_num(fid);

	if (mon_call_type(fid) != MON_CALLS_FAST32 ||
	    (fn != SECMON_FN_CALL_COUNT && fn != SECMON_FN_CALL_UID && fn != SECMON_FN_REVISION))
		return 0;
	return find_oen(secmon_fid_oen(fid));
}

static bool general_query(struct mon_call *c)
{
	const struct mon_oen_info *o = query_owner(c->fid);
	unsigned i;

	if (!o)
		return false;
	switch (secmon_fid_num(c->fid)) {
	case SECMON_FN_CALL_COUNT:
		mon_ret(c, 0, call_count(o->oen));
		return true;
	case SECMON_FN_CALL_UID:
		for (i = 0; i < 4; i++)
			mon_ret(c, i, o->uid[i]);
		return true;
	case SECMON_FN_REVISION:
		mon_ret(c, 0, o->rev_major);
		mon_ret(c, 1, o->rev_minor);
		return true;
	default:
		return false;
	}
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

bool mon_fid_implemented(uint32_t fid)
{
	const struct mon_service *s;

	fid &= ~SECMON_FID_SVE_HINT;
	if (!call_is_valid(fid, false))
		return false;
	s = mon_dispatch_find(&routes, fid);
	return s && s->has(fid);
}

MON_COLD_BOOT bool mon_fid_answered(uint32_t fid)
{
	fid &= ~SECMON_FID_SVE_HINT;
	return mon_fid_implemented(fid) || (call_is_valid(fid, false) && query_owner(fid));
}

static void route(unsigned cpu, struct secmon_regs *regs, const struct mon_caller *caller)
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
		s = mon_dispatch_find(&routes, fid);
		if (s && s->handle(&c))
			return;
		if (secmon_fid_num(fid) >= SECMON_FN_CALL_COUNT && general_query(&c))
			return;
	}
	s = routes.oen[MON_OEN_ANY].first;
	if (s && s->handle(&c))
		return;
	mon_ret(&c, 0, -1);
}

/* Recording on at the call's entry: the call is recorded whole. */
static __attribute__((noinline)) void smc_traced(unsigned cpu, struct secmon_regs *regs,
						 const struct mon_caller *caller)
{
	mon_trace_call(cpu, regs, caller);
	route(cpu, regs, caller);
	mon_trace_return(cpu, regs);
}

/* Recording costs one flag test here while it is off. */
void mon_smc(unsigned cpu, struct secmon_regs *regs, const struct mon_caller *caller)
{
	if (mon_tracing())
		smc_traced(cpu, regs, caller);
	else
		route(cpu, regs, caller);
}
