/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SMCCC function IDs as the `secmon` tool knows them (fid.c): fields,
 * owning entities, names; and what a returned x0..x3 means (result.c).
 */
#ifndef SECMON_TOOLS_FID_H
#define SECMON_TOOLS_FID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <secmon/smccc.h>

/* How a function's answer is read (result.c). */
enum res_kind {
	RES_NONE,		/* unknown function: only SMC_UNK is recognised */
	RES_PSCI_STATUS,	/* 0 or a PSCI error */
	RES_PSCI_VERSION,
	RES_PSCI_AFFINITY,	/* AFFINITY_INFO */
	RES_PSCI_MIGRATE_TYPE,
	RES_PSCI_MPIDR,		/* MIGRATE_INFO_UP_CPU */
	RES_PSCI_FEATURES,
	RES_PSCI_HW_STATE,	/* NODE_HW_STATE */
	RES_PSCI_STAT,		/* an unsigned count or residency, no errors */
	RES_PSCI_MEM_PROTECT,
	RES_SMCCC_VERSION,
	RES_ARCH_FEATURES,
	RES_SOC_ID,		/* SMC32: version or revision word; SMC64: name */
	RES_ARCH_AVAIL,		/* FEATURE_AVAILABILITY: status, bitmask in x1 */
	RES_WORKAROUND,		/* no result: every register preserved */
	RES_TRNG_VERSION,
	RES_TRNG_FEATURES,
	RES_TRNG_UUID,
	RES_TRNG_RND,
	RES_CALL_COUNT,
	RES_CALL_UID,
	RES_REVISION,
};

/* One known function ID. */
struct fid_known {
	uint32_t fid;
	char name[40];		/* the spec's name, e.g. "CPU_ON", "SIP_CALL_UID" */
	const char *service;	/* "PSCI", "SMCCC", "TRNG", "general query" */
	const char *since;	/* e.g. "PSCI 0.2"; never NULL */
	enum res_kind kind;
	bool has_other;		/* a form in the other convention exists */
	uint32_t other;		/* its ID */
};

/* The known function with exactly this ID (SVE hint included). */
bool fid_lookup(uint32_t fid, struct fid_known *k);

/* Iterates over every known ID in table order; false past the end. */
bool fid_known_at(unsigned i, struct fid_known *k);

/* Owning-entity names for 0..63, e.g. "standard secure service". */
const char *fid_oen_name(unsigned oen);

#define FID_MAX_NOTES 6
#define FID_NOTE_LEN 200

/* Every field of one function ID, and what is wrong with it. */
struct fid_decode {
	uint32_t fid;
	bool fast, smc64, sve_hint;
	unsigned oen, reserved, num;	/* reserved: bits 23:17, shifted down */
	const char *oen_name;
	bool known;
	struct fid_known k;
	bool malformed;			/* the firmware must answer SMC_UNK */
	unsigned nanomalies;
	char anomalies[FID_MAX_NOTES][FID_NOTE_LEN];
};

void fid_decode(uint32_t fid, struct fid_decode *d);

enum fid_width {
	FID_WIDTH_DEFAULT,	/* SMC64 where a form exists, unless prefer32 */
	FID_WIDTH_32,
	FID_WIDTH_64,
};

enum fid_resolve {
	FID_RESOLVED,
	FID_NO_SUCH_NAME,
	FID_AMBIGUOUS,		/* msg lists the candidates */
	FID_NO_SUCH_FORM,	/* the name exists, not in the width asked for */
};

/*
 * A name (case-insensitive, '-' for '_', optional service prefix such as
 * PSCI_ or SMCCC_ARCH_, optional 32/64 suffix) to a known function ID.
 * prefer32: the caller runs AArch32, so the default is the SMC32 form.
 * *width_given says whether the name itself chose a width.
 * On failure msg (msglen bytes) says why.
 */
enum fid_resolve fid_by_name(const char *name, enum fid_width width, bool prefer32,
			     struct fid_known *k, bool *width_given, char *msg, size_t msglen);

/*
 * A command-line function ID: 0x<hex> or <decimal> up to 32 bits, or a name
 * as for fid_by_name. On failure prints a message naming what was wrong
 * and returns CLI_EXIT_USAGE; otherwise 0. *named says a name was given.
 */
int cli_fid_arg(const char *cmd, const char *arg, enum fid_width width, bool prefer32,
		uint32_t *fid, bool *named, bool *width_given);

/* How the answer of one call reads. */
struct res_decode {
	bool error;		/* the function reported an error or SMC_UNK */
	bool smc_unk;		/* x0 was SMC_UNK and this is an unknown function */
	int64_t value;		/* x0 as a signed value in the width of the call */
	char text[160];		/* x0, e.g. "PSCI 1.1", "-2 INVALID_PARAMETERS" */
	char code[32];		/* the symbolic code, e.g. "SUCCESS", "SMC_UNK", "" */
	char extra[320];	/* what x1..x17 carry, e.g. a UUID or SoC name; "" */
	char anomaly[160];	/* an answer outside the spec; "" */
};

/*
 * in: registers sent, out: registers received; k: the function, or NULL
 * when unknown; wide: the call ran as SMC64 (an SMC64 ID from an AArch64
 * caller).
 */
void res_decode(const struct fid_known *k, const struct secmon_regs *in,
		const struct secmon_regs *out, bool wide, struct res_decode *r);

#endif
