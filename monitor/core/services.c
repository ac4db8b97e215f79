// SPDX-License-Identifier: BSD-3-Clause
/*
 * The explicit table of services the monitor routes to, sorted by OEN, and
 * their set-up at cold boot: the one file of the core that names them.
 */
#include <secmon/sip.h>
#include "../psci/psci.h"
#include "../scmi_backend.h"
#include "../services/arch_svc.h"
#include "../services/described.h"
#include "../services/errata.h"
#include "../services/scmi.h"
#include "../services/tosd.h"
#include "../services/trng.h"
#include "service.h"

const struct mon_service mon_services[] = {
	/* Three ranges: the fast path's filter enumerates every number of each. */
	{ .name = "arch", .oens = { SECMON_OEN_ARCH, SECMON_OEN_ARCH }, .fns = { 0x0000, 0x00ff },
	  .calls = MON_CALLS_FAST, .handle = arch_svc_handle, .has = arch_svc_has,
	  .fast = arch_svc_fast },
	{ .name = "arch", .oens = { SECMON_OEN_ARCH, SECMON_OEN_ARCH }, .fns = { 0x3fff, 0x3fff },
	  .calls = MON_CALLS_FAST, .handle = arch_svc_handle, .has = arch_svc_has,
	  .fast = arch_svc_fast },	/* WORKAROUND_3 */
	{ .name = "arch", .oens = { SECMON_OEN_ARCH, SECMON_OEN_ARCH }, .fns = { 0x7fff, 0x8000 },
	  .calls = MON_CALLS_FAST, .handle = arch_svc_handle, .has = arch_svc_has,
	  .fast = arch_svc_fast },	/* WORKAROUND_2, _1 */
	/* secmon's SiP calls, as <secmon/sip.h> maps them. */
	{ .name = "errata", .oens = { SECMON_OEN_SIP, SECMON_OEN_SIP },
	  .fns = { SECMON_SIP_ERRATA_FIRST, SECMON_SIP_ERRATA_LAST }, .calls = MON_CALLS_FAST32,
	  .handle = errata_handle, .has = errata_has },
	{ .name = "trace", .oens = { SECMON_OEN_SIP, SECMON_OEN_SIP },
	  .fns = { SECMON_SIP_TRACE_FIRST, SECMON_SIP_TRACE_LAST }, .calls = MON_CALLS_FAST,
	  .handle = trace_handle, .has = trace_has },
	{ .name = "scmi", .oens = { SECMON_OEN_SIP, SECMON_OEN_SIP },
	  .fns = { SECMON_SIP_SCMI_FIRST, SECMON_SIP_SCMI_LAST }, .calls = MON_CALLS_FAST32,
	  .handle = scmi_handle, .has = scmi_has },
	{ .name = "psci", .oens = { SECMON_OEN_STD, SECMON_OEN_STD }, .fns = { 0x0000, 0x001f },
	  .calls = MON_CALLS_FAST, .handle = psci_handle, .has = psci_has, .fast = psci_fast },
	{ .name = "trng", .oens = { SECMON_OEN_STD, SECMON_OEN_STD }, .fns = { 0x0050, 0x0053 },
	  .calls = MON_CALLS_FAST, .handle = trng_handle, .has = trng_has },
	/*
	 * A trusted OS: every call of its entities, its own general queries
	 * too, while it runs (services/tosd.c); unfiltered then.
	 */
	{ .name = "tos", .oens = { SECMON_OEN_TOS_FIRST, SECMON_OEN_TOS_LAST },
	  .fns = { 0x0000, SECMON_FID_NUM_MASK }, .calls = MON_CALLS_ALL, .handle = tosd_handle,
	  .has = tosd_has },
	/* The board DT's calls: any ID the others and the general queries leave. */
	{ .name = "described", .oens = { MON_OEN_ANY, MON_OEN_ANY }, .calls = MON_CALLS_ALL,
	  .handle = described_handle },
};
const unsigned mon_service_count = sizeof(mon_services) / sizeof(mon_services[0]);

MON_COLD_BOOT bool mon_service_claims(const struct mon_service *s, unsigned i, uint32_t *fid,
					unsigned *id_reg)
{
	return s->oens.first == MON_OEN_ANY && described_claims(i, fid, id_reg);
}

MON_COLD_BOOT unsigned mon_service_answer(const struct mon_service *s, uint32_t fid,
					  struct mon_answer_spec *a)
{
	if (s->handle == psci_handle)
		return psci_answer(fid, a);
	if (s->handle == trng_handle)
		return trng_answer(fid, a);
	return MON_ANSWER_FAST;
}

MON_COLD_BOOT int32_t mon_service_about(uint32_t id)
{
	return psci_features_about(id);
}

/*
 * SMCCC: every owning entity's range that the monitor serves answers the
 * general queries. Ranges that only the board's described calls use are
 * not the monitor's: their queries are SMC_UNK unless a table describes them.
 */
#define SECMON_UID_WORDS { 0x5ec0a5e1u, 0x4d2b9c17u, 0x8e6f3a42u, 0x1b7d0c95u }
const struct mon_oen_info mon_oens[] = {
	/* The Arm architecture service (SMCCC itself): secmon's UID, 0.1. */
	{ .oen = SECMON_OEN_ARCH, .uid = SECMON_UID_WORDS, .rev_major = 0, .rev_minor = 1 },
	/* secmon's own SiP calls (errata, recording, SCMI): secmon's UID, 0.1. */
	{ .oen = SECMON_OEN_SIP, .uid = SECMON_UID_WORDS, .rev_major = 0, .rev_minor = 1 },
	/* Arm's standard service UID, revision 0.1, as other monitors answer. */
	{ .oen = SECMON_OEN_STD, .uid = { 0x108d905bu, 0x47e8f863u, 0xfbc02daeu, 0xe2f64156u },
	  .rev_major = 0, .rev_minor = 1 },
};
const unsigned mon_oen_count = sizeof(mon_oens) / sizeof(mon_oens[0]);

/*
 * The hooks PSCI's power events reach (core/power.h), in the order they
 * run: the services that keep per-CPU state across a power change, then
 * recording, which writes down what happened once the others had their say
 * (a hook that refuses CPU_OFF ends the list).
 */
#define MON_POWER_ALL ((1u << MON_POWER_EVENTS) - 1)
static const struct mon_power_hook power_hooks[] = {
	{ .fn = errata_power, .events = 1u << MON_POWER_RESUME },
	/* The trusted OS's hooks, before recording writes down what happened. */
	{ .fn = tosd_power, .events = MON_POWER_ALL & ~(1u << MON_POWER_CPU_ON |
						       1u << MON_POWER_STANDBY),
	  .on = &tosd_alive },
	{ .fn = mon_trace_power, .events = MON_POWER_ALL, .on = &mon_trace_on },
};
_Static_assert(sizeof(power_hooks) / sizeof(power_hooks[0]) <= MON_POWER_MAX_HOOKS,
	       "MON_POWER_MAX_HOOKS (core/power.h) holds the list");

mon_power_fn mon_power_calls[MON_POWER_EVENTS][MON_POWER_MAX_HOOKS + 1];

/*
 * Each event's list ends at its first NULL; the entries past it are old
 * ones, never read. Rare: cold boot and TRACE_CTL.
 */
void mon_power_heard_update(void)
{
	for (unsigned what = 0; what < MON_POWER_EVENTS; what++) {
		mon_power_fn *call = mon_power_calls[what];

		for (unsigned i = 0; i < sizeof(power_hooks) / sizeof(power_hooks[0]); i++) {
			const struct mon_power_hook *h = &power_hooks[i];

			if ((h->events >> what) & 1 && (!h->on || __atomic_load_n(h->on, __ATOMIC_RELAXED)))
				__atomic_store_n(call++, h->fn, __ATOMIC_RELAXED);
		}
		__atomic_store_n(call, 0, __ATOMIC_RELAXED);
	}
}

/*
 * The services' parts of the OS's DT (core/os_dt.c), in order: PSCI's node,
 * idle states and power domains, the SCMI server, the board's call tables.
 */
MON_COLD_BOOT int mon_services_os_dt(const struct mon_os_dt *o)
{
	int err = psci_os_dt(o);

	if (!err)
		err = scmi_os_dt(o);
	if (!err)
		err = described_os_dt(o);
	return err;
}

/*
 * The services' own set-up, in order; a pointer to cold-boot code in
 * mon_services would reach into the cold-boot part (scripts/boot-split.py).
 * described_init() checks the board DT's structure, which the SCMI server's
 * and the recording's parsers then rely on.
 */
MON_COLD_BOOT int mon_services_init(const struct mon_config *cfg)
{
	int err;

	arch_svc_init();
	psci_init(cfg->boot_cpu);
	errata_init();
	tosd_init();
	err = described_init(cfg->board_dtb);
	if (!err && scmi_be_init(cfg->board_dtb))
		err = -1;
	if (!err && mon_trace_dt(cfg->board_dtb))
		err = -1;
	scmi_init();
	mon_power_heard_update();
	return err;
}
