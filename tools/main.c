// SPDX-License-Identifier: BSD-3-Clause
/*
 * secmon: the command-line tool. Every command is one line of cli_cmds[];
 * main() only finds the command and hands it its arguments.
 */
#include <string.h>

#include "cli.h"

/* Given by the build from debian/changelog, the version's one place (mk/version.mk). */
#ifndef SECMON_VERSION
#error "SECMON_VERSION is not defined: build with the makefiles (mk/version.mk)"
#endif

const struct cli_cmd cli_cmds[] = {
	{ "decode", "[--json] <fid|name>",
	  "every field of an SMCCC function ID, its name and anomalies", cmd_decode,
	  cmd_decode_help },
	{ "call", "--sim [--dtb FILE] [--cpus N] [--aarch32] [--json] <fid|name|operation> ...",
	  "call the simulated monitor by ID, or by a board DT's operation", cmd_call,
	  cmd_call_help },
	{ "list", "[--json]", "the function IDs and names this tool knows", cmd_list,
	  cmd_list_help },
	{ "dt", "[--ns] [--json] <file.dtb|file.dts>", "the call tables a board DT describes", cmd_dt,
	  cmd_dt_help },
	{ "scmi", "--sim [--dtb FILE] [--json] <protocol> <message> [word...] [-- ...]",
	  "SCMI messages to the simulated monitor, answers decoded", cmd_scmi, cmd_scmi_help },
	{ "trace", "[--json | --svg OUT.svg] <file>...",
	  "a monitor trace: every call and power event, as text, JSON or a timeline", cmd_trace,
	  cmd_trace_help },
};
const unsigned cli_ncmds = sizeof(cli_cmds) / sizeof(cli_cmds[0]);

static void help(FILE *f)
{
	unsigned i;

	fputs("usage: secmon <command> [options] [arguments]\n"
	      "       secmon <command> --help\n"
	      "       secmon --version\n"
	      "\n"
	      "The secmon tool: SMCCC function IDs, board DT call tables, calls and SCMI\n"
	      "messages to the simulated secure monitor, and the monitor's traces.\n"
	      "\n"
	      "Commands:\n",
	      f);
	for (i = 0; i < cli_ncmds; i++)
		fprintf(f, "  %-8s %s\n", cli_cmds[i].name, cli_cmds[i].summary);
	fputs("\n"
	      "Every command takes --json (one JSON object on stdout) and --help.\n"
	      "Exit status: 0 success, 1 failure, 2 bad usage or input.\n"
	      "See docs/cli.md for the output formats and JSON keys.\n",
	      f);
}

static const struct cli_cmd *find(const char *name)
{
	unsigned i;

	for (i = 0; i < cli_ncmds; i++)
		if (!strcmp(cli_cmds[i].name, name))
			return &cli_cmds[i];
	return 0;
}

int main(int argc, char **argv)
{
	const struct cli_cmd *cmd;

	if (argc < 2) {
		fputs("secmon: missing the command\n\n", stderr);
		help(stderr);
		return CLI_EXIT_USAGE;
	}
	if (cli_is_help(argv[1])) {
		help(stdout);
		return CLI_EXIT_OK;
	}
	/* `secmon help [command]` */
	if (!strcmp(argv[1], "help")) {
		if (argc == 2) {
			help(stdout);
			return CLI_EXIT_OK;
		}
		cmd = find(argv[2]);
		if (!cmd)
			return cli_usage(0, "no command named '%s'", argv[2]);
		cmd->help(stdout);
		return CLI_EXIT_OK;
	}
	if (!strcmp(argv[1], "--version")) {
		if (argc > 2)
			return cli_usage(0, "--version takes no argument");
		puts("secmon " SECMON_VERSION);
		return CLI_EXIT_OK;
	}
	if (argv[1][0] == '-')
		return cli_usage(0, "unknown option '%s' (options follow the command)", argv[1]);
	cmd = find(argv[1]);
	if (!cmd)
		return cli_usage(0, "no command named '%s'", argv[1]);
	return cmd->run(argc - 1, argv + 1);
}
