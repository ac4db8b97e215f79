// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * The log of the last CALLLOG_LEN calls this module made (every conduit
 * call goes through secmon_calllog_add()), read in debugfs secmon/calls:
 * registers in and out and duration, each call named after the table
 * operation or standard call it was; write anything to clear it.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include "secmon-internal.h"

#define CALLLOG_LEN 64

struct calllog_entry {
	u64 start, end;
	const char *conduit;
	unsigned int cpu;
	struct secmon_regs in;
	u64 out[4];
};

static DEFINE_SPINLOCK(calllog_lock);
static struct calllog_entry calllog[CALLLOG_LEN];
static unsigned int calllog_next, calllog_count;

void secmon_calllog_add(const struct secmon_conduit *c, const struct secmon_regs *in,
			const struct secmon_regs *out, u64 start_ns, u64 end_ns)
{
	struct calllog_entry *t;
	unsigned long flags;

	spin_lock_irqsave(&calllog_lock, flags);
	t = &calllog[calllog_next];
	t->start = start_ns;
	t->end = end_ns;
	t->conduit = c->name;
	t->cpu = raw_smp_processor_id();
	t->in = *in;
	memcpy(t->out, out->x, sizeof(t->out));
	calllog_next = (calllog_next + 1) % CALLLOG_LEN;
	if (calllog_count < CALLLOG_LEN)
		calllog_count++;
	spin_unlock_irqrestore(&calllog_lock, flags);
}

static const char *const psci_names[SECMON_PSCI_FN_COUNT] = {
	"version", "cpu-suspend", "cpu-off", "cpu-on", "affinity-info", "migrate",
	"migrate-info-type", "migrate-info-up-cpu", "system-off", "system-reset", "features",
	"cpu-freeze", "cpu-default-suspend", "node-hw-state", "system-suspend",
	"set-suspend-mode", "stat-residency", "stat-count", "system-reset2", "mem-protect",
	"mem-protect-check-range", "system-off2",
};

/* What a call was: the table operation with this ID, or a standard call. */
static void label(struct seq_file *m, const struct secmon_regs *r)
{
	struct secmon_handle *h;
	u32 x0 = (u32)r->x[0];
	unsigned int i;

	list_for_each_entry(h, &secmon.handles, list) {
		const struct secmon_calltab *t = &h->svc.t;

		for (i = 0; i < t->nops; i++) {
			const struct secmon_ct_op *op = &t->ops[i];
			unsigned int k;

			for (k = 0; k < op->ncalls; k++) {
				const struct secmon_ct_call *c = &t->calls[op->first_call + k];

				if ((u32)r->x[c->id_reg] != c->fid)
					continue;
				if (op->ncalls > 1)
					seq_printf(m, "%s/%s[%u]", h->name, op->name, k);
				else
					seq_printf(m, "%s/%s", h->name, op->name);
				return;
			}
		}
	}
	if ((x0 & ~SECMON_FID_SMC64 & ~0xffu) == 0x84000000u &&
	    (x0 & 0xff) < SECMON_PSCI_FN_COUNT) {
		seq_printf(m, "psci/%s", psci_names[x0 & 0xff]);
		return;
	}
	switch (x0 & ~SECMON_FID_SMC64) {
	case SECMON_SMCCC_VERSION:
		seq_puts(m, "smccc/version");
		return;
	case SECMON_SMCCC_ARCH_FEATURES:
		seq_puts(m, "smccc/arch-features");
		return;
	case SECMON_SMCCC_ARCH_SOC_ID:
		seq_puts(m, "smccc/soc-id");
		return;
	}
	seq_puts(m, "?");
}

static int calls_show(struct seq_file *m, void *v)
{
	struct calllog_entry *copy;
	unsigned long flags;
	unsigned int n, first, i, j;

	copy = kmalloc_array(CALLLOG_LEN, sizeof(*copy), GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	spin_lock_irqsave(&calllog_lock, flags);
	n = calllog_count;
	first = (calllog_next + CALLLOG_LEN - n) % CALLLOG_LEN;
	for (i = 0; i < n; i++)
		copy[i] = calllog[(first + i) % CALLLOG_LEN];
	spin_unlock_irqrestore(&calllog_lock, flags);

	mutex_lock(&secmon.lock);
	for (i = 0; i < n; i++) {
		const struct calllog_entry *t = &copy[i];
		unsigned int last = 0;
		u32 ns;
		u64 s = div_u64_rem(t->start, NSEC_PER_SEC, &ns);

		for (j = 1; j < SECMON_NREGS; j++)
			if (t->in.x[j])
				last = j;
		seq_printf(m, "%5llu.%06u cpu%u %s ", s, ns / 1000, t->cpu, t->conduit);
		label(m, &t->in);
		for (j = 0; j <= last; j++)
			seq_printf(m, " x%u=%#llx", j, t->in.x[j]);
		seq_puts(m, " ->");
		for (j = 0; j < ARRAY_SIZE(t->out); j++)
			seq_printf(m, " x%u=%#llx", j, t->out[j]);
		seq_printf(m, " %lluns\n", t->end - t->start);
	}
	mutex_unlock(&secmon.lock);
	kfree(copy);
	return 0;
}

static int calls_open(struct inode *inode, struct file *file)
{
	return single_open(file, calls_show, NULL);
}

static ssize_t calls_write(struct file *file, const char __user *buf, size_t len, loff_t *pos)
{
	unsigned long flags;

	spin_lock_irqsave(&calllog_lock, flags);
	calllog_next = calllog_count = 0;
	spin_unlock_irqrestore(&calllog_lock, flags);
	return len;
}

static const struct file_operations calls_fops = {
	.owner = THIS_MODULE,
	.open = calls_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.write = calls_write,
	.release = single_release,
};

void secmon_calllog_debugfs_init(struct dentry *dir)
{
	debugfs_create_file("calls", 0600, dir, NULL, &calls_fops);
}
