// SPDX-License-Identifier: BSD-3-Clause
/*
 * A firmware built without the SCMI server: the cold-boot hooks. A board DT
 * that describes SCMI resources is refused rather than quietly ignored.
 */
#include <secmon/calltab.h>
#include "../../core/log.h"
#include "../../scmi_backend.h"
#include "../scmi.h"

int scmi_be_init(const void *board_dtb)
{
	int node = board_dtb ? secmon_calltab_find(board_dtb, -1, "secmon,scmi") : -1;

	if (node < 0)
		return 0;
	mon_log("secmon: board DT: node %s, property compatible: \"secmon,scmi\", but this "
		"firmware is built without SCMI (build it with SCMI=1)\n",
		secmon_calltab_node_name(board_dtb, node));
	return -1;
}

int scmi_os_dt(const struct mon_os_dt *o)
{
	(void)o;
	return 0;
}
