// SPDX-License-Identifier: BSD-3-Clause
/* The monitor's own log on the platform console: a small printf. */
#include <stdarg.h>
#include "../plat.h"
#include "log.h"

static void put_str(const char *s)
{
	if (!s)
		s = "(null)";
	while (*s)
		plat_putc(*s++);
}

static void put_num(uint64_t v, unsigned base, bool neg)
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
	put_str(&buf[i]);
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

/* %s, %c, %d, %u, %x, with l (long) or ll (long long) as in C. */
void mon_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	for (; *fmt; fmt++) {
		unsigned longs = 0;

		if (*fmt != '%') {
			plat_putc(*fmt);
			continue;
		}
		while (fmt[1] == 'l') {
			longs++;
			fmt++;
		}
		switch (*++fmt) {
		case 's':
			put_str(va_arg(ap, const char *));
			break;
		case 'c':
			plat_putc((char)va_arg(ap, int));
			break;
		case 'd': {
			int64_t v = get_int(&ap, longs);

			put_num(v < 0 ? (uint64_t)-v : (uint64_t)v, 10, v < 0);
			break;
		}
		case 'u':
			put_num(get_uint(&ap, longs), 10, false);
			break;
		case 'x':
			put_num(get_uint(&ap, longs), 16, false);
			break;
		case '\0':
			fmt--;
			break;
		default:
			plat_putc(*fmt);
			break;
		}
	}
	va_end(ap);
}

_Noreturn void mon_assert_failed(const char *file, unsigned line, const char *cond)
{
	mon_log("assertion failed: %s:%u: %s\n", file, line, cond);
	__builtin_trap();
}
