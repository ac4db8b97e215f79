/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Firmware operations drivers need, whatever the board's secure monitor
 * speaks: PSCI, a DT-described call table, or nothing. An operation the
 * backend does not have answers SECMON_E_NOT_SUPPORTED without making any
 * call; secmon_fwops_has() says so in advance.
 *
 * CPUs are logical numbers 0..ncpus-1, with their MPIDRs given at init.
 */
#ifndef SECMON_FWOPS_H
#define SECMON_FWOPS_H

#include <stdbool.h>
#include <stdint.h>
#include <secmon/calltab.h>
#include <secmon/conduit.h>

/*
 * The CPUs the firmware operations address; a build may set its own
 * (secmon.ko: the kernel's NR_CPUS). Not the monitor's limit
 * (MON_MAX_CPUS, monitor/monitor.h, which says how the two relate).
 */
#ifndef SECMON_FWOPS_MAX_CPUS
#define SECMON_FWOPS_MAX_CPUS 16
#endif

/* The first operations of the call tables' vocabulary (<secmon/calltab.h>). */
enum secmon_fwop {
	SECMON_FWOP_CPU_BOOT = SECMON_CT_CPU_BOOT,
	SECMON_FWOP_SET_CPU_BOOT_ADDR = SECMON_CT_SET_CPU_BOOT_ADDR,
	SECMON_FWOP_GET_CPU_BOOT_ADDR = SECMON_CT_GET_CPU_BOOT_ADDR,
	SECMON_FWOP_DO_IDLE = SECMON_CT_DO_IDLE,
	SECMON_FWOP_SUSPEND = SECMON_CT_SUSPEND,
	SECMON_FWOP_RESUME = SECMON_CT_RESUME,
	SECMON_FWOP_L2X0_INIT = SECMON_CT_L2X0_INIT,
	SECMON_FWOP_C15RESUME = SECMON_CT_C15RESUME,
	SECMON_FWOP_COUNT,
};

enum secmon_fwops_backend {
	SECMON_FWOPS_NONE,
	SECMON_FWOPS_PSCI,
	SECMON_FWOPS_TABLE,
};

struct secmon_fwops_impl;

struct secmon_fwops {
	enum secmon_fwops_backend backend;
	const struct secmon_fwops_impl *impl;	/* the backend's operations (fwops.c) */
	const struct secmon_conduit *c;
	const struct secmon_calltab *t;
	const struct secmon_ct_op *op[SECMON_FWOP_COUNT];	/* table backend */
	const struct secmon_ct_op *cpu_on, *cpu_suspend;	/* PSCI 0.1 tables */
	unsigned ncpus;
	uint64_t mpidr[SECMON_FWOPS_MAX_CPUS];
	uint64_t boot_addr[SECMON_FWOPS_MAX_CPUS];
	bool boot_addr_set[SECMON_FWOPS_MAX_CPUS];
	/*
	 * Physical words the table says the caller writes or reads itself
	 * (secmon_fwops_set_mem()); NULL: none can be, and the operations that
	 * need them are absent.
	 */
	const struct secmon_ct_mem *mem;
	/*
	 * CPU_SUSPEND power_state for do_idle: secmon_fwops_init_dt() takes the
	 * DT's first standby idle state; 0 (standby, StateID 0) without one.
	 */
	uint32_t idle_state;
};

void secmon_fwops_init_none(struct secmon_fwops *o);
int secmon_fwops_init_psci(struct secmon_fwops *o, const struct secmon_conduit *c,
			   const uint64_t *mpidr, unsigned ncpus);
int secmon_fwops_init_table(struct secmon_fwops *o, const struct secmon_conduit *c,
			    const struct secmon_calltab *t, const uint64_t *mpidr, unsigned ncpus);

/* The conduits a DT's "method" may name; NULL where the caller has none. */
struct secmon_conduits {
	const struct secmon_conduit *smc, *hvc;
};

/*
 * From a board DT: its "secmon,call-table" node if it has one (that is not
 * a service with a compatible of its own), else its PSCI node (PSCI 0.1's
 * custom IDs become a table in *t), else none. MPIDRs come from /cpus.
 * Errors name the node and property in *err.
 */
int secmon_fwops_init_dt(struct secmon_fwops *o, const void *fdt, const struct secmon_conduits *cs,
			 struct secmon_calltab *t, struct secmon_ct_error *err);

/*
 * Gives a table backend the user's access to physical memory, after init:
 * a cpu-boot with an entry-address then has set/get_cpu_boot_addr, which
 * write and read that word and make no call (Linux's Exynos
 * set_cpu_boot_addr), and an operation with words (word-names, ...) writes
 * them before its calls. `mem` must outlive `o`; NULL takes it away.
 */
void secmon_fwops_set_mem(struct secmon_fwops *o, const struct secmon_ct_mem *mem);

/* Reads PSCI 0.1's cpu_on/cpu_off/cpu_suspend/migrate IDs into a table. */
int secmon_calltab_from_psci(const void *fdt, int node, struct secmon_calltab *t,
			     struct secmon_ct_error *err);

/* Every function of the firmware operations is secmon_fwops_*(). */
bool secmon_fwops_has(const struct secmon_fwops *o, enum secmon_fwop op);
/* The operation's name in a call table ("cpu-boot"), "?" for none. */
const char *secmon_fwops_name(enum secmon_fwop op);

int secmon_fwops_cpu_boot(const struct secmon_fwops *o, unsigned cpu);
int secmon_fwops_set_cpu_boot_addr(struct secmon_fwops *o, unsigned cpu, uint64_t addr);
int secmon_fwops_get_cpu_boot_addr(const struct secmon_fwops *o, unsigned cpu, uint64_t *addr);
int secmon_fwops_do_idle(const struct secmon_fwops *o, unsigned long mode);
/*
 * do_idle with the address the CPU resumes at when the idle state loses its
 * context (a table whose do-idle takes an entry: Samsung's AFTR writes it to
 * SYSRAM); do_idle() alone gives none, which such a table refuses
 * (SECMON_E_INVALID_PARAMETERS, nothing written or called).
 */
int secmon_fwops_do_idle_entry(const struct secmon_fwops *o, unsigned long mode, uint64_t entry);
int secmon_fwops_suspend(const struct secmon_fwops *o, uint64_t entry);
int secmon_fwops_resume(const struct secmon_fwops *o);
int secmon_fwops_l2x0_init(const struct secmon_fwops *o);
int secmon_fwops_c15resume(const struct secmon_fwops *o, uint64_t regs);

#endif
