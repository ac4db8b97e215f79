// SPDX-License-Identifier: BSD-3-Clause
/* A small JSON writer for the CLI's --json output. */
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include "json.h"

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

void json_real(struct json *j, double v, int decimals)
{
	before(j);
	fprintf(j->f, "%.*f", decimals, v);
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
