// SPDX-License-Identifier: BSD-3-Clause
/* Cold boot of the portable monitor: the dispatch, the services, the fast path. */
#include "service.h"

int mon_init(const struct mon_config *cfg)
{
	int err;

	mon_cfg = *cfg;
	mon_trace_setup(false, 0);
	if (mon_dispatch_init())
		return -1;
	err = mon_services_init(&mon_cfg);
	mon_fast_init();
	return err;
}
