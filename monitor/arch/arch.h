/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Between an architecture layer (monitor/arch/<arch>/: the reset entry, the
 * exception vectors and the world switch, the CPU's set-up at reset and on
 * each entry to the normal world, traps) and the board it runs on
 * (monitor/plat/<board>/): what every architecture gives a board (arch_*
 * here, and its sysreg.h: barriers, MMIO, the generic counter), and what it
 * asks of the board (board_* here, and the PLAT_* constants of the board's
 * platform.h). A build has one architecture and one board, so the names
 * are the same on every architecture. docs/porting.md has the contracts at
 * more length.
 *
 * The board's platform.h (found on the include path, as sysreg.h is) gives,
 * for C and assembly:
 *   PLAT_MAX_CPUS          CPUs the port drives, at most MON_MAX_CPUS
 *   PLAT_CPU_INDEX_MASK    the MPIDR bits that are a CPU's index (its lowest)
 *   PLAT_CPU_CLUSTER       every CPU's other affinity bits (arch_cpu_index())
 *   PLAT_STACK_SIZE        each CPU's stack, its frame (frame.h) at the top
 *   PLAT_COLD_STACK_SIZE   the boot CPU's stack for the cold boot
 *   PLAT_CODE_BASE, PLAT_CODE_SIZE   where the image runs in place
 *   PLAT_DATA_BASE, PLAT_DATA_SIZE   secure RAM: data, stacks
 */
#ifndef SECMON_ARCH_H
#define SECMON_ARCH_H

#include "platform.h"

/*
 * board_tos_pmr()'s mask around a watched trusted-OS entry (below): only
 * the secure priorities, as the normal world's are 0x80-0xff in the secure view.
 */
#define BOARD_TOS_PMR	0x80

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>
#include "sysreg.h"
#include "../monitor.h"

/*
 * The index of the CPU with this MPIDR as the board numbers its CPUs (the
 * entry code applies the same rule before any C runs), or -1 for a CPU the
 * port does not drive: it stays in the monitor, and the OS must not see it.
 */
static inline int arch_cpu_index(uint64_t mpidr)
{
	uint64_t aff = mpidr & MON_MPIDR_AFF_MASK;
	uint64_t index = aff & PLAT_CPU_INDEX_MASK;

	if ((aff & ~(uint64_t)PLAT_CPU_INDEX_MASK) != PLAT_CPU_CLUSTER || index >= PLAT_MAX_CPUS)
		return -1;
	return (int)index;
}

/*
 * Leave for the normal world on this CPU where a CPU_ON or a power-down
 * wake-up says, at the level the architecture enters (the highest the
 * normal world has), as after a real power-down.
 */
_Noreturn void arch_enter_normal_world(const struct mon_ns_entry *e);
/*
 * Cold boot, the last step: enter the OS (or a bootloader) at `entry` the
 * way its boot protocol asks, with its DT at `dtb`.
 */
_Noreturn void arch_enter_os(uint64_t entry, uint64_t dtb);
/* For the cold boot's log: "normal world at EL2", "... in SVC mode". */
const char *arch_ns_level_name(void);
/* For the cold boot's log: the CPU, and what the monitor enabled for the normal world. */
void arch_cpu_describe(void);
/*
 * Around the cold boot's use of libfdt: the FP/SIMD unit for it where the
 * architecture's ABI needs it (armhf), and after it every FP register
 * cleared, so that none of the monitor's values reaches the normal world.
 */
void arch_fp_cold_enable(void);
void arch_fp_cold_disable(void);
/*
 * The CPU's own random number generator (AArch64 FEAT_RNG), if it has one:
 * arch_rng_read() fills out[0..n-1], false when the generator failed.
 */
bool arch_rng_present(void);
bool arch_rng_read(uint64_t *out, unsigned n);
/* A fault in the monitor (its stack protector, say): report it on every console, stop this CPU. */
_Noreturn void arch_monitor_fault(void);

/*
 * Asked of the board. board_cold_boot(): the boot CPU (index 0), once,
 * after .data and .bss are set up, on the cold-boot stack; it enters the OS
 * (arch_enter_os()). board_secondary_boot(): every other CPU at reset, on
 * its own stack, which is all that is set up for it: it waits until the
 * boot CPU is ready and a CPU_ON starts it. board_fiq(): a group-0
 * interrupt (the monitor's own: a stray wake-up SGI, a board timer) taken
 * while the normal world ran.
 */
_Noreturn void board_cold_boot(void);
_Noreturn void board_secondary_boot(unsigned cpu);
void board_fiq(void);
/*
 * On an architecture that hosts a trusted OS (AArch64): the interrupt
 * pending at this CPU's FIQ is a secure one that is not the monitor's own
 * (the trusted OS's, which it acknowledges itself), asked before board_fiq().
 */
bool board_fiq_is_tos(void);
/*
 * Around a watched entry into the trusted OS: the CPU interface's priority
 * mask set to `pmr` (BOARD_TOS_PMR, then the value it had); the value it
 * had returned.
 */
uint32_t board_tos_pmr(uint32_t pmr);
/*
 * In a watched entry, one of the trusted OS's interrupts came to EL3 as an
 * FIQ (board_fiq_is_tos()): the priority mask to set (board_tos_pmr()) to
 * hold it back until the entry ends, the monitor's own interrupt still let
 * through, so that the entry goes on watched; 0 when it cannot be held
 * back (it is at the monitor's priority) and the entry goes on unwatched,
 * for the trusted OS to take it.
 */
uint32_t board_tos_fiq_priority(void);

/*
 * Between the code every architecture shares (the C files of monitor/arch)
 * and each architecture's own. Each has a per-CPU frame (struct
 * arch_frame, its frame.h) at the top of the CPU's stack, holding the code
 * its SMC vector runs for SMCCC_ARCH_WORKAROUND_1 and _3 (workaround.c
 * chooses it at reset) and what recording switches (trace_frames.c).
 */
struct arch_frame;
struct arch_frame *arch_frame_of(unsigned cpu);
/* Cold boot, the boot CPU's entry code: .data copied, .bss zeroed (boot_memory.c). */
void arch_boot_memory(void);
/* At reset, on each CPU: the workaround calls' code in its frame (workaround.c). */
void arch_wa_select(struct arch_frame *f);
/* The vector's code when the CPU needs nothing, and the ordinary path (vectors.S). */
extern char arch_wa_nothing[], arch_wa_ordinary[];
/*
 * SMCCC_ARCH_WORKAROUND_1..4 (workaround.c the decision; each
 * architecture's workaround.h its table of known parts, arch_cpu_parts[],
 * and arch_wa_unlisted() for another part; its sysreg.h the sequences:
 * arch_midr(), arch_bp_invalidate(), arch_bhb_clear()). A state is what
 * ARCH_FEATURES answers: 0 implemented and needed, 1 not needed on this
 * CPU, -1 not supported here, -2 not required (mitigated statically).
 *   1 = CVE-2017-5715 (Spectre v2)   2 = CVE-2018-3639 (SSB)
 *   3 = CVE-2022-23960 (BHB) + v2    4 = CVE-2024-7881 (not implemented)
 */
#define ARCH_WA_IMPLEMENTED	0
#define ARCH_WA_UNAFFECTED	1
#define ARCH_WA_NOT_SUPPORTED	(-1)
#define ARCH_WA_NOT_REQUIRED	(-2)
/* MIDR: implementer and part number, not variant and revision. */
#define MIDR_PART_MASK		0xff00fff0u

struct arch_cpu_part {
	uint32_t midr;
	int8_t wa[4];
	uint8_t bhb_loop;	/* taken branches that clear the history */
	/* The vector's code for WORKAROUND_1 and _3 where wa[] is IMPLEMENTED. */
	const char *vec1, *vec3;
};
/*
 * Recording (trace_frames.c): at reset, from arch_wa_select() with this
 * CPU's own workaround code, the frame as recording wants it. Each
 * architecture's trace.h, which trace_frames.c includes, has
 * arch_frame_trace(f, tr), which writes its frame's words, each with one
 * store, for recording off (tr 0) or on (ARCH_TRACE_ON, and ARCH_TRACE_WA
 * when the workaround calls are recorded too), and arch_trace_prepare(),
 * what they point at (before any frame is switched).
 */
#define ARCH_TRACE_ON	1u
#define ARCH_TRACE_WA	2u
void arch_trace_frame(struct arch_frame *f, uintptr_t wa1, uintptr_t wa3);
#endif

#endif
