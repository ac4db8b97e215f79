// SPDX-License-Identifier: BSD-3-Clause
/* Cold boot of the portable monitor: each service set up once, in order. */
#include "../services/described.h"
#include "../scmi_backend.h"
#include "service.h"

int mon_init(const struct mon_config *cfg)
{
	int err;

	mon_cfg = *cfg;
	mon_trace_setup(false, false);
	arch_svc_init();
	if (mon_dispatch_init())
		return -1;
	psci_init(cfg->boot_cpu);
	for (unsigned i = 0; i < MON_MAX_CPUS; i++)
		errata_cpu_reset(i);
	err = described_init(cfg->board_dtb);
	/* After described_init(), which checks the board DT's structure. */
	if (!err && scmi_be_init(cfg->board_dtb))
		err = -1;
	if (!err && mon_trace_dt(cfg->board_dtb))
		err = -1;
	scmi_init();
	mon_fast_init();
	return err;
}
