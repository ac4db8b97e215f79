// SPDX-License-Identifier: BSD-3-Clause
/*
 * The few C library functions the compiler and the nsk need (struct copies
 * and clears become memcpy/memset calls). Byte loops are slow but safe with
 * the MMU off, where every data access is Device memory and must be aligned;
 * word loops are used when both sides are 8-byte aligned. Built with
 * -fno-tree-loop-distribute-patterns so the loops are not turned back into
 * calls to themselves.
 */
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
