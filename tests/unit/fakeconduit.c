// SPDX-License-Identifier: BSD-3-Clause
/*
 * The fake conduit of the calling library's tests (fakeconduit.h): records
 * each call's registers, answers from the script or the responder.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fakeconduit.h"

static void fake_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
			struct secmon_regs *out)
{
	struct fake *f = c->ctx;
	unsigned n = f->ncalls++;

	if (n >= MAX_CALLS)
		fail_msg("more than %d calls", MAX_CALLS);
	f->in[n] = *in;
	/* Fill every register so that nothing the library reads is left unset. */
	memset(out, 0x5a, sizeof(*out));
	if (f->respond)
		f->respond(f, in, out);
	else if (n < f->nscript)
		*out = f->script[n];
	else
		out->x[0] = secmon_fid_is_smc64((uint32_t)in->x[0]) ? SECMON_SMC_UNK64
								   : SECMON_SMC_UNK32;
}

struct fake fk;
struct secmon_conduit c64, c32;

int setup(void **state)
{
	(void)state;
	memset(&fk, 0, sizeof(fk));
	c64 = (struct secmon_conduit){ .name = "fake64", .invoke = fake_invoke, .ctx = &fk };
	c32 = (struct secmon_conduit){
		.name = "fake32", .invoke = fake_invoke, .ctx = &fk, .aarch32 = true
	};
	return 0;
}

void answer(unsigned n, uint64_t v)
{
	memset(&fk.script[n], 0x77, sizeof(fk.script[n]));
	fk.script[n].x[0] = v;
	if (n + 1 > fk.nscript)
		fk.nscript = n + 1;
}

void reset_calls(void)
{
	fk.ncalls = 0;
	fk.nscript = 0;
}

void expect_call(unsigned n, uint64_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	const struct secmon_regs *r = &fk.in[n];
	unsigned i;

	assert_true(n < fk.ncalls);
	if (r->x[0] != fid || r->x[1] != a1 || r->x[2] != a2 || r->x[3] != a3)
		fail_msg("call %u: x0-x3 = %#llx %#llx %#llx %#llx, want %#llx %#llx %#llx %#llx",
			 n, (unsigned long long)r->x[0], (unsigned long long)r->x[1],
			 (unsigned long long)r->x[2], (unsigned long long)r->x[3],
			 (unsigned long long)fid, (unsigned long long)a1, (unsigned long long)a2,
			 (unsigned long long)a3);
	for (i = 4; i < SECMON_NREGS; i++)
		assert_int_equal(r->x[i], 0);
}
