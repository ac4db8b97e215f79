/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * snprintf for the platform's messages: the monitor's printf (mon_vformat(),
 * core/log.c, as C's printf without floating point) into a buffer. Always
 * NUL-terminates.
 */
#include <stdarg.h>
#include <stddef.h>
#include "../../monitor.h"
#include "qv.h"

int qv_vsnprintf(char *buf, size_t n, const char *fmt, va_list ap)
{
	struct mon_fmt o = { buf, n, 0 };

	mon_vformat(&o, fmt, ap);
	return (int)o.len;
}

MON_COLD_BOOT int qv_snprintf(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = qv_vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return r;
}
