/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A small vsnprintf for the log: %c %s %d %i %u %x %p with the l, ll and z
 * length modifiers, a '0' flag and a field width. Always NUL-terminates.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "qv.h"

struct out {
	char *buf;
	size_t n, len;
};

struct spec {
	bool zero;
	unsigned width;
	unsigned size;	/* 0 int, 1 long, 2 long long / size_t */
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->n)
		o->buf[o->len] = c;
	o->len++;
}

static void put_padded(struct out *o, const char *s, size_t len, const struct spec *sp, bool neg)
{
	size_t total = len + (neg ? 1 : 0);
	char pad = sp->zero ? '0' : ' ';

	if (neg && sp->zero)
		put(o, '-');
	for (; total < sp->width; total++)
		put(o, pad);
	if (neg && !sp->zero)
		put(o, '-');
	while (len--)
		put(o, *s++);
}

static void put_num(struct out *o, uint64_t v, unsigned base, const struct spec *sp, bool neg)
{
	char tmp[24];
	size_t i = sizeof(tmp);

	do {
		unsigned d = (unsigned)(v % base);
		tmp[--i] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
		v /= base;
	} while (v);
	put_padded(o, tmp + i, sizeof(tmp) - i, sp, neg);
}

static uint64_t arg_unsigned(va_list *ap, unsigned size)
{
	if (size == 2)
		return va_arg(*ap, unsigned long long);
	if (size == 1)
		return va_arg(*ap, unsigned long);
	return va_arg(*ap, unsigned int);
}

static int64_t arg_signed(va_list *ap, unsigned size)
{
	if (size == 2)
		return va_arg(*ap, long long);
	if (size == 1)
		return va_arg(*ap, long);
	return va_arg(*ap, int);
}

static const char *parse_spec(const char *f, struct spec *sp)
{
	sp->zero = false;
	sp->width = 0;
	sp->size = 0;
	if (*f == '0') {
		sp->zero = true;
		f++;
	}
	for (; *f >= '0' && *f <= '9'; f++)
		sp->width = sp->width * 10 + (unsigned)(*f - '0');
	for (; *f == 'l' || *f == 'z'; f++)
		sp->size = (*f == 'z' || sp->size == 1) ? 2 : 1;
	return f;
}

static void put_str(struct out *o, const char *s, const struct spec *sp)
{
	struct spec plain = *sp;

	plain.zero = false;
	if (!s)
		s = "(null)";
	put_padded(o, s, strlen(s), &plain, false);
}

static void convert(struct out *o, char c, struct spec *sp, va_list *ap)
{
	int64_t sv;

	switch (c) {
	case 'c':
		put(o, (char)va_arg(*ap, int));
		break;
	case 's':
		put_str(o, va_arg(*ap, const char *), sp);
		break;
	case 'd':
	case 'i':
		sv = arg_signed(ap, sp->size);
		put_num(o, sv < 0 ? -(uint64_t)sv : (uint64_t)sv, 10, sp, sv < 0);
		break;
	case 'u':
		put_num(o, arg_unsigned(ap, sp->size), 10, sp, false);
		break;
	case 'x':
		put_num(o, arg_unsigned(ap, sp->size), 16, sp, false);
		break;
	case 'p':
		put(o, '0');
		put(o, 'x');
		put_num(o, (uintptr_t)va_arg(*ap, void *), 16, sp, false);
		break;
	default:
		put(o, '%');
		put(o, c);
		break;
	}
}

int qv_vsnprintf(char *buf, size_t n, const char *fmt, va_list ap)
{
	struct out o = { buf, n, 0 };
	struct spec sp;
	va_list aq;

	va_copy(aq, ap);
	while (*fmt) {
		if (*fmt != '%' || fmt[1] == '%') {
			put(&o, *fmt);
			fmt += (*fmt == '%') ? 2 : 1;
			continue;
		}
		fmt = parse_spec(fmt + 1, &sp);
		if (!*fmt)
			break;
		convert(&o, *fmt++, &sp, &aq);
	}
	va_end(aq);
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
