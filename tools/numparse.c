// SPDX-License-Identifier: BSD-3-Clause
/* Numbers on the command line: what the CLI accepts and why it refuses one. */
#include <string.h>

#include "cli.h"

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* strtoull would accept spaces, signs and "0x" alone: parse by hand. */
enum cli_num cli_parse_u64(const char *s, uint64_t *v)
{
	uint64_t n = 0;
	int d;

	if (!s || !*s)
		return CLI_NUM_EMPTY;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
		if (!*s)
			return CLI_NUM_SYNTAX;
		for (; *s; s++) {
			d = hex_digit(*s);
			if (d < 0)
				return CLI_NUM_SYNTAX;
			if (n >> 60)
				return CLI_NUM_RANGE;
			n = n << 4 | (unsigned)d;
		}
	} else {
		for (; *s; s++) {
			if (*s < '0' || *s > '9')
				return CLI_NUM_SYNTAX;
			d = *s - '0';
			if (n > (UINT64_MAX - (unsigned)d) / 10)
				return CLI_NUM_RANGE;
			n = n * 10 + (unsigned)d;
		}
	}
	*v = n;
	return CLI_NUM_OK;
}

enum cli_num cli_parse_reg(const char *s, uint64_t *v)
{
	enum cli_num e;
	uint64_t n;

	if (!s || s[0] != '-')
		return cli_parse_u64(s, v);
	/* Negative: decimal only, down to INT64_MIN. */
	if (s[1] < '0' || s[1] > '9' || (s[1] == '0' && (s[2] == 'x' || s[2] == 'X')))
		return CLI_NUM_SYNTAX;
	e = cli_parse_u64(s + 1, &n);
	if (e != CLI_NUM_OK)
		return e;
	if (n > (uint64_t)INT64_MAX + 1)
		return CLI_NUM_RANGE;
	*v = (uint64_t)0 - n;
	return CLI_NUM_OK;
}

const char *cli_num_why(enum cli_num e)
{
	switch (e) {
	case CLI_NUM_OK:
		return "is a number";
	case CLI_NUM_EMPTY:
		return "is empty";
	case CLI_NUM_RANGE:
		return "does not fit in 64 bits";
	default:
		return "is not a number (use 0x<hex> or <decimal>)";
	}
}

bool cli_looks_numeric(const char *s)
{
	return (s[0] >= '0' && s[0] <= '9') || s[0] == '-';
}
