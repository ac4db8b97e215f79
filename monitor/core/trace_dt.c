// SPDX-License-Identifier: BSD-3-Clause
/*
 * The board DT's say on recording (docs/bindings/secmon,trace.yaml): a node
 * compatible with "secmon,trace" whose secmon,recording is "on" or "off"
 * (the state at cold boot), whose boolean secmon,fixed keeps the normal
 * world from switching it (TRACE_CTL answers DENIED), secmon,record-
 * workarounds has the ARCH_WORKAROUND calls recorded too and
 * secmon,console-readout has the records printed on the secure console at
 * SYSTEM_OFF and SYSTEM_RESET. No node: off, and the normal world may switch
 * it on. Cold boot only.
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

/* A boolean property: 1 present, 0 absent, -1 (logged) given a value. */
static int flag(const void *dtb, int node, const char *name)
{
	int len;

	if (!fdt_getprop(dtb, node, name, &len))
		return 0;
	if (len == 0)
		return 1;
	mon_log("secmon: board DT: node %s, property %s: a boolean takes no value\n",
		secmon_calltab_node_name(dtb, node), name);
	return -1;
}

int mon_trace_dt(const void *board_dtb)
{
	static const struct {
		const char *name;
		unsigned how;
	} flags[] = {
		{ "secmon,fixed", MON_TRACE_FIXED },
		{ "secmon,record-workarounds", MON_TRACE_WORKAROUNDS },
		{ "secmon,console-readout", MON_TRACE_READOUT },
	};
	int node = board_dtb ? secmon_calltab_find(board_dtb, -1, "secmon,trace") : -1;
	const char *v;
	unsigned how = 0;
	bool on = false;
	int len;

	if (node < 0) {
		mon_trace_setup(false, 0);
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
	for (unsigned i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		int f = flag(board_dtb, node, flags[i].name);

		if (f < 0)
			return -1;
		how |= f ? flags[i].how : 0;
	}
	if (secmon_calltab_find(board_dtb, node, "secmon,trace") >= 0) {
		mon_log("secmon: board DT: node %s, property compatible: a second \"secmon,trace\" "
			"node\n", secmon_calltab_node_name(board_dtb, node));
		return -1;
	}
	mon_trace_setup(on, how);
	return 0;
}
