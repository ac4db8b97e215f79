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

static void repeat(struct mon_fmt *o, char c, int n)
{
	while (n-- > 0)
		put(o, c);
}

/*
 * The next argument, read as int (len <= 0), long (1) or long long (2)
 * wide: every argument this printf takes is one of those (char and short
 * are passed as int; size_t and pointers are long wide on every target,
 * LP64 and ILP32). The one place that reads arguments, out of line: va_arg
 * is long code (inlined at its four calls, it cost 100 bytes). *ap is
 * mon_vformat()'s va_copy(); the static analyser, which looks at a function
 * kept out of line on its own, cannot know that.
 */
static __attribute__((noinline)) uint64_t arg(va_list *ap, int len)
{
	if (len >= 2)
		return va_arg(*ap, unsigned long long); /* NOLINT(clang-analyzer-valist.Uninitialized) */
	if (len == 1)
		return va_arg(*ap, unsigned long); /* NOLINT(clang-analyzer-valist.Uninitialized) */
	return va_arg(*ap, unsigned); /* NOLINT(clang-analyzer-valist.Uninitialized) */
}

_Static_assert(sizeof(size_t) == sizeof(long) && sizeof(void *) == sizeof(long),
	       "%z, %p and %s read a long");

/* The integer conversions and their bases; 'X' takes the upper-case digits. */
static const char int_conv[] = "diouxXp";
static const uint8_t int_base[] = { 10, 10, 8, 10, 16, 16, 16 };
static const char digits[] = "0123456789abcdef0123456789ABCDEF";

/*
 * The conversion at fmt (past its '%': flags '-' and '0', a width, a
 * precision, each as digits or '*', the length modifiers hh, h, l, ll and z,
 * the conversion); returns its last character.
 */
static const char *convert(struct mon_fmt *o, const char *fmt, va_list *ap)
{
	char buf[24], c;
	const char *s = buf;
	bool left = false, zero = false;
	int width = 0, prec = -1, *num = &width, len = 0, n = 1, pre = 0, zeros = 0, k;
	unsigned shift, base;
	uint64_t v;

	for (;; fmt++) {
		c = *fmt;
		if (c == '-')
			left = true;
		else if (c == '0' && num == &width && !width)
			zero = true;
		else if (c >= '0' && c <= '9')
			*num = *num * 10 + c - '0';
		else if (c == '*')
			*num = (int)arg(ap, 0);
		else if (c == '.')
			*(num = &prec) = 0;
		else if (c == 'h' || c == 'l')
			len += c == 'l' ? 1 : -1;
		else if (c == 'z')
			len = 1;
		else
			break;
	}
	if (width < 0) {
		left = true;
		width = -width;
	}
	for (k = 0; int_conv[k] && int_conv[k] != c; k++)
		;
	if (c == 's') {
		s = (const char *)(uintptr_t)arg(ap, 1);
		if (!s)
			s = "(null)";
		for (n = 0; s[n] && (prec < 0 || n < prec); n++)
			;
		zero = false;
	} else if (c == 'c') {
		buf[0] = (char)arg(ap, 0);
		zero = false;
	} else if (c && int_conv[k]) {
		if (c == 'p')
			len = 1;
		/* Its own width (hh 8, h 16, none 32, ...), sign- or zero-extended. */
		shift = 64 - (len >= 2 ? 64 : len == 1 ? 8 * sizeof(long) : 32u >> -len);
		v = arg(ap, len) << shift;
		v = k < 2 ? (uint64_t)((int64_t)v >> shift) : v >> shift;
		if (k < 2 && (int64_t)v < 0) {
			v = -v;
			pre = 1;
		}
		n = (int)sizeof(buf);
		base = int_base[k];
		if (v || prec != 0)
			do {
				buf[--n] = digits[v % base + (c == 'X' ? 16 : 0)];
				v /= base;
			} while (v);
		zeros = prec - ((int)sizeof(buf) - n);
		if (c == 'p') {
			buf[--n] = 'x';
			pre = 2;
		}
		if (pre)
			buf[--n] = c == 'p' ? '0' : '-';
		s = &buf[n];
		n = (int)sizeof(buf) - n;
		if (prec >= 0)
			zero = false;
	} else {
		if (c)
			put(o, c);	/* '%', or a conversion this printf does not have */
		return c ? fmt : fmt - 1;
	}
	/* s[0..pre) a prefix (a sign, "0x"), then `zeros` zeros, then the rest. */
	if (zeros < 0)
		zeros = 0;
	width -= n + zeros;
	if (zero && !left)
		zeros += width;
	else if (!left)
		repeat(o, ' ', width);
	for (k = 0; k <= n; k++) {
		if (k == pre)
			repeat(o, '0', zeros);
		if (k < n)
			put(o, s[k]);
	}
	if (left)
		repeat(o, ' ', width);
	return fmt;
}

void mon_vformat(struct mon_fmt *o, const char *fmt, va_list ap)
{
	va_list aq;

	va_copy(aq, ap);
	for (; *fmt; fmt++) {
		if (*fmt != '%')
			put(o, *fmt);
		else
			fmt = convert(o, fmt + 1, &aq);
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
