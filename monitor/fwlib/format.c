/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * snprintf for the firmware's own messages (the log, a board's): the
 * monitor's printf (mon_vformat(), core/log.c, as C's printf without
 * floating point) into a buffer. Always NUL-terminates.
 */
#include <stdarg.h>
#include <stddef.h>
#include "fwlib.h"

int fw_vsnprintf(char *buf, size_t n, const char *fmt, va_list ap)
{
	struct mon_fmt o = { buf, n, 0 };

	mon_vformat(&o, fmt, ap);
	return (int)o.len;
}

MON_COLD_BOOT int fw_snprintf(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = fw_vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return r;
}
