// SPDX-License-Identifier: BSD-3-Clause
/*
 * `secmon call --sim <fid|name> [args...]`: one call on the simulated
 * monitor, on CPU 0 of a freshly booted simulated system. Options, plan,
 * run and report are separate steps.
 *
 * With --dtb the positional words are a board DT's operations and their
 * name=value parameters instead; call_dtb.c plans and runs those, call_dtb_report.c reports them.
 */
#include <inttypes.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "fid.h"
#include "dt.h"
#include "simcall.h"

void cmd_call_help(FILE *f)
{
	fputs("usage: secmon call --sim [--cpus N] [--aarch32] [--smc32|--smc64] [--json]\n"
	      "                   <fid|name> [args...]\n"
	      "       secmon call --sim --dtb <board.dtb|board.dts> [--cpus N] [--aarch32]\n"
	      "                   [--json] <operation> [name=value...] [-- <operation> ...]\n"
	      "\n"
	      "Boots the simulated monitor (the portable monitor core on the host\n"
	      "platform, each CPU a thread), makes one SMC from simulated CPU 0 and\n"
	      "prints the argument registers sent, the result registers x0..x3 and any\n"
	      "other register that changed, what x0 means for that function, which CPUs\n"
	      "entered the normal world afterwards (a CPU_ON's target, CPU 0 resuming\n"
	      "from a suspend), and how the simulation ended (all CPUs off, system\n"
	      "powered off, system reset).\n"
	      "\n"
	      "<fid> is 0x<hex> or <decimal> up to 32 bits; a name is case-insensitive\n"
	      "(PSCI_VERSION, psci_version, CPU_ON, SMCCC_VERSION, SOC_ID, ...; see\n"
	      "`secmon list`). A name means the SMC64 form where one exists (the SMC32\n"
	      "form with --aarch32); CPU_ON32 or --smc32 picks the SMC32 form, CPU_ON64 or\n"
	      "--smc64 the SMC64 one. SOC_ID is the SMC32 form, or the SMC64 name form\n"
	      "when its argument is 2.\n"
	      "<args> go in x1, x2, ... (r1..r7 with --aarch32): 0x<hex>, <decimal> or\n"
	      "-<decimal>. Registers not given are 0.\n"
	      "\n"
	      "With --dtb, the simulated monitor serves the board DT given (a .dts is\n"
	      "compiled with dtc), the normal world's DT is built from it as a kernel\n"
	      "would receive it, and each operation is looked up in that DT's call\n"
	      "tables and marshalled by the library: the table decides the registers.\n"
	      "  <operation>             the firmware-operations table's (a\n"
	      "                          \"secmon,call-table\" node, or PSCI 0.1's IDs)\n"
	      "  <service>/<operation>   a service's, <service> being its compatible\n"
	      "                          with or without the vendor prefix\n"
	      "                          (secure-media/set-format); psci/<operation>\n"
	      "                          is PSCI 0.1's table\n"
	      "Parameters are name=value (0x<hex> or <decimal>); every parameter the\n"
	      "operation's calls name is required. Operations separated by -- or ';'\n"
	      "run in order in one simulation, so one sees what an earlier one set.\n"
	      "It prints, per operation, the registers sent and received by each call,\n"
	      "the named results, the status decoded and the outcome; a board DT the\n"
	      "monitor refuses is reported with the monitor's own message (exit 1).\n"
	      "`secmon dt FILE` lists a board's operations and their parameters.\n"
	      "\n"
	      "Options:\n"
	      "  --sim        call the in-process simulated monitor (the only conduit\n"
	      "               on the host; required)\n"
	      "  --dtb FILE   the board DT: call its operations by name (see above)\n"
	      "  --cpus N     simulated CPUs, 1 to 16, four per cluster (default 4):\n"
	      "               CPU n has MPIDR (n / 4) << 8 | n % 4\n"
	      "  --aarch32    the caller runs AArch32: SMC32 only, r0-r7\n"
	      "  --smc32      the SMC32 form of a named function\n"
	      "  --smc64      the SMC64 form of a named function\n"
	      "  --timeout S  give up after S seconds (default 10; exit status 1)\n"
	      "  --trace FILE record the run (recording on before the call) and write\n"
	      "               its trace file (docs/trace.md; secmon trace FILE decodes it)\n"
	      "  --json       one JSON object on stdout (keys in docs/cli.md)\n"
	      "  --help       this help\n"
	      "\n"
	      "Normal-world memory is 0x80000000-0xbfffffff: entry points elsewhere are\n"
	      "INVALID_ADDRESS.\n"
	      "\n"
	      "Examples:\n"
	      "  secmon call --sim PSCI_VERSION\n"
	      "  secmon call --sim PSCI_FEATURES 0xc4000003\n"
	      "  secmon call --sim --cpus 2 CPU_ON 1 0x80000000 0x1234\n"
	      "  secmon call --sim SYSTEM_OFF\n"
	      "  secmon call --sim --dtb boards/legacy-negative.dts \\\n"
	      "      set-cpu-boot-addr cpu=1 entry=0x80001000 -- get-cpu-boot-addr cpu=1\n"
	      "  secmon call --sim --dtb boards/omap4-style.dts \\\n"
	      "      secure-media/set-format format=2 \\; secure-media/get-status\n",
	      f);
}

#define CMD "call"
#define DEFAULT_CPUS 4

#define MAX_WORDS 128

struct call_opts {
	bool sim;
	bool json;
	bool aarch32;
	enum fid_width width;
	unsigned cpus;
	unsigned timeout_s;
	const char *dtb;	/* --dtb: a board DT's operations */
	const char *trace;	/* --trace FILE: the run's trace file */
	/*
	 * Positional words: <fid|name> [args...], or with --dtb operations and
	 * name=value parameters, NULL where "--" or ";" separates operations.
	 */
	const char *words[MAX_WORDS];
	unsigned nwords;
	bool too_many;
};

/* What will be sent. */
struct call_plan {
	struct secmon_regs in;
	unsigned nargs;		/* x1..x<nargs> given */
	bool named;
	bool known;
	struct fid_known k;
	struct fid_decode d;
	bool wide;		/* runs as SMC64 */
	bool unservable;	/* SMC64 from AArch32: SMC_UNK whatever the function */
};

/* "--opt=value" or "--opt value": the value, or NULL (message printed). */
static const char *opt_value(int argc, char **argv, int *i, const char *opt, int *rc)
{
	size_t len = strlen(opt);
	const char *a = argv[*i];

	if (a[len] == '=')
		return a + len + 1;
	if (*i + 1 >= argc || !strncmp(argv[*i + 1], "--", 2)) {
		*rc = cli_usage(CMD, "%s needs a value", opt);
		return 0;
	}
	return argv[++*i];
}

static bool is_opt(const char *a, const char *opt)
{
	size_t len = strlen(opt);

	return !strncmp(a, opt, len) && (a[len] == '\0' || a[len] == '=');
}

static int parse_uint_opt(const char *opt, const char *v, unsigned lo, unsigned hi,
			  unsigned *out)
{
	uint64_t n;
	enum cli_num e = cli_parse_u64(v, &n);

	if (e != CLI_NUM_OK)
		return cli_usage(CMD, "%s '%s' %s", opt, v, cli_num_why(e));
	if (n < lo || n > hi)
		return cli_usage(CMD, "%s %s is out of range: %u to %u", opt, v, lo, hi);
	*out = (unsigned)n;
	return 0;
}

static int parse_opts(int argc, char **argv, struct call_opts *o, bool *help)
{
	bool opts = true;
	const char *v;
	int i, rc = 0;

	memset(o, 0, sizeof(*o));
	o->cpus = DEFAULT_CPUS;
	o->width = FID_WIDTH_DEFAULT;
	*help = false;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		/* With --dtb, "--" or ";" after an operation starts the next one. */
		if (o->dtb && o->nwords && (!strcmp(a, "--") || !strcmp(a, ";"))) {
			if (o->nwords < MAX_WORDS)
				o->words[o->nwords++] = 0;
			else
				o->too_many = true;
			continue;
		}
		/* Positional: anything after "--", anything not an option, -<decimal>. */
		if (!opts || a[0] != '-' || (a[1] >= '0' && a[1] <= '9')) {
			if (o->nwords < MAX_WORDS)
				o->words[o->nwords++] = a;
			else
				o->too_many = true;
			continue;
		}
		if (!strcmp(a, "--")) {
			opts = false;
		} else if (cli_is_help(a)) {
			*help = true;
			return 0;
		} else if (!strcmp(a, "--sim")) {
			o->sim = true;
		} else if (!strcmp(a, "--json")) {
			o->json = true;
		} else if (!strcmp(a, "--aarch32")) {
			o->aarch32 = true;
		} else if (!strcmp(a, "--smc32") || !strcmp(a, "--smc64")) {
			enum fid_width w = a[5] == '3' ? FID_WIDTH_32 : FID_WIDTH_64;

			if (o->width != FID_WIDTH_DEFAULT && o->width != w)
				return cli_usage(CMD, "--smc32 and --smc64 contradict each other");
			o->width = w;
		} else if (is_opt(a, "--cpus")) {
			v = opt_value(argc, argv, &i, "--cpus", &rc);
			if (!v)
				return rc;
			rc = parse_uint_opt("--cpus", v, 1, simcall_max_cpus(), &o->cpus);
			if (rc)
				return rc;
		} else if (is_opt(a, "--timeout")) {
			v = opt_value(argc, argv, &i, "--timeout", &rc);
			if (!v)
				return rc;
			rc = parse_uint_opt("--timeout", v, 1, 3600, &o->timeout_s);
			if (rc)
				return rc;
		} else if (is_opt(a, "--trace")) {
			v = opt_value(argc, argv, &i, "--trace", &rc);
			if (!v)
				return rc;
			o->trace = v;
		} else if (is_opt(a, "--dtb")) {
			v = opt_value(argc, argv, &i, "--dtb", &rc);
			if (!v)
				return rc;
			if (o->dtb)
				return cli_usage(CMD, "one --dtb at a time");
			if (o->nwords)
				return cli_usage(CMD, "--dtb comes before the operations");
			o->dtb = v;
		} else {
			return cli_usage(CMD, "unknown option '%s'", a);
		}
	}
	return 0;
}

static int plan_call(const struct call_opts *o, struct call_plan *p)
{
	unsigned max = o->aarch32 ? 7 : SECMON_NREGS - 1, i;
	const char *target = o->nwords ? o->words[0] : 0;
	const char *const *args = o->words + 1;
	unsigned nargs = o->nwords ? o->nwords - 1 : 0;
	bool width_given;
	uint32_t fid;
	enum cli_num e;
	uint64_t v;
	int rc;

	memset(p, 0, sizeof(*p));
	if (!target)
		return cli_usage(CMD, "missing the function ID or name to call");
	if (o->too_many || nargs > max)
		return cli_usage(CMD, "too many arguments: %s caller passes at most %u (%s)",
				 o->aarch32 ? "an AArch32" : "an AArch64", max,
				 o->aarch32 ? "r1-r7" : "x1-x17");
	for (i = 0; i < nargs; i++) {
		e = cli_parse_reg(args[i], &v);
		if (e != CLI_NUM_OK)
			return cli_usage(CMD, "argument %u ('%s') %s", i + 1, args[i],
					 cli_num_why(e));
		if (o->aarch32 && v > UINT32_MAX) {
			if (args[i][0] == '-' && (int64_t)v >= INT32_MIN)
				v = (uint32_t)v;
			else
				return cli_usage(CMD,
						 "argument %u ('%s') does not fit in 32 bits "
						 "(AArch32 caller)",
						 i + 1, args[i]);
		}
		p->in.x[i + 1] = v;
	}
	p->nargs = nargs;
	rc = cli_fid_arg(CMD, target, o->width, o->aarch32, &fid, &p->named, &width_given);
	if (rc)
		return rc;
	if (!p->named && o->width != FID_WIDTH_DEFAULT)
		return cli_usage(CMD, "--smc32 and --smc64 pick the form of a named function; "
				      "'%s' is a number",
				 target);
	/* SOC_ID's name (x1 = 2) exists only in the SMC64 form. */
	if (p->named && !width_given && !o->aarch32 && fid == SECMON_SMCCC_ARCH_SOC_ID &&
	    p->in.x[1] == SECMON_SOC_ID_NAME)
		fid |= SECMON_FID_SMC64;
	p->in.x[0] = fid;
	fid_decode(fid, &p->d);
	p->known = p->d.known;
	p->k = p->d.k;
	p->wide = secmon_fid_is_smc64(fid) && !o->aarch32;
	if (o->aarch32 && secmon_fid_is_smc64(fid) && p->d.fast && !p->d.malformed) {
		/* Whatever the function, the firmware cannot serve it: SMC_UNK. */
		p->unservable = true;
		if (p->d.nanomalies < FID_MAX_NOTES)
			snprintf(p->d.anomalies[p->d.nanomalies++], FID_NOTE_LEN,
				 "an AArch32 caller cannot make SMC64 calls: the firmware answers "
				 "SMC_UNK");
	}
	return 0;
}

/* x0..x3, then every other register that differs from what was sent. */
static bool reg_shown(const struct call_plan *p, const struct simcall *sc, unsigned n)
{
	return n < 4 || sc->out.x[n] != p->in.x[n];
}

static void print_text(const struct call_opts *o, const struct call_plan *p,
		       const struct simcall *sc, const struct res_decode *r)
{
	const char rn = o->aarch32 ? 'r' : 'x';
	unsigned n, shown, last;

	printf("%-17s0x%08" PRIx32, "call", (uint32_t)p->in.x[0]);
	if (p->known)
		printf(" %s %s", p->k.service, p->k.name);
	else
		printf(" unknown function");
	printf(", %s %s\n", p->d.fast ? "fast" : "yielding", p->d.smc64 ? "SMC64" : "SMC32");
	printf("%-17sCPU 0 of %u, %s, simulated monitor\n", "caller", o->cpus,
	       o->aarch32 ? "AArch32" : "AArch64");
	for (n = 0; n < p->d.nanomalies; n++)
		printf("%-17s%s\n", "note", p->d.anomalies[n]);
	last = p->nargs > 3 ? p->nargs : 3;
	for (n = 0; n <= last; n++)
		printf("%-17s%c%u = 0x%" PRIx64 "\n", n ? "" : "sent", rn, n, p->in.x[n]);
	if (!sc->returned) {
		printf("%-17snothing: the call did not return to CPU 0\n", "returned");
	} else {
		for (n = 0, shown = 0; n < SECMON_NREGS; n++) {
			if (!reg_shown(p, sc, n))
				continue;
			printf("%-17s%c%u = 0x%" PRIx64, shown++ ? "" : "returned", rn, n,
			       sc->out.x[n]);
			if (n == 0 && r->text[0])
				printf(" (%s)", r->text);
			else if (n >= 4)
				printf(" (changed)");
			putchar('\n');
		}
		if (r->extra[0])
			printf("%-17s%s\n", "detail", r->extra);
		if (r->anomaly[0])
			printf("%-17s%s\n", "anomaly", r->anomaly);
	}
	for (n = 0; n < sc->nevents; n++) {
		const struct simcall_event *e = &sc->events[n];

		printf("%-17sCPU %u (MPIDR 0x%" PRIx64 ") %s the normal world at 0x%" PRIx64
		       " with %c0 = 0x%" PRIx64 "\n",
		       "event", e->cpu, e->mpidr, e->cpu == 0 ? "re-entered" : "entered", e->pc,
		       rn, e->context_id);
	}
	if (sc->events_lost)
		printf("%-17smore CPUs entered the normal world than are shown\n", "event");
	printf("%-17s%s", "end", simcall_end_text(sc->end));
	if (sc->end == SIMCALL_SYSTEM_RESET2)
		printf(": type 0x%08" PRIx32 ", cookie 0x%" PRIx64, sc->reset2_type,
		       sc->reset2_cookie);
	putchar('\n');
}

static void json_reg(struct json *j, unsigned n, uint64_t v)
{
	char key[8];

	snprintf(key, sizeof(key), "x%u", n);
	json_key(j, key);
	json_hex(j, v);
}

static void print_json(const struct call_opts *o, const struct call_plan *p,
		       const struct simcall *sc, const struct res_decode *r)
{
	struct json j;
	unsigned n, last;

	json_begin(&j, stdout);
	json_obj(&j);
	json_key(&j, "fid");
	json_strf(&j, "0x%08" PRIx32, (uint32_t)p->in.x[0]);
	json_key(&j, "known");
	json_bool(&j, p->known);
	json_key(&j, "name");
	json_str(&j, p->known ? p->k.name : 0);
	json_key(&j, "service");
	json_str(&j, p->known ? p->k.service : 0);
	json_key(&j, "convention");
	json_str(&j, p->d.smc64 ? "SMC64" : "SMC32");
	json_key(&j, "caller");
	json_str(&j, o->aarch32 ? "aarch32" : "aarch64");
	json_key(&j, "cpus");
	json_uint(&j, o->cpus);
	json_key(&j, "sent");
	json_obj(&j);
	last = p->nargs > 3 ? p->nargs : 3;
	for (n = 0; n <= last; n++)
		json_reg(&j, n, p->in.x[n]);
	json_end(&j);
	json_key(&j, "returned");
	json_bool(&j, sc->returned);
	json_key(&j, "result");
	if (sc->returned) {
		json_obj(&j);
		for (n = 0; n < SECMON_NREGS; n++)
			if (reg_shown(p, sc, n))
				json_reg(&j, n, sc->out.x[n]);
		json_end(&j);
	} else {
		json_null(&j);
	}
	json_key(&j, "changed");
	json_arr(&j);
	for (n = 0; sc->returned && n < SECMON_NREGS; n++)
		if (sc->out.x[n] != p->in.x[n])
			json_strf(&j, "x%u", n);
	json_end(&j);
	json_key(&j, "value");
	if (sc->returned)
		json_int(&j, r->value);
	else
		json_null(&j);
	json_key(&j, "code");
	json_str(&j, sc->returned && r->code[0] ? r->code : 0);
	json_key(&j, "text");
	json_str(&j, sc->returned && r->text[0] ? r->text : 0);
	json_key(&j, "error");
	json_bool(&j, sc->returned && r->error);
	json_key(&j, "detail");
	json_str(&j, sc->returned && r->extra[0] ? r->extra : 0);
	json_key(&j, "anomalies");
	json_arr(&j);
	for (n = 0; n < p->d.nanomalies; n++)
		json_str(&j, p->d.anomalies[n]);
	if (sc->returned && r->anomaly[0])
		json_str(&j, r->anomaly);
	json_end(&j);
	simcall_json_outcome(&j, sc);
	if (sc->end == SIMCALL_SYSTEM_RESET2) {
		json_key(&j, "reset2_type");
		json_strf(&j, "0x%08" PRIx32, sc->reset2_type);
		json_key(&j, "reset2_cookie");
		json_hex(&j, sc->reset2_cookie);
	}
	json_end(&j);
	json_finish(&j);
}

int cmd_call(int argc, char **argv)
{
	static struct simcall sc;
	struct call_opts o;
	struct call_plan p;
	struct res_decode r;
	char err[200];
	bool help;
	int rc;

	rc = parse_opts(argc, argv, &o, &help);
	if (rc)
		return rc;
	if (help) {
		cmd_call_help(stdout);
		return CLI_EXIT_OK;
	}
	if (!o.sim)
		return cli_usage(CMD, "no conduit: add --sim (the simulated monitor is the only "
				      "conduit on the host)");
	if (o.dtb) {
		struct call_dtb_req req = {
			.file = o.dtb, .cpus = o.cpus, .aarch32 = o.aarch32,
			.timeout_s = o.timeout_s, .json = o.json, .words = o.words,
			.trace = o.trace,
			.nwords = o.nwords,
		};

		if (o.width != FID_WIDTH_DEFAULT)
			return cli_usage(CMD, "--smc32 and --smc64 pick the form of a named "
					      "function; with --dtb the table gives each call's "
					      "convention");
		if (o.too_many)
			return cli_usage(CMD, "too many words: at most %u", MAX_WORDS);
		return call_dtb_run(&req);
	}
	rc = plan_call(&o, &p);
	if (rc)
		return rc;

	memset(&sc, 0, sizeof(sc));
	sc.ncpus = o.cpus;
	sc.aarch32 = o.aarch32;
	sc.timeout_s = o.timeout_s;
	sc.trace_file = o.trace;
	sc.in = p.in;
	if (simcall_run(&sc, err, sizeof(err)) != 0)
		return cli_fail(CMD, "%s", err);

	memset(&r, 0, sizeof(r));
	if (sc.returned)
		res_decode(p.known && !p.unservable ? &p.k : 0, &p.in, &sc.out, p.wide, &r);
	if (o.json)
		print_json(&o, &p, &sc, &r);
	else
		print_text(&o, &p, &sc, &r);
	return CLI_EXIT_OK;
}
