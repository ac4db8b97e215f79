// SPDX-License-Identifier: BSD-3-Clause
/*
 * SMCCC function IDs: their fields, the owning entities, and the names of
 * the calls this tool knows (Arm architecture calls, every PSCI function in
 * both conventions, TRNG, secmon's own SiP calls from <secmon/sip.h>, and
 * the general queries of every owning entity).
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include <secmon/psci.h>
#include <secmon/sip.h>
#include "cli.h"
#include "fid.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---- owning entities ------------------------------------------------ */

const char *fid_oen_name(unsigned oen)
{
	static const char *const names[] = {
		[SECMON_OEN_ARCH] = "Arm architecture service",
		[SECMON_OEN_CPU] = "CPU service",
		[SECMON_OEN_SIP] = "SiP service",
		[SECMON_OEN_OEM] = "OEM service",
		[SECMON_OEN_STD] = "standard secure service",
		[SECMON_OEN_STD_HYP] = "standard hypervisor service",
		[SECMON_OEN_VEN_HYP] = "vendor-specific hypervisor service",
		[SECMON_OEN_VEN_EL3] = "vendor-specific EL3 monitor service",
	};

	if (oen < ARRAY_SIZE(names))
		return names[oen];
	if (oen < SECMON_OEN_TAPP_FIRST)
		return "reserved";
	if (oen <= SECMON_OEN_TAPP_LAST)
		return "trusted application";
	if (oen <= SECMON_OEN_TOS_LAST)
		return "trusted OS";
	return "invalid";
}

/* The prefix of an owning entity's general-query names, e.g. "SIP". */
static void oen_tag(unsigned oen, char *buf, size_t len)
{
	static const char *const tags[] = {
		"ARCH", "CPU", "SIP", "OEM", "STD", "STD_HYP", "VEN_HYP", "VEN_EL3",
	};

	if (oen < ARRAY_SIZE(tags))
		snprintf(buf, len, "%s", tags[oen]);
	else if (oen < SECMON_OEN_TAPP_FIRST)
		snprintf(buf, len, "OEN%u", oen);
	else if (oen <= SECMON_OEN_TAPP_LAST)
		snprintf(buf, len, "TAPP%u", oen);
	else
		snprintf(buf, len, "TOS%u", oen);
}

/* ---- the table of known IDs ----------------------------------------- */

struct fixed {
	uint32_t fid;
	const char *name;
	const char *service;
	const char *since;
	enum res_kind kind;
};

/* Arm architecture calls and TRNG: each form listed on its own. */
static const struct fixed fixed_ids[] = {
	{ SECMON_SMCCC_VERSION, "SMCCC_VERSION", "SMCCC", "SMCCC 1.1", RES_SMCCC_VERSION },
	{ SECMON_SMCCC_ARCH_FEATURES, "SMCCC_ARCH_FEATURES", "SMCCC", "SMCCC 1.1",
	  RES_ARCH_FEATURES },
	{ SECMON_SMCCC_ARCH_SOC_ID, "SMCCC_ARCH_SOC_ID", "SMCCC", "SMCCC 1.2", RES_SOC_ID },
	{ SECMON_SMCCC_ARCH_SOC_ID | SECMON_FID_SMC64, "SMCCC_ARCH_SOC_ID", "SMCCC", "",
	  RES_SOC_ID },
	{ SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY, "SMCCC_ARCH_FEATURE_AVAILABILITY", "SMCCC", "",
	  RES_ARCH_AVAIL },
	{ SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY | SECMON_FID_SMC64,
	  "SMCCC_ARCH_FEATURE_AVAILABILITY", "SMCCC", "", RES_ARCH_AVAIL },
	{ SECMON_SMCCC_ARCH_WORKAROUND_1, "SMCCC_ARCH_WORKAROUND_1", "SMCCC", "SMCCC 1.1",
	  RES_WORKAROUND },
	{ SECMON_SMCCC_ARCH_WORKAROUND_2, "SMCCC_ARCH_WORKAROUND_2", "SMCCC", "", RES_WORKAROUND },
	{ SECMON_SMCCC_ARCH_WORKAROUND_3, "SMCCC_ARCH_WORKAROUND_3", "SMCCC", "", RES_WORKAROUND },
	{ SECMON_SMCCC_ARCH_WORKAROUND_4, "SMCCC_ARCH_WORKAROUND_4", "SMCCC", "", RES_WORKAROUND },
	{ 0x84000050u, "TRNG_VERSION", "TRNG", "TRNG 1.0", RES_TRNG_VERSION },
	{ 0x84000051u, "TRNG_FEATURES", "TRNG", "TRNG 1.0", RES_TRNG_FEATURES },
	{ 0x84000052u, "TRNG_GET_UUID", "TRNG", "TRNG 1.0", RES_TRNG_UUID },
	{ 0x84000053u, "TRNG_RND32", "TRNG", "TRNG 1.0", RES_TRNG_RND },
	{ 0xc4000053u, "TRNG_RND64", "TRNG", "TRNG 1.0", RES_TRNG_RND },
};

struct psci_entry {
	unsigned fn;
	const char *name;
	const char *since;
	enum res_kind kind;
	bool smc64;	/* has an SMC64 form; used only past SECMON_PSCI_FN_COUNT */
};

/* Every PSCI function, by function number; the SMC64 forms per psci.h. */
static const struct psci_entry psci_fns[] = {
	{ SECMON_PSCI_FN_VERSION, "PSCI_VERSION", "PSCI 0.2", RES_PSCI_VERSION, false },
	{ SECMON_PSCI_FN_CPU_SUSPEND, "CPU_SUSPEND", "PSCI 0.2", RES_PSCI_STATUS, false },
	{ SECMON_PSCI_FN_CPU_OFF, "CPU_OFF", "PSCI 0.2", RES_PSCI_STATUS, false },
	{ SECMON_PSCI_FN_CPU_ON, "CPU_ON", "PSCI 0.2", RES_PSCI_STATUS, false },
	{ SECMON_PSCI_FN_AFFINITY_INFO, "AFFINITY_INFO", "PSCI 0.2", RES_PSCI_AFFINITY, false },
	{ SECMON_PSCI_FN_MIGRATE, "MIGRATE", "PSCI 0.2", RES_PSCI_STATUS, false },
	{ SECMON_PSCI_FN_MIGRATE_INFO_TYPE, "MIGRATE_INFO_TYPE", "PSCI 0.2",
	  RES_PSCI_MIGRATE_TYPE, false },
	{ SECMON_PSCI_FN_MIGRATE_INFO_UP_CPU, "MIGRATE_INFO_UP_CPU", "PSCI 0.2", RES_PSCI_MPIDR,
	  false },
	{ SECMON_PSCI_FN_SYSTEM_OFF, "SYSTEM_OFF", "PSCI 0.2", RES_PSCI_STATUS, false },
	{ SECMON_PSCI_FN_SYSTEM_RESET, "SYSTEM_RESET", "PSCI 0.2", RES_PSCI_STATUS, false },
	{ SECMON_PSCI_FN_FEATURES, "PSCI_FEATURES", "PSCI 1.0", RES_PSCI_FEATURES, false },
	{ SECMON_PSCI_FN_CPU_FREEZE, "CPU_FREEZE", "PSCI 1.0", RES_PSCI_STATUS, false },
	{ SECMON_PSCI_FN_CPU_DEFAULT_SUSPEND, "CPU_DEFAULT_SUSPEND", "PSCI 1.0", RES_PSCI_STATUS,
	  false },
	{ SECMON_PSCI_FN_NODE_HW_STATE, "NODE_HW_STATE", "PSCI 1.0", RES_PSCI_HW_STATE, false },
	{ SECMON_PSCI_FN_SYSTEM_SUSPEND, "SYSTEM_SUSPEND", "PSCI 1.0", RES_PSCI_STATUS, false },
	{ SECMON_PSCI_FN_SET_SUSPEND_MODE, "PSCI_SET_SUSPEND_MODE", "PSCI 1.0", RES_PSCI_STATUS,
	  false },
	{ SECMON_PSCI_FN_STAT_RESIDENCY, "PSCI_STAT_RESIDENCY", "PSCI 1.0", RES_PSCI_STAT, false },
	{ SECMON_PSCI_FN_STAT_COUNT, "PSCI_STAT_COUNT", "PSCI 1.0", RES_PSCI_STAT, false },
	{ SECMON_PSCI_FN_SYSTEM_RESET2, "SYSTEM_RESET2", "PSCI 1.1", RES_PSCI_STATUS, false },
	{ SECMON_PSCI_FN_MEM_PROTECT, "MEM_PROTECT", "PSCI 1.1", RES_PSCI_MEM_PROTECT, false },
	{ SECMON_PSCI_FN_MEM_PROTECT_CHECK_RANGE, "MEM_PROTECT_CHECK_RANGE", "PSCI 1.1",
	  RES_PSCI_STATUS, false },
	{ SECMON_PSCI_FN_SYSTEM_OFF2, "SYSTEM_OFF2", "PSCI 1.3", RES_PSCI_STATUS, false },
};

/* psci.h grew a function: give it a line above. */
_Static_assert(ARRAY_SIZE(psci_fns) == SECMON_PSCI_FN_COUNT, "PSCI table out of date");

static bool psci_has64(const struct psci_entry *e)
{
	return e->fn < SECMON_PSCI_FN_COUNT ? secmon_psci_fn_has_smc64(e->fn) : e->smc64;
}

#define NQUERIES 3
static const struct {
	unsigned fn;
	const char *suffix;
	enum res_kind kind;
} queries[NQUERIES] = {
	{ SECMON_FN_CALL_COUNT, "CALL_COUNT", RES_CALL_COUNT },
	{ SECMON_FN_CALL_UID, "CALL_UID", RES_CALL_UID },
	{ SECMON_FN_REVISION, "REVISION", RES_REVISION },
};

#define NOENS 64
/* secmon's SiP calls (secmon_sip_calls[]): room for both forms of each. */
#define MAX_SIP 16
#define MAX_KNOWN \
	(ARRAY_SIZE(fixed_ids) + 2 * ARRAY_SIZE(psci_fns) + 2 * MAX_SIP + NOENS * NQUERIES)

static struct fid_known known[MAX_KNOWN];
static unsigned nknown;

static struct fid_known *add(uint32_t fid, const char *name, const char *service,
			     const char *since, enum res_kind kind)
{
	struct fid_known *k = &known[nknown++];

	k->fid = fid;
	snprintf(k->name, sizeof(k->name), "%s", name);
	k->service = service;
	k->since = since;
	k->kind = kind;
	k->has_other = false;
	k->other = 0;
	return k;
}

/* Links each ID to its form in the other convention, where one exists. */
static void link_forms(void)
{
	unsigned i, n;

	for (i = 0; i < nknown; i++)
		for (n = 0; n < nknown; n++)
			if (known[n].fid == (known[i].fid ^ SECMON_FID_SMC64)) {
				known[i].has_other = true;
				known[i].other = known[n].fid;
			}
}

static void build(void)
{
	char name[40], tag[16];
	unsigned i, q;

	if (nknown)
		return;
	for (i = 0; i < ARRAY_SIZE(fixed_ids); i++) {
		const struct fixed *f = &fixed_ids[i];

		add(f->fid, f->name, f->service, f->since, f->kind);
		/* The architecture calls come first; PSCI before TRNG in OEN 4. */
		if (f->fid == SECMON_SMCCC_ARCH_WORKAROUND_4) {
			for (q = 0; q < ARRAY_SIZE(psci_fns); q++) {
				const struct psci_entry *e = &psci_fns[q];

				add(SECMON_PSCI_FN32(e->fn), e->name, "PSCI", e->since, e->kind);
				if (psci_has64(e))
					add(SECMON_PSCI_FN64(e->fn), e->name, "PSCI", e->since,
					    e->kind);
			}
		}
	}
	/* secmon's own; the recording's calls answer PSCI-style statuses (trace.h). */
	for (i = 0; i < secmon_sip_call_count && i < MAX_SIP; i++) {
		const struct secmon_sip_call *c = &secmon_sip_calls[i];
		enum res_kind kind = c->fid >= SECMON_SIP_TRACE_INFO && c->fid <= SECMON_SIP_TRACE_CTL
					     ? RES_PSCI_STATUS
					     : RES_NONE;

		add(c->fid, c->name, c->service, "", kind);
		if (c->smc64)
			add(c->fid | SECMON_FID_SMC64, c->name, c->service, "", kind);
	}
	for (i = 0; i < NOENS; i++) {
		oen_tag(i, tag, sizeof(tag));
		for (q = 0; q < NQUERIES; q++) {
			snprintf(name, sizeof(name), "%s_%s", tag, queries[q].suffix);
			add(secmon_fid(true, false, i, queries[q].fn), name, "general query", "",
			    queries[q].kind);
		}
	}
	link_forms();
}

bool fid_lookup(uint32_t fid, struct fid_known *k)
{
	unsigned i;

	build();
	for (i = 0; i < nknown; i++) {
		if (known[i].fid == fid) {
			*k = known[i];
			return true;
		}
	}
	return false;
}

bool fid_known_at(unsigned i, struct fid_known *k)
{
	build();
	if (i >= nknown)
		return false;
	*k = known[i];
	return true;
}

/* ---- decoding ------------------------------------------------------- */

static void note(struct fid_decode *d, const char *fmt, ...) CLI_PRINTF(2, 3);

static void note(struct fid_decode *d, const char *fmt, ...)
{
	va_list ap;

	if (d->nanomalies >= FID_MAX_NOTES)
		return;
	va_start(ap, fmt);
	vsnprintf(d->anomalies[d->nanomalies++], FID_NOTE_LEN, fmt, ap);
	va_end(ap);
}

void fid_decode(uint32_t fid, struct fid_decode *d)
{
	struct fid_known other;
	uint32_t base;

	memset(d, 0, sizeof(*d));
	d->fid = fid;
	d->fast = secmon_fid_is_fast(fid);
	d->smc64 = secmon_fid_is_smc64(fid);
	d->sve_hint = (fid & SECMON_FID_SVE_HINT) != 0;
	d->oen = secmon_fid_oen(fid);
	d->reserved = (fid & SECMON_FID_MBZ) >> 17;
	d->num = secmon_fid_num(fid);
	d->oen_name = fid_oen_name(d->oen);

	if (!d->fast) {
		/* SMCCC gives yielding IDs no field structure beyond bit 31. */
		note(d, "yielding call (bit 31 = 0): SMCCC reserves yielding IDs except "
			"0x02000000-0x1fffffff for trusted OS calls; this one is %s; "
			"secmon serves no yielding calls and answers SMC_UNK",
		     fid >= 0x02000000u && fid <= 0x1fffffffu ? "a trusted OS call"
							       : "reserved");
		return;
	}
	if (d->reserved) {
		d->malformed = true;
		note(d, "malformed: reserved bits set, the firmware answers SMC_UNK");
		base = fid & ~SECMON_FID_MBZ & ~SECMON_FID_SVE_HINT;
		if (fid_lookup(base, &other))
			note(d, "without bits 23:17 this would be 0x%08" PRIx32 " %s %s", base,
			     other.service, other.name);
	}
	if (d->sve_hint)
		note(d, "SVE hint set (bit 16): the caller has no live SVE state (SMCCC 1.3); "
			"the firmware ignores the bit when dispatching 0x%08" PRIx32,
		     fid & ~SECMON_FID_SVE_HINT);
	if (d->oen >= 8 && d->oen < SECMON_OEN_TAPP_FIRST)
		note(d, "owning entity %u is reserved (8-47)", d->oen);
	if (d->malformed)
		return;
	base = fid & ~SECMON_FID_SVE_HINT;
	d->known = fid_lookup(base, &d->k);
	if (!d->known && fid_lookup(base ^ SECMON_FID_SMC64, &other))
		note(d, "%s %s has no %s form: its ID is 0x%08" PRIx32, other.service, other.name,
		     d->smc64 ? "SMC64" : "SMC32", other.fid);
}

/* ---- names ---------------------------------------------------------- */

/* Spellings a service's names may drop or add. */
static const char *const *prefixes(const char *service)
{
	static const char *const psci[] = { "PSCI_", 0 };
	static const char *const smccc[] = { "SMCCC_ARCH_", "SMCCC_", 0 };
	static const char *const trng[] = { "TRNG_", 0 };
	static const char *const none[] = { 0 };

	if (!strcmp(service, "PSCI"))
		return psci;
	if (!strcmp(service, "SMCCC"))
		return smccc;
	if (!strcmp(service, "TRNG"))
		return trng;
	return none;
}

static bool starts(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

/* Does n (normalised) name k, exactly (2) or with a prefix dropped/added (1)? */
static int matches(const struct fid_known *k, const char *n)
{
	const char *const *p;

	if (!strcmp(k->name, n))
		return 2;
	for (p = prefixes(k->service); *p; p++) {
		if (starts(k->name, *p) ? !strcmp(k->name + strlen(*p), n)
					: starts(n, *p) && !strcmp(n + strlen(*p), k->name))
			return 1;
	}
	return 0;
}

/* The names n matches, best matches only, each once; returns how many. */
static unsigned candidates(const char *n, const char **out, unsigned max)
{
	unsigned i, j, cnt = 0;
	int best = 0, m;

	for (i = 0; i < nknown; i++) {
		m = matches(&known[i], n);
		if (m > best) {
			best = m;
			cnt = 0;
		}
		if (!m || m < best)
			continue;
		for (j = 0; j < cnt; j++)
			if (!strcmp(out[j], known[i].name))
				break;
		if (j == cnt && cnt < max)
			out[cnt++] = known[i].name;
	}
	return cnt;
}

/* The width suffix of n ("32", "_32", "64", "_64"), removed in place. */
static enum fid_width strip_width(char *n)
{
	size_t len = strlen(n);
	enum fid_width w;

	if (len < 3)
		return FID_WIDTH_DEFAULT;
	if (!strcmp(n + len - 2, "32"))
		w = FID_WIDTH_32;
	else if (!strcmp(n + len - 2, "64"))
		w = FID_WIDTH_64;
	else
		return FID_WIDTH_DEFAULT;
	n[len - 2] = '\0';
	if (n[len - 3] == '_')
		n[len - 3] = '\0';
	return w;
}

static const char *known_name_of(uint32_t fid)
{
	unsigned i;

	for (i = 0; i < nknown; i++)
		if (known[i].fid == fid)
			return known[i].name;
	return "?";
}

static const struct fid_known *form(const char *name, bool smc64)
{
	unsigned i;

	for (i = 0; i < nknown; i++)
		if (!strcmp(known[i].name, name) && secmon_fid_is_smc64(known[i].fid) == smc64)
			return &known[i];
	return 0;
}

enum fid_resolve fid_by_name(const char *name, enum fid_width width, bool prefer32,
			     struct fid_known *k, bool *width_given, char *msg, size_t msglen)
{
	char n[64];
	const char *cand[8];
	const struct fid_known *f32, *f64, *pick;
	enum fid_width suffix = FID_WIDTH_DEFAULT;
	unsigned i, cnt;
	size_t len;
	bool want64;

	build();
	*width_given = false;
	len = strlen(name);
	if (len == 0 || len >= sizeof(n)) {
		snprintf(msg, msglen, "no function is named '%s'", name);
		return FID_NO_SUCH_NAME;
	}
	for (i = 0; i <= len; i++) {
		char c = name[i] == '-' ? '_' : name[i];

		if (c && !isalnum((unsigned char)c) && c != '_') {
			snprintf(msg, msglen, "'%s' is neither a number nor a function name", name);
			return FID_NO_SUCH_NAME;
		}
		n[i] = (char)toupper((unsigned char)c);
	}
	cnt = candidates(n, cand, ARRAY_SIZE(cand));
	if (cnt == 0) {
		suffix = strip_width(n);
		if (suffix != FID_WIDTH_DEFAULT)
			cnt = candidates(n, cand, ARRAY_SIZE(cand));
	}
	if (cnt == 0) {
		snprintf(msg, msglen,
			 "no function is named '%s' (run 'secmon list' for the known names)", name);
		return FID_NO_SUCH_NAME;
	}
	if (cnt > 1) {
		size_t off = (size_t)snprintf(msg, msglen, "'%s' is ambiguous: it could be", name);

		for (i = 0; i < cnt && off < msglen; i++)
			off += (size_t)snprintf(msg + off, msglen - off, "%s %s", i ? "," : "",
						cand[i]);
		return FID_AMBIGUOUS;
	}
	if (suffix != FID_WIDTH_DEFAULT) {
		if (width != FID_WIDTH_DEFAULT && width != suffix) {
			snprintf(msg, msglen, "'%s' names the %s form but --%s was given", name,
				 suffix == FID_WIDTH_32 ? "SMC32" : "SMC64",
				 width == FID_WIDTH_32 ? "smc32" : "smc64");
			return FID_NO_SUCH_FORM;
		}
		width = suffix;
	}
	f32 = form(cand[0], false);
	f64 = form(cand[0], true);
	if (width == FID_WIDTH_DEFAULT) {
		/* SOC_ID's version and revision are SMC32 only; its name is SMC64. */
		want64 = !prefer32 && strcmp(cand[0], "SMCCC_ARCH_SOC_ID") != 0;
		pick = want64 ? (f64 ? f64 : f32) : (f32 ? f32 : f64);
	} else {
		*width_given = true;
		pick = width == FID_WIDTH_64 ? f64 : f32;
		if (!pick) {
			const struct fid_known *o = f32 ? f32 : f64;

			if (o && o->has_other)
				snprintf(msg, msglen,
					 "%s has no %s form (the %s form is %s, ID 0x%08" PRIx32 ")",
					 cand[0], width == FID_WIDTH_64 ? "SMC64" : "SMC32",
					 width == FID_WIDTH_64 ? "SMC32" : "SMC64",
					 known_name_of(o->other), o->other);
			else
				snprintf(msg, msglen, "%s has no %s form", cand[0],
					 width == FID_WIDTH_64 ? "SMC64" : "SMC32");
			return FID_NO_SUCH_FORM;
		}
	}
	*k = *pick;
	return FID_RESOLVED;
}

int cli_fid_arg(const char *cmd, const char *arg, enum fid_width width, bool prefer32,
		uint32_t *fid, bool *named, bool *width_given)
{
	struct fid_known k;
	char msg[400];
	enum cli_num e;
	uint64_t v;

	*named = false;
	*width_given = false;
	if (!*arg)
		return cli_usage(cmd, "the function ID is empty");
	if (cli_looks_numeric(arg)) {
		if (arg[0] == '-')
			return cli_usage(cmd, "function ID '%s' is negative", arg);
		e = cli_parse_u64(arg, &v);
		if (e != CLI_NUM_OK)
			return cli_usage(cmd, "function ID '%s' %s", arg, cli_num_why(e));
		if (v > UINT32_MAX)
			return cli_usage(cmd, "function ID '%s' does not fit in 32 bits", arg);
		*fid = (uint32_t)v;
		return 0;
	}
	if (fid_by_name(arg, width, prefer32, &k, width_given, msg, sizeof(msg)) != FID_RESOLVED)
		return cli_usage(cmd, "%s", msg);
	*named = true;
	*fid = k.fid;
	return 0;
}
