/* SPDX-License-Identifier: BSD-3-Clause */
/* Helpers shared by the library's own files; not part of its API. */
#ifndef SECMON_LIB_INTERNAL_H
#define SECMON_LIB_INTERNAL_H

#include <stdbool.h>
#include <secmon/calltab.h>

/* Inline: the call path (calltab_call.c) compares names in a loop. */
static inline bool secmon_streq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* Whether two node names are equal less their unit addresses ("call@1" is "call@2"). */
bool secmon_name_eq(const char *a, const char *b);

/* Fills *err (strings cut to fit) and returns `code`. */
int secmon_ct_fail(struct secmon_ct_error *err, const char *node, const char *prop,
		   const char *msg, int code);

#endif
