/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The host simulator: the portable monitor in-process, each simulated CPU a
 * thread. Normal-world "code" is a host function: a CPU started at address
 * pc runs cfg->entry(cpu, pc, context_id, arg). Returning from it is an
 * implicit CPU_OFF. From a simulated CPU's thread, secmon_conduit_sim makes
 * an SMC on that CPU.
 *
 * The simulation ends when the system is powered off or reset, or when
 * every CPU is off. A CPU that is still running normal-world code then
 * stops at its next SMC, so entry functions must make calls or return.
 */
#ifndef SECMON_SIM_H
#define SECMON_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <secmon/calltab.h>
#include <secmon/conduit.h>

#define SIM_MAX_CPUS 16	/* at most MON_MAX_CPUS (monitor.h: the CPU limits) */

/* The simulator's errata (secmon's SiP errata service). */
#define SIM_ERRATUM_NEEDED 0x5ec00001u
#define SIM_ERRATUM_NOT_NEEDED 0x5ec00002u

/* The simulated platform's entropy source (plat_entropy()). */
enum sim_entropy {
	SIM_ENTROPY_HOST,	/* the host's getrandom(): the default */
	SIM_ENTROPY_NONE,	/* no source: no TRNG service */
	SIM_ENTROPY_EMPTY,	/* a source that never delivers (NO_ENTROPY) */
	SIM_ENTROPY_ONES,	/* every bit 1: shows which bits a call passes on */
};

struct sim_config {
	unsigned ncpus;		/* 1..SIM_MAX_CPUS */
	unsigned cluster_size;	/* cores per cluster; 0 means 4 */
	uint64_t ns_base, ns_size; /* normal-world memory; 0 size: 1 GiB at 2 GiB */
	bool aarch32;		/* the normal world runs AArch32 (and CPUs wake in it) */
	uint32_t psci_unsupported; /* see struct mon_config */
	unsigned tick_us;	/* timer interrupt waking suspended CPUs; 0: 1000 */
	const void *board_dtb;	/* legacy ABIs and services to serve, or NULL */
	const char *soc_name;	/* SOC_ID's name; NULL: "secmon host simulator" */
	enum sim_entropy entropy;
	void (*entry)(unsigned cpu, uint64_t pc, uint64_t context_id, void *arg);
	void *arg;
	/* The monitor's console, one character at a time; NULL: stderr. */
	void (*console)(char c, void *arg);
	/* Called after each SMC with the registers sent and received. */
	void (*trace)(unsigned cpu, const struct secmon_regs *in, const struct secmon_regs *out,
		      void *arg);
};

enum sim_end {
	SIM_END_ALL_OFF,
	SIM_END_SYSTEM_OFF,
	SIM_END_SYSTEM_RESET,
	SIM_END_RESET2,
};

/*
 * Boots CPU 0 at boot_pc with x0 = boot_ctx and runs until the simulation
 * ends. Returns an enum sim_end, or -1 for a bad configuration.
 */
int sim_run(const struct sim_config *cfg, uint64_t boot_pc, uint64_t boot_ctx);

/* The MPIDR of simulated CPU `cpu`: cluster in Aff1, core in Aff0. */
uint64_t sim_mpidr(unsigned cpu);

/* The calling thread's simulated CPU, or -1. */
int sim_self(void);

/* An interrupt for `cpu`: wakes it from standby or power-down suspend. */
void sim_wake(unsigned cpu);

/*
 * Whether `cpu` sits in plat_cpu_suspend()'s wait: the monitor has done all
 * it does before a power-down (its state, statistics and trace event).
 */
bool sim_suspended(unsigned cpu);

/* 64-bit words plat_entropy() has delivered since sim_run started. */
unsigned long sim_entropy_words(void);

/* After a vendor SYSTEM_RESET2: the type and cookie it was given. */
void sim_last_reset2(uint32_t *type, uint64_t *cookie);

/*
 * The DT the simulated normal world boots with: /cpus with the simulated
 * MPIDRs and the monitor's description of itself (see mon_dt_fixup), built
 * in buf, for ncpus CPUs four to a cluster (or sim_run's last cluster
 * size). Not while sim_run() runs. Returns 0 or a libfdt error.
 */
int sim_ns_dt(void *buf, int size, unsigned ncpus, const void *board_dtb);

/*
 * Physical memory the simulated monitor can reach (the SCMI channel, the
 * buffers TRACE_READ fills): a window from just below the default
 * normal-world memory into it.
 */
#define SIM_WINDOW_BASE 0x7ffff000ull
#define SIM_WINDOW_SIZE 0x21000u
/* The default SCMI channel, in normal-world memory. */
#define SIM_SCMI_BASE 0x80000800ull
#define SIM_SCMI_SIZE 0x100u

/* The host pointer for [pa, pa + size) of the window, or NULL. */
void *sim_phys(uint64_t pa, uint64_t size);

/*
 * The library's access to physical memory (<secmon/calltab.h>) in the
 * simulator: the window above, as the normal world sees it; a word outside
 * it is SECMON_E_INVALID_ADDRESS.
 */
extern const struct secmon_ct_mem sim_mem;

/* Where the SCMI channel is from the next sim_run() on; size 0: none. */
void sim_scmi_channel(uint64_t base, uint32_t size);

/*
 * Who the calling thread's next SMCs come from: an OS at EL `el` (1 or 2),
 * or with `guest` a hypervisor's guest at EL1 (plat_caller_is_guest()).
 * Each thread starts as an OS at EL1.
 */
void sim_caller(unsigned el, bool guest);

/*
 * A fake trusted OS for the dispatcher's tests (services/tosd.c): the
 * monitor's plat_tos_enter() calls it when set (plat.h has the contract);
 * NULL: every entry ends in an exception. sim_tos_kicks counts
 * plat_tos_kick()s per CPU.
 */
extern unsigned (*sim_tos)(unsigned cpu, uint64_t pc, unsigned flags, uint64_t x[8]);
extern unsigned sim_tos_kicks[SIM_MAX_CPUS];
/*
 * plat_tos_boot_timer(): sim_tos_boot_timer the ticks of its last call (0:
 * stopped), sim_tos_boot_timer_starts how many calls started it.
 */
extern uint64_t sim_tos_boot_timer;
extern unsigned sim_tos_boot_timer_starts;

extern const struct secmon_conduit secmon_conduit_sim;
extern const struct secmon_conduit secmon_conduit_sim32;

#endif
