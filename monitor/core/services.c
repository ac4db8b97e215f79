// SPDX-License-Identifier: BSD-3-Clause
/*
 * The explicit table of services the monitor routes to, sorted by OEN, and
 * their set-up at cold boot: the one file of the core that names them.
 */
#include "../psci/psci.h"
#include "../scmi_backend.h"
#include "../services/arch_svc.h"
#include "../services/described.h"
#include "../services/errata.h"
#include "../services/scmi.h"
#include "../services/trng.h"
#include "service.h"

const struct mon_service mon_services[] = {
	/* Three ranges: the fast path's filter enumerates every number of each. */
	{ "arch", SECMON_OEN_ARCH, 0x0000, 0x00ff, arch_svc_handle, arch_svc_has,
	  arch_svc_fast, 0 },
	{ "arch", SECMON_OEN_ARCH, 0x3fff, 0x3fff, arch_svc_handle, arch_svc_has,	/* WA_3 */
	  arch_svc_fast, 0 },
	{ "arch", SECMON_OEN_ARCH, 0x7fff, 0x8000, arch_svc_handle, arch_svc_has,	/* WA_2, _1 */
	  arch_svc_fast, 0 },
	{ "errata", SECMON_OEN_SIP, 0x0020, 0x0021, errata_handle, errata_has, 0, 0 },
	{ "trace", SECMON_OEN_SIP, 0x0030, 0x0032, trace_handle, trace_has, 0, 0 },
	{ "scmi", SECMON_OEN_SIP, 0x0200, 0x0200, scmi_handle, scmi_has, 0, 0 },
	{ "psci", SECMON_OEN_STD, 0x0000, 0x001f, psci_handle, psci_has, psci_fast, 0 },
	{ "trng", SECMON_OEN_STD, 0x0050, 0x0053, trng_handle, trng_has, 0, 0 },
	/* The board DT's calls: any ID the others and the general queries leave. */
	{ "described", MON_OEN_ANY, 0, 0, described_handle, 0, 0, described_claims },
};
const unsigned mon_service_count = sizeof(mon_services) / sizeof(mon_services[0]);

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
const struct mon_oen_info mon_oens[] = {
	/* The Arm architecture service (SMCCC itself): secmon's UID, 0.1. */
	{ SECMON_OEN_ARCH, { 0x5ec0a5e1u, 0x4d2b9c17u, 0x8e6f3a42u, 0x1b7d0c95u }, 0, 1 },
	/* secmon's own SiP calls (the errata service): secmon's UID, 0.1. */
	{ SECMON_OEN_SIP, { 0x5ec0a5e1u, 0x4d2b9c17u, 0x8e6f3a42u, 0x1b7d0c95u }, 0, 1 },
	/* Arm's standard service UID, revision 0.1, as other monitors answer. */
	{ SECMON_OEN_STD, { 0x108d905bu, 0x47e8f863u, 0xfbc02daeu, 0xe2f64156u }, 0, 1 },
};
const unsigned mon_oen_count = sizeof(mon_oens) / sizeof(mon_oens[0]);

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
	for (unsigned i = 0; i < MON_MAX_CPUS; i++)
		errata_cpu_reset(i);
	err = described_init(cfg->board_dtb);
	if (!err && scmi_be_init(cfg->board_dtb))
		err = -1;
	if (!err && mon_trace_dt(cfg->board_dtb))
		err = -1;
	scmi_init();
	return err;
}
