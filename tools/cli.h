/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The `secmon` command-line tool: its commands, their errors and exit
 * statuses, and numbers as the command line gives them (main.c, errors.c,
 * numparse.c, cmd_*.c: one file per command).
 *
 * The tool's other parts each have their own header:
 *   json.h       json.c: a small JSON writer
 *   fid.h        fid.c, result.c: SMCCC function IDs (fields, owning
 *                entities, names) and what a returned x0..x3 means
 *   dt.h         dtfile.c, dtscan.c: a DT from the command line (a DTB,
 *                or a .dts through dtc), its call tables and PSCI node as
 *                the library reads them; call_dtb.c, call_dtb_report.c:
 *                `call --dtb` on the simulator (call_dtb.h between them)
 *   simcall.h    simcall.c: one call (or a run of calls) on the simulator
 *   scmi_msgs.h  scmi_msgs.c: SCMI's protocols, messages, answer layouts
 *   tracedoc.h   trace.c, trace_svg.c: a trace file read, checked and
 *                merged, each record in words, its SVG timeline
 *
 * A command is one entry in cli_cmds[] (main.c): adding one means writing
 * its run() and help() and adding a line there.
 */
#ifndef SECMON_TOOLS_CLI_H
#define SECMON_TOOLS_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Exit statuses. */
#define CLI_EXIT_OK	0
#define CLI_EXIT_FAIL	1	/* the tool could not do what was asked */
#define CLI_EXIT_USAGE	2	/* bad usage or input */

#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))

struct cli_cmd {
	const char *name;
	const char *synopsis;	/* after "secmon <name> " */
	const char *summary;	/* one line for `secmon --help` */
	/* argv[0] is the command's name; returns an exit status. */
	int (*run)(int argc, char **argv);
	void (*help)(FILE *f);
};

extern const struct cli_cmd cli_cmds[];
extern const unsigned cli_ncmds;

int cmd_decode(int argc, char **argv);
void cmd_decode_help(FILE *f);
int cmd_call(int argc, char **argv);
void cmd_call_help(FILE *f);
int cmd_list(int argc, char **argv);
void cmd_list_help(FILE *f);
int cmd_dt(int argc, char **argv);
void cmd_dt_help(FILE *f);
int cmd_scmi(int argc, char **argv);
void cmd_scmi_help(FILE *f);
int cmd_trace(int argc, char **argv);
void cmd_trace_help(FILE *f);

/* "secmon <cmd>: <message>" and a pointer to --help on stderr; returns 2. */
int cli_usage(const char *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);
/* "secmon <cmd>: <message>" on stderr; returns 1. */
int cli_fail(const char *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);
/* "secmon <cmd>: <message>" on stderr, no pointer to --help; returns 2. */
int cli_bad_input(const char *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);

/* True for "--help" and "-h". */
bool cli_is_help(const char *arg);

enum cli_num {
	CLI_NUM_OK,
	CLI_NUM_EMPTY,
	CLI_NUM_SYNTAX,		/* not 0x<hex> or <decimal> */
	CLI_NUM_RANGE,		/* does not fit in 64 bits */
};

/* 0x<hex> (0X too) or <decimal>, at most 64 bits, nothing else. */
enum cli_num cli_parse_u64(const char *s, uint64_t *v);
/* As cli_parse_u64, and also -<decimal> (two's complement, >= INT64_MIN). */
enum cli_num cli_parse_reg(const char *s, uint64_t *v);
/* Why s failed to parse, for a message: "is not a number", ... */
const char *cli_num_why(enum cli_num e);
/* True when s looks like a number attempt (starts with a digit or '-'). */
bool cli_looks_numeric(const char *s);

#endif
