// SPDX-License-Identifier: BSD-3-Clause
/* `secmon list`: the function IDs and names this tool knows. */
#include <inttypes.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "fid.h"

void cmd_list_help(FILE *f)
{
	fputs("usage: secmon list [--all] [--json]\n"
	      "\n"
	      "Lists the function IDs this tool knows by name: the Arm architecture\n"
	      "calls, every PSCI function in each convention it has, TRNG, and the\n"
	      "general queries (CALL_COUNT, CALL_UID, REVISION) of each owning entity.\n"
	      "Names are matched case-insensitively; a service prefix (PSCI_, SMCCC_,\n"
	      "SMCCC_ARCH_, TRNG_) may be dropped or added, and a 32 or 64 suffix picks\n"
	      "the convention (CPU_ON32).\n"
	      "\n"
	      "Options:\n"
	      "  --all    also the general queries of the reserved owning entities 8-47\n"
	      "  --json   one JSON object on stdout (keys in docs/cli.md)\n"
	      "  --help   this help\n",
	      f);
}

static bool shown(const struct fid_known *k, bool all)
{
	unsigned oen = secmon_fid_oen(k->fid);

	return all || strcmp(k->service, "general query") != 0 || oen < 8 || oen >= 48;
}

int cmd_list(int argc, char **argv)
{
	bool json = false, all = false;
	struct fid_known k;
	struct json j;
	unsigned i;
	int a;

	for (a = 1; a < argc; a++) {
		if (cli_is_help(argv[a])) {
			cmd_list_help(stdout);
			return CLI_EXIT_OK;
		} else if (!strcmp(argv[a], "--json")) {
			json = true;
		} else if (!strcmp(argv[a], "--all")) {
			all = true;
		} else if (argv[a][0] == '-') {
			return cli_usage("list", "unknown option '%s'", argv[a]);
		} else {
			return cli_usage("list", "takes no arguments: unexpected '%s'", argv[a]);
		}
	}
	if (json) {
		json_begin(&j, stdout);
		json_obj(&j);
		json_key(&j, "functions");
		json_arr(&j);
	} else {
		printf("%-10s  %-5s  %-13s  %-31s  %s\n", "ID", "conv", "service", "name", "since");
	}
	for (i = 0; fid_known_at(i, &k); i++) {
		const char *conv = secmon_fid_is_smc64(k.fid) ? "SMC64" : "SMC32";

		if (!shown(&k, all))
			continue;
		if (!json) {
			if (k.since[0])
				printf("0x%08" PRIx32 "  %-5s  %-13s  %-31s  %s\n", k.fid, conv,
				       k.service, k.name, k.since);
			else
				printf("0x%08" PRIx32 "  %-5s  %-13s  %s\n", k.fid, conv, k.service,
				       k.name);
			continue;
		}
		json_obj(&j);
		json_key(&j, "fid");
		json_strf(&j, "0x%08" PRIx32, k.fid);
		json_key(&j, "name");
		json_str(&j, k.name);
		json_key(&j, "service");
		json_str(&j, k.service);
		json_key(&j, "convention");
		json_str(&j, conv);
		json_key(&j, "since");
		json_str(&j, k.since[0] ? k.since : 0);
		json_end(&j);
	}
	if (json) {
		json_end(&j);
		json_end(&j);
		json_finish(&j);
	}
	return CLI_EXIT_OK;
}
