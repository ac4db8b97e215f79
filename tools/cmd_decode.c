// SPDX-License-Identifier: BSD-3-Clause
/* `secmon decode <fid|name>`: every field of an SMCCC function ID. */
#include <inttypes.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "fid.h"

void cmd_decode_help(FILE *f)
{
	fputs("usage: secmon decode [--json] <fid|name>\n"
	      "\n"
	      "Shows every field of an SMCCC function ID: call type (bit 31), calling\n"
	      "convention (bit 30), owning entity (bits 29:24), the reserved bits 23:17,\n"
	      "the SVE hint (bit 16) and the function number (bits 15:0); the call's\n"
	      "name when it is known; and anomalies: reserved bits set in a fast call\n"
	      "(malformed: the firmware answers SMC_UNK), the SVE hint, a yielding call,\n"
	      "a convention the function does not have, a reserved owning entity.\n"
	      "\n"
	      "<fid> is 0x<hex> or <decimal>, at most 32 bits. A name (see `secmon list`)\n"
	      "decodes that function's ID: CPU_ON is the SMC64 form, CPU_ON32 the SMC32.\n"
	      "\n"
	      "Options:\n"
	      "  --json   one JSON object on stdout (keys in docs/cli.md)\n"
	      "  --help   this help\n"
	      "\n"
	      "Example: secmon decode 0xC4000003\n",
	      f);
}

#define LABEL "%-17s"

static void print_text(const struct fid_decode *d)
{
	unsigned i;

	printf(LABEL "0x%08" PRIx32 "\n", "function ID", d->fid);
	if (d->known && !strcmp(d->k.service, "general query"))
		printf(LABEL "%s (general query of owning entity %u)\n", "name", d->k.name,
		       d->oen);
	else if (d->known)
		printf(LABEL "%s %s\n", "name", d->k.service, d->k.name);
	else
		printf(LABEL "unknown\n", "name");
	if (d->known && d->k.since[0])
		printf(LABEL "%s\n", "since", d->k.since);
	printf(LABEL "%s (bit 31 = %u)\n", "call type", d->fast ? "fast" : "yielding",
	       d->fast ? 1u : 0u);
	printf(LABEL "%s (bit 30 = %u)\n", "convention", d->smc64 ? "SMC64" : "SMC32",
	       d->smc64 ? 1u : 0u);
	printf(LABEL "%u \"%s\" (bits 29:24%s)\n", "owning entity", d->oen, d->oen_name,
	       d->fast ? "" : "; SMCCC defines no owning entity for yielding calls");
	printf(LABEL "0x%02x (bits 23:17)\n", "reserved", d->reserved);
	printf(LABEL "%u (bit 16)\n", "SVE hint", d->sve_hint ? 1u : 0u);
	printf(LABEL "0x%04x (bits 15:0)\n", "function number", d->num);
	if (d->known && d->k.has_other)
		printf(LABEL "0x%08" PRIx32 " (%s)\n", "other form", d->k.other,
		       secmon_fid_is_smc64(d->k.other) ? "SMC64" : "SMC32");
	for (i = 0; i < d->nanomalies; i++)
		printf(LABEL "%s\n", "anomaly", d->anomalies[i]);
}

static void print_json(const struct fid_decode *d)
{
	struct json j;
	unsigned i;

	json_begin(&j, stdout);
	json_obj(&j);
	json_key(&j, "fid");
	json_strf(&j, "0x%08" PRIx32, d->fid);
	json_key(&j, "known");
	json_bool(&j, d->known);
	json_key(&j, "name");
	json_str(&j, d->known ? d->k.name : 0);
	json_key(&j, "service");
	json_str(&j, d->known ? d->k.service : 0);
	json_key(&j, "since");
	json_str(&j, d->known && d->k.since[0] ? d->k.since : 0);
	json_key(&j, "fast");
	json_bool(&j, d->fast);
	json_key(&j, "call_type");
	json_str(&j, d->fast ? "fast" : "yielding");
	json_key(&j, "smc64");
	json_bool(&j, d->smc64);
	json_key(&j, "convention");
	json_str(&j, d->smc64 ? "SMC64" : "SMC32");
	json_key(&j, "oen");
	json_uint(&j, d->oen);
	json_key(&j, "oen_name");
	json_str(&j, d->oen_name);
	json_key(&j, "reserved_bits");
	json_uint(&j, d->reserved);
	json_key(&j, "sve_hint");
	json_bool(&j, d->sve_hint);
	json_key(&j, "function_number");
	json_uint(&j, d->num);
	json_key(&j, "other_form");
	if (d->known && d->k.has_other)
		json_strf(&j, "0x%08" PRIx32, d->k.other);
	else
		json_null(&j);
	json_key(&j, "malformed");
	json_bool(&j, d->malformed);
	json_key(&j, "anomalies");
	json_arr(&j);
	for (i = 0; i < d->nanomalies; i++)
		json_str(&j, d->anomalies[i]);
	json_end(&j);
	json_end(&j);
	json_finish(&j);
}

int cmd_decode(int argc, char **argv)
{
	const char *arg = 0;
	bool json = false, named, width_given, opts = true;
	struct fid_decode d;
	uint32_t fid;
	int i, rc;

	for (i = 1; i < argc; i++) {
		if (opts && cli_is_help(argv[i])) {
			cmd_decode_help(stdout);
			return CLI_EXIT_OK;
		} else if (opts && !strcmp(argv[i], "--json")) {
			json = true;
		} else if (opts && !strcmp(argv[i], "--")) {
			opts = false;
		} else if (opts && argv[i][0] == '-' && argv[i][1] == '-') {
			return cli_usage("decode", "unknown option '%s'", argv[i]);
		} else if (arg) {
			return cli_usage("decode", "one function ID at a time: unexpected '%s'",
					 argv[i]);
		} else {
			arg = argv[i];
		}
	}
	if (!arg)
		return cli_usage("decode", "missing the function ID to decode");
	rc = cli_fid_arg("decode", arg, FID_WIDTH_DEFAULT, false, &fid, &named, &width_given);
	if (rc)
		return rc;
	fid_decode(fid, &d);
	if (json)
		print_json(&d);
	else
		print_text(&d);
	return CLI_EXIT_OK;
}
