/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Per-CPU EL3 configuration. Everything the normal world may use is enabled
 * here, each item driven by the ID register field that advertises it, so that
 * an OS which sees a feature in its ID registers never traps to EL3 for it.
 * Runs on every CPU at reset before any RAM other than its stack is touched:
 * it keeps no state.
 */
#include <stdbool.h>
#include <stdint.h>
#include "a64.h"
#include "frame.h"
#include "../../fwlib/fwlib.h"
#include "../../monitor.h"
#include "../../plat.h"

enum id_reg {
	PFR0, PFR1, PFR2, ISAR0, ISAR1, ISAR2, MMFR0, MMFR1, MMFR3, DFR0, SMFR0, ID_REGS
};

static void read_id_regs(uint64_t id[ID_REGS])
{
	id[PFR0] = read_sysreg("id_aa64pfr0_el1");
	id[ISAR0] = read_sysreg("id_aa64isar0_el1");
	id[PFR1] = read_sysreg("id_aa64pfr1_el1");
	id[PFR2] = read_sysreg(ID_AA64PFR2_EL1);
	id[ISAR1] = read_sysreg("id_aa64isar1_el1");
	id[ISAR2] = read_sysreg(ID_AA64ISAR2_EL1);
	id[MMFR0] = read_sysreg("id_aa64mmfr0_el1");
	id[MMFR1] = read_sysreg("id_aa64mmfr1_el1");
	id[MMFR3] = read_sysreg(ID_AA64MMFR3_EL1);
	id[DFR0] = read_sysreg("id_aa64dfr0_el1");
	id[SMFR0] = read_sysreg(ID_AA64SMFR0_EL1);
}

/*
 * A feature present when ID field (reg, shift) >= min sets `width` bits from
 * `bit` in the EL3 register `to` (struct el3_config). Names inline: the table
 * is resident (every CPU's reset reads it), its names only the cold boot's
 * log. Bit numbers rather than a 64-bit mask keep a row at 18 bytes, the
 * table at about two thirds of its size: EL3_BITS() takes the register's
 * mask, whose bits are contiguous in every row.
 */
enum el3_reg { SCR, CPTR, MDCR, EL3_REGS };

struct feature {
	uint8_t bit, width;
	uint8_t reg, shift;
	uint8_t min : 4, to : 4;
	char name[13];
};

/* The number of a mask's lowest bit, a constant. */
#define BIT_NO(mask) __builtin_ctzll(mask)
#define EL3_BITS(mask) .bit = BIT_NO(mask), .width = __builtin_popcountll(mask)

static inline uint64_t feature_bits(const struct feature *f)
{
	return ((1ull << f->width) - 1) << f->bit;
}

static const struct feature features[] = {
	{ EL3_BITS(SCR_HCE), PFR0, PFR0_EL2, 1, SCR, "EL2" },
	{ EL3_BITS(CPTR_EZ), PFR0, PFR0_SVE, 1, CPTR, "SVE" },
	{ EL3_BITS(SCR_ENSCXT), PFR0, PFR0_CSV2, 2, SCR, "CSV2_2" },
	{ EL3_BITS(SCR_AMVOFFEN), PFR0, PFR0_AMU, 2, SCR, "AMUv1p1" },
	{ EL3_BITS(SCR_ATA), PFR1, PFR1_MTE, 2, SCR, "MTE2" },
	{ EL3_BITS(SCR_ENTP2), PFR1, PFR1_SME, 1, SCR, "SME" },
	{ EL3_BITS(CPTR_ESM), PFR1, PFR1_SME, 1, CPTR, "SME" },
	{ EL3_BITS(SCR_GCSEN), PFR1, PFR1_GCS, 1, SCR, "GCS" },
	{ EL3_BITS(SCR_RCWMASKEN), PFR1, PFR1_THE, 1, SCR, "THE" },
	{ EL3_BITS(SCR_PFAREN), PFR1, PFR1_PFAR, 1, SCR, "PFAR" },
	{ EL3_BITS(SCR_ENFPM), PFR2, 32, 1, SCR, "FPMR" },
	{ EL3_BITS(SCR_API | SCR_APK), ISAR1, 4, 1, SCR, "PAuth APA" },
	{ EL3_BITS(SCR_API | SCR_APK), ISAR1, 8, 1, SCR, "PAuth API" },
	{ EL3_BITS(SCR_API | SCR_APK), ISAR1, 24, 1, SCR, "PAuth GPA" },
	{ EL3_BITS(SCR_API | SCR_APK), ISAR1, 28, 1, SCR, "PAuth GPI" },
	{ EL3_BITS(SCR_API | SCR_APK), ISAR2, 8, 1, SCR, "PAuth GPA3" },
	{ EL3_BITS(SCR_API | SCR_APK), ISAR2, 12, 1, SCR, "PAuth APA3" },
	{ EL3_BITS(SCR_ENAS0 | SCR_ADEN), ISAR1, 60, 3, SCR, "LS64_ACCDATA" },
	{ EL3_BITS(SCR_FGTEN), MMFR0, 56, 1, SCR, "FGT" },
	{ EL3_BITS(SCR_FGTEN2), MMFR0, 56, 2, SCR, "FGT2" },
	{ EL3_BITS(SCR_ECVEN), MMFR0, 60, 1, SCR, "ECV" },
	{ EL3_BITS(SCR_HXEN), MMFR1, 40, 1, SCR, "HCX" },
	{ EL3_BITS(SCR_TCR2EN), MMFR3, 0, 1, SCR, "TCR2" },
	{ EL3_BITS(SCR_SCTLR2EN), MMFR3, 4, 1, SCR, "SCTLR2" },
	{ EL3_BITS(SCR_PIEN), MMFR3, 8, 1, SCR, "S1PIE" },
	{ EL3_BITS(SCR_PIEN), MMFR3, 12, 1, SCR, "S2PIE" },
	{ EL3_BITS(SCR_PIEN), MMFR3, 16, 1, SCR, "S1POE" },
	{ EL3_BITS(SCR_PIEN), MMFR3, 20, 1, SCR, "S2POE" },
	{ EL3_BITS(SCR_AIEN), MMFR3, 24, 1, SCR, "AIE" },
	{ EL3_BITS(SCR_D128EN), MMFR3, 32, 1, SCR, "D128" },
	{ EL3_BITS(MDCR_NSPB), DFR0, 32, 1, MDCR, "SPE" },
	{ EL3_BITS(MDCR_NSTB), DFR0, 44, 1, MDCR, "TRBE" },
	{ EL3_BITS(MDCR_SBRBE), DFR0, 52, 1, MDCR, "BRBE" },
	/* PMUVer 6 = PMUv3p5 (0xf, IMPLEMENTATION DEFINED, is excluded below). */
	{ EL3_BITS(MDCR_SCCD), DFR0, DFR0_PMUVER, 6, MDCR, "PMUv3p5" },
	/* PMUVer 9: PMUv3p9's registers (PMUACR_EL1, PMECR_EL1, ...) not trapped. */
	{ EL3_BITS(MDCR_ENPM2), DFR0, DFR0_PMUVER, 9, MDCR, "PMUv3p9" },
};

#define NFEATURES (sizeof(features) / sizeof(features[0]))

static bool feature_present(const struct feature *f, const uint64_t id[ID_REGS])
{
	unsigned v = id_field(id[f->reg], f->shift);

	return v >= f->min && v != 0xf;
}

struct el3_config {
	uint64_t reg[EL3_REGS];	/* SCR_EL3, CPTR_EL3, MDCR_EL3 */
};

/*
 * SCR_EL3 bits never to set, whatever the ID registers say: 0 normally;
 * a test build clears one (e.g. SCR_OFF=0x10000, APK) to exercise traps.c.
 */
#ifndef A64_SCR_OFF
#define A64_SCR_OFF 0
#endif

static struct el3_config el3_config(const uint64_t id[ID_REGS])
{
	/*
	 * Normal world below, AArch64 at EL2/EL1; group-0 FIQs (the monitor's
	 * own SGI) come to EL3; no instruction fetch from NS memory while
	 * secure; SMC enabled; secure self-hosted debug off.
	 */
	struct el3_config c = { { SCR_NS | SCR_FIQ | SCR_RES1 | SCR_SIF | SCR_RW, 0, MDCR_SDD } };

	for (unsigned i = 0; i < NFEATURES; i++)
		if (feature_present(&features[i], id))
			c.reg[features[i].to] |= feature_bits(&features[i]);
	c.reg[SCR] &= ~(uint64_t)A64_SCR_OFF;
	return c;
}

/* ZCR_EL3 0 (128 bits) from when a trusted OS is offered (plat_tos_prepare(), tos.c), else 0xf. */
bool a64_sve_capped;

/*
 * Vector lengths: let the normal world pick up to the largest the CPU has;
 * 128 bits with a trusted OS, whose FP/SIMD use would otherwise clear the
 * upper bits of the normal world's z registers (tos.S keeps q0-q31 only).
 */
static void vector_lengths(const uint64_t id[ID_REGS])
{
	uint64_t smcr = 0xf;

	if (id_field(id[PFR0], PFR0_SVE))
		write_sysreg(ZCR_EL3, a64_sve_capped ? 0 : 0xf);
	if (!id_field(id[PFR1], PFR1_SME))
		return;
	if (id[SMFR0] >> 63)
		smcr |= 1ull << 31;	/* FA64 */
	if (id_field(id[PFR1], PFR1_SME) >= 2)
		smcr |= 1ull << 30;	/* EZT0 */
	write_sysreg(SMCR_EL3, smcr);
}

static bool has_mpam(const uint64_t id[ID_REGS])
{
	return id_field(id[PFR0], PFR0_MPAM) || id_field(id[PFR1], 16);
}

/* MPAM: lower ELs must not trap to EL3 on its registers. */
static void mpam_init(const uint64_t id[ID_REGS])
{
	if (has_mpam(id))
		write_sysreg(MPAM3_EL3, MPAM3_MPAMEN);
}

static bool is_cortex_a57(void)
{
	return (read_sysreg("midr_el1") & 0xff00fff0) == 0x4100d070;
}

/*
 * Cortex-A57: SMPEN for coherency; CPUACTLR_EL1[0] so that IC IALLU also
 * invalidates the branch predictor (ARCH_WORKAROUND_1/3); CPUACTLR_EL1[55]
 * disables load-pass-store, the static CVE-2018-3639 mitigation
 * (ARCH_WORKAROUND_2 then answers NOT_REQUIRED). QEMU accepts and ignores
 * these registers on its Cortex-A57 model; other models lack them.
 */
static void cortex_a57_init(void)
{
	if (!is_cortex_a57())
		return;
	write_sysreg(A57_CPUECTLR_EL1, read_sysreg(A57_CPUECTLR_EL1) | (1ull << 6));
	write_sysreg(A57_CPUACTLR_EL1, read_sysreg(A57_CPUACTLR_EL1) | 1ull | (1ull << 55));
}

/*
 * CNTFRQ_EL0 is writable only at EL3. QEMU resets it to the counter's real
 * rate, so keep that; program the board's 62.5 MHz if it reads zero.
 */
static void timer_init(void)
{
	if (read_sysreg("cntfrq_el0") == 0)
		write_sysreg("cntfrq_el0", 62500000);
}

void a64_cpu_reset_init(unsigned cpu)
{
	uint64_t id[ID_REGS];
	struct el3_config c;

	(void)cpu;
	read_id_regs(id);
	c = el3_config(id);
	write_sysreg("scr_el3", c.reg[SCR]);
	write_sysreg("cptr_el3", c.reg[CPTR]);
	write_sysreg("mdcr_el3", c.reg[MDCR]);
	isb();
	vector_lengths(id);
	mpam_init(id);
	cortex_a57_init();
	timer_init();
	isb();
}

/*
 * SMCCC_ARCH_FEATURE_AVAILABILITY (docs/smccc.md). A 1 says the lower ELs
 * have the feature its bit controls and EL3 lets them use it, so the
 * answer matches the CPU's ID registers, as TF-A's does and Arm's TFTF
 * checks bit by bit:
 *   - an enable bit is reported as programmed: the features table above
 *     sets it only where the ID registers show the feature, less
 *     `unreported` (bits that set up the monitor or the world rather than a
 *     feature: the owning-world half of a two-bit field, PAuth's second bit,
 *     EL2's HVC enable, PMUv3p5's secure cycle-count prohibit);
 *   - a trap bit the monitor leaves clear is reported inverted where the
 *     CPU has what it traps (traps[]), else 0. MDCR_EL3.EnPM2 is an enable
 *     with a row there too: it guards registers of later PMUs (PMUv3p9);
 *     the features table sets it where they exist (reported as set) and it
 *     is RES0, clear, elsewhere, where nothing is blocked: 1 on every CPU.
 * MPAM3_EL3 has no row in the features table: its one trap bit only.
 */
enum { MPAM3 = EL3_REGS, ID_ALL = ID_REGS };

static const struct availability {
	uint32_t selector;
	uint8_t reg;
	uint64_t unreported;
} availability[] = {
	{ SECMON_FEAT_AVAIL_SCR_EL3, SCR, SCR_HCE | SCR_API },
	{ SECMON_FEAT_AVAIL_CPTR_EL3, CPTR, 0 },
	{ SECMON_FEAT_AVAIL_MDCR_EL3, MDCR, MDCR_NSPB_SS | MDCR_NSTB_SS | MDCR_SBRBE_SS | MDCR_SCCD },
	{ SECMON_FEAT_AVAIL_MPAM3_EL3, MPAM3, MPAM3_MPAMEN },
};

/*
 * A trap bit (its number) of EL3 register `to`, and the ID field (>= 1) of
 * what it traps. Bit numbers, not masks: the table is resident.
 */
static const struct trap {
	uint8_t bit, to, id, shift;
} traps[] = {
	{ BIT_NO(SCR_TERR), SCR, PFR0, PFR0_RAS },		/* RAS error records */
	{ BIT_NO(SCR_TRNDR), SCR, ISAR0, ISAR0_RNDR },		/* RNDR, RNDRRS */
	{ BIT_NO(CPTR_TFP), CPTR, ID_ALL, 0 },			/* FP/SIMD */
	{ BIT_NO(CPTR_TTA), CPTR, DFR0, DFR0_TRACEVER },	/* trace unit system registers */
	{ BIT_NO(CPTR_TAM), CPTR, PFR0, PFR0_AMU },		/* activity monitors */
	{ BIT_NO(CPTR_TCPAC), CPTR, ID_ALL, 0 },		/* CPACR_EL1, CPTR_EL2 */
	{ BIT_NO(MDCR_TPM), MDCR, DFR0, DFR0_PMUVER },		/* PMUv3 (or an IMP DEF PMU) */
	{ BIT_NO(MDCR_ENPM2), MDCR, ID_ALL, 0 },		/* an enable, see above */
	{ BIT_NO(MDCR_TDA), MDCR, ID_ALL, 0 },			/* debug registers */
	{ BIT_NO(MDCR_TDOSA), MDCR, ID_ALL, 0 },		/* OS lock, power-down registers */
	{ BIT_NO(MDCR_TTRF), MDCR, DFR0, DFR0_TRACEFILT },	/* trace filter controls */
	{ BIT_NO(MDCR_TDCC), MDCR, MMFR0, MMFR0_FGT },		/* DCC (FEAT_FGT's bit) */
	{ BIT_NO(MPAM3_TRAPLOWER), MPAM3, ID_ALL, 0 },		/* MPAM (asked only when present) */
};

/* What the calling CPU's EL3 register holds; false when it has none. */
static bool el3_reg_read(unsigned reg, const uint64_t id[ID_REGS], uint64_t *v)
{
	switch (reg) {
	case SCR:
		*v = read_sysreg("scr_el3");
		return true;
	case CPTR:
		*v = read_sysreg("cptr_el3");
		return true;
	case MDCR:
		*v = read_sysreg("mdcr_el3");
		return true;
	}
	if (!has_mpam(id))
		return false;
	*v = read_sysreg(MPAM3_EL3);
	return true;
}

int32_t plat_feature_availability(uint64_t selector, uint64_t *mask)
{
	const struct availability *a = 0;
	uint64_t id[ID_REGS], enables = 0, v;

	for (unsigned i = 0; i < sizeof(availability) / sizeof(availability[0]); i++)
		if (availability[i].selector == selector)
			a = &availability[i];
	read_id_regs(id);
	if (!a || !el3_reg_read(a->reg, id, &v))
		return SECMON_SMCCC_INVALID_PARAMETER;
	for (unsigned i = 0; i < NFEATURES; i++)
		if (features[i].to == a->reg)
			enables |= feature_bits(&features[i]);
	*mask = v & enables & ~a->unreported;
	for (unsigned i = 0; i < sizeof(traps) / sizeof(traps[0]); i++)
		if (traps[i].to == a->reg && !((v >> traps[i].bit) & 1) &&
		    (traps[i].id == ID_ALL || id_field(id[traps[i].id], traps[i].shift)))
			*mask |= 1ull << traps[i].bit;
	return SECMON_SMCCC_SUCCESS;
}

/*
 * TFV-5: on a PMUv3 without v3p5 (no MDCR_EL3.SCCD, e.g. Cortex-A57) the SMC
 * vector sets PMCR_EL0.DP while the monitor runs (vectors.S pmu_hide);
 * with PMUv3p5 SCCD does it (el3_config()), without a PMU there is nothing
 * to hide.
 */
void a64_pmu_select(struct arch_frame *f)
{
	unsigned pmuver = id_field(read_sysreg("id_aa64dfr0_el1"), 8);

	f->pmu_dp = pmuver >= 1 && pmuver < 6;
	f->pmcr = 0;
}

bool a64_has_el2(void)
{
	return id_field(read_sysreg("id_aa64pfr0_el1"), PFR0_EL2) != 0;
}

/* An EL1 caller (AArch64 or AArch32) while HCR_EL2.VM is set, read as the call made it. */
bool plat_caller_is_guest(const struct mon_caller *caller)
{
	return plat_caller_el(caller) == 1 && a64_has_el2() && (read_sysreg("hcr_el2") & HCR_VM);
}

MON_COLD_BOOT void arch_cpu_describe(void)
{
	uint64_t id[ID_REGS];

	read_id_regs(id);
	fw_info("CPU MIDR %lx, SCR_EL3 %lx, CPTR_EL3 %lx, MDCR_EL3 %lx\n",
		(unsigned long)read_sysreg("midr_el1"), (unsigned long)read_sysreg("scr_el3"),
		(unsigned long)read_sysreg("cptr_el3"), (unsigned long)read_sysreg("mdcr_el3"));
	for (unsigned i = 0; i < NFEATURES; i++) {
		/* A feature with bits in two registers has two rows: one line. */
		if (feature_present(&features[i], id) &&
		    (i == 0 || strcmp(features[i].name, features[i - 1].name)))
			fw_info("  enabled for the normal world: %s\n", features[i].name);
	}
}

/*
 * A core that CPU_ON or a power-down wake-up starts enters at the caller's
 * EL, but never below EL2 when EL2 exists: an OS whose kernel runs at EL1
 * under its own EL2 code (Linux with KVM in nVHE mode) calls CPU_ON from EL1
 * and expects its secondaries at EL2, as on cold boot. Hence EL2 if present,
 * else EL1; only the EL is taken from the caller, never its DAIF or flags.
 */
uint64_t a64_ns_entry_spsr(uint64_t caller_spsr)
{
	(void)caller_spsr;
	return SPSR_DAIF | (a64_has_el2() ? SPSR_M_EL2H : SPSR_M_EL1H);
}

/* SCR_EL3.RW is set: every core CPU_ON or a wake-up starts runs AArch64. */
bool plat_ns_entry_aarch32(void)
{
	return false;
}

/*
 * PSCI: a core that CPU_ON starts or that wakes from a power-down enters
 * the normal world as after a real power-down: the MMU and caches of EL2
 * and of EL1 off, EL2's traps and routing (HCR_EL2) clear, the endianness
 * the caller had (EE). QEMU does not
 * power a core down, so it still holds the system registers it had: reset
 * those an OS relies on, the OS sets up the rest itself. EL1's matter even
 * when the core enters at EL2: a hypervisor that owns EL2 (protected KVM)
 * initialises EL2 itself and then enters the host kernel at EL1 with EL1's
 * registers as the core left them, expecting its MMU off.
 */
void a64_ns_entry_prepare(uint64_t spsr, bool big_endian)
{
	uint64_t ee = big_endian ? SCTLR_EE : 0;

	if ((spsr & 0xf) == SPSR_M_EL2H) {
		write_sysreg("hcr_el2", 0);
		write_sysreg("sctlr_el2", SCTLR_EL2_OFF | ee);
	}
	write_sysreg("sctlr_el1", SCTLR_EL1_OFF | ee);
	isb();
}

/*
 * PSCI: the entry keeps the caller's endianness, SCTLR_ELx.EE of the EL a
 * warm entry enters (EL2 if present, as a64_ns_entry_spsr() chooses), read
 * during the call as TF-A does; a64_ns_entry_prepare() sets it for EL2 and
 * EL1 both.
 */
uint64_t plat_ns_entry_mode(const struct mon_caller *caller)
{
	uint64_t sctlr = a64_has_el2() ? read_sysreg("sctlr_el2") : read_sysreg("sctlr_el1");

	return caller->mode | (sctlr & SCTLR_EE ? A64_ENTRY_BIG_ENDIAN : 0);
}

_Noreturn void arch_enter_normal_world(const struct mon_ns_entry *e)
{
	uint64_t spsr = a64_ns_entry_spsr(e->mode);

	a64_ns_entry_prepare(spsr, (e->mode & A64_ENTRY_BIG_ENDIAN) != 0);
	a64_enter_ns(e->pc, spsr, e->context_id);
}
