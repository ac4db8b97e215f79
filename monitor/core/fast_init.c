// SPDX-License-Identifier: BSD-3-Clause
/*
 * Builds the fast path's routes (fast.c, monitor.h) at cold boot, once the
 * services and the board DT are known: per owning entity, a table of every
 * ID the monitor answers (mon_fid_answered(), with and without the SVE hint
 * bit, and every ID a board DT describes in x0) at the slot a perfect hash
 * gives it, (fid * mult) >> shift, with mult chosen here so that no two of
 * them share a slot. Every other slot holds an ID of another owning entity,
 * which no ID looked up in this table can equal. Beside each ID its answer
 * (struct mon_answer), as the services state it (mon_services' .fast,
 * mon_service_answer(), mon_service_about(): services.c names them, this
 * file names no service). Cold-boot code:
 * only the tables stay.
 */
#include "service.h"

/* Slots of every entity's table; an entity that does not fit goes unfiltered. */
#define POOL_SLOTS 2048
#define MAX_KEYS 256
#define TRIES 1024
#define MAX_BITS 12

static uint32_t pool[POOL_SLOTS];
static struct mon_answer answers[POOL_SLOTS];
static unsigned pool_used;

/* An unfiltered entity's one slot, which holds an ID of another entity. */
static uint32_t unfiltered[SECMON_FID_OEN_MASK + 1];
static struct mon_answer unfiltered_answer;

/* The IDs of the entity being built. */
static uint32_t keys[MAX_KEYS];
static unsigned nkeys;
static bool keys_overflow;

static void add_key(uint32_t fid)
{
	for (unsigned i = 0; i < nkeys; i++)
		if (keys[i] == fid)
			return;
	if (nkeys == MAX_KEYS)
		keys_overflow = true;
	else
		keys[nkeys++] = fid;
}

/* An ID mon_smc() answers, as the caller may send it: with the SVE hint or not. */
static void add_answered(uint32_t fid)
{
	if (!mon_fid_answered(fid))
		return;
	add_key(fid);
	add_key(fid | SECMON_FID_SVE_HINT);
}

/*
 * The IDs of entity `oen` that the services in no range claim (matched on
 * all 32 bits of w0); false when one is in another register and could
 * match whatever x0 holds.
 */
static bool add_claimed(unsigned oen)
{
	bool id_in_x0 = true;
	uint32_t fid;
	unsigned i, n, reg;

	for (i = 0; i < mon_service_count; i++)
		for (n = 0; mon_service_claims(&mon_services[i], n, &fid, &reg); n++) {
			if (reg != 0)
				id_in_x0 = false;
			else if (secmon_fid_oen(fid) == oen)
				add_key(fid);
		}
	return id_in_x0;
}

static bool has_oen_info(unsigned oen)
{
	for (unsigned i = 0; i < mon_oen_count; i++)
		if (mon_oens[i].oen == oen)
			return true;
	return false;
}

/*
 * Every ID of entity `oen` that mon_smc() answers (the services' ranges are
 * enumerated in each call type they take: keep them tight); false when
 * some may be anywhere: a described ID in another register than x0, or a
 * service that owns every function number of the entity and implements
 * them (a trusted OS that runs).
 */
static bool collect(unsigned oen)
{
	static const unsigned types[] = { MON_CALLS_FAST32, MON_CALLS_FAST64, MON_CALLS_YIELD32,
					  MON_CALLS_YIELD64 };
	bool id_in_x0;
	unsigned i, t, fn;

	nkeys = 0;
	keys_overflow = false;
	for (i = 0; i < mon_service_count; i++) {
		const struct mon_service *s = &mon_services[i];

		if (!mon_range_has(s->oens, oen))
			continue;
		/* A trusted OS's service implements nothing while none runs. */
		if (s->fns.first == 0 && s->fns.last == SECMON_FID_NUM_MASK) {
			if (s->has(secmon_fid(true, false, oen, 0)))
				return false;
			continue;
		}
		for (t = 0; t < 4; t++)
			for (fn = s->fns.first; (s->calls & types[t]) && fn <= s->fns.last; fn++)
				add_answered(secmon_fid(t < 2, t & 1, oen, fn));
	}
	id_in_x0 = add_claimed(oen);
	/* General queries, in the ranges of the entities the monitor has. */
	if (nkeys || has_oen_info(oen))
		for (fn = SECMON_FN_CALL_COUNT; fn <= SECMON_FID_NUM_MASK; fn++) {
			add_answered(secmon_fid(true, false, oen, fn));
			add_answered(secmon_fid(true, true, oen, fn));
		}
	return id_in_x0 && !keys_overflow;
}

/* The slots a multiplier under trial has taken. */
static uint64_t taken[(1u << MAX_BITS) / 64];

static bool take(unsigned slot)
{
	uint64_t bit = 1ull << (slot % 64);
	bool was = taken[slot / 64] & bit;

	taken[slot / 64] |= bit;
	return !was;
}

static unsigned slot_of(uint32_t v, uint32_t mult, uint32_t shift)
{
	return (unsigned)((uint64_t)(uint32_t)(v * mult) >> shift);
}

/*
 * The keys in a perfect hash at pool + pool_used: tries multipliers for
 * tables of 2 * nkeys slots and up, each slot the key hashed there or
 * `empty`, which must never equal a value looked up in that slot. False
 * when none fits.
 */
static bool place(uint32_t empty, uint32_t *mult, uint32_t *shift, const uint32_t **slots)
{
	uint32_t *t = pool + pool_used, x = 0x5ec0ffeeu;
	unsigned bits = 0, m, i, k;

	while ((1u << bits) < 2 * nkeys)
		bits++;
	for (; bits <= MAX_BITS && (1u << bits) <= POOL_SLOTS - pool_used; bits++) {
		m = 1u << bits;
		*shift = 32 - bits;
		for (k = 0; k < TRIES; k++) {
			x = x * 1664525u + 1013904223u;
			*mult = x | 1;
			for (i = 0; i < (m + 63) / 64; i++)
				taken[i] = 0;
			for (i = 0; i < nkeys && take(slot_of(keys[i], *mult, *shift)); i++)
				;
			if (i < nkeys)
				continue;
			for (i = 0; i < m; i++)
				t[i] = empty;
			for (i = 0; i < nkeys; i++)
				t[slot_of(keys[i], *mult, *shift)] = keys[i];
			*slots = t;
			pool_used += m;
			return true;
		}
	}
	return false;
}

static void build(struct mon_route *f, unsigned oen)
{
	f->all = !collect(oen);
	f->answers = answers + pool_used;
	/* An ID of another entity: never equal to one looked up in this table. */
	if (!f->all && place(secmon_fid(false, false, oen ^ 1, 0), &f->mult, &f->shift, &f->slots))
		return;
	/* Unfiltered: the one slot's miss sends every ID on. */
	f->all = true;
	f->mult = 0;
	f->shift = 32;
	unfiltered[oen] = secmon_fid(false, false, oen ^ 1, 0);
	f->slots = &unfiltered[oen];
	f->answers = &unfiltered_answer;
}

/* The service whose range holds fid, or NULL (a general query, a claimed ID). */
static const struct mon_service *service_of(uint32_t fid)
{
	for (unsigned i = 0; i < mon_service_count; i++)
		if (mon_range_has(mon_services[i].oens, secmon_fid_oen(fid)) &&
		    mon_range_has(mon_services[i].fns, secmon_fid_num(fid)) &&
		    (mon_services[i].calls & mon_call_type(fid)))
			return &mon_services[i];
	return 0;
}

/* Entity oen's fast handler (its services name at most one). */
static bool (*fast_of(unsigned oen))(uint32_t, struct secmon_regs *)
{
	for (unsigned i = 0; i < mon_service_count; i++)
		if (mon_range_has(mon_services[i].oens, oen) && mon_services[i].fast)
			return mon_services[i].fast;
	return mon_no_fast_calls;
}

/* The values a MON_ANSWER_CHECK call accepts, and which of mon_checks holds them. */
static const uint32_t *check_of[MON_MAX_CHECKS];
static unsigned nchecks;

/*
 * The index in mon_checks of the `n` accepted values at `v` (calls that
 * accept the same share one: CPU_SUSPEND in both widths), built once; -1
 * when there is no room (or no values). Each empty slot holds the first value, which
 * hashes to its own slot: no value looked up in an empty slot equals it.
 */
static int check_index(const uint32_t *v, unsigned n)
{
	struct mon_check *k;
	unsigned i;

	for (i = 0; i < nchecks; i++)
		if (check_of[i] == v)
			return (int)i;
	if (nchecks == MON_MAX_CHECKS || !v || !n)
		return -1;
	nkeys = 0;
	keys_overflow = false;
	for (i = 0; i < n; i++)
		add_key(v[i]);
	k = &mon_checks[nchecks];
	if (keys_overflow || !place(v[0], &k->mult, &k->shift, &k->slots))
		return -1;
	check_of[nchecks] = v;
	return (int)nchecks++;
}

/*
 * How a call of fid (an ID in a table) is answered, and what PSCI_FEATURES
 * says about fid. A lookup needs every ID the monitor answers in a table,
 * so it is only given when every entity is filtered. A check that accepts
 * nothing refuses every call; one that cannot be built leaves the call to
 * its fast handler and mon_smc().
 */
static void answer(struct mon_answer *a, uint32_t fid, bool filtered)
{
	const struct mon_service *s = service_of(fid);
	struct mon_answer_spec spec = { 0, 0, 0 };
	int k;

	*a = (struct mon_answer){ .how = MON_ANSWER_FAST, .about = mon_service_about(fid) };
	if ((fid & (SECMON_FID_FAST | SECMON_FID_MBZ)) != SECMON_FID_FAST)
		a->how = MON_ANSWER_FULL;
	else if (s)
		a->how = mon_service_answer(s, fid, &spec);
	a->value = spec.value;
	if (a->how == MON_ANSWER_LOOKUP && !filtered)
		*a = (struct mon_answer){ .how = MON_ANSWER_FAST, .about = a->about };
	if (a->how == MON_ANSWER_CHECK && !spec.naccepted)
		a->how = MON_ANSWER_VALUE;
	if (a->how == MON_ANSWER_CHECK) {
		k = check_index(spec.accepted, spec.naccepted);
		if (k < 0)
			*a = (struct mon_answer){ .how = MON_ANSWER_FAST, .about = a->about };
		else
			a->check = (uint32_t)k;
	}
}

/*
 * After the services and the board DT are known. A claimed ID not in x0
 * could match whatever x0 holds: then every ID passes.
 */
void mon_fast_init(void)
{
	bool filtered = true;
	unsigned i, s;

	pool_used = 0;
	nchecks = 0;
	for (i = 0; i <= SECMON_FID_OEN_MASK; i++) {
		mon_routes[i] = (struct mon_route){ .fast = fast_of(i) };
		build(&mon_routes[i], i);
		filtered &= !mon_routes[i].all;
	}
	unfiltered_answer = (struct mon_answer){ .how = MON_ANSWER_FULL };
	for (i = 0; i <= SECMON_FID_OEN_MASK; i++)
		for (s = 0; !mon_routes[i].all && s < 1u << (32 - mon_routes[i].shift); s++)
			if (secmon_fid_oen(mon_routes[i].slots[s]) == i)
				answer(&answers[mon_routes[i].slots - pool + s], mon_routes[i].slots[s],
				       filtered);
}
