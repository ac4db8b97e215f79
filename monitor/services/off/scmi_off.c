// SPDX-License-Identifier: BSD-3-Clause
/*
 * A firmware built without the SCMI server (the QEMU ports' SCMI=0, the
 * default): the run-time hooks the core calls. Nothing is offered, so the
 * SCMI ID is SMC_UNK like any unknown SiP ID.
 */
#include "../../core/service.h"
#include "../scmi.h"
#include "../../monitor.h"

void scmi_init(void)
{
}

bool scmi_handle(struct mon_call *c)
{
	(void)c;
	return false;
}

bool scmi_has(uint32_t fid)
{
	(void)fid;
	return false;
}

void mon_scmi_report(void)
{
}
