/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SMCCC_ARCH_WORKAROUND_1..4 on the calling CPU, for every architecture:
 * the state of each workaround and what it runs, from the architecture's
 * table of known parts and, for another part, what it can tell from its ID
 * registers (its workaround.h, included here so that the table's lookup
 * compiles to compares with its constants). The sequences themselves are
 * the architecture's instructions (its sysreg.h).
 */
#include <stdint.h>
#include "arch.h"
#include "frame.h"
#include "workaround.h"
#include "../plat.h"

static const struct arch_cpu_part *this_part(void)
{
	uint32_t midr = arch_midr() & MIDR_PART_MASK;

	for (unsigned i = 0; i < sizeof(arch_cpu_parts) / sizeof(arch_cpu_parts[0]); i++) {
		if (arch_cpu_parts[i].midr == midr)
			return &arch_cpu_parts[i];
	}
	return 0;
}

int32_t plat_arch_workaround_state(unsigned n)
{
	const struct arch_cpu_part *p = this_part();

	if (n < 1 || n > 4)
		return ARCH_WA_NOT_SUPPORTED;
	return p ? p->wa[n - 1] : arch_wa_unlisted(n);
}

void plat_arch_workaround(unsigned n, uint64_t arg)
{
	const struct arch_cpu_part *p = this_part();

	(void)arg;	/* WORKAROUND_2's enable/disable: the mitigation is static */
	if (!p || n < 1 || n > 4 || p->wa[n - 1] != ARCH_WA_IMPLEMENTED)
		return;
	if (n == 3 && p->bhb_loop)
		arch_bhb_clear(p->bhb_loop);
	if (n == 1 || n == 3)
		arch_bp_invalidate();
}

/*
 * The code the SMC vector runs for WORKAROUND_n (n = 1, 3), on this CPU:
 * nothing when the CPU does not need it, the part's own sequence when it is
 * implemented, else the ordinary path (mon_smc() answers SMC_UNK, or a
 * described call). The same decision as arch_svc.c's workaround().
 */
static uintptr_t vector_code(const struct arch_cpu_part *p, unsigned n, const char *code)
{
	int32_t state = plat_arch_workaround_state(n);

	if (state == ARCH_WA_UNAFFECTED)
		return (uintptr_t)arch_wa_nothing;
	if (state == ARCH_WA_IMPLEMENTED && p && code)
		return (uintptr_t)code;
	return (uintptr_t)arch_wa_ordinary;
}

/* At reset, on each CPU, with its frame. */
void arch_wa_select(struct arch_frame *f)
{
	const struct arch_cpu_part *p = this_part();

	arch_trace_frame(f, vector_code(p, 1, p ? p->vec1 : 0), vector_code(p, 3, p ? p->vec3 : 0));
}
