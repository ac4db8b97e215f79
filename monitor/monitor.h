/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The portable monitor as a platform sees it: initialise once on the boot
 * CPU, hand it every SMC from the normal world, and ask it where a CPU that
 * wakes from power-down should enter the normal world.
 */
#ifndef SECMON_MONITOR_H
#define SECMON_MONITOR_H

/* The constants up to the C part below are for assembly too. */
#include <secmon/smccc.h>

/*
 * A function that only the cold boot runs (mon_init() and what it calls
 * before the normal world starts; never through a pointer): a platform may
 * link it apart from the resident part, as the AArch64 ports do with
 * .boot.text (monitor/arch/aarch64/link.ld.in; scripts/boot-split.py fails
 * the build when resident code calls it). Elsewhere it is ordinary code.
 */
#define MON_COLD_BOOT __attribute__((section(".boot.text")))

/*
 * Upper bound on plat_cpu_count(); sizes the core's per-CPU state. The one
 * statement of the CPU limits; the others are different facts, each held
 * to this one where it matters:
 * - a platform's own limit is at most this: PLAT_MAX_CPUS (a firmware
 *   port's platform.h: 16 on qemu-virt-a64, QEMU virt's first cluster,
 *   MPIDR.Aff0 = index; 8 on qemu-virt-a32, GICv2's CPU interfaces),
 *   SIM_MAX_CPUS (host/sim.h);
 * - SECMON_FWOPS_MAX_CPUS (include/secmon/fwops.h) is the normal world's:
 *   how many CPUs the library's firmware operations address (secmon.ko:
 *   the kernel's NR_CPUS). Its default covers every CPU of secmon's own
 *   platforms, which the test kernel and the host tests drive through it.
 * plat/qemu-virt/plat.c and host/sim.c assert both relations.
 */
#ifndef MON_MAX_CPUS
#define MON_MAX_CPUS 16
#endif

/*
 * Records in each CPU's trace ring (core/trace.c): a power of two, at most
 * 0xffff, in memory the platform gives (plat_trace_records(), plat.h: a
 * ring per CPU it can drive). 2048 (256 KiB a CPU) hold what
 * Linux's idle and hotplug make between two reads of make run TRACE=1's
 * reader (docs/trace.md, "Rings and lost records").
 */
#ifndef MON_TRACE_RECORDS
#define MON_TRACE_RECORDS 2048
#endif

/*
 * MPIDR's affinity fields, a CPU's name in PSCI: Aff3 (bits 39:32) and
 * Aff2..Aff0 (23:0). An AArch32 MPIDR has no Aff3: on its 32 bits the mask
 * keeps Aff2..Aff0.
 */
#define MON_MPIDR_AFF_MASK SECMON_ULL(0xff00ffffff)

#ifndef __ASSEMBLER__
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * secmon's SoC identity for SMCCC_ARCH_SOC_ID: JEP-106 continuation bank 0x5e
 * is far beyond the banks JEDEC has assigned, so it names no real vendor.
 * Code 0x0c (0x8c with its odd-parity bit), SoC 0x5ec0.
 */
#define MON_SOC_JEP106_BANK 0x5e
#define MON_SOC_JEP106_CODE 0x8c
#define MON_SOC_ID 0x5ec0

/* An erratum the platform works around on request (secmon's errata service). */
struct mon_erratum {
	uint32_t id;
	bool (*needed)(unsigned cpu);	/* NULL: every CPU needs it */
	void (*apply)(unsigned cpu);	/* on the calling CPU; NULL: nothing to do */
};

struct mon_config {
	unsigned boot_cpu;
	/* PSCI functions the platform cannot do: bit n = function number n. */
	uint32_t psci_unsupported;
	/* SMCCC_ARCH_SOC_ID answers. */
	uint32_t soc_version;	/* see secmon_soc_id_version() */
	uint32_t soc_revision;
	const char *soc_name;	/* NULL: SOC_ID name not offered; copied by mon_init() */
	/*
	 * The board's DT (NULL: none): legacy ABIs and services to serve. It
	 * must stay where it is while the monitor runs.
	 */
	const void *board_dtb;
	/*
	 * Errata served by SECMON_SIP_ERRATA_* (at most 32). The monitor keeps
	 * the pointer and calls the checks at run time: the table and the
	 * functions must stay where they are (resident code and data).
	 */
	const struct mon_erratum *errata;
	unsigned nerrata;
};

/* Who made the call: the platform's own record of the caller's state. */
struct mon_caller {
	bool aarch32;		/* caller runs AArch32: SMC64 is refused */
	uint64_t mode;		/* opaque to the core, e.g. the caller's EL */
};

/* Where a waking CPU enters the normal world. */
struct mon_ns_entry {
	uint64_t pc;
	uint64_t context_id;	/* goes in the CPU's x0 / r0 */
	uint64_t mode;		/* the mon_caller.mode of the call that set pc */
};

/*
 * Cold boot, on the boot CPU. Returns 0, or -1 when the board DT is wrong
 * (the log then says which node and property, and why).
 */
int mon_init(const struct mon_config *cfg);

/*
 * One SMC from the normal world on CPU `cpu`. On entry regs holds the
 * caller's x0-x17; on return it holds the answer: results written, every
 * other register as it was. May not return (CPU_OFF, SYSTEM_OFF, ...).
 */
void mon_smc(unsigned cpu, struct secmon_regs *regs, const struct mon_caller *caller);

/*
 * A trusted OS in secure EL1 (services/tosd.c, docs/trusted-os.md).
 * mon_tos_boot(): cold boot, on the boot CPU, once the OS's DT is final: its
 * first entry at `entry` with x0-x3 = args (OP-TEE: pageable part, its
 * size, the DT, 0); true when it answered ENTRY_DONE with a vector table
 * inside [base, end), and it then owns the trusted-OS entities. Else the
 * console says why, and the monitor goes on without it.
 * mon_tos_fiq(): a secure interrupt (not the monitor's own) taken while the
 * normal world ran at `ns_pc`: to the trusted OS; with none to take it on
 * this CPU (it broke, or has not seen the CPU), its interrupts are
 * silenced (plat_tos_fiq_drop()).
 * mon_tos_running(): from its ENTRY_DONE until it is found broken.
 * mon_tos_hosted(): the image has the dispatcher (a port built with TOSD=1);
 * cold boot only. Without it a board loads no trusted OS and the others
 * are false at once.
 */
bool mon_tos_hosted(void);
bool mon_tos_boot(unsigned cpu, uint64_t entry, uint64_t base, uint64_t end,
		  const uint64_t args[4]);
void mon_tos_fiq(unsigned cpu, uint64_t ns_pc);
bool mon_tos_running(void);

/*
 * The fast path (optional: mon_smc() gives every answer, only slower), for a
 * platform's SMC entry, indexed by owning entity (oen = bits 29:24 of w0):
 *
 * - .mult, .shift, .slots: the exact filter. Every ID that mon_smc() may
 *   answer other than SMC_UNK (a service's, a general query, a call the
 *   board DT describes with its ID in x0; with and without the SVE hint bit
 *   where the core ignores it) is slots[(uint32_t)(fid * mult) >> shift]
 *   (shift taken on 64 bits: 32 for a one-slot table). An ID whose slot does
 *   not hold it is SMC_UNK (-1 in all 64 bits for an AArch64 caller) unless
 *   .all is set: then the filter rules nothing out.
 * - .fast: the entity's answer to the few calls that take their arguments
 *   in x1-x3 and answer in x0 alone (never NULL): called for a fast call (bit
 *   31 set, bits 23:17 clear) from an AArch64 caller with regs->x[0..3] as
 *   the caller made them (the other registers need not be there), it answers
 *   in regs->x[0] exactly as mon_smc() would and returns true, or returns
 *   false having done nothing.
 * - .answers: parallel to .slots, how an AArch64 caller's call of the ID in
 *   that slot is answered (struct mon_answer): some without any code, a
 *   constant, a lookup of w1 or, when w1 is not one the call accepts, a
 *   refusal.
 *
 * Filled by mon_init(). mon_smc_fast() and mon_fid_filtered() are the same
 * in C.
 */
#define MON_ANSWER_FAST	0	/* .fast(fid, regs), mon_smc() if it declines */
#define MON_ANSWER_FULL	1	/* mon_smc() */
#define MON_ANSWER_VALUE 2	/* x0 = .value sign-extended: a constant */
#define MON_ANSWER_LOOKUP 3	/* x0 = lookup of w1, mon_answer_lookup() */
#define MON_ANSWER_CHECK 4	/* w1 accepted (mon_checks[.check]): mon_smc(); else x0 = .value */
struct mon_answer {
	uint32_t how;		/* MON_ANSWER_* */
	int32_t value;		/* VALUE: the answer; LOOKUP: the answer when w1 is not
				   served; CHECK: the answer when w1 is not accepted */
	int32_t about;		/* a LOOKUP call's answer when w1 is this slot's ID */
	uint32_t check;		/* CHECK: its index in mon_checks */
};
/*
 * The values of w1 a MON_ANSWER_CHECK call accepts (CPU_SUSPEND: the
 * power_states the platform offers), an exact filter like a route's: w1 is
 * accepted when slots[(uint32_t)(w1 * mult) >> shift] == w1 (shift on 64
 * bits: 32 for a one-slot table). A call with any
 * other w1 is refused without code; an accepted one goes on to mon_smc().
 */
struct mon_check {
	uint32_t mult, shift;
	const uint32_t *slots;
};
#define MON_MAX_CHECKS 4
extern struct mon_check mon_checks[MON_MAX_CHECKS];
struct mon_route {
	_Alignas(64) uint32_t mult;
	uint32_t shift;
	const uint32_t *slots;
	bool (*fast)(uint32_t fid, struct secmon_regs *regs);
	uint64_t all;
	const struct mon_answer *answers;
};
extern struct mon_route mon_routes[64];
bool mon_fid_filtered(uint32_t fid);
bool mon_smc_fast(struct secmon_regs *regs);
/*
 * A MON_ANSWER_LOOKUP call's answer (the one of slot `a`) for w1 = id: the
 * .about of id's slot when id is an ID some route's filter holds, else a->value.
 * Only set up when no route is unfiltered.
 */
int32_t mon_answer_lookup(const struct mon_answer *a, uint32_t id);
/* Whether a MON_ANSWER_CHECK call (the one of slot `a`) accepts w1 = v. */
bool mon_answer_accepts(const struct mon_answer *a, uint32_t v);

/*
 * Recording (core/trace.c, docs/trace.md): moves up to max of the oldest
 * records of all CPUs' rings (struct secmon_trace_record, <secmon/trace.h>)
 * to dst, 64 bits at a time, as TRACE_READ does; *lost gets the records
 * lost since the previous drain, at most lost_max (the rest stays counted
 * for the next drain), *waiting those left. For a platform that reads its
 * own trace (the simulator, after a run). Returns the count.
 */
unsigned mon_trace_drain(volatile uint64_t *dst, unsigned max, uint64_t lost_max,
			 uint64_t *lost, uint64_t *waiting);

/*
 * The monitor's printf (core/log.c), which its log uses and a platform's
 * own messages may: fmt's %s %c %d %i %u %x %X %o %p and %%, with the
 * flags '-' and '0', a width and a precision (digits or '*') and the
 * length modifiers hh, h, l, ll and z, as C's printf gives them (no
 * floating point; %p of NULL is 0x0). The result goes into buf, n bytes,
 * always NUL-terminated when n is not 0 (len counts every character, as
 * snprintf's answer does), or, with buf NULL, to plat_putc(). No function
 * pointer: the stack check (scripts/stack-usage.py) follows every call.
 */
struct mon_fmt {
	char *buf;
	size_t n, len;
};
void mon_vformat(struct mon_fmt *o, const char *fmt, va_list ap);

/* SMCCC_VERSION's answer, which a fast path may give itself. */
extern const uint32_t mon_smccc_version;

/*
 * On a CPU that plat_cpu_on() started or that wakes from a power-down
 * suspend: updates the CPU's PSCI state and says where to go. False for a
 * spurious wake-up: the platform then powers the CPU down again.
 */
bool mon_cpu_wakeup(unsigned cpu, struct mon_ns_entry *entry);

/*
 * Power-off (reset false) or reset that the normal world asked for on `cpu`
 * other than by an SMC (the QEMU ports' power-off mailbox, for PSCI 0.1
 * boards): recorded as SYSTEM_OFF and SYSTEM_RESET are (docs/trace.md), then
 * plat_system_off() or plat_system_reset(). Called on `cpu` itself, between
 * SMCs or from a monitor wait; never returns. (PSCI's: psci/psci.c.)
 */
_Noreturn void mon_system_asked(unsigned cpu, bool reset);

/*
 * A deterministic random bit generator (core/drbg.c) for a platform whose
 * entropy is a seed it is given once (QEMU's /secure-chosen/rng-seed): the
 * output is as unpredictable as the seed and no more (docs/entropy.md).
 * Zero-initialised; seed with at least MON_DRBG_MIN_SEED bytes (more calls
 * mix more in) before mon_drbg_generate() gives n 64-bit words. Not
 * thread-safe: the platform serialises calls.
 */
#define MON_DRBG_MIN_SEED 16
struct mon_drbg {
	uint32_t key[8];
	uint64_t blocks;	/* ChaCha20 blocks computed so far */
	uint64_t seed_bytes;
};
void mon_drbg_seed(struct mon_drbg *d, const void *seed, unsigned len);
bool mon_drbg_generate(struct mon_drbg *d, uint64_t *out, unsigned n);
/* One ChaCha20 block (RFC 8439 2.3), words in the RFC's little-endian order. */
void mon_chacha20_block(const uint32_t key[8], uint32_t counter, const uint32_t nonce[3],
			uint32_t out[16]);

/*
 * Writes this monitor's normal-world description into `fdt` (opened with
 * room to grow), after mon_init(): each service its part, in order
 * (core/services.c's mon_services_os_dt()): the board DT's PSCI node, or a
 * standard PSCI 1.1 one, with the idle states and power domains of the
 * platform's power states; the SCMI server when the platform has a channel
 * (/firmware/scmi and the channel under /reserved-memory); the board's
 * call tables under /firmware. Returns 0 or a libfdt error.
 */
int mon_dt_fixup(void *fdt, const void *board_dtb);

/*
 * Within mon_dt_fixup(): gives `node` the next free phandle (*phandle gets
 * it). The first call walks the whole tree once for the largest phandle in
 * use, later ones count on (fdt_generate_phandle() walks it every time:
 * half a million instructions on QEMU's DT), so nothing else may add a
 * phandle between two calls. Returns 0 or a libfdt error.
 */
int mon_dt_set_phandle(void *fdt, int node, uint32_t *phandle);

/*
 * The state the normal world left the SCMI server's resources in, one
 * console line ("secmon: scmi state: clock apb_pclk on, ...; domain virtio
 * on, ..."; secure-only resources left out), for a platform to print at
 * power-off so that a test can hold it against the OS's own view. Prints
 * nothing without the server.
 */
void mon_scmi_report(void);

#endif /* __ASSEMBLER__ */

#endif
