/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Exceptions other than SMC. The normal world should never trap here: cpu.c
 * enables everything its ID registers advertise. If it does, say so on the
 * secure console and resolve the trap the way hardware without the feature
 * would: a trapped system-register access reads as zero and ignores writes
 * (the instruction is skipped), anything else becomes an Undefined
 * Instruction exception at the EL that caused it.
 */
#include <stdbool.h>
#include <stdint.h>
#include "a64.h"
#include "../../fwlib/fwlib.h"

#define KIND_SYNC	0
#define KIND_IRQ	1
#define KIND_FIQ	2
#define KIND_SERROR	3
#define LOG_LIMIT	32
#define ESR_IL		(1u << 25)

static uint32_t reports;

static void report(const char *what, uint64_t esr)
{
	uint64_t spsr = read_sysreg("spsr_el3");

	if (__atomic_fetch_add(&reports, 1, __ATOMIC_RELAXED) >= LOG_LIMIT)
		return;
	fw_err("unexpected %s from %s EL%u: ESR_EL3 %lx ELR_EL3 %lx FAR_EL3 %lx (CPU MPIDR %lx)\n",
	       what, (spsr & SPSR_M_AARCH32) ? "AArch32" : "AArch64",
	       (spsr & SPSR_M_AARCH32) ? 0 : (unsigned)((spsr >> 2) & 3), (unsigned long)esr,
	       (unsigned long)read_sysreg("elr_el3"), (unsigned long)read_sysreg("far_el3"),
	       (unsigned long)read_sysreg("mpidr_el1"));
}

static void skip_instruction(uint64_t esr)
{
	write_sysreg("elr_el3", read_sysreg("elr_el3") + ((esr & ESR_IL) ? 4 : 2));
}

/* MRS/MSR trap: ISS bit 0 = read, Rt in ISS[9:5]. */
static void sysreg_raz_wi(struct a64_trap *t, uint64_t esr)
{
	unsigned rt = (unsigned)(esr >> 5) & 0x1f;

	if ((esr & 1) && rt != 31)
		t->x[rt] = 0;
	skip_instruction(esr);
}


static void write_el_regs(unsigned el, uint64_t esr, uint64_t elr, uint64_t spsr)
{
	if (el == 2) {
		write_sysreg("esr_el2", esr);
		write_sysreg("elr_el2", elr);
		write_sysreg("spsr_el2", spsr);
	} else {
		write_sysreg("esr_el1", esr);
		write_sysreg("elr_el1", elr);
		write_sysreg("spsr_el1", spsr);
	}
}

/*
 * Deliver an Undefined Instruction exception (EC 0, IL set) to the EL that
 * trapped, or to EL1 (EL2 when HCR_EL2.TGE is set) for EL0.
 */
static void inject_undef(void)
{
	uint64_t spsr = read_sysreg("spsr_el3");
	unsigned from = (unsigned)(spsr >> 2) & 3;
	bool tge = a64_has_el2() && (read_sysreg("hcr_el2") & (1ull << 27));
	unsigned to = from ? from : (tge ? 2 : 1);
	uint64_t vbar = to == 2 ? read_sysreg("vbar_el2") : read_sysreg("vbar_el1");
	uint64_t offset = from == to ? ((spsr & 1) ? 0x200 : 0x000) : 0x400;

	write_el_regs(to, ESR_IL, read_sysreg("elr_el3"), spsr);
	write_sysreg("elr_el3", vbar + offset);
	write_sysreg("spsr_el3", SPSR_DAIF | ((uint64_t)to << 2) | 1);
}

static void lower_sync(struct a64_trap *t)
{
	uint64_t esr = read_sysreg("esr_el3");
	unsigned ec = (unsigned)(esr >> EC_SHIFT) & 0x3f;
	bool aarch32 = (read_sysreg("spsr_el3") & SPSR_M_AARCH32) != 0;

	report(ec == EC_SYSREG ? "system register trap" : "synchronous exception", esr);
	if (ec == EC_SYSREG)
		sysreg_raz_wi(t, esr);
	else if (aarch32)
		skip_instruction(esr);	/* no AArch32 exception entry emulated here */
	else
		inject_undef();
}

void a64_lower_exception(struct a64_trap *t, unsigned kind)
{
	switch (kind) {
	case KIND_SYNC:
		lower_sync(t);
		break;
	case KIND_FIQ:
		/*
		 * A trusted OS's secure interrupt goes to it (it acknowledges it
		 * itself); else a stray wake-up SGI, e.g. sent to a core that was
		 * already on. With no trusted OS left to take it (it broke), its
		 * interrupts are silenced there: this one would come back at once.
		 */
		if (!board_fiq_is_tos())
			board_fiq();
		else
			mon_tos_fiq((unsigned)arch_cpu_index(read_sysreg("mpidr_el1")),
				    read_sysreg("elr_el3"));
		break;
	case KIND_IRQ:
		report("IRQ", read_sysreg("esr_el3"));
		break;
	default:
		report("SError", read_sysreg("esr_el3"));
		break;
	}
}

/* A fault in the monitor itself: report it everywhere and stop this CPU. */
_Noreturn void arch_monitor_fault(void)
{
	fw_fatal("EL3 fault: ESR_EL3 %lx ELR_EL3 %lx FAR_EL3 %lx SPSR_EL3 %lx MPIDR %lx\n",
		 (unsigned long)read_sysreg("esr_el3"), (unsigned long)read_sysreg("elr_el3"),
		 (unsigned long)read_sysreg("far_el3"), (unsigned long)read_sysreg("spsr_el3"),
		 (unsigned long)read_sysreg("mpidr_el1"));
	for (;;)
		wfi();
}
