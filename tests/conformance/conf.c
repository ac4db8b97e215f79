// SPDX-License-Identifier: BSD-3-Clause
#include "conf.h"

/* Jobs a started CPU runs, in bits 31:24 of its context ID. */
enum job {
	JOB_REPORT = 1,		/* record the context ID, then CPU_OFF */
	JOB_HOLD,		/* record, wait for release, CPU_OFF */
	JOB_SUSPEND,		/* power-down suspend, expect JOB_RESUMED */
	JOB_RESUMED,
	JOB_RACE,
	JOB_SUSPEND_SYSTEM,	/* CPU_SUSPEND to the system state, expect JOB_RESUMED */
	JOB_TRNG,		/* wait for trng_go, draw TRNG_PER_CPU blocks */
	JOB_SGI_SUSPEND,	/* suspend (v: power_state) until another CPU's SGI */
	JOB_SGI_RESUMED,
};
#define CTX(job, v) (((uint64_t)(job) << 24) | ((v) & 0xffffffu))
#define CTX_JOB(ctx) ((unsigned)((ctx) >> 24) & 0xff)
#define CTX_VAL(ctx) ((uint32_t)(ctx) & 0xffffffu)

#define RACE_MAX 2048
/*
 * Time-outs, in polls. WAIT_LOOPS mailbox loads take 3-6 s under QEMU TCG
 * on a loaded 2-core host; a poll that makes an SMC (AFFINITY_INFO) costs
 * about a hundred loads, so WAIT_SMCS of those wait as long. A started CPU's
 * host thread can be descheduled for a good part of a second there.
 */
#define WAIT_LOOPS 200000000u
#define WAIT_SMCS (WAIT_LOOPS / 100)

static const struct conf_env *env;
static unsigned ntest, nfail;

/* Mailboxes shared with the started CPUs. */
static volatile uint32_t seen_ctx[CONF_MAX_CPUS];
static volatile uint32_t starts[CONF_MAX_CPUS];
static volatile uint32_t release;
static volatile uint32_t resumed_ok;
static volatile uint32_t sgi_ready;

static uint32_t race_attempts;
static uint32_t race_succeeded;
static uint32_t race_entered;	/* race jobs that began (once per start) */
static uint8_t race_issued[RACE_MAX / 8];
static uint8_t race_started[RACE_MAX / 8];
static uint32_t race_bad;

static uint32_t load(volatile uint32_t *p)
{
	return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static void store(volatile uint32_t *p, uint32_t v)
{
	__atomic_store_n(p, v, __ATOMIC_RELEASE);
}

/* Sets bit n; true when it was already set. */
static bool set_bit(uint8_t *map, uint32_t n)
{
	uint8_t bit = (uint8_t)(1u << (n % 8));

	return __atomic_fetch_or(&map[n / 8], bit, __ATOMIC_ACQ_REL) & bit;
}

static void out(const char *s)
{
	env->puts(s);
}

static void out_uint(uint64_t v, unsigned base)
{
	char buf[24];
	int i = (int)sizeof(buf) - 1;

	buf[i] = '\0';
	do {
		buf[--i] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	if (base == 16) {
		buf[--i] = 'x';
		buf[--i] = '0';
	}
	out(&buf[i]);
}

static void out_int(int64_t v)
{
	if (v < 0) {
		out("-");
		out_uint((uint64_t)-v, 10);
	} else {
		out_uint((uint64_t)v, 10);
	}
}

static void result(bool ok, const char *name)
{
	ntest++;
	if (!ok)
		nfail++;
	out(ok ? "ok " : "not ok ");
	out_uint(ntest, 10);
	out(" - ");
	out(env->name);
	out(": ");
	out(name);
}

static void check(bool ok, const char *name)
{
	result(ok, name);
	out("\n");
}

/* An integer answer compared with the expected one; both shown on failure. */
static void check_int(int64_t got, int64_t want, const char *name)
{
	result(got == want, name);
	if (got != want) {
		out(" # got ");
		out_int(got);
		out(", want ");
		out_int(want);
	}
	out("\n");
}

static void skip(const char *name, const char *why)
{
	out("# skip ");
	out(name);
	out(": ");
	out(why);
	out("\n");
}

static uint64_t call(uint32_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	return secmon_call3(env->c, fid, a1, a2, a3);
}

static uint32_t psci_fid(unsigned fn)
{
	return secmon_psci_fid(env->c, fn);
}

static bool psci_offers(unsigned fn)
{
	uint32_t flags;

	return secmon_psci_features(env->c, psci_fid(fn), &flags) == SECMON_OK;
}

/*
 * A negative status of an SMC32 call: -1 .. -9 in 32 bits for an AArch32
 * caller, sign-extended to all 64 bits for an AArch64 one (callers compare
 * the whole register, as Linux's FF-A driver does).
 */
static void check_neg32(uint64_t got, int32_t want, const char *name)
{
	uint64_t w = env->c->aarch32 ? (uint32_t)want : (uint64_t)(int64_t)want;

	if (env->c->aarch32)
		got = (uint32_t)got;
	result(got == w, name);
	if (got != w) {
		out(" # got ");
		out_uint(got, 16);
		out(", want ");
		out_uint(w, 16);
	}
	out("\n");
}

static void check_unk32(uint32_t fid, const char *name)
{
	check_neg32(call(fid, 0, 0, 0), -1, name);
}

static void check_unk64(uint32_t fid, const char *name)
{
	uint64_t v = call(fid, 0, 0, 0);

	/* A 32-bit caller sees only the low word. */
	if (env->c->aarch32)
		v |= 0xffffffff00000000ull;
	result(v == SECMON_SMC_UNK64, name);
	if (v != SECMON_SMC_UNK64) {
		out(" # got ");
		out_uint(v, 16);
	}
	out("\n");
}

static void test_smccc(void)
{
	uint32_t v = 0, ans;
	int err = secmon_smccc_version(env->c, &v);

	check(err == SECMON_OK && v >= SECMON_SMCCC_VERSION_1_2, "SMCCC_VERSION is 1.2 or later");
	check_int(secmon_smccc_arch_features(env->c, SECMON_SMCCC_ARCH_FEATURES, &ans), 0,
		  "ARCH_FEATURES(ARCH_FEATURES) succeeds");
	check_neg32(call(SECMON_SMCCC_ARCH_FEATURES, 0x8000ff42u, 0, 0), -1,
		    "ARCH_FEATURES(unknown ID) is NOT_SUPPORTED");
	check_neg32(call(SECMON_SMCCC_ARCH_FEATURES, psci_fid(SECMON_PSCI_FN_CPU_ON), 0, 0), -1,
		    "ARCH_FEATURES(a PSCI ID) is NOT_SUPPORTED");
	check_neg32(call(SECMON_PSCI_FN32(SECMON_PSCI_FN_FEATURES), 0x840000ffu, 0, 0), -1,
		    "PSCI_FEATURES(unknown ID) is NOT_SUPPORTED in the caller's register width");
	check_neg32(call(SECMON_PSCI_FN32(SECMON_PSCI_FN_AFFINITY_INFO), 0xff00ffu, 0, 0), -2,
		    "AFFINITY_INFO(SMC32, no such CPU) is INVALID_PARAMETERS in the register width");
	check_int((int64_t)call(SECMON_PSCI_FN32(SECMON_PSCI_FN_VERSION), 0, 0, 0) >> 32, 0,
		  "PSCI_VERSION (SMC32) is a 32-bit data word, zero-extended");

	check_unk32(0x82003f17u, "unknown SiP SMC32 call is SMC_UNK");
	check_unk32(0x83000042u, "unknown OEM SMC32 call is SMC_UNK");
	/* A function number no trusted OS uses: SMC_UNK with or without one loaded. */
	check_unk32(0xb200fe01u, "unknown trusted-OS SMC32 call is SMC_UNK");
	check_unk32(0x8400ffaau, "unknown standard-service query is SMC_UNK");
	check_unk32(0x84020000u, "fast call with bits 23:17 set is SMC_UNK");
	check_unk32(0x04000000u, "yielding call with no trusted OS is SMC_UNK");
	if (!env->c->aarch32)
		check_unk64(0xc2001234u, "unknown SMC64 call is SMC_UNK in all 64 bits");
	else
		check_int((int32_t)call(SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_ON), env->mpidr[0],
					env->secondary_pc, 0), -1,
			  "SMC64 call from AArch32 is SMC_UNK");
}

/*
 * The trusted-OS entities (50-63), judged by SMCCC alone, for any firmware
 * with or without a trusted OS:
 * - a fast call with any of bits 23:17 set is SMC_UNK (those bits must be
 *   zero for fast calls; bit 16 is SMCCC 1.3's SVE hint), in every OEN of
 *   the range, SMC32 and SMC64, whoever owns the range;
 * - 0xFF02 of OEN 63 is reserved in every service's general queries;
 * - without a trusted OS (OEN 63's Call UID is SMC_UNK) every call in the
 *   range is SMC_UNK: the general queries, a number in each OEN in both
 *   conventions, a yielding call;
 * - with one, its Call UID (x0-x3) is not SMC_UNK, not all zero and the
 *   same when asked again; its Call Count and Revision answer (x0 not
 *   SMC_UNK).
 */
static void tos_unk(uint32_t fid, const char *name)
{
	if (fid & 0x40000000u) {
		if (!env->c->aarch32)
			check_unk64(fid, name);
		return;
	}
	check_unk32(fid, name);
}

static void test_tos_range(void)
{
	struct secmon_regs in = { { 0xbf00ff01u } }, uid, again;
	uint32_t oen, bad_reserved = 0, bad_unk = 0;
	bool none;

	secmon_invoke(env->c, &in, &uid);
	none = (uint32_t)uid.x[0] == 0xffffffffu;
	tos_unk(0xbf00ff02u, "trusted OS range: OEN 63's reserved general query 0xFF02 is SMC_UNK");
	/* Every OEN of the range, both conventions: the MBZ bits of a fast call. */
	for (oen = 50; oen <= 63; oen++) {
		uint32_t fid = 0x80000000u | oen << 24 | 0x00020000u | 0x0001u;
		uint64_t v = call(fid, 0, 0, 0);

		bad_reserved += (uint32_t)v != 0xffffffffu;
		if (!env->c->aarch32)
			bad_reserved += call(fid | 0x40000000u, 0, 0, 0) != SECMON_SMC_UNK64;
		if (none) {
			bad_unk += (uint32_t)call(0x80000000u | oen << 24 | 0x0001u, 0, 0, 0) !=
				   0xffffffffu;
			if (!env->c->aarch32)
				bad_unk += call(0xc0000000u | oen << 24 | 0x0001u, 0, 0, 0) !=
					   SECMON_SMC_UNK64;
		}
	}
	check_int(bad_reserved, 0, env->c->aarch32 ?
		  "trusted OS range: a fast call with bits 23:17 set is SMC_UNK in OENs 50-63" :
		  "trusted OS range: a fast call with bits 23:17 set is SMC_UNK in OENs 50-63, SMC32 and SMC64");
	if (none) {
		check_int(bad_unk, 0, env->c->aarch32 ?
			  "no trusted OS: function 1 of each OEN 50-63 is SMC_UNK" :
			  "no trusted OS: function 1 of each OEN 50-63 is SMC_UNK, SMC32 and SMC64");
		check_unk32(0xbf00ff00u, "no trusted OS: its CALLS_COUNT (OEN 63) is SMC_UNK");
		check_unk32(0xbf00ff03u, "no trusted OS: its CALLS_REVISION is SMC_UNK");
		check_unk32(0x32000000u, "no trusted OS: a yielding call in OEN 50 is SMC_UNK");
		return;
	}
	secmon_invoke(env->c, &in, &again);
	check((uid.x[0] | uid.x[1] | uid.x[2] | uid.x[3]) != 0 && uid.x[0] == again.x[0] &&
		      uid.x[1] == again.x[1] && uid.x[2] == again.x[2] && uid.x[3] == again.x[3],
	      "trusted OS: its CALLS_UID is not all zero and the same when asked again");
	check((uint32_t)call(0xbf00ff00u, 0, 0, 0) != 0xffffffffu,
	      "trusted OS: its CALLS_COUNT (OEN 63) answers");
	in.x[0] = 0xbf00ff03u;
	secmon_invoke(env->c, &in, &again);
	check((uint32_t)again.x[0] != 0xffffffffu, "trusted OS: its CALLS_REVISION answers");
	check_unk32(0xbf00fe01u, "trusted OS: an OEN 63 ID it does not use is SMC_UNK");
}

static void test_soc_id(void)
{
	struct secmon_soc_id id;
	uint32_t ans;

	if (secmon_smccc_arch_features(env->c, SECMON_SMCCC_ARCH_SOC_ID, &ans) != SECMON_OK) {
		skip("SOC_ID", "not offered");
		return;
	}
	check_int(secmon_smccc_soc_id(env->c, &id), 0, "SOC_ID version and revision");
	check(!(id.version & 0x80000000u), "SOC_ID version has bit 31 clear");
	check_neg32(call(SECMON_SMCCC_ARCH_SOC_ID, 7, 0, 0), -3,
		    "SOC_ID with an unknown type is INVALID_PARAMETER");
	if (id.has_name)
		check(id.name[0] != '\0', "SOC_ID name is a non-empty string");
}

/*
 * SMCCC_ARCH_FEATURE_AVAILABILITY (DEN0028 7.8, mandatory from SMCCC 1.5;
 * SMC64 only, docs/smccc.md). A firmware that reports 1.5 or later offers it
 * to an AArch64 caller: SCR_EL3, CPTR_EL3 and MDCR_EL3 answer SUCCESS with a
 * bitmask that holds feature bits only (none of SCR_EL3's routing and
 * world bits) and says FP is usable (CPTR_EL3.TFP clear, reported as 1), the
 * same on a second asking; a register that is no EL3 register is
 * INVALID_PARAMETER with x1 = 0; the SMC32 number is SMC_UNK. An AArch32
 * caller has no SMC64 calls: ARCH_FEATURES says NOT_SUPPORTED.
 */
#define FEAT_AVAIL_FID (SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY | SECMON_FID_SMC64)

static struct secmon_regs feat_avail(uint64_t reg)
{
	struct secmon_regs in = { .x = { FEAT_AVAIL_FID, reg } }, o;

	for (unsigned i = 2; i < SECMON_NREGS; i++)
		in.x[i] = 0x5ec0000000000000ull | i;
	secmon_invoke(env->c, &in, &o);
	return o;
}

static void test_feature_availability(void)
{
	/* SCR_EL3's NS, IRQ, FIQ, EA, RES1, SMD, SIF and RW: no feature of a lower EL. */
	static const uint64_t scr_not_features = 0x6bfull;
	static const uint64_t regs[] = { SECMON_FEAT_AVAIL_SCR_EL3, SECMON_FEAT_AVAIL_CPTR_EL3,
					 SECMON_FEAT_AVAIL_MDCR_EL3 };
	struct secmon_regs o, again;
	uint32_t v = 0, ans;
	unsigned bad = 0;

	if (secmon_smccc_version(env->c, &v) != SECMON_OK || v < SECMON_SMCCC_VERSION_MAKE(1, 5)) {
		skip("ARCH_FEATURE_AVAILABILITY", "SMCCC before 1.5");
		return;
	}
	if (env->c->aarch32) {
		check_neg32(call(SECMON_SMCCC_ARCH_FEATURES, FEAT_AVAIL_FID, 0, 0), -1,
			    "ARCH_FEATURES(ARCH_FEATURE_AVAILABILITY) from AArch32 is NOT_SUPPORTED");
		return;
	}
	check_int(secmon_smccc_arch_features(env->c, FEAT_AVAIL_FID, &ans), 0,
		  "SMCCC 1.5: ARCH_FEATURES offers ARCH_FEATURE_AVAILABILITY (SMC64)");
	out("# ARCH_FEATURE_AVAILABILITY: SCR_EL3, CPTR_EL3, MDCR_EL3 bitmasks");
	for (unsigned i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
		o = feat_avail(regs[i]);
		out(" ");
		out_uint(o.x[1], 16);
		again = feat_avail(regs[i]);
		bad += o.x[0] != 0 || again.x[0] != 0 || o.x[1] != again.x[1];
		for (unsigned r = 2; r < SECMON_NREGS; r++)
			bad += o.x[r] != (0x5ec0000000000000ull | r);
	}
	out("\n");
	check_int(bad, 0, "ARCH_FEATURE_AVAILABILITY: SCR/CPTR/MDCR_EL3 SUCCESS, stable, x2-x17 kept");
	o = feat_avail(SECMON_FEAT_AVAIL_SCR_EL3);
	check_int((int64_t)(o.x[1] & scr_not_features), 0,
		  "ARCH_FEATURE_AVAILABILITY(SCR_EL3) reports feature bits only");
	o = feat_avail(SECMON_FEAT_AVAIL_CPTR_EL3);
	check_int((int64_t)((o.x[1] >> 10) & 1), 1,
		  "ARCH_FEATURE_AVAILABILITY(CPTR_EL3): FP not trapped (TFP reported as 1)");
	o = feat_avail(0x1e1000);	/* SCTLR_EL3: not a feature register */
	check(o.x[0] == (uint64_t)(int64_t)SECMON_SMCCC_INVALID_PARAMETER && o.x[1] == 0,
	      "ARCH_FEATURE_AVAILABILITY(not a feature register) is INVALID_PARAMETER, x1 = 0");
	o = feat_avail(0xffffffff001e1100ull);
	check(o.x[0] == (uint64_t)(int64_t)SECMON_SMCCC_INVALID_PARAMETER && o.x[1] == 0,
	      "ARCH_FEATURE_AVAILABILITY(garbage above SCR_EL3's encoding) is INVALID_PARAMETER");
	check_unk32(SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY,
		    "ARCH_FEATURE_AVAILABILITY has no SMC32 form: SMC_UNK");
}

/*
 * ARCH_FEATURE_AVAILABILITY against the ID registers, by Arm's TFTF rules
 * (tf-a-tests smccc_feature_availability.c) for the bits a monitor that
 * traps nothing reports: a trap bit is 1 exactly where the CPU has what it
 * traps; FP/SIMD, CPACR, debug and OS-lock accesses and MDCR_EL3.EnPM2's
 * registers are never blocked (1 on every CPU). SMCCC allows a 1 for an
 * absent feature; TF-A and TFTF want the answer to match the CPU.
 */
static const struct {
	uint32_t reg;
	uint8_t bit, id, shift;		/* id 4: every CPU; else ID field (id, shift) != 0 */
	const char *name;
} avail_rules[] = {
	{ SECMON_FEAT_AVAIL_SCR_EL3, 15, 0, 28, "SCR_EL3.TERR (RAS)" },
	{ SECMON_FEAT_AVAIL_SCR_EL3, 40, 2, 60, "SCR_EL3.TRNDR (RNDR)" },
	{ SECMON_FEAT_AVAIL_CPTR_EL3, 10, 4, 0, "CPTR_EL3.TFP" },
	{ SECMON_FEAT_AVAIL_CPTR_EL3, 20, 1, 4, "CPTR_EL3.TTA (trace registers)" },
	{ SECMON_FEAT_AVAIL_CPTR_EL3, 30, 0, 44, "CPTR_EL3.TAM (AMU)" },
	{ SECMON_FEAT_AVAIL_CPTR_EL3, 31, 4, 0, "CPTR_EL3.TCPAC" },
	{ SECMON_FEAT_AVAIL_MDCR_EL3, 6, 1, 8, "MDCR_EL3.TPM (PMU)" },
	{ SECMON_FEAT_AVAIL_MDCR_EL3, 7, 4, 0, "MDCR_EL3.EnPM2" },
	{ SECMON_FEAT_AVAIL_MDCR_EL3, 9, 4, 0, "MDCR_EL3.TDA" },
	{ SECMON_FEAT_AVAIL_MDCR_EL3, 10, 4, 0, "MDCR_EL3.TDOSA" },
	{ SECMON_FEAT_AVAIL_MDCR_EL3, 19, 1, 40, "MDCR_EL3.TTRF (trace filter)" },
	{ SECMON_FEAT_AVAIL_MDCR_EL3, 27, 3, 56, "MDCR_EL3.TDCC (FGT)" },
};

static void test_feature_availability_exact(void)
{
	uint64_t id[4];
	unsigned bad = 0;

	if (!env->id_regs || env->c->aarch32)
		return;
	env->id_regs(id);
	for (unsigned i = 0; i < sizeof(avail_rules) / sizeof(avail_rules[0]); i++) {
		struct secmon_regs o = feat_avail(avail_rules[i].reg);
		bool want = avail_rules[i].id == 4 ||
			    ((id[avail_rules[i].id] >> avail_rules[i].shift) & 0xf) != 0;

		if (o.x[0] != 0 || ((o.x[1] >> avail_rules[i].bit) & 1) != want) {
			out("# ARCH_FEATURE_AVAILABILITY: ");
			out(avail_rules[i].name);
			out(want ? " reported 0 (want 1)\n" : " reported 1, the CPU lacks it\n");
			bad++;
		}
	}
	check_int(bad, 0, "ARCH_FEATURE_AVAILABILITY: each bit as the ID registers say (TFTF's rules)");
}

/* x1..x17 not used for results come back as they were sent. */
static void test_preserved(void)
{
	struct secmon_regs in, o;
	unsigned i, bad = 0;
	uint32_t fids[] = { SECMON_SMCCC_VERSION, psci_fid(SECMON_PSCI_FN_VERSION), 0x82003f17u };

	for (unsigned f = 0; f < sizeof(fids) / sizeof(fids[0]); f++) {
		in.x[0] = fids[f];
		for (i = 1; i < SECMON_NREGS; i++)
			in.x[i] = 0x5ec0000000000000ull | (i * 0x01010101u);
		if (env->c->aarch32)
			for (i = 1; i < SECMON_NREGS; i++)
				in.x[i] = i < 8 ? (uint32_t)in.x[i] : 0;
		secmon_invoke(env->c, &in, &o);
		for (i = 4; i < (env->c->aarch32 ? 8u : SECMON_NREGS); i++)
			bad += o.x[i] != in.x[i];
	}
	check_int(bad, 0, "registers above x3 preserved across calls");
}

/*
 * ARCH_WORKAROUND_1..4, with and without the SVE hint bit: where
 * ARCH_FEATURES offers one (0 or 1) the call returns with x1-x17 as they
 * were (x0 is not a result the spec defines); where it does not, SMC_UNK.
 */
static void test_workarounds(void)
{
	static const uint32_t wa[] = {
		SECMON_SMCCC_ARCH_WORKAROUND_1, SECMON_SMCCC_ARCH_WORKAROUND_2,
		SECMON_SMCCC_ARCH_WORKAROUND_3, SECMON_SMCCC_ARCH_WORKAROUND_4,
	};
	unsigned bad = 0, nregs = env->c->aarch32 ? 8 : SECMON_NREGS;
	struct secmon_regs in, o;

	for (unsigned i = 0; i < 8; i++) {
		uint32_t fid = wa[i % 4] | (i >= 4 ? SECMON_FID_SVE_HINT : 0);
		int32_t f = (int32_t)call(SECMON_SMCCC_ARCH_FEATURES, wa[i % 4], 0, 0);

		if (env->c->aarch32 && i >= 4)
			break;	/* SMCCC 1.3's hint: AArch64 only */
		in.x[0] = fid;
		for (unsigned r = 1; r < SECMON_NREGS; r++)
			in.x[r] = env->c->aarch32 ? (r < 8 ? 0x5ec0a000u + r : 0)
						  : 0x5ec0000000000000ull | (r * 0x01010101u);
		secmon_invoke(env->c, &in, &o);
		if (f < 0)
			bad += env->c->aarch32 ? (uint32_t)o.x[0] != 0xffffffffu
					       : o.x[0] != 0xffffffffffffffffull;
		for (unsigned r = 1; r < nregs; r++)
			bad += o.x[r] != in.x[r];
	}
	check_int(bad, 0, "ARCH_WORKAROUND_1..4: offered ones keep x1-x17, the others are SMC_UNK");
}

/* ---- TRNG (DEN0098), on a firmware that offers it ---- */

static struct secmon_regs trng_call(uint32_t fid, uint64_t a1)
{
	struct secmon_regs in = { .x = { fid, a1 } }, o;

	secmon_invoke(env->c, &in, &o);
	if (env->c->aarch32)
		for (unsigned i = 0; i < SECMON_NREGS; i++)
			o.x[i] = (uint32_t)o.x[i];
	return o;
}

/* RND32/RND64 for `bits`; a NO_ENTROPY answer is retried a few times. */
static struct secmon_regs trng_rnd(uint32_t fid, uint64_t bits)
{
	struct secmon_regs o;

	for (unsigned t = 0; t < 8; t++) {
		o = trng_call(fid, bits);
		if ((int32_t)o.x[0] != SECMON_TRNG_NO_ENTROPY)
			break;
	}
	return o;
}

/* Bits of the answer above `bits` (x3 least significant, then x2, x1). */
static uint64_t trng_excess(const struct secmon_regs *o, unsigned bits, unsigned width)
{
	uint64_t excess = 0;

	for (unsigned n = 0; n < 3; n++) {
		unsigned lo = n * width;
		uint64_t v = o->x[3 - n], keep;

		if (width == 32)
			excess |= v >> 32;
		v = width == 32 ? (uint32_t)v : v;
		keep = bits <= lo ? 0 : bits - lo >= width ? ~0ull : (1ull << (bits - lo)) - 1;
		excess |= v & ~keep;
	}
	return excess;
}

static unsigned popcount64(uint64_t v)
{
	unsigned n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

#define TRNG_BLOCKS 64

/* Every CPU at once: TRNG_PER_CPU full-width blocks each. */
#define TRNG_PER_CPU 16
static uint64_t trng_all[CONF_MAX_CPUS][TRNG_PER_CPU][3];
static volatile uint32_t trng_go, trng_bad;

static void trng_draw(unsigned me)
{
	uint32_t fid = env->c->aarch32 ? SECMON_TRNG_RND32 : SECMON_TRNG_RND64;
	unsigned bits = env->c->aarch32 ? 96 : 192;

	for (unsigned i = 0; i < TRNG_PER_CPU; i++) {
		struct secmon_regs o = trng_rnd(fid, bits);

		if (o.x[0] != 0)
			__atomic_fetch_add(&trng_bad, 1, __ATOMIC_ACQ_REL);
		for (unsigned j = 0; j < 3; j++)
			trng_all[me][i][j] = o.x[1 + j];
	}
}

/* Blocks drawn on all CPUs at once that equal an earlier one. */
static unsigned trng_repeats(void)
{
	unsigned n = env->ncpus * TRNG_PER_CPU, a, b, same = 0;

	for (a = 0; a < n; a++)
		for (b = 0; b < a; b++) {
			const uint64_t *x = trng_all[a / TRNG_PER_CPU][a % TRNG_PER_CPU];
			const uint64_t *y = trng_all[b / TRNG_PER_CPU][b % TRNG_PER_CPU];

			same += x[0] == y[0] && x[1] == y[1] && x[2] == y[2];
		}
	return same;
}

static void test_trng_entropy(uint32_t fid, unsigned width)
{
	static uint64_t blocks[TRNG_BLOCKS][3];
	unsigned i, j, ones = 0, total = 3 * width * TRNG_BLOCKS, bad = 0, repeats = 0;
	bool is64 = width == 64;

	for (i = 0; i < TRNG_BLOCKS; i++) {
		struct secmon_regs o = trng_rnd(fid, 3 * width);

		bad += o.x[0] != 0;
		for (j = 0; j < 3; j++) {
			blocks[i][j] = o.x[1 + j];
			ones += popcount64(o.x[1 + j]);
		}
		for (j = 0; j < i; j++)
			repeats += blocks[j][0] == blocks[i][0] && blocks[j][1] == blocks[i][1] &&
				   blocks[j][2] == blocks[i][2];
	}
	check_int(bad, 0, is64 ? "TRNG_RND64(192) succeeds 64 times" :
				 "TRNG_RND32(96) succeeds 64 times");
	check_int(repeats, 0, is64 ? "TRNG_RND64: no 192-bit block repeats" :
				     "TRNG_RND32: no 96-bit block repeats");
	/* Monobit: the count of ones within 5 standard deviations (sqrt(n)/2) of n/2. */
	result(ones * 2 > total - 5 * (width == 64 ? 111 : 78) &&
	       ones * 2 < total + 5 * (width == 64 ? 111 : 78),
	       is64 ? "TRNG_RND64: ones and zeros balanced (monobit)" :
		      "TRNG_RND32: ones and zeros balanced (monobit)");
	out(" # ");
	out_uint(ones, 10);
	out(" ones in ");
	out_uint(total, 10);
	out(" bits\n");
}

static void test_trng(void)
{
	static const unsigned counts32[] = { 1, 31, 32, 33, 64, 65, 95, 96 };
	static const unsigned counts64[] = { 1, 63, 64, 65, 128, 129, 191, 192 };
	struct secmon_regs u1, u2, o;
	int32_t v = (int32_t)trng_call(SECMON_TRNG_VERSION, 0).x[0];
	unsigned i, excess = 0;

	if (v == SECMON_TRNG_NOT_SUPPORTED) {
		skip("TRNG", "not offered");
		return;
	}
	check(v >= (int32_t)SECMON_TRNG_VERSION_1_0, "TRNG_VERSION is 1.0 or later");
	check_int((int32_t)trng_call(SECMON_TRNG_FEATURES, SECMON_TRNG_RND32).x[0], 0,
		  "TRNG_FEATURES(RND32) succeeds");
	check_int((int32_t)trng_call(SECMON_TRNG_FEATURES, SECMON_TRNG_RND64).x[0],
		  env->c->aarch32 ? -1 : 0, env->c->aarch32 ?
		  "TRNG_FEATURES(RND64) is NOT_SUPPORTED from AArch32" :
		  "TRNG_FEATURES(RND64) succeeds");
	check_int((int32_t)trng_call(SECMON_TRNG_FEATURES, 0x8400005fu).x[0], -1,
		  "TRNG_FEATURES(unknown ID) is NOT_SUPPORTED");
	u1 = trng_call(SECMON_TRNG_GET_UUID, 0);
	u2 = trng_call(SECMON_TRNG_GET_UUID, 0);
	check((uint32_t)u1.x[0] != 0xffffffffu && u1.x[0] == u2.x[0] && u1.x[1] == u2.x[1] &&
	      u1.x[2] == u2.x[2] && u1.x[3] == u2.x[3], "TRNG_GET_UUID is a fixed UUID");
	for (i = 0; i < sizeof(counts32) / sizeof(counts32[0]); i++) {
		o = trng_rnd(SECMON_TRNG_RND32, counts32[i]);
		excess += o.x[0] != 0 || trng_excess(&o, counts32[i], 32) != 0;
	}
	check_int(excess, 0, "TRNG_RND32: bits above the count are zero");
	check_int((int32_t)trng_call(SECMON_TRNG_RND32, 0).x[0], -2,
		  "TRNG_RND32(0) is INVALID_PARAMETERS");
	check_int((int32_t)trng_call(SECMON_TRNG_RND32, 97).x[0], -2,
		  "TRNG_RND32(97) is INVALID_PARAMETERS");
	test_trng_entropy(SECMON_TRNG_RND32, 32);
	if (env->c->aarch32) {
		check_int((int32_t)trng_call(SECMON_TRNG_RND64, 64).x[0], -1,
			  "TRNG_RND64 from AArch32 is SMC_UNK");
		return;
	}
	excess = 0;
	for (i = 0; i < sizeof(counts64) / sizeof(counts64[0]); i++) {
		o = trng_rnd(SECMON_TRNG_RND64, counts64[i]);
		excess += o.x[0] != 0 || trng_excess(&o, counts64[i], 64) != 0;
	}
	check_int(excess, 0, "TRNG_RND64: bits above the count are zero");
	check(trng_call(SECMON_TRNG_RND64, 193).x[0] == (uint64_t)-2,
	      "TRNG_RND64(193) is INVALID_PARAMETERS in all 64 bits");
	test_trng_entropy(SECMON_TRNG_RND64, 64);
}

static void test_psci_basics(void)
{
	static const unsigned mandatory[] = {
		SECMON_PSCI_FN_VERSION, SECMON_PSCI_FN_CPU_SUSPEND, SECMON_PSCI_FN_CPU_OFF,
		SECMON_PSCI_FN_CPU_ON, SECMON_PSCI_FN_AFFINITY_INFO, SECMON_PSCI_FN_SYSTEM_OFF,
		SECMON_PSCI_FN_SYSTEM_RESET, SECMON_PSCI_FN_FEATURES,
	};
	uint32_t v = 0, flags = 0;
	unsigned i, missing = 0;
	int type = -1;

	check(secmon_psci_version(env->c, &v) == SECMON_OK && (v >> 16) == 1,
	      "PSCI_VERSION is 1.x");
	for (i = 0; i < sizeof(mandatory) / sizeof(mandatory[0]); i++)
		missing += !psci_offers(mandatory[i]);
	check_int(missing, 0, "PSCI_FEATURES offers every mandatory function");
	check_int(secmon_psci_features(env->c, SECMON_SMCCC_VERSION, &flags), 0,
		  "PSCI_FEATURES(SMCCC_VERSION) succeeds");
	check_int(secmon_psci_features(env->c, 0x840000ffu, &flags), -1,
		  "PSCI_FEATURES(unknown ID) is NOT_SUPPORTED");
	check_int(secmon_psci_features(env->c, 0x82000000u, &flags), -1,
		  "PSCI_FEATURES(a SiP ID) is NOT_SUPPORTED");
	if (secmon_psci_features(env->c, psci_fid(SECMON_PSCI_FN_CPU_SUSPEND), &flags) == 0)
		check_int(flags & ~3u, 0, "PSCI_FEATURES(CPU_SUSPEND) sets only defined flags");
	check(secmon_psci_migrate_info_type(env->c, &type) != SECMON_OK ||
		      (type >= 0 && type <= 2),
	      "MIGRATE_INFO_TYPE is 0, 1 or 2");
	if (psci_offers(SECMON_PSCI_FN_SYSTEM_RESET2))
		check_int(secmon_psci_system_reset2(env->c, 0x7fffffffu, 0), -2,
			  "SYSTEM_RESET2 with a reserved architectural type is INVALID_PARAMETERS");
	if (secmon_psci_features(env->c, psci_fid(SECMON_PSCI_FN_SYSTEM_OFF2), &flags) == 0) {
		check(flags & SECMON_PSCI_OFF2_HIBERNATE,
		      "PSCI_FEATURES(SYSTEM_OFF2) offers HIBERNATE_OFF");
		check_int(secmon_psci_system_off2(env->c, 2, 0), -2,
			  "SYSTEM_OFF2 with an unknown type is INVALID_PARAMETERS");
		check_int(secmon_psci_system_off2(env->c, SECMON_PSCI_OFF2_HIBERNATE, 1), -2,
			  "SYSTEM_OFF2 with a non-zero cookie is INVALID_PARAMETERS");
	}
	if (psci_offers(SECMON_PSCI_FN_SET_SUSPEND_MODE)) {
		check_int(secmon_psci_set_suspend_mode(env->c, 2), -2,
			  "SET_SUSPEND_MODE(2) is INVALID_PARAMETERS");
		check_int(secmon_psci_set_suspend_mode(env->c, 0), 0,
			  "SET_SUSPEND_MODE(platform-coordinated) succeeds");
	}
}

static int affinity(unsigned cpu)
{
	int state = -1;

	if (secmon_psci_affinity_info(env->c, env->mpidr[cpu], 0, &state) != SECMON_OK)
		return -100;
	return state;
}

/* Polls until cpu's AFFINITY_INFO is `want`; false on time-out. */
static void relax(void)
{
	if (env->relax)
		env->relax();
}

static bool wait_affinity(unsigned cpu, int want)
{
	for (uint32_t i = 0; i < WAIT_SMCS; i++) {
		if (affinity(cpu) == want)
			return true;
		relax();
	}
	return false;
}

static bool wait_value(volatile uint32_t *p, uint32_t want)
{
	for (uint32_t i = 0; i < WAIT_LOOPS; i++) {
		if (load(p) == want)
			return true;
		relax();
	}
	return false;
}

static void test_cpu_on_errors(void)
{
	unsigned me = env->self();
	uint64_t pc = env->secondary_pc;
	unsigned i, wrong = 0;
	int state;

	check_int(secmon_psci_cpu_on(env->c, env->mpidr[me], pc, 0), SECMON_E_ALREADY_ON,
		  "CPU_ON of the calling CPU is ALREADY_ON");
	check_int(secmon_psci_cpu_on(env->c, 0xfe00fe, pc, 0), SECMON_E_INVALID_PARAMETERS,
		  "CPU_ON of an unknown MPIDR is INVALID_PARAMETERS");
	if (!env->c->aarch32)
		check_int(secmon_psci_cpu_on(env->c, env->mpidr[me] | (1ull << 60), pc, 0),
			  SECMON_E_INVALID_PARAMETERS,
			  "CPU_ON with bits outside the affinity fields is INVALID_PARAMETERS");
	check_int(secmon_psci_affinity_info(env->c, env->mpidr[me], 0, &state), 0,
		  "AFFINITY_INFO of the calling CPU succeeds");
	check_int(state, SECMON_PSCI_AFF_ON, "AFFINITY_INFO of the calling CPU is ON");
	check_int(secmon_psci_affinity_info(env->c, 0xfe00fe, 0, &state),
		  SECMON_E_INVALID_PARAMETERS, "AFFINITY_INFO of an unknown MPIDR is INVALID_PARAMETERS");
	if (env->ncpus < 2) {
		skip("CPU_ON entry checks", "one CPU");
		return;
	}
	for (i = 0; i < env->nbad_pc; i++)
		wrong += secmon_psci_cpu_on(env->c, env->mpidr[1], env->bad_pc[i], 0) !=
			 SECMON_E_INVALID_ADDRESS;
	check(env->nbad_pc > 0 && wrong == 0,
	      "CPU_ON with an entry outside normal-world memory is INVALID_ADDRESS");
	check_int(affinity(1), SECMON_PSCI_AFF_OFF, "a refused CPU_ON leaves the target OFF");
}

/*
 * A CPU_OFF powers the core down: when CPU_ON brings it back, its count of
 * the core power-down state has grown by one (as TF-A counts it, and Arm's
 * TFTF "Stats test cases for CPU OFF" checks). CPU 1 is off, by CPU_OFF.
 */
static void test_cpu_off_counted(void)
{
	uint64_t before = 0, after = 0;

	if (!env->has_powerdown || !psci_offers(SECMON_PSCI_FN_STAT_COUNT)) {
		skip("PSCI_STAT_COUNT after CPU_OFF", "no power-down state or no PSCI_STAT_COUNT");
		return;
	}
	secmon_psci_stat_count(env->c, env->mpidr[1], env->powerdown_state, &before);
	store(&seen_ctx[1], 0);
	store(&release, 0);
	if (secmon_psci_cpu_on(env->c, env->mpidr[1], env->secondary_pc, CTX(JOB_HOLD, 0x44)) ==
		    SECMON_OK &&
	    wait_value(&seen_ctx[1], 0x44))
		secmon_psci_stat_count(env->c, env->mpidr[1], env->powerdown_state, &after);
	store(&release, 1);
	check_int((int64_t)(after - before), 1,
		  "PSCI_STAT_COUNT of the core power-down grows by one for a CPU_OFF, once back on");
	check(wait_affinity(1, SECMON_PSCI_AFF_OFF), "it powers off again");
}

static void test_cpu_on_off(void)
{
	unsigned t, ok = 0, on_ok = 0, again = 0;

	if (env->ncpus < 2) {
		skip("CPU_ON/CPU_OFF", "one CPU");
		return;
	}
	for (t = 1; t < env->ncpus; t++) {
		store(&seen_ctx[t], 0);
		store(&release, 0);
		if (secmon_psci_cpu_on(env->c, env->mpidr[t], env->secondary_pc,
				       CTX(JOB_HOLD, 0x1000 + t)) != SECMON_OK)
			continue;
		on_ok++;
		if (!wait_value(&seen_ctx[t], 0x1000 + t))
			continue;
		/* The target holds: it is ON and a second CPU_ON is refused. */
		again += affinity(t) == SECMON_PSCI_AFF_ON &&
			 secmon_psci_cpu_on(env->c, env->mpidr[t], env->secondary_pc,
					    CTX(JOB_REPORT, 0x2000)) == SECMON_E_ALREADY_ON;
		store(&release, 1);
		ok += wait_affinity(t, SECMON_PSCI_AFF_OFF);
	}
	check_int(on_ok, env->ncpus - 1, "CPU_ON of each secondary succeeds");
	check_int(again, env->ncpus - 1, "a running secondary is ON and CPU_ON says ALREADY_ON");
	check_int(ok, env->ncpus - 1, "each secondary gets its context ID and powers off");
	check_int(load(&seen_ctx[1]), 0x1001, "the refused CPU_ON did not change the context ID");
	test_cpu_off_counted();
}

/* Two CPU_ONs back to back: exactly one wins, and its context is used. */
static void test_cpu_on_twice(void)
{
	int r1, r2;

	if (env->ncpus < 2) {
		skip("CPU_ON twice", "one CPU");
		return;
	}
	store(&seen_ctx[1], 0);
	store(&release, 0);
	r1 = secmon_psci_cpu_on(env->c, env->mpidr[1], env->secondary_pc, CTX(JOB_HOLD, 0x111));
	r2 = secmon_psci_cpu_on(env->c, env->mpidr[1], env->secondary_pc, CTX(JOB_HOLD, 0x222));
	check_int(r1, 0, "first CPU_ON succeeds");
	check(r2 == SECMON_E_ON_PENDING || r2 == SECMON_E_ALREADY_ON,
	      "second CPU_ON is ON_PENDING or ALREADY_ON");
	check(wait_value(&seen_ctx[1], 0x111), "the target starts with the first caller's context");
	store(&release, 1);
	check(wait_affinity(1, SECMON_PSCI_AFF_OFF), "the target powers off afterwards");
}

static void test_node_hw_state(void)
{
	int state = -1;

	if (!psci_offers(SECMON_PSCI_FN_NODE_HW_STATE)) {
		skip("NODE_HW_STATE", "not offered");
		return;
	}
	check(secmon_psci_node_hw_state(env->c, env->mpidr[env->self()], 0, &state) == 0 &&
		      state == SECMON_PSCI_HW_ON,
	      "NODE_HW_STATE of the calling core is ON");
	if (env->ncpus > 1)
		check(secmon_psci_node_hw_state(env->c, env->mpidr[1], 0, &state) == 0 &&
			      state == SECMON_PSCI_HW_OFF,
		      "NODE_HW_STATE of an off core is OFF");
	check_int(secmon_psci_node_hw_state(env->c, env->mpidr[0], 9, &state),
		  SECMON_E_INVALID_PARAMETERS, "NODE_HW_STATE at level 9 is INVALID_PARAMETERS");
}

/*
 * The state SYSTEM_SUSPEND enters is a CPU_SUSPEND state too: with this CPU
 * on, platform coordination gives the caller a shallower state, and it
 * resumes at its entry; the statistics count the state it entered (DEN0022
 * 5.21), so the system state's count does not grow.
 */
static void test_system_state(void)
{
	uint64_t before = 0, after = 0;

	if (!env->has_system_state || !psci_offers(SECMON_PSCI_FN_SYSTEM_SUSPEND)) {
		skip("CPU_SUSPEND to the system state", "no system state or no SYSTEM_SUSPEND");
		return;
	}
	secmon_psci_stat_count(env->c, env->mpidr[1], env->system_state, &before);
	store(&resumed_ok, 0);
	check_int(secmon_psci_cpu_on(env->c, env->mpidr[1], env->secondary_pc,
				     CTX(JOB_SUSPEND_SYSTEM, 0)),
		  0, "CPU_ON for the system-state test succeeds");
	check(wait_value(&resumed_ok, 1),
	      "CPU_SUSPEND to the system state with another CPU on resumes at the entry");
	check(wait_affinity(1, SECMON_PSCI_AFF_OFF), "the resumed CPU powers off");
	if (psci_offers(SECMON_PSCI_FN_STAT_COUNT)) {
		secmon_psci_stat_count(env->c, env->mpidr[1], env->system_state, &after);
		check_int((int64_t)(after - before), 0,
			  "PSCI_STAT_COUNT of the system state leaves out the CPU_SUSPEND that "
			  "coordination made shallower");
	}
}

static void test_suspend(void)
{
	uint64_t before = 0, after = 0;
	unsigned me = env->self();

	check_int(secmon_psci_cpu_suspend(env->c, 0x40000000u | 0x00fe0000u, env->secondary_pc, 0),
		  SECMON_E_INVALID_PARAMETERS, "CPU_SUSPEND with reserved bits is INVALID_PARAMETERS");
	if (!env->has_standby) {
		skip("CPU_SUSPEND standby", "no standby state described");
	} else {
		secmon_psci_stat_count(env->c, env->mpidr[me], env->standby_state, &before);
		if (env->arm_wakeup)
			env->arm_wakeup();
		check_int(secmon_psci_cpu_suspend(env->c, env->standby_state, 0, 0), 0,
			  "CPU_SUSPEND standby returns SUCCESS");
		if (psci_offers(SECMON_PSCI_FN_STAT_COUNT)) {
			secmon_psci_stat_count(env->c, env->mpidr[me], env->standby_state, &after);
			check_int((int64_t)(after - before), 1, "PSCI_STAT_COUNT counts the standby");
		}
	}
	if (!env->has_powerdown || env->ncpus < 2) {
		skip("CPU_SUSPEND power-down", "no power-down state or one CPU");
		return;
	}
	unsigned wrong = 0;

	for (unsigned i = 0; i < env->nbad_pc; i++) {
		/* A firmware that wrongly accepts the call must not hang the run. */
		if (env->arm_wakeup)
			env->arm_wakeup();
		wrong += secmon_psci_cpu_suspend(env->c, env->powerdown_state, env->bad_pc[i], 0) !=
			 SECMON_E_INVALID_ADDRESS;
	}
	check_int(wrong, 0, "CPU_SUSPEND power-down to a bad entry is INVALID_ADDRESS");
	store(&resumed_ok, 0);
	check_int(secmon_psci_cpu_on(env->c, env->mpidr[1], env->secondary_pc, CTX(JOB_SUSPEND, 0)),
		  0, "CPU_ON for the power-down test succeeds");
	check(wait_value(&resumed_ok, 1), "power-down suspend resumes at the entry with its context");
	check(wait_affinity(1, SECMON_PSCI_AFF_OFF), "the resumed CPU powers off");
	if (psci_offers(SECMON_PSCI_FN_SYSTEM_SUSPEND)) {
		bool held;

		store(&release, 0);
		store(&seen_ctx[1], 0);
		held = secmon_psci_cpu_on(env->c, env->mpidr[1], env->secondary_pc,
					  CTX(JOB_HOLD, 0x33)) == SECMON_OK &&
		       wait_value(&seen_ctx[1], 0x33);
		check(held, "CPU_ON of a CPU to hold through SYSTEM_SUSPEND: it runs");
		/* With every other CPU off the call would suspend the system. */
		if (held)
			check_int(secmon_psci_system_suspend(env->c, env->secondary_pc, 0),
				  SECMON_E_DENIED, "SYSTEM_SUSPEND with another CPU on is DENIED");
		else
			skip("SYSTEM_SUSPEND with another CPU on", "the other CPU did not run");
		store(&release, 1);
		/* The next test starts this CPU: a time-out here is this test's failure. */
		check(wait_affinity(1, SECMON_PSCI_AFF_OFF), "the held CPU powers off");
	}
	test_system_state();
}

/*
 * A CPU suspended in the firmware wakes for an interrupt another CPU sends
 * it (an SGI), as Arm's TFTF wakes its suspended CPUs from the one that
 * took the timer's interrupt: CPU 1 enables the SGI, masked, and suspends
 * (standby, then power-down); once the firmware reports it in that state
 * (NODE_HW_STATE, when offered), CPU 0 sends the SGI; CPU 1 must return
 * from the standby, and resume at its entry from the power-down.
 */
static void test_sgi_wakeup(void)
{
	static const char *const what[] = {
		"a CPU in CPU_SUSPEND standby returns for an SGI another CPU sends it",
		"a CPU in CPU_SUSPEND power-down resumes at its entry for another CPU's SGI",
	};

	if (!env->sgi_arm || env->ncpus < 2) {
		skip("wake-up by another CPU's SGI", "no SGI hooks or one CPU");
		return;
	}
	for (unsigned pd = 0; pd < 2; pd++) {
		int state = -1, want = pd ? SECMON_PSCI_HW_OFF : SECMON_PSCI_HW_STANDBY;
		bool in = false;

		if (!(pd ? env->has_powerdown : env->has_standby)) {
			skip(what[pd], "no such state");
			continue;
		}
		store(&sgi_ready, 0);
		store(&resumed_ok, 0);
		if (secmon_psci_cpu_on(env->c, env->mpidr[1], env->secondary_pc,
				       CTX(JOB_SGI_SUSPEND, pd)) != SECMON_OK ||
		    !wait_value(&sgi_ready, 1)) {
			check(false, what[pd]);
			continue;
		}
		for (uint32_t i = 0; i < WAIT_SMCS && !in; i++) {
			in = !psci_offers(SECMON_PSCI_FN_NODE_HW_STATE) ||
			     (secmon_psci_node_hw_state(env->c, env->mpidr[1], 0, &state) == 0 &&
			      state == want);
			relax();
		}
		env->sgi_send(1);
		check(in && wait_value(&resumed_ok, 1), what[pd]);
		check(wait_affinity(1, SECMON_PSCI_AFF_OFF), "the woken CPU powers off");
	}
}

static uint32_t rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/*
 * Every CPU started here tries CPU_ON on random others and reads
 * AFFINITY_INFO, then powers off. Each successful CPU_ON's token must start
 * exactly one CPU, and no refused call's token ever may.
 */
static void race(unsigned me, uint32_t seed)
{
	uint32_t s = seed * 2654435761u + me + 1;

	for (unsigned round = 0; round < 8; round++) {
		unsigned t = rnd(&s) % env->ncpus;
		uint32_t tok = __atomic_fetch_add(&race_attempts, 1, __ATOMIC_ACQ_REL);
		int r, st;

		if (tok >= RACE_MAX ||
		    __atomic_load_n(&race_succeeded, __ATOMIC_ACQUIRE) >= env->race_starts)
			break;
		r = secmon_psci_cpu_on(env->c, env->mpidr[t], env->secondary_pc,
				       CTX(JOB_RACE, tok));
		if (r == SECMON_OK) {
			set_bit(race_issued, tok);
			__atomic_fetch_add(&race_succeeded, 1, __ATOMIC_ACQ_REL);
		} else if (r != SECMON_E_ALREADY_ON && r != SECMON_E_ON_PENDING) {
			__atomic_fetch_add(&race_bad, 1, __ATOMIC_ACQ_REL);
		}
		st = affinity(rnd(&s) % env->ncpus);
		if (st < 0 || st > 2)
			__atomic_fetch_add(&race_bad, 1, __ATOMIC_ACQ_REL);
	}
}

static bool all_secondaries_off(void)
{
	for (unsigned t = 1; t < env->ncpus; t++)
		if (affinity(t) != SECMON_PSCI_AFF_OFF)
			return false;
	return true;
}

/*
 * Whether no CPU runs a race job and no successful CPU_ON is still pending.
 * An OFF scan alone is not enough: it reads one CPU at a time, and a CPU read
 * OFF may be started by one read later just before that one powers off. A
 * start still pending shows as more successes than jobs begun; the counts are
 * read on both sides of the scan so that nothing moved while it ran.
 */
static bool race_quiet(void)
{
	uint32_t ok = __atomic_load_n(&race_succeeded, __ATOMIC_ACQUIRE);
	uint32_t in = __atomic_load_n(&race_entered, __ATOMIC_ACQUIRE);

	if (ok != in || !all_secondaries_off())
		return false;
	return __atomic_load_n(&race_succeeded, __ATOMIC_ACQUIRE) == ok &&
	       __atomic_load_n(&race_entered, __ATOMIC_ACQUIRE) == in;
}

static void test_race(void)
{
	unsigned i, mismatch = 0;
	bool done = false;

	if (env->ncpus < 3) {
		skip("CPU_ON race", "fewer than three CPUs");
		return;
	}
	race_attempts = 0;
	race_succeeded = 0;
	race_entered = 0;
	race_bad = 0;
	for (i = 0; i < RACE_MAX / 8; i++)
		race_issued[i] = race_started[i] = 0;
	race(0, 1);
	/* Each pass scans the secondaries with AFFINITY_INFO: WAIT_SMCS polls at least. */
	for (uint32_t n = 0; n < WAIT_SMCS && !done; n++) {
		bool spent = __atomic_load_n(&race_succeeded, __ATOMIC_ACQUIRE) >= env->race_starts ||
			     __atomic_load_n(&race_attempts, __ATOMIC_ACQUIRE) >= RACE_MAX;

		if (all_secondaries_off()) {
			if (spent)
				done = true;
			else
				race(0, n + 2);
		}
		relax();
	}
	result(done, "CPU_ON race settles with every secondary OFF");
	if (!done) {
		out(" # AFFINITY_INFO:");
		for (i = 1; i < env->ncpus; i++) {
			out(" ");
			out_int(affinity(i));
		}
	}
	out("\n");
	for (uint32_t n = 0; n < WAIT_SMCS && !race_quiet(); n++)
		relax();
	for (i = 0; i < RACE_MAX / 8; i++)
		mismatch += race_issued[i] != race_started[i];
	check_int(mismatch, 0, "each successful CPU_ON started its CPU once, with its own context");
	check_int(race_bad, 0, "CPU_ON and AFFINITY_INFO answers in the race are all valid");
	check(race_succeeded > 0, "the race made successful CPU_ONs");
}

void conf_secondary(uint64_t ctx)
{
	unsigned me = env->self();
	uint32_t v = CTX_VAL(ctx);

	__atomic_fetch_add(&starts[me], 1, __ATOMIC_ACQ_REL);
	switch (CTX_JOB(ctx)) {
	case JOB_REPORT:
		store(&seen_ctx[me], v);
		break;
	case JOB_HOLD:
		store(&seen_ctx[me], v);
		wait_value(&release, 1);
		break;
	case JOB_SUSPEND:
		if (env->arm_wakeup)
			env->arm_wakeup();
		secmon_psci_cpu_suspend(env->c, env->powerdown_state, env->secondary_pc,
					CTX(JOB_RESUMED, 0x5e5));
		/* Not reached unless the firmware returned: it must not. */
		store(&resumed_ok, 2);
		break;
	case JOB_SUSPEND_SYSTEM:
		if (env->arm_wakeup)
			env->arm_wakeup();
		secmon_psci_cpu_suspend(env->c, env->system_state, env->secondary_pc,
					CTX(JOB_RESUMED, 0x5e5));
		store(&resumed_ok, 2);
		break;
	case JOB_RESUMED:
		store(&resumed_ok, v == 0x5e5 ? 1 : 3);
		break;
	case JOB_SGI_SUSPEND:
		env->sgi_arm();
		store(&sgi_ready, 1);
		/* Standby returns here; a power-down resumes as JOB_SGI_RESUMED. */
		if (secmon_psci_cpu_suspend(env->c, v == 1 ? env->powerdown_state : env->standby_state,
					    env->secondary_pc, CTX(JOB_SGI_RESUMED, 0x5e6)) == SECMON_OK) {
			env->sgi_clear();
			store(&resumed_ok, v == 1 ? 2 : 1);
		} else {
			store(&resumed_ok, 3);
		}
		break;
	case JOB_SGI_RESUMED:
		env->sgi_clear();
		store(&resumed_ok, v == 0x5e6 ? 1 : 3);
		break;
	case JOB_RACE:
		__atomic_fetch_add(&race_entered, 1, __ATOMIC_ACQ_REL);
		if (v < RACE_MAX && set_bit(race_started, v))
			__atomic_fetch_add(&race_bad, 1, __ATOMIC_ACQ_REL);
		race(me, v);
		break;
	case JOB_TRNG:
		wait_value(&trng_go, 1);
		trng_draw(me);
		break;
	default:
		break;
	}
	secmon_psci_cpu_off(env->c);
}

static void test_trng_all_cpus(void)
{
	unsigned t, on = 0, off = 0;

	if (env->ncpus < 2) {
		skip("TRNG from every CPU at once", "one CPU");
		return;
	}
	store(&trng_go, 0);
	store(&trng_bad, 0);
	for (t = 1; t < env->ncpus; t++)
		on += secmon_psci_cpu_on(env->c, env->mpidr[t], env->secondary_pc,
					 CTX(JOB_TRNG, t)) == SECMON_OK;
	store(&trng_go, 1);
	trng_draw(env->self());
	for (t = 1; t < env->ncpus; t++)
		off += wait_affinity(t, SECMON_PSCI_AFF_OFF);
	check(on == env->ncpus - 1 && off == env->ncpus - 1,
	      "TRNG from every CPU at once: each secondary drew and powered off");
	check_int(load(&trng_bad), 0, "TRNG from every CPU at once: every call succeeds");
	check_int(trng_repeats(), 0, "TRNG from every CPU at once: no block twice");
}

/* After the PSCI tests: it starts every secondary. */
/* ---- SCMI over SMC (DEN0056), through the library's client ---- */

#define SCMI_MAX_IDS 16

static struct secmon_scmi scmi;

/* A message; the SCMI status, or 1 when the client itself failed (err set). */
static int32_t scmi_msg(uint8_t proto, uint8_t msg, const uint32_t *in, unsigned nin,
			uint32_t *ans, unsigned *nans, int *err)
{
	int32_t st = 0;

	*err = secmon_scmi_xfer(&scmi, proto, msg, in, nin, &st, ans, SECMON_SCMI_MAX_WORDS, nans);
	return *err ? 1 : st;
}

/* Whether protocol p is in BASE_DISCOVER_LIST_PROTOCOLS's first answer. */
static bool scmi_lists(const uint32_t *ans, unsigned n, uint8_t p)
{
	for (unsigned i = 0; n && i < ans[0] && 1 + i / 4 < n; i++)
		if ((uint8_t)(ans[1 + i / 4] >> (8 * (i % 4))) == p)
			return true;
	return false;
}

/* The number of resources a protocol's PROTOCOL_ATTRIBUTES gives (bits 15:0). */
static uint32_t scmi_count(uint8_t proto)
{
	uint32_t ans[SECMON_SCMI_MAX_WORDS];
	unsigned n = 0;
	int err;

	if (scmi_msg(proto, 1, 0, 0, ans, &n, &err) || n < 1)
		return 0;
	return ans[0] & 0xffffu;
}

/* Every level of every performance domain set and read back; DENIED is all or nothing. */
static void test_scmi_perf(void)
{
	uint32_t ans[SECMON_SCMI_MAX_WORDS], ndom = scmi_count(SECMON_SCMI_PERF), levels[16];
	uint32_t bad_level = 0, bad_readback = 0, tried = 0, denied = 0, v, orig, nl, lo, hi;
	unsigned n;
	int err;

	check(ndom > 0 && ndom <= SCMI_MAX_IDS, "SCMI performance: 1 to 16 domains");
	for (uint32_t d = 0; d < ndom && d < SCMI_MAX_IDS; d++) {
		uint32_t in[2] = { d, 0 };
		int32_t st = scmi_msg(SECMON_SCMI_PERF, 3, in, 1, ans, &n, &err);

		if (st == -3) {	/* secure-only: every message DENIED */
			denied++;
			bad_level += secmon_scmi_perf_level_get(&scmi, d, &v) != SECMON_E_DENIED;
			bad_level += secmon_scmi_perf_level_set(&scmi, d, 0) != SECMON_E_DENIED;
			bad_level += scmi_msg(SECMON_SCMI_PERF, 4, in, 2, ans, &n, &err) != -3;
			continue;
		}
		if (st || scmi_msg(SECMON_SCMI_PERF, 4, in, 2, ans, &n, &err) || n < 1) {
			bad_level++;
			continue;
		}
		nl = ans[0] & 0xfffu;
		if (nl > 16 || n < 1 + 3 * nl) {
			bad_level++;
			continue;
		}
		for (uint32_t i = 0; i < nl; i++)
			levels[i] = ans[1 + 3 * i];
		if (scmi_msg(SECMON_SCMI_PERF, 6, in, 1, ans, &n, &err) || n < 2 ||
		    secmon_scmi_perf_level_get(&scmi, d, &orig)) {
			bad_level++;
			continue;
		}
		hi = ans[0];
		lo = ans[1];
		for (uint32_t i = 0; i < nl; i++) {
			if (levels[i] < lo || levels[i] > hi)
				continue;
			tried++;
			bad_level += secmon_scmi_perf_level_set(&scmi, d, levels[i]) != SECMON_OK;
			bad_readback += secmon_scmi_perf_level_get(&scmi, d, &v) != SECMON_OK ||
					v != levels[i];
		}
		/* A value between two levels is not a level. */
		if (nl > 1 && levels[1] - levels[0] > 1)
			bad_level += secmon_scmi_perf_level_set(&scmi, d, levels[0] + 1) !=
				     SECMON_E_INVALID_PARAMETERS;
		bad_level += secmon_scmi_perf_level_set(&scmi, d, orig) != SECMON_OK;
	}
	check_int(bad_level, 0, "SCMI PERFORMANCE_LEVEL_SET takes each described level, "
				"refuses others; a DENIED domain is DENIED to every message");
	check_int(bad_readback, 0, "SCMI PERFORMANCE_LEVEL_GET reads back the level set");
	check(tried > 0 || denied == ndom, "SCMI performance: some level was set");
	check_int(secmon_scmi_perf_level_get(&scmi, ndom, &v), SECMON_E_NOT_FOUND,
		  "SCMI PERFORMANCE_LEVEL_GET of a domain past the last: NOT_FOUND");
	out("# SCMI performance: ");
	out_uint(ndom, 10);
	out(" domains, ");
	out_uint(tried, 10);
	out(" levels set, ");
	out_uint(denied, 10);
	out(" DENIED\n");
}

/* Every sensor read: a value, or DENIED for a secure-only one. */
static void test_scmi_sensors(void)
{
	uint32_t nsens = scmi_count(SECMON_SCMI_SENSOR), bad = 0, denied = 0, read = 0;
	int64_t v;

	check(nsens > 0 && nsens <= SCMI_MAX_IDS, "SCMI sensors: 1 to 16 sensors");
	for (uint32_t id = 0; id < nsens && id < SCMI_MAX_IDS; id++) {
		int err = secmon_scmi_sensor_read(&scmi, id, &v);

		if (err == SECMON_E_DENIED)
			denied++;
		else if (err == SECMON_OK)
			read++;
		else
			bad++;
	}
	check_int(bad, 0, "SCMI SENSOR_READING_GET of each sensor: a value or DENIED");
	check(read > 0, "SCMI sensors: some sensor reads");
	check_int(secmon_scmi_sensor_read(&scmi, nsens, &v), SECMON_E_NOT_FOUND,
		  "SCMI SENSOR_READING_GET of a sensor past the last: NOT_FOUND");
	out("# SCMI sensors: ");
	out_uint(nsens, 10);
	out(", ");
	out_uint(read, 10);
	out(" read, ");
	out_uint(denied, 10);
	out(" DENIED\n");
}

static void test_scmi(void)
{
	uint32_t ans[SECMON_SCMI_MAX_WORDS], v = 0, zero = 0;
	unsigned n = 0;
	int err;

	if (!env->scmi_shmem) {
		skip("SCMI", "the firmware describes no SCMI channel over SMC");
		return;
	}
	scmi = (struct secmon_scmi){ .conduit = env->c, .fid = env->scmi_fid,
				     .shmem = env->scmi_shmem,
				     .shmem_size = env->scmi_shmem_size };
	check_int(secmon_scmi_protocol_version(&scmi, SECMON_SCMI_BASE, &v), SECMON_OK,
		  "SCMI Base PROTOCOL_VERSION answers");
	check(v >> 16 >= 1, "SCMI Base version 1.0 or later");
	check_int(secmon_scmi_protocol_version(&scmi, 0x42, &v), SECMON_E_NOT_SUPPORTED,
		  "SCMI: a protocol the platform lacks is NOT_SUPPORTED");
	check_int(scmi_msg(SECMON_SCMI_BASE, 6, &zero, 1, ans, &n, &err), 0,
		  "SCMI BASE_DISCOVER_LIST_PROTOCOLS");
	if (scmi_lists(ans, n, SECMON_SCMI_PERF))
		test_scmi_perf();
	else
		skip("SCMI performance", "not listed");
	if (scmi_lists(ans, n, SECMON_SCMI_SENSOR))
		test_scmi_sensors();
	else
		skip("SCMI sensors", "not listed");
}

static void test_trng_smp(void)
{
	if ((int32_t)trng_call(SECMON_TRNG_VERSION, 0).x[0] == SECMON_TRNG_NOT_SUPPORTED)
		return;
	test_trng_all_cpus();
}

int conf_run(const struct conf_env *e)
{
	env = e;
	ntest = nfail = 0;
	test_smccc();
	test_tos_range();
	test_soc_id();
	test_feature_availability();
	test_feature_availability_exact();
	test_preserved();
	test_workarounds();
	test_trng();
	test_scmi();
	test_psci_basics();
	test_cpu_on_errors();
	test_cpu_on_off();
	test_cpu_on_twice();
	test_node_hw_state();
	test_suspend();
	test_sgi_wakeup();
	test_race();
	test_trng_smp();
	out("1..");
	out_uint(ntest, 10);
	out("\n");
	return (int)nfail;
}
