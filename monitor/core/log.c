// SPDX-License-Identifier: BSD-3-Clause
/* The monitor's own log on the platform console, and the small printf it uses. */
#include <stdarg.h>
#include "../monitor.h"
#include "../plat.h"
#include "log.h"

/* One character of the result: into the buffer, or to the console without one. */
static void put(struct mon_fmt *o, char c)
{
	if (!o->buf)
		plat_putc(c);
	else if (o->len + 1 < o->n)
		o->buf[o->len] = c;
	o->len++;
}

static void put_str(struct mon_fmt *o, const char *s)
{
	if (!s)
		s = "(null)";
	while (*s)
		put(o, *s++);
}

static void put_num(struct mon_fmt *o, uint64_t v, unsigned base, bool neg)
{
	char buf[24];
	int i = (int)sizeof(buf);

	buf[--i] = '\0';
	do {
		buf[--i] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	if (neg)
		buf[--i] = '-';
	put_str(o, &buf[i]);
}

/* An integer argument of the size its length modifier says. */
static uint64_t get_uint(va_list *ap, unsigned longs)
{
	if (longs >= 2)
		return va_arg(*ap, unsigned long long);
	if (longs == 1)
		return va_arg(*ap, unsigned long);
	return va_arg(*ap, unsigned);
}

static int64_t get_int(va_list *ap, unsigned longs)
{
	if (longs >= 2)
		return va_arg(*ap, long long);
	if (longs == 1)
		return va_arg(*ap, long);
	return va_arg(*ap, int);
}

void mon_vformat(struct mon_fmt *o, const char *fmt, va_list ap)
{
	va_list aq;

	va_copy(aq, ap);
	for (; *fmt; fmt++) {
		unsigned longs = 0;

		if (*fmt != '%') {
			put(o, *fmt);
			continue;
		}
		while (fmt[1] == 'l') {
			longs++;
			fmt++;
		}
		switch (*++fmt) {
		case 's':
			put_str(o, va_arg(aq, const char *));
			break;
		case 'c':
			put(o, (char)va_arg(aq, int));
			break;
		case 'd': {
			int64_t v = get_int(&aq, longs);

			put_num(o, v < 0 ? -(uint64_t)v : (uint64_t)v, 10, v < 0);
			break;
		}
		case 'u':
			put_num(o, get_uint(&aq, longs), 10, false);
			break;
		case 'x':
			put_num(o, get_uint(&aq, longs), 16, false);
			break;
		case '\0':
			fmt--;
			break;
		default:
			put(o, *fmt);
			break;
		}
	}
	va_end(aq);
	if (o->buf && o->n)
		o->buf[o->len < o->n ? o->len : o->n - 1] = '\0';
}

void mon_log(const char *fmt, ...)
{
	struct mon_fmt o = { 0, 0, 0 };
	va_list ap;

	va_start(ap, fmt);
	mon_vformat(&o, fmt, ap);
	va_end(ap);
}

_Noreturn void mon_assert_failed(const char *file, unsigned line, const char *cond)
{
	mon_log("assertion failed: %s:%u: %s\n", file, line, cond);
	__builtin_trap();
}
