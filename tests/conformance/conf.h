/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The conformance suite: SMCCC and PSCI checks written once against the
 * public API, run on any firmware through a conduit. A target (the host
 * simulator, the bare-metal test kernel on QEMU) describes itself in a
 * struct conf_env and arranges for conf_secondary() to run on any CPU that
 * is started at env->secondary_pc.
 *
 * Output is TAP: "ok N - name" or "not ok N - name # why". Checks that the
 * target cannot run are reported as "# skip" comments, never as "ok".
 * Freestanding C: no libc.
 */
#ifndef SECMON_CONF_H
#define SECMON_CONF_H

#include <stdbool.h>
#include <stdint.h>
#include <secmon/client.h>
#include <secmon/scmi.h>
#include <secmon/trng.h>

#define CONF_MAX_CPUS 16

struct conf_env {
	const char *name;
	const struct secmon_conduit *c;
	unsigned ncpus;
	/* mpidr[0] is the CPU that calls conf_run(); the others start off. */
	uint64_t mpidr[CONF_MAX_CPUS];
	/* Index of the calling CPU. */
	unsigned (*self)(void);
	/* An entry point that runs conf_secondary(context_id). */
	uint64_t secondary_pc;
	/* Addresses the normal world does not own (secure RAM, device, ...). */
	uint64_t bad_pc[4];
	unsigned nbad_pc;
	void (*puts)(const char *s);
	/* Called in every polling loop (the simulator yields the host CPU). */
	void (*relax)(void);
	/* Arms a wake-up interrupt before a suspend, or NULL when not needed. */
	void (*arm_wakeup)(void);
	/*
	 * The calling CPU's ID_AA64PFR0, ID_AA64DFR0, ID_AA64ISAR0 and
	 * ID_AA64MMFR0 (in that order), for the check of ARCH_FEATURE_AVAILABILITY
	 * against them; NULL where the caller cannot read them (the simulator).
	 */
	void (*id_regs)(uint64_t id[4]);
	/*
	 * A wake-up sent by another CPU, a software-generated interrupt:
	 * sgi_arm() on the CPU about to suspend enables it there (PSTATE keeps
	 * it masked: it only becomes pending), sgi_send(cpu) raises it for CPU
	 * `cpu` from the calling one, sgi_clear() on the woken CPU acknowledges
	 * it. NULL where the caller has no GIC of its own (the simulator).
	 */
	void (*sgi_arm)(void);
	void (*sgi_send)(unsigned cpu);
	void (*sgi_clear)(void);
	/* The firmware's idle states (from its DT); has_* false to skip. */
	bool has_standby, has_powerdown;
	uint32_t standby_state, powerdown_state;
	/* The system-level power-down state SYSTEM_SUSPEND enters, if known. */
	bool has_system_state;
	uint32_t system_state;
	/* Successful CPU_ONs the race test makes in all. */
	unsigned race_starts;
	/*
	 * The firmware's SCMI channel over SMC (its "arm,scmi-smc" node's
	 * arm,smc-id and shmem, as the caller maps it); scmi_shmem NULL when
	 * it has none: the SCMI checks are skipped.
	 */
	uint32_t scmi_fid;
	volatile uint32_t *scmi_shmem;
	uint32_t scmi_shmem_size;
};

/* Runs every check on the calling (boot) CPU. Returns the failures. */
int conf_run(const struct conf_env *env);

/* What a CPU started by the suite runs. Ends with CPU_OFF. */
void conf_secondary(uint64_t context_id);

#endif
