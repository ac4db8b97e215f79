// SPDX-License-Identifier: BSD-3-Clause
/* Errors and exit statuses, number parsing, and a small JSON writer. */
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "cli.h"

static void vreport(const char *cmd, const char *fmt, va_list ap)
{
	fputs(cmd ? "secmon " : "secmon", stderr);
	if (cmd)
		fputs(cmd, stderr);
	fputs(": ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(cmd, fmt, ap);
	va_end(ap);
	if (cmd)
		fprintf(stderr, "Run 'secmon %s --help' for usage.\n", cmd);
	else
		fputs("Run 'secmon --help' for usage.\n", stderr);
	return CLI_EXIT_USAGE;
}

int cli_fail(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(cmd, fmt, ap);
	va_end(ap);
	return CLI_EXIT_FAIL;
}

int cli_bad_input(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(cmd, fmt, ap);
	va_end(ap);
	return CLI_EXIT_USAGE;
}

bool cli_is_help(const char *arg)
{
	return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

/* ---- numbers -------------------------------------------------------- */

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

/* ---- JSON ----------------------------------------------------------- */

void json_begin(struct json *j, FILE *f)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
}

void json_finish(struct json *j)
{
	fputc('\n', j->f);
}

static void indent(struct json *j)
{
	unsigned i;

	fputc('\n', j->f);
	for (i = 0; i < j->depth; i++)
		fputs("  ", j->f);
}

/* Separator and indentation before a value or a key. */
static void before(struct json *j)
{
	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (j->depth == 0)
		return;
	if (!j->first[j->depth])
		fputc(',', j->f);
	j->first[j->depth] = false;
	indent(j);
}

static void json_open(struct json *j, char c, bool obj)
{
	before(j);
	fputc(c, j->f);
	if (j->depth + 1 < JSON_MAX_DEPTH)
		j->depth++;
	j->first[j->depth] = true;
	j->in_obj[j->depth] = obj;
}

void json_obj(struct json *j)
{
	json_open(j, '{', true);
}

void json_arr(struct json *j)
{
	json_open(j, '[', false);
}

void json_end(struct json *j)
{
	bool empty = j->first[j->depth];
	char c = j->in_obj[j->depth] ? '}' : ']';

	if (j->depth > 0)
		j->depth--;
	if (!empty)
		indent(j);
	fputc(c, j->f);
}

static void quoted(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', f);
	for (; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

void json_key(struct json *j, const char *key)
{
	before(j);
	quoted(j->f, key);
	fputs(": ", j->f);
	j->after_key = true;
}

void json_str(struct json *j, const char *s)
{
	if (!s) {
		json_null(j);
		return;
	}
	before(j);
	quoted(j->f, s);
}

void json_strf(struct json *j, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	json_str(j, buf);
}

void json_hex(struct json *j, uint64_t v)
{
	json_strf(j, "0x%" PRIx64, v);
}

void json_uint(struct json *j, uint64_t v)
{
	before(j);
	fprintf(j->f, "%" PRIu64, v);
}

void json_int(struct json *j, int64_t v)
{
	before(j);
	fprintf(j->f, "%" PRId64, v);
}

void json_bool(struct json *j, bool v)
{
	before(j);
	fputs(v ? "true" : "false", j->f);
}

void json_null(struct json *j)
{
	before(j);
	fputs("null", j->f);
}
