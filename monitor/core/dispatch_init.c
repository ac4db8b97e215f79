// SPDX-License-Identifier: BSD-3-Clause
/*
 * The routing of calls to services (struct mon_dispatch), built and checked
 * at cold boot: the table sorted by owning entity, entity ranges the same
 * or apart, one fast handler per entity, someone to answer each entity's
 * general queries. Cold-boot code.
 */
#include "log.h"
#include "service.h"

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
static int check_service(const struct mon_service *s, const struct mon_service *prev)
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
		if (!answers_general_queries(s) && !mon_oen_find(oen))
			return refuse(s->name, "its owning entity has no general queries");
	return 0;
}

int mon_dispatch_build(struct mon_dispatch *d, const struct mon_service *services, unsigned n)
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
			for (; s->fast && first < s; first++)
				if (first->fast && first->fast != s->fast)
					return refuse(s->name, "a second fast handler in its entity");
		}
	}
	return 0;
}

int mon_dispatch_init(void)
{
	return mon_dispatch_build(&mon_dispatch, mon_services, mon_service_count);
}
