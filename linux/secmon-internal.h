/* SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause */
/* Shared by the files of secmon.ko; not part of its API. */
#ifndef SECMON_LINUX_INTERNAL_H
#define SECMON_LINUX_INTERNAL_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/secmon.h>
#include <secmon/client.h>
#include <secmon/fwops.h>
#include <secmon/service.h>
#include "secmon-dt.h"

#undef pr_fmt
#define pr_fmt(fmt) "secmon: " fmt

/* A call table: a service, or the firmware operations' own table. */
struct secmon_handle {
	struct list_head list;
	struct secmon_dt *dt;		/* the snapshot `svc` reads from */
	bool own_dt;			/* made for this handle alone */
	struct device_node *np;
	const char *name;
	bool firmware;
	atomic_t users;
	struct secmon_service svc;
};

struct secmon_state {
	struct secmon_dt *dt;		/* the whole tree, as at load */
	struct mutex lock;		/* adding handles, debugfs results */
	struct list_head handles;
	spinlock_t fw_lock;		/* ops' boot addresses */
	struct secmon_fwops ops;
	struct secmon_handle *fw;	/* the firmware table, NULL for PSCI */
	int dt_cpu[NR_CPUS];		/* Linux CPU -> the library's CPU, or -1 */
	const struct secmon_conduit *disc;	/* discovery conduit, or NULL */
	bool kernel_conduit;
	int disc_err;
	struct secmon_fw_info info;
};

extern struct secmon_state secmon;

/* Looks up by name (see secmon_get_by_name), in any context. */
struct secmon_handle *secmon_find(const char *name);
/* A library-level call with the registers of its last SMC. */
int secmon_call_regs(const struct secmon_handle *h, const struct secmon_ct_op *op,
		     const struct secmon_ct_val *in, unsigned int nin, struct secmon_ct_val *out,
		     unsigned int nout, struct secmon_regs *sent, struct secmon_regs *received);

/*
 * The physical words the firmware table names (entry-address, word-*),
 * mapped once at load so that the library can reach them in any context
 * (secmon-fwops.c); a word of another table is not mapped.
 */
extern const struct secmon_ct_mem secmon_mem;
int secmon_firmware_map_words(const struct secmon_calltab *t);
void secmon_firmware_unmap_words(void);

/* Fills secmon.dt_cpu from the tree's /cpus (secmon-fwops.c). */
void secmon_firmware_map_cpus(void);

/* debugfs secmon/ (secmon-debugfs.c). */
void secmon_debugfs_init(void);
void secmon_debugfs_exit(void);

struct dentry;
/* debugfs secmon/call: a described call by hand (secmon-call.c). */
void secmon_call_debugfs_init(struct dentry *dir);

/* The log of recent calls, debugfs secmon/calls (secmon-calllog.c). */
void secmon_calllog_add(const struct secmon_conduit *c, const struct secmon_regs *in,
			const struct secmon_regs *out, u64 start_ns, u64 end_ns);
void secmon_calllog_debugfs_init(struct dentry *dir);

/* The firmware's recording, debugfs secmon/trace, trace_text (secmon-fwtrace.c). */
void secmon_fwtrace_debugfs_init(struct dentry *dir);
void secmon_fwtrace_exit(void);

/* debugfs secmon/scmi: the library's SCMI client (secmon-scmi.c). */
void secmon_scmi_debugfs_init(struct dentry *dir);
void secmon_scmi_exit(void);

#endif
