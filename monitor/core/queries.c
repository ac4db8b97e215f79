// SPDX-License-Identifier: BSD-3-Clause
/*
 * The general queries every owning entity the monitor has answers (SMCCC:
 * call count 0xFF00, UID 0xFF01, revision 0xFF03), from mon_oens[] and the
 * services of the entity. No measured path runs them: built for size.
 */
#include "service.h"

const struct mon_oen_info *mon_oen_find(unsigned oen)
{
	for (unsigned i = 0; i < mon_oen_count; i++)
		if (mon_oens[i].oen == oen)
			return &mon_oens[i];
	return 0;
}

const struct mon_oen_info *mon_query_owner(uint32_t fid)
{
	unsigned fn = secmon_fid_num(fid);

	if (mon_call_type(fid) != MON_CALLS_FAST32 ||
	    (fn != SECMON_FN_CALL_COUNT && fn != SECMON_FN_CALL_UID && fn != SECMON_FN_REVISION))
		return 0;
	return mon_oen_find(secmon_fid_oen(fid));
}

/* The fast IDs, SMC32 and SMC64, that the services of `oen` offer. */
static uint32_t call_count(const struct mon_dispatch *d, unsigned oen)
{
	const struct mon_service *s = d->oen[oen].first;
	uint32_t n = 0;

	for (unsigned i = d->oen[oen].count; i; i--, s++)
		for (unsigned fn = s->fns.first; fn <= s->fns.last; fn++)
			n += ((s->calls & MON_CALLS_FAST32) && s->has(secmon_fid(true, false, oen, fn))) +
			     ((s->calls & MON_CALLS_FAST64) && s->has(secmon_fid(true, true, oen, fn)));
	return n;
}

bool mon_general_query(const struct mon_dispatch *d, struct mon_call *c)
{
	const struct mon_oen_info *o = mon_query_owner(c->fid);
	unsigned i;

	if (!o)
		return false;
	switch (secmon_fid_num(c->fid)) {
	case SECMON_FN_CALL_COUNT:
		mon_ret(c, 0, call_count(d, o->oen));
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
