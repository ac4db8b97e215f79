// SPDX-License-Identifier: BSD-3-Clause
/*
 * The firmware's string functions (monitor/fwlib/libc.c, every port's),
 * which libfdt uses on every DT the monitor fixes up at cold boot, and
 * which go a word at a time where both sides are word-aligned: memcpy,
 * memmove (overlapping either way), memset and memcmp against byte-by-byte
 * references, for every alignment of either side and every length up to a
 * few words. The file is compiled in under other names (fw_*), so the
 * test's own calls still reach the host's C library.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

void *fw_memchr(const void *s, int c, size_t n);
int fw_memcmp(const void *a, const void *b, size_t n);
void *fw_memcpy(void *d, const void *s, size_t n);
void *fw_memmove(void *d, const void *s, size_t n);
void *fw_memset(void *d, int c, size_t n);
char *fw_strchr(const char *s, int c);
char *fw_strrchr(const char *s, int c);
size_t fw_strlen(const char *s);
size_t fw_strnlen(const char *s, size_t max);
int fw_strcmp(const char *a, const char *b);
unsigned long fw_strtoul(const char *s, char **end, int base);

#define memchr fw_memchr
#define memcmp fw_memcmp
#define memcpy fw_memcpy
#define memmove fw_memmove
#define memset fw_memset
#define strchr fw_strchr
#define strrchr fw_strrchr
#define strlen fw_strlen
#define strnlen fw_strnlen
#define strcmp fw_strcmp
#define strtoul fw_strtoul
#include "../../monitor/fwlib/libc.c"
#undef memchr
#undef memcmp
#undef memcpy
#undef memmove
#undef memset
#undef strchr
#undef strrchr
#undef strlen
#undef strnlen
#undef strcmp
#undef strtoul

#define BUF 96		/* room for an offset of up to 15 and 64 bytes, with guards */
#define MAXLEN 64

static void pattern(unsigned char *b, size_t n, unsigned seed)
{
	for (size_t i = 0; i < n; i++)
		b[i] = (unsigned char)(seed * 131u + i * 7u + (i >> 3));
}

/* memcpy between separate buffers: every source and destination offset. */
static void copies_any_alignment(void **state)
{
	unsigned char src[BUF], dst[BUF], want[BUF];

	(void)state;
	for (size_t so = 0; so < 16; so++)
		for (size_t dof = 0; dof < 16; dof++)
			for (size_t n = 0; n <= MAXLEN; n++) {
				pattern(src, BUF, (unsigned)(so + n));
				pattern(dst, BUF, 99);
				memcpy(want, dst, BUF);
				for (size_t i = 0; i < n; i++)
					want[dof + i] = src[so + i];
				assert_ptr_equal(fw_memcpy(dst + dof, src + so, n), dst + dof);
				assert_memory_equal(dst, want, BUF);
			}
}

/* memmove within one buffer: every offset of either end, both directions. */
static void moves_overlapping(void **state)
{
	unsigned char buf[BUF], want[BUF];

	(void)state;
	for (size_t so = 0; so < 24; so++)
		for (size_t dof = 0; dof < 24; dof++)
			for (size_t n = 0; n <= MAXLEN && n + (so > dof ? so : dof) <= BUF; n++) {
				pattern(buf, BUF, (unsigned)(so * 3 + dof));
				memcpy(want, buf, BUF);
				memmove(want + dof, want + so, n);	/* the host's, the reference */
				assert_ptr_equal(fw_memmove(buf + dof, buf + so, n), buf + dof);
				assert_memory_equal(buf, want, BUF);
			}
}

static void sets_any_alignment(void **state)
{
	unsigned char buf[BUF], want[BUF];

	(void)state;
	for (size_t off = 0; off < 16; off++)
		for (size_t n = 0; n <= MAXLEN; n++) {
			int c = (int)(0x1a5 + n);	/* only the low byte counts */

			pattern(buf, BUF, (unsigned)n);
			memcpy(want, buf, BUF);
			for (size_t i = 0; i < n; i++)
				want[off + i] = (unsigned char)c;
			assert_ptr_equal(fw_memset(buf + off, c, n), buf + off);
			assert_memory_equal(buf, want, BUF);
		}
}

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

/*
 * memcmp: equal runs, and one differing byte at every position, larger or
 * smaller (as unsigned bytes: 0x80 against 0x7f), past equal whole words.
 */
static void compares_any_alignment(void **state)
{
	unsigned char a[BUF], b[BUF];

	(void)state;
	for (size_t ao = 0; ao < 16; ao++)
		for (size_t bo = 0; bo < 16; bo++)
			for (size_t n = 0; n <= MAXLEN; n++) {
				pattern(a + ao, n, 5);
				pattern(b + bo, n, 5);
				assert_int_equal(fw_memcmp(a + ao, b + bo, n), 0);
				for (size_t at = 0; at < n; at++) {
					unsigned char keep = b[bo + at];

					a[ao + at] = 0x80;
					b[bo + at] = 0x7f;
					assert_int_equal(sign(fw_memcmp(a + ao, b + bo, n)), 1);
					assert_int_equal(sign(fw_memcmp(b + bo, a + ao, n)), -1);
					/* Only the first difference counts. */
					if (at + 1 < n) {
						b[bo + n - 1] ^= 0xff;
						assert_int_equal(sign(fw_memcmp(a + ao, b + bo, n)), 1);
						b[bo + n - 1] ^= 0xff;
					}
					a[ao + at] = keep;
					b[bo + at] = keep;
				}
			}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(copies_any_alignment),
		cmocka_unit_test(moves_overlapping),
		cmocka_unit_test(sets_any_alignment),
		cmocka_unit_test(compares_any_alignment),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
