// SPDX-License-Identifier: BSD-3-Clause
/*
 * The monitor's printf (mon_vformat(), monitor/core/log.c) against the C
 * library's: every conversion, flag, width and precision it takes gives the
 * characters vsnprintf() gives, and the arguments after a field stay in
 * step. Also its buffer rules: always NUL-terminated, len counts every
 * character.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <cmocka.h>

#include "../../monitor/monitor.h"

/* mon_vformat() into buf (n bytes); its len. */
static size_t __attribute__((format(printf, 3, 4)))
fmt(char *buf, size_t n, const char *f, ...)
{
	struct mon_fmt o = { buf, n, 0 };
	va_list ap;

	va_start(ap, f);
	mon_vformat(&o, f, ap);
	va_end(ap);
	return o.len;
}

/* Both printfs on the same arguments: the same text and the same length. */
#define SAME(...)                                                                          \
	do {                                                                               \
		char want_[160], got_[160];                                                \
		int n_ = snprintf(want_, sizeof(want_), __VA_ARGS__);                      \
		size_t len_ = fmt(got_, sizeof(got_), __VA_ARGS__);                        \
		if (strcmp(want_, got_) != 0 || (size_t)n_ != len_)                        \
			fail_msg("%s: \"%s\" (%zu), the C library: \"%s\" (%d)", #__VA_ARGS__, \
				 got_, len_, want_, n_);                                   \
	} while (0)

static void each_conversion_prints_as_the_c_library_does(void **state)
{
	(void)state;
	SAME("plain text");
	SAME("%s|%c|%d|%i|%u|%x|%X|%o|%%", "str", 'c', -42, 17, 42u, 0xbeefu, 0xbeefu, 8u);
	SAME("%ld %lu %lx", -1234567890123l, 1234567890123ul, 0xfedcba9876543210ul);
	SAME("%lld %llu %llx", -9223372036854775807ll - 1, 18446744073709551615ull,
	     0x8000000000000000ull);
	SAME("%zu %zx %zd", (size_t)123456789, (size_t)0xabcdef, (ssize_t)-5);
	SAME("%hd %hu %hx %hhd %hhu %hhx", (short)-3, (unsigned short)65535,
	     (unsigned short)0xbeef, (signed char)-128, (unsigned char)255,
	     (unsigned char)0xab);
	SAME("%d %d", 0, -2147483647 - 1);
	SAME("%s", "");
}

static void widths_and_flags_print_as_the_c_library_does(void **state)
{
	(void)state;
	SAME("[%8x] [%08x] [%-8x] [%2x]", 0xabcu, 0xabcu, 0xabcu, 0xabcdefu);
	SAME("[%016llx] [%16llx] [%-16llx|]", 0x1234ull, 0x1234ull, 0x1234ull);
	SAME("[%5d] [%05d] [%-5d] [%5d] [%05d] [%-5d]", 42, 42, 42, -42, -42, -42);
	SAME("[%1d] [%01d] [%05d]", -42, 0, 0);
	SAME("[%10s] [%-10s] [%2s] [%3c] [%-3c]", "abc", "abc", "abcdef", 'x', 'y');
	SAME("[%*d] [%-*d] [%*d] [%0*x]", 6, 7, 6, 7, -6, 7, 8, 0x1fu);
	SAME("[%08lx] [%-8lu] [%020lld]", 0xfffful, 99ul, -123456789012345ll);
	SAME("[%5u] [%05u] [%3o] [%03o]", 4000000000u, 7u, 8u, 8u);
}

/*
 * Flags C ignores in these combinations (the 0 flag beside '-' or a
 * precision), which the compiler warns about in a literal format: through a
 * variable.
 */
static void flags_c_ignores_are_ignored(void **state)
{
	const char *zero_and_left = "[%-08lu] [%0-5d]";
	const char *zero_and_precision = "[%08.5d] [%08.4x] [%06.0u]";

	(void)state;
	SAME(zero_and_left, 99ul, -3);
	SAME(zero_and_precision, 42, 0xau, 0u);
}

static void precisions_print_as_the_c_library_does(void **state)
{
	(void)state;
	SAME("[%.3s] [%.0s] [%.10s] [%.*s] [%-6.2s] [%6.2s]", "abcdef", "abc", "ab", 2, "xyz",
	     "abc", "abc");
	SAME("[%.5d] [%.5d] [%8.5d] [%-8.5d] [%.0d] [%.0d]", 42, -42, 42, -42, 0, 7);
	SAME("[%.4x] [%8.4x] [%.0x] [%.0u] [%5.0u]", 0xau, 0xau, 0u, 0u, 0u);
	SAME("[%.*d] [%.*d]", 4, 9, -1, 9);
}

/*
 * The fault this replaced: a width or the 0 flag came out literally, and the
 * conversion after it took the next argument, so every later one was off by
 * one (the string printed here as the address's digits, or a crash).
 */
static void arguments_stay_in_step(void **state)
{
	char buf[96];

	(void)state;
	fmt(buf, sizeof(buf), "pc %08lx in %s, cpu %2u, el %d", 0x40080000ul, "bl31", 3u, 2);
	assert_string_equal(buf, "pc 40080000 in bl31, cpu  3, el 2");
}

/* Into a buffer: never past n, always NUL-terminated, len counts everything. */
static void a_buffer_is_never_overrun_and_always_terminated(void **state)
{
	char buf[8];
	size_t len;

	(void)state;
	memset(buf, 'z', sizeof(buf));
	len = fmt(buf, 5, "%08x", 0x1234u);
	assert_int_equal(len, 8);
	assert_string_equal(buf, "0000");
	assert_int_equal(buf[5], 'z');
	memset(buf, 'z', sizeof(buf));
	len = fmt(buf, 1, "%-6s|", "ab");
	assert_int_equal(len, 7);
	assert_int_equal(buf[0], '\0');
	assert_int_equal(buf[1], 'z');
	buf[0] = 'z';
	len = fmt(buf, 0, "%5d", 1);
	assert_int_equal(len, 5);
	assert_int_equal(buf[0], 'z');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_conversion_prints_as_the_c_library_does),
		cmocka_unit_test(widths_and_flags_print_as_the_c_library_does),
		cmocka_unit_test(flags_c_ignores_are_ignored),
		cmocka_unit_test(precisions_print_as_the_c_library_does),
		cmocka_unit_test(arguments_stay_in_step),
		cmocka_unit_test(a_buffer_is_never_overrun_and_always_terminated),
	};

	return cmocka_run_group_tests_name("log", tests, NULL, NULL);
}
