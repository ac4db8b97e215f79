/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SMCCC_ARCH_WORKAROUND_1..4 on the emulated CPU, decided the way Linux
 * decides its own Spectre state: first the MIDR of parts whose status is
 * known, then the ID registers (CSV2 for branch-target injection, SSBS for
 * speculative store bypass, CSV2_3 or ECBHB for branch history).
 *   1 = CVE-2017-5715 (Spectre v2)   2 = CVE-2018-3639 (SSB)
 *   3 = CVE-2022-23960 (BHB) + v2    4 = CVE-2024-7881 (not implemented)
 * Answers: 0 implemented and needed, 1 not needed on this CPU, -1 not
 * supported (no workaround here for this CPU), -2 not required (the
 * monitor mitigates statically, see cortex_a57_init()).
 */
#include <stdint.h>
#include "arch.h"
#include "frame.h"
#include "qv.h"
#include "../../plat.h"

#define MIDR_PART_MASK 0xff00fff0u
#define NOT_SUPPORTED (-1)
#define NOT_REQUIRED (-2)
#define UNAFFECTED 1
#define IMPLEMENTED 0

/* The vector's code for WORKAROUND_1 and _3 (vectors.S). */
extern char qv_wa_nothing[], qv_wa_ordinary[], qv_wa_a57_bp[], qv_wa_a57_bhb[];

struct cpu_part {
	uint32_t midr;
	int8_t wa[4];
	uint8_t bhb_loop;	/* taken branches that clear the history */
	/* The vector's code for WORKAROUND_1 and _3 where wa[] is IMPLEMENTED. */
	const char *vec1, *vec3;
};

static const struct cpu_part parts[] = {
	{ 0x4100d040, { UNAFFECTED, UNAFFECTED, UNAFFECTED, NOT_SUPPORTED }, 0, 0, 0 },	/* A35 */
	{ 0x4100d030, { UNAFFECTED, UNAFFECTED, UNAFFECTED, NOT_SUPPORTED }, 0, 0, 0 },	/* A53 */
	{ 0x4100d050, { UNAFFECTED, UNAFFECTED, UNAFFECTED, NOT_SUPPORTED }, 0, 0, 0 },	/* A55 */
	/* A57: qv_wa_a57_bhb's eight branches are bhb_loop. */
	{ 0x4100d070, { IMPLEMENTED, NOT_REQUIRED, IMPLEMENTED, NOT_SUPPORTED }, 8,
	  qv_wa_a57_bp, qv_wa_a57_bhb },
};

#define NPARTS (sizeof(parts) / sizeof(parts[0]))

static const struct cpu_part *this_part(void)
{
	uint32_t midr = (uint32_t)read_sysreg("midr_el1") & MIDR_PART_MASK;

	for (unsigned i = 0; i < NPARTS; i++) {
		if (parts[i].midr == midr)
			return &parts[i];
	}
	return 0;
}

/* A part not in the table: only what the ID registers promise. */
static int32_t state_from_id_regs(unsigned n)
{
	unsigned csv2 = id_field(read_sysreg("id_aa64pfr0_el1"), PFR0_CSV2);
	unsigned ssbs = id_field(read_sysreg("id_aa64pfr1_el1"), PFR1_SSBS);
	unsigned ecbhb = id_field(read_sysreg("id_aa64mmfr1_el1"), 60);

	switch (n) {
	case 1:
		return csv2 ? UNAFFECTED : NOT_SUPPORTED;
	case 2:
		return ssbs ? UNAFFECTED : NOT_SUPPORTED;
	case 3:
		return (csv2 >= 3 || ecbhb) ? UNAFFECTED : NOT_SUPPORTED;
	default:
		return NOT_SUPPORTED;
	}
}

int32_t plat_arch_workaround_state(unsigned n)
{
	const struct cpu_part *p = this_part();

	if (n < 1 || n > 4)
		return NOT_SUPPORTED;
	return p ? p->wa[n - 1] : state_from_id_regs(n);
}

/* With CPUACTLR_EL1[0] set (cpu.c), IC IALLU also empties the A57's BTB. */
static void branch_predictor_invalidate(void)
{
	__asm__ volatile("ic iallu\n\tdsb nsh\n\tisb" : : : "memory");
}

static void branch_history_clear(unsigned loops)
{
	__asm__ volatile("1:\tb 2f\n2:\tsubs %w0, %w0, #1\n\tb.ne 1b\n\tdsb nsh\n\tisb"
			 : "+r"(loops)
			 :
			 : "cc", "memory");
}

void plat_arch_workaround(unsigned n, uint64_t arg)
{
	const struct cpu_part *p = this_part();

	(void)arg;	/* WORKAROUND_2's enable/disable: the mitigation is static */
	if (!p || n < 1 || n > 4 || p->wa[n - 1] != IMPLEMENTED)
		return;
	if (n == 3 && p->bhb_loop)
		branch_history_clear(p->bhb_loop);
	if (n == 1 || n == 3)
		branch_predictor_invalidate();
}

/*
 * The code the SMC vector runs for WORKAROUND_n (n = 1, 3), on this CPU:
 * nothing when the CPU does not need it, the part's own sequence when it is
 * implemented, else the ordinary path (mon_smc() answers SMC_UNK, or a
 * described call). The same decision as arch_svc.c's workaround().
 */
static uintptr_t vector_code(const struct cpu_part *p, unsigned n, const char *code)
{
	int32_t state = plat_arch_workaround_state(n);

	if (state == UNAFFECTED)
		return (uintptr_t)qv_wa_nothing;
	if (state == IMPLEMENTED && p && code)
		return (uintptr_t)code;
	return (uintptr_t)qv_wa_ordinary;
}

/* At reset, on each CPU, with its frame. */
void qv_wa_select(struct qv_frame *f)
{
	const struct cpu_part *p = this_part();

	f->wa1 = vector_code(p, 1, p ? p->vec1 : 0);
	f->wa3 = vector_code(p, 3, p ? p->vec3 : 0);
	qv_trace_frame(f);
}
