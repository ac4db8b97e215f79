// SPDX-License-Identifier: BSD-3-Clause
/* Small device-tree helpers over libfdt shared by the library's parsers. */
#include <libfdt.h>
#include <secmon/calltab.h>
#include "internal.h"

const char *secmon_calltab_node_name(const void *fdt, int node)
{
	const char *name = fdt_get_name(fdt, node, 0);

	if (node == 0)
		return "/";
	return name && name[0] ? name : "?";
}

bool secmon_dt_node_enabled(const void *fdt, int node)
{
	int len;
	const char *s = fdt_getprop(fdt, node, "status", &len);

	if (!s)
		return true;
	return len > 0 && !s[len - 1] && (secmon_streq(s, "okay") || secmon_streq(s, "ok"));
}

int secmon_calltab_find(const void *fdt, int from, const char *compatible)
{
	int node = from;

	do
		node = fdt_node_offset_by_compatible(fdt, node, compatible);
	while (node >= 0 && !secmon_dt_node_enabled(fdt, node));
	return node;
}
