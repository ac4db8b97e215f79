/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The string functions libfdt needs, in portable C. Built with
 * -fno-tree-loop-distribute-patterns so the compiler cannot turn these loops
 * back into calls to themselves. Byte-wise on purpose: EL3 runs with the MMU
 * off, where memory is Device memory and must not be accessed unaligned.
 */
#include <stddef.h>
#include <stdint.h>
#include <libfdt_env.h>
#include "qv.h"

void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++) {
		if (*p == (unsigned char)c)
			return (void *)p;
	}
	return NULL;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (; n; n--, x++, y++) {
		if (*x != *y)
			return *x < *y ? -1 : 1;
	}
	return 0;
}

void *memcpy(void *d, const void *s, size_t n)
{
	unsigned char *dp = d;
	const unsigned char *sp = s;

	while (n--)
		*dp++ = *sp++;
	return d;
}

void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *dp = d;
	const unsigned char *sp = s;

	if (dp <= sp || dp >= sp + n)
		return memcpy(d, s, n);
	while (n--)
		dp[n] = sp[n];
	return d;
}

void *memset(void *d, int c, size_t n)
{
	unsigned char *p = d;

	while (n--)
		*p++ = (unsigned char)c;
	return d;
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	for (; *a && *a == *b; a++, b++)
		;
	return (unsigned char)*a - (unsigned char)*b;
}

static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

static const char *strtoul_prefix(const char *s, int *base)
{
	bool hex_prefix = s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && digit_value(s[2]) < 16;

	if ((*base == 0 || *base == 16) && hex_prefix) {
		*base = 16;
		return s + 2;
	}
	if (*base == 0)
		*base = s[0] == '0' ? 8 : 10;
	return s;
}

/* No overflow detection: libfdt parses small unit addresses and indices. */
unsigned long strtoul(const char *s, char **end, int base)
{
	const char *start = s;
	unsigned long v = 0;
	bool neg = false;

	while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
		s++;
	if (*s == '+' || *s == '-')
		neg = *s++ == '-';
	s = strtoul_prefix(s, &base);
	if (digit_value(*s) >= base)
		s = start;
	for (; digit_value(*s) < base; s++)
		v = v * (unsigned long)base + (unsigned long)digit_value(*s);
	if (end)
		*end = (char *)s;
	return neg ? -v : v;
}

/*
 * libfdt is built with -fstack-protector-strong. A fixed guard: it runs only
 * on the cold-boot path, on QEMU's own DTB.
 */
uintptr_t __stack_chk_guard = (uintptr_t)0x595e9fbd94fda766ull;

_Noreturn void __stack_chk_fail(void);
_Noreturn void __stack_chk_fail(void)
{
	qv_err("stack protector fired in libfdt\n");
	qv_monitor_fault();
}
