// SPDX-License-Identifier: BSD-3-Clause
/*
 * A fake conduit for the calling library's tests (test_lib_*.c): it records
 * the registers of every call and answers from a script, or from a responder
 * function that models a firmware (the discovery sequence).
 */
#ifndef FAKECONDUIT_H
#define FAKECONDUIT_H

#include <stdbool.h>
#include <stdint.h>

#include <secmon/client.h>

#define MAX_CALLS 32

struct fake {
	unsigned ncalls;
	struct secmon_regs in[MAX_CALLS];
	/* Answer n is script[n]; past nscript, SMC_UNK in the call's width. */
	unsigned nscript;
	struct secmon_regs script[MAX_CALLS];
	/* When set, answers instead of the script. */
	void (*respond)(const struct fake *f, const struct secmon_regs *in,
			struct secmon_regs *out);
	/* Firmware model for respond(). */
	uint32_t psci_version, psci_feat_smccc, smccc_version, arch_feat_soc_id;
	int32_t soc_word_err;
	const char *soc_name;
};

/* The fake's state, and a 64-bit and a 32-bit caller's conduit to it. */
extern struct fake fk;
extern struct secmon_conduit c64, c32;

/* cmocka set-up: an empty fake, no call made, no answer scripted. */
int setup(void **state);
/* Script answer n: x0 = v, everything else a recognisable pattern. */
void answer(unsigned n, uint64_t v);
/* Forget the calls made and the answers scripted. */
void reset_calls(void);
/* Call n was fid with x1..x3 = a1..a3, and x4..x17 zero. */
void expect_call(unsigned n, uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3);

#endif
