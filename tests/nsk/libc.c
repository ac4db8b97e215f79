// SPDX-License-Identifier: BSD-3-Clause
/*
 * The few C library functions the compiler, the nsk and libfdt need (struct
 * copies and clears become memcpy/memset calls; libfdt's list is in
 * lib/fdt/libfdt_env.h). Byte loops are slow but safe with
 * the MMU off, where every data access is Device memory and must be aligned;
 * word loops are used when both sides are 8-byte aligned. Built with
 * -fno-tree-loop-distribute-patterns so the loops are not turned back into
 * calls to themselves.
 */
#include <libfdt_env.h>
#include "nsk.h"

void *memcpy(void *d, const void *s, size_t n)
{
	uint8_t *dp = d;
	const uint8_t *sp = s;

	if ((((uintptr_t)dp | (uintptr_t)sp) & 7) == 0) {
		for (; n >= 8; n -= 8, dp += 8, sp += 8)
			*(uint64_t *)dp = *(const uint64_t *)sp;
	}
	while (n--)
		*dp++ = *sp++;
	return d;
}

void *memmove(void *d, const void *s, size_t n)
{
	uint8_t *dp = d;
	const uint8_t *sp = s;

	if (dp <= sp || dp >= sp + n)
		return memcpy(d, s, n);
	while (n--)
		dp[n] = sp[n];
	return d;
}

void *memset(void *d, int c, size_t n)
{
	uint8_t *dp = d;

	if (((uintptr_t)dp & 7) == 0) {
		uint64_t w = (uint8_t)c * 0x0101010101010101ull;

		for (; n >= 8; n -= 8, dp += 8)
			*(uint64_t *)dp = w;
	}
	while (n--)
		*dp++ = (uint8_t)c;
	return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const uint8_t *x = a, *y = b;

	for (size_t i = 0; i < n; i++)
		if (x[i] != y[i])
			return x[i] < y[i] ? -1 : 1;
	return 0;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (a[i] != b[i])
			return (uint8_t)a[i] < (uint8_t)b[i] ? -1 : 1;
		if (!a[i])
			return 0;
	}
	return 0;
}

int strcmp(const char *a, const char *b)
{
	return strncmp(a, b, (size_t)-1);
}

void *memchr(const void *s, int c, size_t n)
{
	const uint8_t *p = s;

	for (size_t i = 0; i < n; i++)
		if (p[i] == (uint8_t)c)
			return (void *)(p + i);
	return 0;
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

char *strchr(const char *s, int c)
{
	do {
		if (*s == (char)c)
			return (char *)s;
	} while (*s++);
	return 0;
}

char *strrchr(const char *s, int c)
{
	const char *found = 0;

	do {
		if (*s == (char)c)
			found = s;
	} while (*s++);
	return (char *)found;
}

static unsigned digit(char c)
{
	if (c >= '0' && c <= '9')
		return (unsigned)(c - '0');
	if (c >= 'a' && c <= 'z')
		return (unsigned)(c - 'a') + 10;
	if (c >= 'A' && c <= 'Z')
		return (unsigned)(c - 'A') + 10;
	return 36;
}

/*
 * Enough for libfdt (unit addresses, path indices): optional sign, base 0,
 * 8, 10 or 16 with its prefix; no overflow detection.
 */
unsigned long strtoul(const char *s, char **end, int base)
{
	const char *p = s;
	unsigned long v = 0;
	unsigned b = (unsigned)base;
	bool neg = false, any = false;

	while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		p++;
	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	if ((b == 0 || b == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
	    digit(p[2]) < 16) {
		p += 2;
		b = 16;
	} else if (b == 0) {
		b = p[0] == '0' ? 8 : 10;
	}
	for (; digit(*p) < b; p++) {
		v = v * b + digit(*p);
		any = true;
	}
	if (end)
		*end = (char *)(any ? p : s);
	return neg ? -v : v;
}

/* libfdt is built with -fstack-protector-strong. */
uintptr_t __stack_chk_guard = (uintptr_t)0x2f6e736b5ec0c0deull;

__attribute__((noreturn)) void __stack_chk_fail(void);
__attribute__((noreturn)) void __stack_chk_fail(void)
{
	con_puts("Bail out! nsk: stack protector fired (in libfdt)\n");
	nsk_halt();
}
