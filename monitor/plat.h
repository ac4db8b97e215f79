/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The one interface between the portable monitor (core, psci, services) and
 * a platform. Each platform implements every function here: the host
 * simulator (plat/host), or a firmware port, whose board (plat/<board>),
 * architecture layer (arch/<arch>) and freestanding support (fwlib) share
 * them out (docs/porting.md). The portable code includes nothing else
 * platform-specific.
 *
 * CPUs are numbered 0..plat_cpu_count()-1 ("index"); the normal world names
 * them by MPIDR. All functions may be called from any CPU unless noted.
 */
#ifndef SECMON_PLAT_H
#define SECMON_PLAT_H

#include <stdbool.h>
#include <stdint.h>

struct mon_caller;
struct secmon_trace_record;

/* Topology: cores in clusters, clusters in one system. */
unsigned plat_cpu_count(void);
unsigned plat_cluster_count(void);
unsigned plat_cpu_cluster(unsigned cpu);
uint64_t plat_cpu_mpidr(unsigned cpu);
/* Index of the CPU with this MPIDR affinity (Aff3..Aff0 only), or -1. */
int plat_cpu_index(uint64_t mpidr);

/* The monitor's one lock, held around every PSCI state change. */
void plat_lock(void);
void plat_unlock(void);

/*
 * The trusted OS (services/tosd.c): one synchronous entry on this CPU, at
 * `pc` in secure EL1 with every interrupt masked and x0-x7 = x[0..7].
 * `flags`: PLAT_TOS_FRESH its EL1 state as after a reset (MMU off: a first
 * entry, cpu_on), else as its last exit left it; PLAT_TOS_WATCH the
 * monitor's own interrupt (plat_tos_kick()) reaches the monitor while it
 * runs, whatever it masks (the normal world's interrupts wait meanwhile);
 * PLAT_TOS_RESUME back where the last exit left it, every register as
 * then (pc and x[] unused); with PLAT_TOS_ANSWER too, x0-x7 = x[0..7]
 * there (the monitor's answer to the SMC it exited with); PLAT_TOS_ITS_FIQ
 * the entry is for one of its own interrupts (its fiq entry), which it
 * must be able to take (else, in a watched entry, its interrupts may be
 * held back until the entry ends, the watch kept). Returns at its next
 * SMC (PLAT_TOS_SMC, its x0-x7 in x[]), at another exception it takes to
 * EL3 (PLAT_TOS_EXCEPTION, x[0] the syndrome, x[1] where), or at the
 * monitor's interrupt
 * (PLAT_TOS_INTERRUPT, acknowledged). The normal world's state is as
 * before; no lock may be held across it. plat_tos_kick(): the monitor's
 * interrupt to CPU `cpu`.
 */
enum { PLAT_TOS_SMC, PLAT_TOS_EXCEPTION, PLAT_TOS_INTERRUPT };
#define PLAT_TOS_FRESH	1u
#define PLAT_TOS_WATCH	2u
#define PLAT_TOS_RESUME	4u
#define PLAT_TOS_ANSWER	8u
#define PLAT_TOS_ITS_FIQ	16u
unsigned plat_tos_enter(unsigned cpu, uint64_t pc, unsigned flags, uint64_t x[8]);
void plat_tos_kick(unsigned cpu);
/*
 * The architecture's fast path into the trusted OS (a platform may have
 * none). plat_tos_fast_watch(), once at cold boot before any
 * plat_tos_fast_entry(): the n CPUs' watch words and how many ticks make
 * an entry late. From plat_tos_fast_entry() on, a fast call of the trusted
 * OS's entities on CPU `cpu` may enter it at `pc` (0: may not) straight
 * from the SMC vector, as a PLAT_TOS_WATCH entry would: watch[cpu] is the
 * counter | 1 while it runs (0 after its answer, PLAT_TOS_CALL_DONE, which
 * goes back to the caller with its x1-x4 as the caller's x0-x3), and each
 * such call first looks at one of watch[0..n-1] in turn, leaving the call
 * to mon_smc() when that CPU's entry is more than `late` ticks old. A fast
 * entry that ends otherwise goes to mon_smc() too, and this CPU's next
 * plat_tos_enter() returns that exit first, without entering (watch[cpu]
 * left set).
 */
#define PLAT_TOS_CALL_DONE	0xbe000005u	/* OP-TEE's RETURN_CALL_DONE */
void plat_tos_fast_watch(uint64_t *watch, unsigned n, uint64_t late);
void plat_tos_fast_entry(unsigned cpu, uint64_t pc);
/*
 * Cold boot, before the trusted OS's first entry (mon_tos_boot()): false
 * (and the console says why) when this CPU's features rule one out; else
 * the normal world's state the world switch does not keep is limited from
 * then on, on every CPU.
 */
bool plat_tos_prepare(void);
/*
 * Cold boot, around the trusted OS's first entry (mon_tos_boot()), when no
 * other CPU runs to find it late (plat_tos_kick()): a timer of the
 * monitor's, on this CPU, that ends a watched entry (PLAT_TOS_INTERRUPT)
 * `ticks` of counter time from now, whatever the trusted OS masks; each
 * call starts it again. 0: stopped, and whatever the trusted OS did not
 * take for itself in the meantime put back as it was.
 */
void plat_tos_boot_timer(uint64_t ticks);
/*
 * A trusted OS's interrupt pending at this CPU's FIQ with no trusted OS to
 * take it (mon_tos_fiq()): it and the rest of the trusted OS's interrupts
 * kept from reaching this CPU's FIQ again.
 */
void plat_tos_fiq_drop(void);

/*
 * Start CPU `cpu`, which the core has marked ON_PENDING: it will enter
 * mon_cpu_wakeup() on that CPU. Returns 0, or a PSCI error code.
 */
int plat_cpu_on(unsigned cpu);

/*
 * Power the calling CPU down (CPU_OFF, power-down suspend at `level`). Never
 * returns: the CPU comes back, if ever, through mon_cpu_wakeup(). A CPU that
 * is off wakes only for plat_cpu_on(); a suspended one also for its own
 * interrupts.
 */
_Noreturn void plat_cpu_off(unsigned cpu);
_Noreturn void plat_cpu_suspend(unsigned cpu, unsigned level);

/*
 * The power states the platform offers (DEN0022 6.5, the original
 * power_state format), as TF-A's validate_power_state() knows them: which
 * states exist at which power level, what each costs. CPU_SUSPEND accepts
 * the core and cluster ones, SYSTEM_SUSPEND enters the system one, the
 * statistics count them, and mon_dt_fixup() describes them to the OS
 * (/cpus/idle-states, the /psci power-domain hierarchy). Latencies are in
 * microseconds; docs/porting.md says how a port derives them.
 */
enum plat_level { PLAT_LEVEL_CORE, PLAT_LEVEL_CLUSTER, PLAT_LEVEL_SYSTEM };

struct plat_power_state {
	const char *name;		/* DT node name, e.g. "cpu-retention" */
	uint32_t power_state;		/* what CPU_SUSPEND is passed */
	bool powerdown;			/* false: standby (retention), returns */
	unsigned level;			/* PLAT_LEVEL_*: deepest level it powers off */
	uint32_t entry_latency_us;
	uint32_t exit_latency_us;
	uint32_t min_residency_us;
	bool timer_stops;		/* the CPU's local timer stops in it */
};

/* At most this many states; at most one power-down state per level. */
#define PLAT_MAX_POWER_STATES 8

/*
 * The table, shallowest first, in resident memory: a core standby state,
 * a core power-down state and a system power-down state (SYSTEM_SUSPEND)
 * are required; a cluster power-down state is optional. *n gets the count.
 */
const struct plat_power_state *plat_power_states(unsigned *n);

/* Standby (retention) on the calling CPU until a wake-up event; returns. */
void plat_cpu_standby(unsigned cpu);

/* System power. Never return. */
_Noreturn void plat_system_off(void);
_Noreturn void plat_system_reset(void);

/*
 * SYSTEM_RESET2 with a vendor-specific type (bit 31 set); a warm reset
 * (type 0) goes to plat_system_reset(). plat_system_reset2_check() answers
 * 0 when the platform knows the type (and takes the cookie), else a PSCI
 * error code, and does nothing else; plat_system_reset2() then resets (the
 * core records the reset in between). Only called with a type the check
 * accepted.
 */
int plat_system_reset2_check(uint32_t reset_type, uint64_t cookie);
_Noreturn void plat_system_reset2(uint32_t reset_type, uint64_t cookie);

/*
 * True when [base, base + size) lies wholly inside memory that the normal
 * world owns (an entry point, a buffer). Must reject wrap-around.
 */
bool plat_ns_range_ok(uint64_t base, uint64_t size);

/*
 * The width of the normal world that CPU_ON and a power-down wake-up enter
 * (the lower EL the firmware enters, whatever the caller's width): true for
 * AArch32, where bit 0 of an entry point selects Thumb state; false for
 * AArch64, where an entry point must be word aligned.
 */
bool plat_ns_entry_aarch32(void);

/*
 * What a CPU_ON or a power-down CPU_SUSPEND keeps of its caller for the warm
 * entry it sets up (struct mon_ns_entry's mode; opaque to the core, like
 * struct mon_caller's): read on the calling CPU during the call. Besides the
 * caller's own mode it holds what PSCI has the entry inherit, the caller's
 * endianness (the system control register's EE bit of the mode the platform
 * enters, as TF-A takes it).
 */
uint64_t plat_ns_entry_mode(const struct mon_caller *caller);

/* Monotonic time in microseconds, for PSCI_STAT_RESIDENCY. */
uint64_t plat_time_us(void);

/*
 * Recording (core/trace.c, docs/trace.md). plat_counter() is the generic
 * counter (CNTPCT; the host simulator: any monotonic count) that stamps each
 * record, plat_counter_hz() its frequency.
 */
uint64_t plat_counter(void);
uint64_t plat_counter_hz(void);

/*
 * The records of the trace rings: *rings rings (one per CPU the platform can
 * have: at least plat_cpu_count(), at most MON_MAX_CPUS) of *len records
 * each (a power of two, at most MON_TRACE_RECORDS), ring i at index i * *len.
 * Sized by the platform's own CPU limit, not the core's; the monitor writes
 * every record before it reads it, so the memory need not be zeroed. Asked
 * once, at cold boot.
 */
struct secmon_trace_record *plat_trace_records(unsigned *rings, unsigned *len);

/*
 * The monitor's pointer to normal-world memory [pa, pa + size), which
 * plat_ns_range_ok() accepted, for the copy TRACE_READ makes; NULL when the
 * monitor cannot reach it. 8-byte aligned pa gives an 8-byte aligned pointer.
 */
void *plat_ns_map(uint64_t pa, uint64_t size);

/* The exception level (1 or 2) of the caller a struct mon_caller describes. */
unsigned plat_caller_el(const struct mon_caller *caller);

/*
 * True when the caller is a hypervisor's guest: it runs at EL1 while EL2
 * translates its addresses (stage 2 on: HCR_EL2.VM, or HCR.VM for an
 * AArch32 EL2). Its addresses are then not physical ones and the machine
 * is not its to watch. An EL1 caller under no EL2, or under one that
 * leaves its addresses alone (Linux's EL2 stub, KVM's host in nVHE mode),
 * owns the physical address space as an EL2 caller does.
 */
bool plat_caller_is_guest(const struct mon_caller *caller);

/*
 * Recording was switched on or off: a platform whose SMC entry answers some
 * calls without mon_smc() (the fast path) sends every call to mon_smc()
 * while it is on, so that each is recorded, and goes back when it is off.
 * The SMCCC ARCH_WORKAROUND calls only when `workarounds` says they are
 * recorded too; else they keep their fast answers (and mon_smc() does not
 * record those it gets). Called under plat_lock() (at cold boot, before any
 * other CPU runs): it must not take the lock itself.
 */
void plat_trace_switched(bool on, bool workarounds);

/*
 * SMCCC_ARCH_FEATURES answer for ARCH_WORKAROUND_n (n = 1..4) on the calling
 * CPU: 0 the workaround call is implemented and needed, 1 not needed on
 * this CPU, -1 not supported, -2 not required for this system.
 */
int32_t plat_arch_workaround_state(unsigned n);
/* Carry out ARCH_WORKAROUND_n on the calling CPU (x1 = its argument). */
void plat_arch_workaround(unsigned n, uint64_t arg);

/*
 * SMCCC_ARCH_FEATURE_AVAILABILITY (docs/smccc.md) on the calling CPU: reg is
 * an EL3 register's selector (SECMON_FEAT_AVAIL_*, its MRS encoding); *mask
 * gets the features that register, as the platform programmed it for the
 * normal world, enables for the lower ELs: each feature enable bit at its
 * own position, 1 = enabled, trap bits inverted, no other bits. Answers
 * SUCCESS (0); INVALID_PARAMETER (-3) for a register the platform does not
 * report; NOT_SUPPORTED (-1), for every reg, when it has no EL3 registers
 * (the call is not offered).
 */
int32_t plat_feature_availability(uint64_t reg, uint64_t *mask);

/*
 * Entropy for the TRNG service: fills out[0..n-1] (n <= 3) with 64-bit words
 * from the platform's source, each bit as unpredictable as the source makes
 * it (docs/entropy.md). Answers PLAT_ENTROPY_OK; PLAT_ENTROPY_EMPTY when the
 * source cannot deliver now (TRNG answers NO_ENTROPY), out then unspecified;
 * PLAT_ENTROPY_NONE when the platform has no source (no TRNG service). With
 * n = 0 it only says which of OK and NONE holds. Runs on the SMC path: it
 * must not wait long, and what it leaves in secure memory stays there.
 */
enum { PLAT_ENTROPY_OK, PLAT_ENTROPY_EMPTY, PLAT_ENTROPY_NONE };
int plat_entropy(uint64_t *out, unsigned n);

/*
 * One call of the board DT's l2x0-init sequence (services/described.c), its
 * function ID and registers 1-3 as the caller passed them: a platform whose
 * vendor ABI programs the L2 cache controller through these calls (Samsung's:
 * the PL310's registers are secure-write-only) does what the call asks;
 * others have nothing to do. PSCI SUCCESS, or an error with nothing written.
 */
int plat_l2x0_call(uint32_t fid, uint64_t a1, uint64_t a2, uint64_t a3);

/* Console output of the monitor's own log. */
void plat_putc(char c);

#endif
