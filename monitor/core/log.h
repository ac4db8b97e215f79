/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef SECMON_CORE_LOG_H
#define SECMON_CORE_LOG_H

#include <stdbool.h>
#include <stdint.h>

/* printf on the monitor's console: mon_vformat()'s conversions (monitor.h). */
void mon_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * MON_ASSERT(cond): an invariant the code relies on (a lock held, a state
 * it must be in), checked by the debug build (MON_DEBUG=1: the host build
 * the tests run), compiled away elsewhere. A failed check logs where and
 * what, and traps.
 */
#ifndef MON_DEBUG
#define MON_DEBUG 0
#endif
_Noreturn void mon_assert_failed(const char *file, unsigned line, const char *cond);
#define MON_ASSERT(cond) \
	do { \
		if (MON_DEBUG && !(cond)) \
			mon_assert_failed(__FILE__, __LINE__, #cond); \
	} while (0)

#endif
