// SPDX-License-Identifier: BSD-3-Clause
/*
 * The board DT's say on recording (docs/bindings/secmon,trace.yaml): a node
 * compatible with "secmon,trace" whose secmon,recording is "on" or "off"
 * (the state at cold boot) and whose boolean secmon,fixed keeps the normal
 * world from switching it (TRACE_CTL answers DENIED). No node: off, and the
 * normal world may switch it on. Cold boot only.
 */
#include <libfdt.h>
#include <secmon/calltab.h>
#include "log.h"
#include "service.h"

/* The property holds exactly the string s. */
static bool is_string(const char *v, int len, const char *s)
{
	int i;

	for (i = 0; i < len && v[i] == s[i] && s[i]; i++)
		;
	return i == len - 1 && !v[i] && !s[i];
}

int mon_trace_dt(const void *board_dtb)
{
	int node = board_dtb ? secmon_calltab_find(board_dtb, -1, "secmon,trace") : -1;
	const char *v;
	bool on = false, fixed;
	int len;

	if (node < 0) {
		mon_trace_setup(false, false);
		return 0;
	}
	v = fdt_getprop(board_dtb, node, "secmon,recording", &len);
	if (v && is_string(v, len, "on"))
		on = true;
	else if (v && !is_string(v, len, "off")) {
		mon_log("secmon: board DT: node %s, property secmon,recording: not \"on\" or "
			"\"off\"\n", secmon_calltab_node_name(board_dtb, node));
		return -1;
	}
	fixed = fdt_getprop(board_dtb, node, "secmon,fixed", &len) != 0;
	if (fixed && len != 0) {
		mon_log("secmon: board DT: node %s, property secmon,fixed: a boolean takes no "
			"value\n", secmon_calltab_node_name(board_dtb, node));
		return -1;
	}
	if (secmon_calltab_find(board_dtb, node, "secmon,trace") >= 0) {
		mon_log("secmon: board DT: node %s, property compatible: a second \"secmon,trace\" "
			"node\n", secmon_calltab_node_name(board_dtb, node));
		return -1;
	}
	mon_trace_setup(on, fixed);
	return 0;
}
