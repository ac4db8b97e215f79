/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * snprintf for the cold boot's messages: the monitor's printf
 * (mon_vformat(), core/log.c: %c %s %d %u %x, l and ll) into a buffer.
 * Always NUL-terminates.
 */
#include <stdarg.h>
#include <stddef.h>
#include "../../monitor.h"
#include "qv.h"

struct out {
	char *buf;
	size_t n, len;
};

static void put(void *ctx, char c)
{
	struct out *o = ctx;

	if (o->len + 1 < o->n)
		o->buf[o->len] = c;
	o->len++;
}

int qv_vsnprintf(char *buf, size_t n, const char *fmt, va_list ap)
{
	struct out o = { buf, n, 0 };

	mon_vformat(put, &o, fmt, ap);
	if (n)
		buf[o.len < n ? o.len : n - 1] = '\0';
	return (int)o.len;
}

int qv_snprintf(char *buf, size_t n, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = qv_vsnprintf(buf, n, fmt, ap);
	va_end(ap);
	return r;
}
