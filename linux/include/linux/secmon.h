/* SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause */
/*
 * secmon: the board's secure-monitor ABI, as its device tree describes it,
 * for kernel drivers. Exported (GPL) by secmon.ko; see docs/linux-module.md.
 *
 * Every int-returning function returns 0 or a negative errno:
 *   -EOPNOTSUPP  the firmware or the board lacks the operation
 *   -EINVAL      invalid parameters (or a handle/name that is not valid)
 *   -EPERM       the firmware denied the call
 *   -EBUSY       already on (PSCI ALREADY_ON)
 *   -EINPROGRESS on pending (PSCI ON_PENDING)
 *   -EIO         internal failure in the firmware
 *   -ENODEV      not present;  -ENXIO disabled
 *   -EFAULT      invalid address
 *   -EALREADY    not required (an SMCCC workaround this CPU does not need)
 *   -EAGAIN      no entropy
 *   -EPROTO      the firmware answered outside its specification
 *   -ENOENT      no such service, operation or parameter
 *   -E2BIG       more named values than one call can take (SECMON_MAX_ARGS)
 *
 * Calls (secmon_call*, secmon_firmware_*, secmon_arch_features) neither
 * sleep nor allocate and take no sleeping lock: they may be made from any
 * context, secmon_call_by_name() and secmon_get_by_name() included. Getting
 * a handle with secmon_get() or devm_secmon_get() may sleep.
 */
#ifndef _LINUX_SECMON_H
#define _LINUX_SECMON_H

#include <linux/types.h>

struct device;
struct device_node;

/* --- Firmware operations ------------------------------------------------ */
/*
 * From the board's "secmon,call-table" node, else its PSCI node (PSCI 0.1's
 * custom IDs become a table). CPUs are Linux's logical CPU numbers.
 */

/* "psci", "table" or "none". */
const char *secmon_firmware_backend(void);
/* Operation names as in the binding: "cpu-boot", "set-cpu-boot-addr", ... */
bool secmon_firmware_has(const char *op);

int secmon_firmware_cpu_boot(unsigned int cpu);
int secmon_firmware_set_cpu_boot_addr(unsigned int cpu, u64 addr);
int secmon_firmware_get_cpu_boot_addr(unsigned int cpu, u64 *addr);
int secmon_firmware_do_idle(unsigned long mode);
/* do_idle with the physical address the CPU resumes at (a table whose do-idle writes it). */
int secmon_firmware_do_idle_entry(unsigned long mode, u64 entry);
int secmon_firmware_suspend(u64 entry);
int secmon_firmware_resume(void);
int secmon_firmware_l2x0_init(void);
int secmon_firmware_c15resume(u64 regs);

/* --- Services: call tables by name -------------------------------------- */

struct secmon_handle;

/* A named value: an argument in, or a result out. */
struct secmon_arg {
	const char *name;
	u64 value;
};

#define SECMON_MAX_ARGS 16

/*
 * The call table at `np` (a node compatible with "secmon,call-table"), or
 * ERR_PTR(-ENODEV) when it is not one, ERR_PTR(-EINVAL) when it is broken
 * (the kernel log names the node and property).
 */
struct secmon_handle *secmon_get(struct device_node *np);
/* The same for dev->of_node, released when the driver unbinds. */
struct secmon_handle *devm_secmon_get(struct device *dev);
/*
 * By name: a node name ("secure-media"), a compatible ("secmon,secure-media"),
 * one '-'-separated word of a node name when only one table has it
 * ("media"), or "firmware" for the firmware-operations table.
 */
struct secmon_handle *secmon_get_by_name(const char *name);
void secmon_put(struct secmon_handle *h);

/* The node's name, e.g. "secure-media". */
const char *secmon_name(const struct secmon_handle *h);
bool secmon_has(const struct secmon_handle *h, const char *op);

/*
 * Runs every call of `op`. Each parameter the table names takes its value
 * from `in`; each result the table names is written to the entry of `out`
 * with that name. A result named "status" decides the outcome.
 */
int secmon_call(const struct secmon_handle *h, const char *op, const struct secmon_arg *in,
		unsigned int nin, struct secmon_arg *out, unsigned int nout);
int secmon_call_by_name(const char *service, const char *op, const struct secmon_arg *in,
			unsigned int nin, struct secmon_arg *out, unsigned int nout);

/* --- SMCCC discovery ----------------------------------------------------- */

struct secmon_discovery {
	const char *conduit;	/* "smc", "hvc" or "none" */
	bool kernel_conduit;	/* the kernel's own (arm_smccc_1_1_get_conduit) */
	u32 psci_version;	/* major << 16 | minor; 0 without PSCI */
	u32 smccc_version;	/* 0x10000 (1.0) when not discoverable */
	bool has_soc_id;
	u32 soc_id_version;	/* JEP-106 bank 30:24, code 23:16, SoC 15:0 */
	u32 soc_id_revision;
	char soc_id_name[137];	/* "" when the firmware gives none */
};

/* What was found when secmon loaded. */
int secmon_discover(struct secmon_discovery *d);
/* SMCCC_ARCH_FEATURES(fid); *answer is its non-negative answer. */
int secmon_arch_features(u32 fid, u32 *answer);

/* The errno for a library error (SECMON_E_*); 0 stays 0. */
int secmon_to_errno(int secmon_err);

#endif
