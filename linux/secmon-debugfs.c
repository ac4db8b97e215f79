// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * /sys/kernel/debug/secmon/, for people bringing up a board:
 *
 *   tables     every call table: operations, function IDs, registers
 *   firmware   the firmware-operations backend, CPUs, what it offers
 *   smccc      what SMCCC discovery found
 *   call       write "TABLE OP [name=value ...]" to make a described call,
 *              read the outcome of the last one
 *   calls      the last 64 calls this module made: registers in and
 *              out, duration; write anything to clear it
 *   trace      the firmware's own trace (include/secmon/trace.h): a trace
 *              file, header and records, read out through the SiP calls
 *              TRACE_INFO and TRACE_READ when the file is opened; write
 *              "start", "stop" or "clear" for TRACE_CTL
 *   trace_text the same records, one line each, undecoded (`secmon trace`
 *              decodes the binary file)
 *   scmi       the library's SCMI client (secmon-scmi.c)
 *
 * This file makes the directory and the tables, firmware and smccc files;
 * secmon-call.c the call file, secmon-calllog.c calls, secmon-fwtrace.c
 * trace and trace_text.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include "secmon-internal.h"

static struct dentry *dir;

static void show_regs(struct seq_file *m, const struct secmon_calltab *t, unsigned int first,
		      unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		const struct secmon_ct_reg *r = &t->regs[first + i];

		if (r->name)
			seq_printf(m, " %s=x%u", r->name, r->reg);
		else
			seq_printf(m, " x%u=%#x", r->reg, r->value);
	}
}

static void show_call(struct seq_file *m, const struct secmon_calltab *t,
		      const struct secmon_ct_call *c)
{
	seq_printf(m, "id %#010x in x%u, %s %s", c->fid, c->id_reg, c->smc64 ? "smc64" : "smc32",
		   c->fast ? "fast" : "yielding");
	if (c->nargs) {
		seq_puts(m, "; args");
		show_regs(m, t, c->first, c->nargs);
	}
	if (c->nresults) {
		seq_puts(m, "; results");
		show_regs(m, t, c->first + c->nargs, c->nresults);
	}
	seq_putc(m, '\n');
}

static int tables_show(struct seq_file *m, void *v)
{
	struct secmon_handle *h;
	unsigned int i, k;

	mutex_lock(&secmon.lock);
	list_for_each_entry(h, &secmon.handles, list) {
		const struct secmon_calltab *t = &h->svc.t;

		seq_printf(m, "%s: %pOF, %s, %s ABI%s, %u users\n", h->name, h->np, h->svc.c->name,
			   t->legacy ? "legacy" : "SMCCC",
			   h->firmware ? ", firmware operations" : "", atomic_read(&h->users));
		for (i = 0; i < t->nops; i++) {
			const struct secmon_ct_op *op = &t->ops[i];

			if (op->nwords) {
				seq_printf(m, "  %s: writes", op->name);
				for (k = 0; k < op->nwords; k++) {
					const struct secmon_ct_word *w = &t->words[op->first_word + k];

					if (w->name)
						seq_printf(m, " [%#llx]=%s", w->addr, w->name);
					else
						seq_printf(m, " [%#llx]=%#x", w->addr, w->value);
				}
				seq_putc(m, '\n');
			}
			if (!op->ncalls)
				continue;
			if (op->ncalls == 1) {
				seq_printf(m, "  %s: ", op->name);
				show_call(m, t, &t->calls[op->first_call]);
				continue;
			}
			seq_printf(m, "  %s: %u calls\n", op->name, op->ncalls);
			for (k = 0; k < op->ncalls; k++) {
				seq_printf(m, "    [%u] ", k);
				show_call(m, t, &t->calls[op->first_call + k]);
			}
		}
	}
	if (list_empty(&secmon.handles))
		seq_puts(m, "no call tables\n");
	mutex_unlock(&secmon.lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(tables);

static int firmware_show(struct seq_file *m, void *v)
{
	const struct secmon_fwops *o = &secmon.ops;
	unsigned int i, cpu;

	seq_printf(m, "backend: %s", secmon_firmware_backend());
	if (secmon.fw)
		seq_printf(m, " (%s, %pOF)", secmon.fw->name, secmon.fw->np);
	if (o->backend != SECMON_FWOPS_NONE)
		seq_printf(m, " over %s", o->c->name);
	seq_putc(m, '\n');
	seq_printf(m, "cpus: %u\n", o->ncpus);
	for (cpu = 0; cpu < nr_cpu_ids && cpu < NR_CPUS; cpu++)
		if (secmon.dt_cpu[cpu] >= 0)
			seq_printf(m, "  cpu%u: mpidr %#llx\n", cpu, o->mpidr[secmon.dt_cpu[cpu]]);
	for (i = 0; i < SECMON_FWOP_COUNT; i++)
		seq_printf(m, "%s: %s\n", secmon_fwops_name(i),
			   secmon_fwops_has(o, i) ? "yes" : "no");
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(firmware);

static int smccc_show(struct seq_file *m, void *v)
{
	const struct secmon_fw_info *i = &secmon.info;

	if (!secmon.disc) {
		seq_puts(m, "conduit: none (the kernel has no SMCCC conduit and the board's ABI is legacy)\n");
		return 0;
	}
	seq_printf(m, "conduit: %s (%s)\n", secmon.disc->name,
		   secmon.kernel_conduit ? "the kernel's" : "secmon's own: the kernel has none");
	if (i->psci_version)
		seq_printf(m, "psci: %u.%u\n", i->psci_version >> 16, i->psci_version & 0xffff);
	else
		seq_puts(m, "psci: none\n");
	seq_printf(m, "smccc: %u.%u\n", i->smccc_version >> 16, i->smccc_version & 0xffff);
	if (i->has_soc_id)
		seq_printf(m, "soc-id: jep106:%02x%02x:%04x revision %#x%s%s\n",
			   (i->soc_id.version >> 24) & 0x7f, (i->soc_id.version >> 16) & 0xff,
			   i->soc_id.version & 0xffff, i->soc_id.revision,
			   i->soc_id.has_name ? " name " : "", i->soc_id.has_name ? i->soc_id.name : "");
	else
		seq_puts(m, "soc-id: none\n");
	if (secmon.disc_err)
		seq_printf(m, "discovery error: %s\n", secmon_strerror(secmon.disc_err));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(smccc);

void secmon_debugfs_init(void)
{
	dir = debugfs_create_dir("secmon", NULL);
	debugfs_create_file("tables", 0444, dir, NULL, &tables_fops);
	debugfs_create_file("firmware", 0444, dir, NULL, &firmware_fops);
	debugfs_create_file("smccc", 0444, dir, NULL, &smccc_fops);
	secmon_call_debugfs_init(dir);
	secmon_calllog_debugfs_init(dir);
	secmon_fwtrace_debugfs_init(dir);
	secmon_scmi_debugfs_init(dir);
}

void secmon_debugfs_exit(void)
{
	debugfs_remove(dir);
	secmon_scmi_exit();
	secmon_fwtrace_exit();
}
