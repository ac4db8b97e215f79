// SPDX-License-Identifier: BSD-3-Clause
/* Comparisons of DT node names less their unit addresses; no libfdt. */
#include <secmon/calltab.h>
#include "internal.h"

/* Node names compare without their unit address ("call@1" is "call"). */
static unsigned base_len(const char *s)
{
	unsigned n = 0;

	while (s[n] && s[n] != '@')
		n++;
	return n;
}

bool secmon_calltab_name_is(const char *node_name, const char *name)
{
	unsigned n = base_len(node_name), i = 0;

	while (i < n && name[i] == node_name[i])
		i++;
	return i == n && !name[n];
}

bool secmon_name_eq(const char *a, const char *b)
{
	unsigned n = base_len(a);

	if (n != base_len(b))
		return false;
	for (unsigned i = 0; i < n; i++)
		if (a[i] != b[i])
			return false;
	return true;
}
