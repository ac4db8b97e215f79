/* SPDX-License-Identifier: BSD-3-Clause */
/* The `secmon` tool's JSON output (json.c). */
#ifndef SECMON_TOOLS_JSON_H
#define SECMON_TOOLS_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/*
 * One JSON value written to a FILE, pretty-printed with two-space indents.
 * Calls nest: json_obj/json_arr open, json_end closes; inside an object
 * every value is preceded by json_key.
 */
#define JSON_MAX_DEPTH 16

struct json {
	FILE *f;
	unsigned depth;
	bool first[JSON_MAX_DEPTH];
	bool in_obj[JSON_MAX_DEPTH];
	bool after_key;
};

void json_begin(struct json *j, FILE *f);
void json_finish(struct json *j);	/* writes the final newline */
void json_obj(struct json *j);
void json_arr(struct json *j);
void json_end(struct json *j);
void json_key(struct json *j, const char *key);
void json_str(struct json *j, const char *s);	/* NULL writes null */
void json_strf(struct json *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void json_hex(struct json *j, uint64_t v);	/* "0x..." string */
void json_uint(struct json *j, uint64_t v);
void json_int(struct json *j, int64_t v);
void json_real(struct json *j, double v, int decimals);	/* a finite number */
void json_bool(struct json *j, bool v);
void json_null(struct json *j);

#endif
