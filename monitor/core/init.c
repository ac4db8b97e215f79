// SPDX-License-Identifier: BSD-3-Clause
/* Cold boot of the portable monitor: each service set up once, in order. */
#include "../services/described.h"
#include "service.h"

int mon_init(const struct mon_config *cfg)
{
	int err;

	mon_cfg = *cfg;
	arch_svc_init();
	if (mon_dispatch_init())
		return -1;
	psci_init(cfg->boot_cpu);
	for (unsigned i = 0; i < MON_MAX_CPUS; i++)
		errata_cpu_reset(i);
	scmi_init();
	err = described_init(cfg->board_dtb);
	mon_fast_init();
	return err;
}
