/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SMCCC_ARCH_WORKAROUND_1..4 on the emulated ARMv7 cores, by MIDR (ARMv7
 * has no ID register fields for these):
 *   1 = CVE-2017-5715 (Spectre v2)   2 = CVE-2018-3639 (SSB)
 *   3 = CVE-2022-23960 (BHB) + v2    4 = CVE-2024-7881 (not implemented)
 * Cortex-A15: branch-target injection and branch history are mitigated by
 * ICIALLU, which invalidates the branch predictor because the monitor sets
 * ACTLR.IBE (cpu.c), after a loop of 8 taken branches for the history (the
 * sequence Linux uses on this core); no speculative store bypass.
 * Cortex-A7: none of these. Other parts: not supported.
 * Answers: 0 implemented and needed, 1 not needed on this CPU, -1 not
 * supported.
 */
#include <stdint.h>
#include "arch.h"
#include "frame.h"
#include "qv.h"
#include "../../plat.h"

#define NOT_SUPPORTED (-1)
#define UNAFFECTED 1
#define IMPLEMENTED 0

/* The vector's code for WORKAROUND_1 and _3 (vectors.S). */
extern char qv_wa_nothing[], qv_wa_a15_bp[], qv_wa_a15_bhb[];

struct cpu_part {
	uint32_t midr;
	int8_t wa[4];
	uint8_t bhb_loop;	/* taken branches that clear the history */
	/* The vector's code for WORKAROUND_1 and _3 where wa[] is IMPLEMENTED. */
	const char *vec1, *vec3;
};

static const struct cpu_part parts[] = {
	{ MIDR_CORTEX_A7, { UNAFFECTED, UNAFFECTED, UNAFFECTED, NOT_SUPPORTED }, 0, 0, 0 },
	/* A15: qv_wa_a15_bhb's eight branches are bhb_loop. */
	{ MIDR_CORTEX_A15, { IMPLEMENTED, UNAFFECTED, IMPLEMENTED, NOT_SUPPORTED }, 8,
	  qv_wa_a15_bp, qv_wa_a15_bhb },
};

#define NPARTS (sizeof(parts) / sizeof(parts[0]))

static const struct cpu_part *this_part(void)
{
	uint32_t midr = read_cp15(CP15_MIDR) & MIDR_PART_MASK;

	for (unsigned i = 0; i < NPARTS; i++) {
		if (parts[i].midr == midr)
			return &parts[i];
	}
	return 0;
}

int32_t plat_arch_workaround_state(unsigned n)
{
	const struct cpu_part *p = this_part();

	if (n < 1 || n > 4 || !p)
		return NOT_SUPPORTED;
	return p->wa[n - 1];
}

static void branch_predictor_invalidate(void)
{
	write_cp15(CP15_ICIALLU, 0);
	__asm__ volatile("dsb nsh\n\tisb" : : : "memory");
}

static void branch_history_clear(unsigned loops)
{
	__asm__ volatile("1:\tb 2f\n2:\tsubs %0, %0, #1\n\tbne 1b\n\tdsb nsh\n\tisb"
			 : "+r"(loops)
			 :
			 : "cc", "memory");
}

void plat_arch_workaround(unsigned n, uint64_t arg)
{
	const struct cpu_part *p = this_part();

	(void)arg;
	if (!p || n < 1 || n > 4 || p->wa[n - 1] != IMPLEMENTED)
		return;
	if (n == 3 && p->bhb_loop)
		branch_history_clear(p->bhb_loop);
	if (n == 1 || n == 3)
		branch_predictor_invalidate();
}

/*
 * The code the SMC vector runs for WORKAROUND_n (n = 1, 3) on this CPU, the
 * same decision as arch_svc.c's workaround(): nothing when the CPU does not
 * need it, the part's sequence when it is implemented, else the ordinary
 * path, 0 (SMC_UNK, or a described call).
 */
static uint32_t vector_code(const struct cpu_part *p, unsigned n, const char *code)
{
	int32_t state = plat_arch_workaround_state(n);

	if (state == UNAFFECTED)
		return (uint32_t)(uintptr_t)qv_wa_nothing;
	if (state == IMPLEMENTED && p && code)
		return (uint32_t)(uintptr_t)code;
	return 0;
}

/* At reset, on each CPU, with its frame. */
void qv_wa_select(struct qv_frame *f)
{
	const struct cpu_part *p = this_part();

	f->wa1 = vector_code(p, 1, p ? p->vec1 : 0);
	f->wa3 = vector_code(p, 3, p ? p->vec3 : 0);
	qv_trace_frame(f);
}
