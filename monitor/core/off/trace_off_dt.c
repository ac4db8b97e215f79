// SPDX-License-Identifier: BSD-3-Clause
/*
 * A firmware built without recording: a board DT that asks for it is
 * refused rather than quietly ignored. Cold boot only.
 */
#include <secmon/calltab.h>
#include "../log.h"
#include "../service.h"

int mon_trace_dt(const void *board_dtb)
{
	int node = board_dtb ? secmon_calltab_find(board_dtb, -1, "secmon,trace") : -1;

	if (node < 0)
		return 0;
	mon_log("secmon: board DT: node %s, property compatible: \"secmon,trace\", but this "
		"firmware is built without recording (build it with TRACE=1)\n",
		secmon_calltab_node_name(board_dtb, node));
	return -1;
}
