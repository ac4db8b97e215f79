// SPDX-License-Identifier: BSD-3-Clause
/*
 * secmon's SiP errata service: early-boot errata calls that are idempotent
 * and discoverable. The platform lists its errata in mon_config; each CPU
 * keeps which it has in place, forgotten when the CPU powers down (the
 * workaround state of a core does not survive losing power).
 */
#include <secmon/early.h>
#include "errata.h"
#include "../plat.h"

static uint32_t applied[MON_MAX_CPUS];

static int find(uint64_t id)
{
	for (unsigned i = 0; i < mon_cfg.nerrata && i < 32; i++)
		if (mon_cfg.errata[i].id == id)
			return (int)i;
	return -1;
}

MON_COLD_BOOT void errata_init(void)
{
	for (unsigned i = 0; i < MON_MAX_CPUS; i++)
		applied[i] = 0;
}

/* Its warm boot (MON_POWER_RESUME); only its own CPU changes applied[cpu]: no lock. */
int32_t errata_power(const struct mon_power_event *e)
{
	applied[e->cpu] = 0;
	return 0;
}

bool errata_has(uint32_t fid)
{
	return fid == SECMON_SIP_ERRATA_APPLY || fid == SECMON_SIP_ERRATA_STATUS;
}

bool errata_handle(struct mon_call *c)
{
	int i;
	const struct mon_erratum *e;
	bool was;

	if (c->smc64 || !errata_has(c->fid))
		return false;
	i = find(mon_arg(c, 1));
	if (i < 0) {
		mon_ret(c, 0, SECMON_ERRATUM_UNKNOWN);
		return true;
	}
	e = &mon_cfg.errata[i];
	if (e->needed && !e->needed(c->cpu)) {
		mon_ret(c, 0, SECMON_ERRATUM_NOT_REQUIRED);
		return true;
	}
	was = applied[c->cpu] & (1u << i);
	if (c->fid == SECMON_SIP_ERRATA_APPLY && !was) {
		if (e->apply)
			e->apply(c->cpu);
		applied[c->cpu] |= 1u << i;
	}
	mon_ret(c, 0, was ? SECMON_ERRATUM_WAS_APPLIED : SECMON_ERRATUM_APPLIED);
	return true;
}
