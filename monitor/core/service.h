/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Inside the portable monitor: one call as services see it, and the explicit
 * table of services that dispatch routes to by owning entity and function
 * number.
 */
#ifndef SECMON_CORE_SERVICE_H
#define SECMON_CORE_SERVICE_H

#include <stdbool.h>
#include <stdint.h>
#include <secmon/smccc.h>
#include "../monitor.h"
#include "power.h"

struct mon_call {
	struct secmon_regs *r;
	uint32_t fid;		/* w0 with the SVE hint bit stripped */
	unsigned cpu;
	bool smc64;
	const struct mon_caller *caller;
	/*
	 * Set by a service whose results past x0 are secret (TRNG's entropy):
	 * recording then keeps x0 alone (core/trace.c, docs/trace.md).
	 */
	bool secret;
};

/* Argument n (1..17) in the width of the call. */
static inline uint64_t mon_arg(const struct mon_call *c, unsigned n)
{
	return c->smc64 ? c->r->x[n] : (uint32_t)c->r->x[n];
}

/*
 * A 32-bit result as an AArch64 caller gets it: a negative value (a status:
 * SMC_UNK, NOT_SUPPORTED, INVALID_PARAMETERS, ...) sign-extended to 64 bits,
 * as callers compare the whole register; any other value (a data word: UID,
 * version, address, count) zero-extended. Data is passed as unsigned values.
 */
static inline uint64_t mon_ret32(int64_t v)
{
	return v < 0 ? (uint64_t)(int64_t)(int32_t)v : (uint32_t)v;
}

/*
 * Result n (0..17) in the width of the call: SMC32 results are 32-bit
 * values, mon_ret32() for an AArch64 caller, zero-extended for an AArch32
 * one (whose registers have no upper half).
 */
static inline void mon_ret(struct mon_call *c, unsigned n, int64_t v)
{
	if (c->smc64)
		c->r->x[n] = (uint64_t)v;
	else
		c->r->x[n] = c->caller->aarch32 ? (uint32_t)v : mon_ret32(v);
}

/*
 * The call types a service takes (struct mon_service.calls), one bit each,
 * bit n for the calls whose bits 31:30 are n: yielding (bit 31 clear) or
 * fast, SMC32 (bit 30 clear) or SMC64. mon_call_type() is a call's.
 */
#define MON_CALLS_YIELD32 0x1u
#define MON_CALLS_YIELD64 0x2u
#define MON_CALLS_FAST32 0x4u
#define MON_CALLS_FAST64 0x8u
#define MON_CALLS_FAST (MON_CALLS_FAST32 | MON_CALLS_FAST64)
#define MON_CALLS_YIELD (MON_CALLS_YIELD32 | MON_CALLS_YIELD64)
#define MON_CALLS_ALL (MON_CALLS_FAST | MON_CALLS_YIELD)

static inline unsigned mon_call_type(uint32_t fid)
{
	return 1u << (fid >> 30);
}

/*
 * The owning entity of the one service that claims IDs in no range: the
 * board's described calls, whose IDs (legacy ones too) may be anywhere and
 * in any register. It is asked after every other and after the general
 * queries, last in mon_services, and has no function numbers and no .has.
 */
#define MON_OEN_ANY (SECMON_FID_OEN_MASK + 1)

/* An inclusive range: of owning entities, or of function numbers. */
struct mon_range {
	uint16_t first, last;
};

/*
 * How a service answers one of its fast calls without code (the fast
 * path's struct mon_answer, which fast_init.c builds from it): the answer of
 * a MON_ANSWER_VALUE call, of a LOOKUP call about an ID not served, of a
 * CHECK call whose w1 is not one of the `naccepted` values in `accepted`
 * (which go on to mon_smc()).
 */
struct mon_answer_spec {
	int32_t value;
	const uint32_t *accepted;
	unsigned naccepted;
};

/*
 * A service: the calls it owns and how to answer them. A call reaches it
 * when its owning entity is in .oens, its function number in .fns and its
 * type in .calls. The table (core/services.c) is sorted by .oens.first;
 * two services' entity ranges are the same or apart. A service whose
 * function numbers hold the general queries (0xff00-0xff03) answers them
 * itself; the others' entities answer them from mon_oens[]. Its set-up and
 * its part of the OS's DT are cold-boot code, which no resident table may
 * point to: core/services.c calls them in order (mon_services_init(),
 * mon_services_os_dt()).
 */
struct mon_service {
	const char *name;
	struct mon_range oens;		/* owning entities; { MON_OEN_ANY, MON_OEN_ANY } */
	struct mon_range fns;		/* function numbers */
	unsigned calls;			/* MON_CALLS_* it takes */
	/* Answer the call; false when the function is not implemented. */
	bool (*handle)(struct mon_call *c);
	/* Is fid implemented? (for SMCCC_ARCH_FEATURES / PSCI_FEATURES) */
	bool (*has)(uint32_t fid);
	/*
	 * Its fast handler (struct mon_route, monitor.h), NULL when it has
	 * none: the calls answered from x1-x3 into x0 alone (one per owning
	 * entity: every service of the entity that has one names the same).
	 * Its answers without code are mon_service_answer()'s.
	 */
	bool (*fast)(uint32_t fid, struct secmon_regs *r);
};

static inline bool mon_range_has(struct mon_range r, unsigned v)
{
	return v >= r.first && v <= r.last;
}

/*
 * Per owning entity: the general queries (0xFF00, 0xFF01, 0xFF03). The call
 * count is counted from the services: every ID, SMC32 and SMC64, they offer.
 */
struct mon_oen_info {
	unsigned oen;
	uint32_t uid[4];
	uint32_t rev_major, rev_minor;
};

/*
 * How calls are routed to a table of services: mon_smc() routes to
 * mon_services; a test may build its own (test_dispatch.c).
 */
struct mon_dispatch {
	/* Per owning entity, and for no range (MON_OEN_ANY): its services. */
	struct {
		const struct mon_service *first;
		unsigned count;
	} oen[MON_OEN_ANY + 1];
};

/*
 * Indexes `services` (n of them) by owning entity: 0, or -1 after logging
 * why the table is wrong (not sorted, entity ranges that overlap, a second
 * service in no range, a second fast handler in an entity, an entity with
 * no one to answer its general queries).
 */
int mon_dispatch_build(struct mon_dispatch *d, const struct mon_service *services, unsigned n);

/*
 * The service that takes fid (the SVE hint stripped, a fast call's
 * must-be-zero bits clear): by its owning entity, function number and
 * call type; NULL when none does (a general query, a described call).
 */
const struct mon_service *mon_dispatch_find(const struct mon_dispatch *d, uint32_t fid);

/*
 * The general queries (core/queries.c): an entity's record in mon_oens
 * (NULL: none), fid's when it is a general query of one, and the answer
 * of one (false when c is none) with d's services counted.
 */
const struct mon_oen_info *mon_oen_find(unsigned oen);
const struct mon_oen_info *mon_query_owner(uint32_t fid);
bool mon_general_query(const struct mon_dispatch *d, struct mon_call *c);

/* True when some service implements fid (SVE hint ignored). */
bool mon_fid_implemented(uint32_t fid);

/*
 * True when mon_smc() answers fid (in x0) before any call the board DT
 * describes: a service's ID, or a general query (call count, UID, revision)
 * of an owning entity the monitor has.
 */
bool mon_fid_answered(uint32_t fid);

/*
 * The services' answers without code, for the fast path's builder
 * (fast_init.c) at cold boot: how service s answers a fast call of fid
 * (MON_ANSWER_*; MON_ANSWER_FAST, its fast handler, when it has no other),
 * and what the one MON_ANSWER_LOOKUP call (PSCI_FEATURES) says about an ID.
 * Cold-boot code in services.c, which names the services: called directly,
 * never through a pointer, so that the resident table holds none.
 */
unsigned mon_service_answer(const struct mon_service *s, uint32_t fid,
			    struct mon_answer_spec *a);
int32_t mon_service_about(uint32_t id);
/*
 * A service in no range (MON_OEN_ANY: the board DT's calls), for the fast
 * path's filter, at cold boot: its i-th ID and the register that carries
 * it (0: x0); false past the last, and for every other service. Cold-boot
 * code in services.c, for the same reason.
 */
bool mon_service_claims(const struct mon_service *s, unsigned i, uint32_t *fid,
			unsigned *id_reg);

/* The services, defined in core/services.c. */
extern const struct mon_service mon_services[];
extern const unsigned mon_service_count;
extern const struct mon_oen_info mon_oens[];
extern const unsigned mon_oen_count;

extern struct mon_config mon_cfg;

/* fast_init.c: fills mon_routes once the services and the board DT are known. */
void mon_fast_init(void);
/* fast.c: the fast handler of an entity that has none. */
bool mon_no_fast_calls(uint32_t fid, struct secmon_regs *r);

/* The slot of fid in its route's table (struct mon_route, monitor.h). */
static inline unsigned mon_route_slot(const struct mon_route *f, uint32_t fid)
{
	return (unsigned)((uint64_t)(uint32_t)(fid * f->mult) >> f->shift);
}

/* mon_smc()'s routing (dispatch.c), to mon_services: mon_dispatch_init(), 0 or -1. */
extern struct mon_dispatch mon_dispatch;
int mon_dispatch_init(void);

/*
 * Cold boot (services.c): each service set up once, in order, from the
 * configuration and the board DT; 0, or -1 after a service logged why.
 */
int mon_services_init(const struct mon_config *cfg);

/*
 * The DT handed to the OS (mon_dt_fixup(), core/os_dt.c), as each service
 * writes its part of it, cold boot only: the DT, the board's (NULL: none),
 * whether the board has its own /psci node (the OS gets it as it is) and
 * whether the OS has an SMCCC conduit (the board's /psci node is not
 * PSCI 0.1 only: Linux finds SMCCC through PSCI 0.2 or later).
 */
struct mon_os_dt {
	void *fdt;
	const void *board;
	bool board_psci;
	bool smccc;
};

/* The services' parts, in order (services.c); 0 or a libfdt error. */
int mon_services_os_dt(const struct mon_os_dt *o);

/*
 * Helpers of the services' parts (os_dt.c): the board's /psci node ("arm,psci"
 * or "arm,psci-0.2") or a negative number; a copy of the board's `node`
 * and its children under `parent` (phandles left out: they number the
 * board's nodes); a fresh, empty node (an old one of that name is
 * replaced). Each returns its node or 0, or a libfdt error.
 */
int mon_dt_board_psci(const void *board);
int mon_dt_copy_node(void *dst, int parent, const void *src, int node);
int mon_dt_new_node(void *fdt, int parent, const char *name);

/*
 * Each service declares its entry points in its own header: psci/psci.h,
 * services/arch_svc.h, errata.h, trng.h, scmi.h, described.h. Only
 * services.c names them (and dispatch.c PSCI's psci_wakeup(), behind the
 * platform's mon_cpu_wakeup()); the core reaches them through mon_services.
 */

/*
 * Recording (core/trace.c, docs/trace.md). mon_trace_on is read without the
 * lock on every mon_smc(): the hooks below run only while it is set.
 */
extern bool mon_trace_on;
static inline bool mon_tracing(void)
{
	return __atomic_load_n(&mon_trace_on, __ATOMIC_RELAXED);
}
/* Records lost to ring overrun since the last readout, all CPUs (under plat_lock()). */
extern uint64_t mon_trace_lost;
/*
 * Cold boot: empties the rings; recording on or off, and `how`:
 * MON_TRACE_FIXED the normal world may not switch it, MON_TRACE_WORKAROUNDS
 * the ARCH_WORKAROUND calls are recorded too (by default they are not:
 * docs/trace.md, "What is recorded"), MON_TRACE_READOUT the records go to
 * the console at SYSTEM_OFF and SYSTEM_RESET (mon_trace_readout()).
 */
enum { MON_TRACE_FIXED = 1, MON_TRACE_WORKAROUNDS = 2, MON_TRACE_READOUT = 4 };
void mon_trace_setup(bool on, unsigned how);
/* Cold boot: the board DT's secmon,trace node (core/trace_dt.c); 0 or -1. */
int mon_trace_dt(const void *board_dtb);
/*
 * Around one SMC on `cpu`: its arguments at entry, its results at return
 * (x0 alone when `secret`: struct mon_call's flag).
 */
void mon_trace_call(unsigned cpu, const struct secmon_regs *r, const struct mon_caller *caller);
void mon_trace_return(unsigned cpu, const struct secmon_regs *r, bool secret);
/* Recording's power-event hook (core/power.h): a record per event. */
int32_t mon_trace_power(const struct mon_power_event *e);
/* The records on the console as a trace file in hex (docs/trace.md, "Readout at power-off"). */
void mon_trace_readout(void);
bool trace_handle(struct mon_call *c);
bool trace_has(uint32_t fid);

#endif
