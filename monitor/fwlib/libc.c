/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The string functions libfdt needs, in portable C, for every port. Built with
 * -fno-tree-loop-distribute-patterns so the compiler cannot turn these loops
 * back into calls to themselves. EL3 runs with the MMU off, where memory is
 * Device memory and must not be accessed unaligned: the copies, fills and
 * compares go a word at a time only where both sides are word-aligned (the
 * DT fix-up's moves of the blob's tail, the copy of the DTB onto itself),
 * byte-wise at the edges and for buffers whose alignments differ.
 *
 * Only memcpy has callers in the resident part (the log's formatting, its
 * va_copy); the rest only libfdt and the cold boot call, so they are
 * cold-boot code (MON_COLD_BOOT; scripts/boot-split.py fails the build's
 * check if a resident caller appears).
 */
#include <stddef.h>
#include <stdint.h>
#include <libfdt_env.h>
#include "fwlib.h"

MON_COLD_BOOT void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++) {
		if (*p == (unsigned char)c)
			return (void *)p;
	}
	return NULL;
}

/* A word of memory, allowed to alias whatever the bytes belong to. */
typedef uintptr_t __attribute__((may_alias)) word_t;
#define WORD_MASK	(sizeof(word_t) - 1)

/* Whether a and b can go a word at a time once the first is aligned. */
static int same_alignment(const void *a, const void *b)
{
	return (((uintptr_t)a ^ (uintptr_t)b) & WORD_MASK) == 0;
}

MON_COLD_BOOT int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	if (same_alignment(x, y)) {
		for (; n && ((uintptr_t)x & WORD_MASK) && *x == *y; n--, x++, y++)
			;
		/* Whole words while equal; the bytes below place the difference. */
		if (!((uintptr_t)x & WORD_MASK)) {
			for (; n > WORD_MASK && *(const word_t *)x == *(const word_t *)y;
			     n -= sizeof(word_t), x += sizeof(word_t), y += sizeof(word_t))
				;
		}
	}
	for (; n; n--, x++, y++) {
		if (*x != *y)
			return *x < *y ? -1 : 1;
	}
	return 0;
}

/* Forwards: also right for an overlap with d below s. */
void *memcpy(void *d, const void *s, size_t n)
{
	unsigned char *dp = d;
	const unsigned char *sp = s;

	if (same_alignment(dp, sp)) {
		for (; n && ((uintptr_t)dp & WORD_MASK); n--)
			*dp++ = *sp++;
		for (; n > WORD_MASK; n -= sizeof(word_t), dp += sizeof(word_t), sp += sizeof(word_t))
			*(word_t *)dp = *(const word_t *)sp;
	}
	while (n--)
		*dp++ = *sp++;
	return d;
}

MON_COLD_BOOT void *memmove(void *d, const void *s, size_t n)
{
	unsigned char *dp = d;
	const unsigned char *sp = s;

	if (dp == sp)
		return d;
	if (dp < sp || dp >= sp + n)
		return memcpy(d, s, n);
	/* d overlaps the end of s: backwards, from the end. */
	dp += n;
	sp += n;
	if (same_alignment(dp, sp)) {
		for (; n && ((uintptr_t)dp & WORD_MASK); n--)
			*--dp = *--sp;
		for (; n > WORD_MASK; n -= sizeof(word_t)) {
			dp -= sizeof(word_t);
			sp -= sizeof(word_t);
			*(word_t *)dp = *(const word_t *)sp;
		}
	}
	while (n--)
		*--dp = *--sp;
	return d;
}

MON_COLD_BOOT void *memset(void *d, int c, size_t n)
{
	unsigned char *p = d;
	word_t w = (unsigned char)c * (UINTPTR_MAX / 0xff);

	for (; n && ((uintptr_t)p & WORD_MASK); n--)
		*p++ = (unsigned char)c;
	for (; n > WORD_MASK; n -= sizeof(word_t), p += sizeof(word_t))
		*(word_t *)p = w;
	while (n--)
		*p++ = (unsigned char)c;
	return d;
}

MON_COLD_BOOT char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

MON_COLD_BOOT char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}

MON_COLD_BOOT size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

MON_COLD_BOOT size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

MON_COLD_BOOT int strcmp(const char *a, const char *b)
{
	for (; *a && *a == *b; a++, b++)
		;
	return (unsigned char)*a - (unsigned char)*b;
}

MON_COLD_BOOT static int digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return 99;
}

MON_COLD_BOOT static const char *strtoul_prefix(const char *s, int *base)
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
MON_COLD_BOOT unsigned long strtoul(const char *s, char **end, int base)
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
