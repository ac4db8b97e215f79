// SPDX-License-Identifier: BSD-3-Clause
/*
 * Routes each SMC to the service that owns its function ID, and answers
 * what no service claims with SMC_UNK (-1, mon_ret()).
 */
#include "../psci/psci.h"
#include "log.h"
#include "service.h"

struct mon_config mon_cfg;

/*
 * The first service of each owning entity, and the one in no range
 * (MON_OEN_ANY); mon_services is sorted by OEN.
 */
static const struct mon_service *by_oen[MON_OEN_ANY + 1];

static const struct mon_oen_info *find_oen(unsigned oen)
{
	unsigned i;

	for (i = 0; i < mon_oen_count; i++)
		if (mon_oens[i].oen == oen)
			return &mon_oens[i];
	return 0;
}

MON_COLD_BOOT int mon_dispatch_init(void)
{
	for (unsigned i = mon_service_count; i-- > 0;) {
		if (i && mon_services[i - 1].oen > mon_services[i].oen) {
			mon_log("secmon: service table not sorted by OEN at %s\n", mon_services[i].name);
			return -1;
		}
		by_oen[mon_services[i].oen] = &mon_services[i];
	}
	for (unsigned i = 0; i < mon_service_count; i++) {
		const struct mon_service *s = &mon_services[i], *first = by_oen[s->oen];

		if (s->oen == MON_OEN_ANY) {
			if (s == first)
				continue;
			mon_log("secmon: service %s: a second one in no range\n", s->name);
			return -1;
		}
		if (!find_oen(s->oen)) {
			mon_log("secmon: service %s: its owning entity has no general queries\n",
				s->name);
			return -1;
		}
		/* One fast handler per owning entity (struct mon_route). */
		for (; s->fast && first < s; first++)
			if (first->fast && first->fast != s->fast) {
				mon_log("secmon: service %s: a second fast handler in its entity\n",
					s->name);
				return -1;
			}
	}
	return 0;
}

static const struct mon_service *find_service(unsigned oen, unsigned fn)
{
	const struct mon_service *s = by_oen[oen], *end = mon_services + mon_service_count;

	for (; s && s < end && s->oen == oen; s++)
		if (fn >= s->fn_first && fn <= s->fn_last)
			return s;
	return 0;
}

bool mon_cpu_wakeup(unsigned cpu, struct mon_ns_entry *entry)
{
	return psci_wakeup(cpu, entry);
}

/* The IDs, SMC32 and SMC64, that the services of `oen` offer. */
static uint32_t call_count(unsigned oen)
{
	const struct mon_service *s = by_oen[oen], *end = mon_services + mon_service_count;
	uint32_t n = 0;

	for (; s && s < end && s->oen == oen; s++)
		for (unsigned fn = s->fn_first; fn <= s->fn_last; fn++)
			n += s->has(secmon_fid(true, false, oen, fn)) +
			     s->has(secmon_fid(true, true, oen, fn));
	return n;
}

/*
 * Call count, UID and revision: fast SMC32 calls in the range of every owning
 * entity the monitor has. Its record when (oen, fn) is one, else NULL.
 */
static const struct mon_oen_info *query_owner(unsigned oen, unsigned fn, bool smc64)
{
	if (smc64 || (fn != SECMON_FN_CALL_COUNT && fn != SECMON_FN_CALL_UID &&
		      fn != SECMON_FN_REVISION))
		return 0;
	return find_oen(oen);
}

static bool general_query(struct mon_call *c, unsigned oen, unsigned fn)
{
	const struct mon_oen_info *o = query_owner(oen, fn, c->smc64);
	unsigned i;

	if (!o)
		return false;
	switch (fn) {
	case SECMON_FN_CALL_COUNT:
		mon_ret(c, 0, call_count(oen));
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

/* A fast call's fields that make it malformed, or unserviceable here. */
static bool call_is_valid(uint32_t fid, const struct mon_caller *caller)
{
	if (!secmon_fid_is_fast(fid) || (fid & SECMON_FID_MBZ))
		return false;
	return !(secmon_fid_is_smc64(fid) && caller->aarch32);
}

bool mon_fid_implemented(uint32_t fid)
{
	const struct mon_service *s;

	fid &= ~SECMON_FID_SVE_HINT;
	if (!secmon_fid_is_fast(fid) || (fid & SECMON_FID_MBZ))
		return false;
	s = find_service(secmon_fid_oen(fid), secmon_fid_num(fid));
	return s && s->has(fid);
}

MON_COLD_BOOT bool mon_fid_answered(uint32_t fid)
{
	fid &= ~SECMON_FID_SVE_HINT;
	if (mon_fid_implemented(fid))
		return true;
	return secmon_fid_is_fast(fid) && !(fid & SECMON_FID_MBZ) &&
	       query_owner(secmon_fid_oen(fid), secmon_fid_num(fid), secmon_fid_is_smc64(fid));
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
	unsigned oen = secmon_fid_oen(fid), fn = secmon_fid_num(fid);
	const struct mon_service *s;

	if (call_is_valid(fid, caller)) {
		s = find_service(oen, fn);
		if (s && s->handle(&c))
			return c.secret;
		if (fn >= SECMON_FN_CALL_COUNT && general_query(&c, oen, fn))
			return false;
	}
	s = by_oen[MON_OEN_ANY];
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
