// SPDX-License-Identifier: BSD-3-Clause
/* The monitor's own log on the platform console, and the small printf it uses. */
#include <stdarg.h>
#include "../monitor.h"
#include "../plat.h"
#include "log.h"

struct fmt {
	void (*put)(void *ctx, char c);
	void *ctx;
};

static void put_str(const struct fmt *f, const char *s)
{
	if (!s)
		s = "(null)";
	while (*s)
		f->put(f->ctx, *s++);
}

static void put_num(const struct fmt *f, uint64_t v, unsigned base, bool neg)
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
	put_str(f, &buf[i]);
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

void mon_vformat(void (*put)(void *ctx, char c), void *ctx, const char *fmt, va_list ap)
{
	const struct fmt f = { put, ctx };
	va_list aq;

	va_copy(aq, ap);
	for (; *fmt; fmt++) {
		unsigned longs = 0;

		if (*fmt != '%') {
			put(ctx, *fmt);
			continue;
		}
		while (fmt[1] == 'l') {
			longs++;
			fmt++;
		}
		switch (*++fmt) {
		case 's':
			put_str(&f, va_arg(aq, const char *));
			break;
		case 'c':
			put(ctx, (char)va_arg(aq, int));
			break;
		case 'd': {
			int64_t v = get_int(&aq, longs);

			put_num(&f, v < 0 ? -(uint64_t)v : (uint64_t)v, 10, v < 0);
			break;
		}
		case 'u':
			put_num(&f, get_uint(&aq, longs), 10, false);
			break;
		case 'x':
			put_num(&f, get_uint(&aq, longs), 16, false);
			break;
		case '\0':
			fmt--;
			break;
		default:
			put(ctx, *fmt);
			break;
		}
	}
	va_end(aq);
}

static void log_put(void *ctx, char c)
{
	(void)ctx;
	plat_putc(c);
}

void mon_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	mon_vformat(log_put, 0, fmt, ap);
	va_end(ap);
}

_Noreturn void mon_assert_failed(const char *file, unsigned line, const char *cond)
{
	mon_log("assertion failed: %s:%u: %s\n", file, line, cond);
	__builtin_trap();
}
