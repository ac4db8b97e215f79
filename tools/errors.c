// SPDX-License-Identifier: BSD-3-Clause
/* The CLI's error messages and exit statuses. */
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
