// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * /sys/kernel/debug/secmon/, for people bringing up a board:
 *
 *   tables     every call table: operations, function IDs, registers
 *   firmware   the firmware-operations backend, CPUs, what it offers
 *   smccc      what SMCCC discovery found
 *   call       write "TABLE OP [name=value ...]" to make a described call,
 *              read the outcome of the last one
 *   calls      the last TRACE_LEN calls this module made: registers in and
 *              out, duration; write anything to clear it
 *   trace      the firmware's own trace (include/secmon/trace.h): a trace
 *              file, header and records, read out through the SiP calls
 *              TRACE_INFO and TRACE_READ when the file is opened; write
 *              "start", "stop" or "clear" for TRACE_CTL
 *   trace_text the same records, one line each, undecoded (`secmon trace`
 *              decodes the binary file)
 *   scmi       the library's SCMI client (secmon-scmi.c)
 */
#include <linux/debugfs.h>
#include <linux/dma-mapping.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/platform_device.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <secmon/tracefile.h>
#include "secmon-internal.h"

#define TRACE_LEN 64
#define RESULT_MAX 1024
#define CALL_MAX 512

static struct dentry *dir;

/* --- Trace ---------------------------------------------------------------- */

struct trace_entry {
	u64 start, end;
	const char *conduit;
	unsigned int cpu;
	struct secmon_regs in;
	u64 out[4];
};

static DEFINE_SPINLOCK(trace_lock);
static struct trace_entry trace_buf[TRACE_LEN];
static unsigned int trace_next, trace_count;

void secmon_trace(const struct secmon_conduit *c, const struct secmon_regs *in,
		  const struct secmon_regs *out, u64 start_ns, u64 end_ns)
{
	struct trace_entry *t;
	unsigned long flags;

	spin_lock_irqsave(&trace_lock, flags);
	t = &trace_buf[trace_next];
	t->start = start_ns;
	t->end = end_ns;
	t->conduit = c->name;
	t->cpu = raw_smp_processor_id();
	t->in = *in;
	memcpy(t->out, out->x, sizeof(t->out));
	trace_next = (trace_next + 1) % TRACE_LEN;
	if (trace_count < TRACE_LEN)
		trace_count++;
	spin_unlock_irqrestore(&trace_lock, flags);
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
	struct trace_entry *copy;
	unsigned long flags;
	unsigned int n, first, i, j;

	copy = kmalloc_array(TRACE_LEN, sizeof(*copy), GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	spin_lock_irqsave(&trace_lock, flags);
	n = trace_count;
	first = (trace_next + TRACE_LEN - n) % TRACE_LEN;
	for (i = 0; i < n; i++)
		copy[i] = trace_buf[(first + i) % TRACE_LEN];
	spin_unlock_irqrestore(&trace_lock, flags);

	mutex_lock(&secmon.lock);
	for (i = 0; i < n; i++) {
		const struct trace_entry *t = &copy[i];
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

	spin_lock_irqsave(&trace_lock, flags);
	trace_next = trace_count = 0;
	spin_unlock_irqrestore(&trace_lock, flags);
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

/* --- The firmware's trace --------------------------------------------------- */

#define FWTRACE_CHUNK	(64 * 1024)	/* one TRACE_READ's buffer: 512 records */
#define FWTRACE_MAX	(32u << 20)	/* a snapshot never grows past this */
#define FWTRACE_LINE	400		/* trace_text: the longest line */

static bool fw_trace;
module_param(fw_trace, bool, 0444);
MODULE_PARM_DESC(fw_trace,
		 "start the firmware's recording of SMCs and power events at load (SiP TRACE_CTL)");

/* One snapshot at a time: each moves records out of the firmware's rings. */
static DEFINE_MUTEX(fwtrace_lock);

/*
 * The monitor writes TRACE_READ's buffer as a DMA master would: at EL3 with
 * its MMU off, past the caches. The buffer is therefore mapped with the DMA
 * API (for the device below, never bound to a driver) before each read and
 * unmapped after, which cleans and invalidates the kernel's cache lines as a
 * non-coherent device needs.
 */
static struct platform_device *fwtrace_dev;

struct fwtrace {
	size_t len;
	char data[];
};

/* A SiP trace call: SMC64 from an AArch64 kernel (addresses above 4 GiB), else SMC32. */
static int fwtrace_call(u32 fid, u64 x1, u64 x2, struct secmon_regs *out)
{
	struct secmon_regs in = { .x = { fid, x1, x2 } };

	if (!secmon.disc)
		return -EOPNOTSUPP;
	if (!secmon.disc->aarch32)
		in.x[0] |= SECMON_FID_SMC64;
	secmon_invoke(secmon.disc, &in, out);
	return secmon_to_errno((s32)out->x[0]);
}

/*
 * Reads every record waiting in the firmware (up to what FWTRACE_MAX
 * holds; the rest waits for the next read) into a trace file.
 */
static struct fwtrace *fwtrace_snapshot(void)
{
	struct secmon_trace_header h = {
		.magic = SECMON_TRACE_MAGIC, .version = SECMON_TRACE_VERSION,
		.record_size = SECMON_TRACE_RECORD_SIZE,
	};
	const size_t rec = SECMON_TRACE_RECORD_SIZE;
	struct secmon_regs out;
	struct fwtrace *t;
	size_t cap, len = SECMON_TRACE_HEADER_SIZE;
	void *chunk;
	u64 n;
	int e;

	if (!fwtrace_dev)
		return ERR_PTR(-ENODEV);
	e = fwtrace_call(SECMON_SIP_TRACE_INFO, 0, 0, &out);
	if (e)
		return ERR_PTR(e);
	h.counter_hz = out.x[2];
	h.cpu_count = out.x[3] & 0xffff;
	/* What the rings hold, and one more read's worth for records added meanwhile. */
	cap = len + ((size_t)h.cpu_count * ((out.x[3] >> 16) & 0xffff)) * rec + FWTRACE_CHUNK;
	cap = min_t(size_t, cap, FWTRACE_MAX);
	t = kvmalloc(sizeof(*t) + cap, GFP_KERNEL);
	chunk = kmalloc(FWTRACE_CHUNK, GFP_KERNEL);
	if (!t || !chunk) {
		e = -ENOMEM;
		goto out;
	}
	while (len + rec <= cap) {
		size_t room = min_t(size_t, (cap - len) / rec * rec, FWTRACE_CHUNK);
		dma_addr_t a = dma_map_single(&fwtrace_dev->dev, chunk, room, DMA_FROM_DEVICE);

		if (dma_mapping_error(&fwtrace_dev->dev, a)) {
			e = -ENOMEM;
			goto out;
		}
		e = fwtrace_call(SECMON_SIP_TRACE_READ, a, room, &out);
		dma_unmap_single(&fwtrace_dev->dev, a, room, DMA_FROM_DEVICE);
		if (e)
			goto out;
		n = out.x[1];
		if (n > room / rec) {
			pr_err("firmware trace: TRACE_READ copied %llu records into room for %zu\n", n,
			       room / rec);
			e = -EPROTO;
			goto out;
		}
		memcpy(t->data + len, chunk, n * rec);
		len += n * rec;
		h.lost += out.x[2];
		if (!n || !out.x[3])
			break;
	}
	h.count = (len - SECMON_TRACE_HEADER_SIZE) / rec;
	secmon_trace_put_header(t->data, &h);
	t->len = len;
out:
	kfree(chunk);
	if (e) {
		kvfree(t);
		return ERR_PTR(e);
	}
	return t;
}

static int fwtrace_ctl(const char *word)
{
	struct secmon_regs out;
	int e;

	if (!strcmp(word, "start"))
		return fwtrace_call(SECMON_SIP_TRACE_CTL, 1, 0, &out);
	if (!strcmp(word, "stop"))
		return fwtrace_call(SECMON_SIP_TRACE_CTL, 0, 0, &out);
	if (strcmp(word, "clear"))
		return -EINVAL;
	/*
	 * Empties the rings and keeps recording as it was: on or off, and the
	 * workaround calls recorded or not (TRACE_INFO's bit 1 is TRACE_CTL's).
	 */
	e = fwtrace_call(SECMON_SIP_TRACE_INFO, 0, 0, &out);
	return e ? e : fwtrace_call(SECMON_SIP_TRACE_CTL, out.x[1] & SECMON_TRACE_INFO_ON,
				    SECMON_TRACE_CTL_CLEAR |
				    (out.x[1] & SECMON_TRACE_INFO_WORKAROUNDS ?
				     SECMON_TRACE_CTL_WORKAROUNDS : 0), &out);
}

/* trace_text: the snapshot checked by the library's decoder, a line per record. */
static struct fwtrace *fwtrace_text(const struct fwtrace *bin)
{
	struct secmon_trace_fault f;
	struct secmon_trace_record r;
	struct secmon_trace_file tf;
	struct fwtrace *t;
	size_t cap, len = 0;
	u32 i;
	int j;

	if (secmon_trace_open(bin->data, bin->len, &tf, &f)) {
		cap = FWTRACE_LINE;
		t = kvmalloc(sizeof(*t) + cap, GFP_KERNEL);
		if (!t)
			return ERR_PTR(-ENOMEM);
		t->len = scnprintf(t->data, cap,
				   "the firmware's trace is malformed: offset %llu: record %d, field %s %s\n",
				   f.offset, f.record == SECMON_TRACE_NO_RECORD ? -1 : (int)f.record,
				   f.field, f.what);
		return t;
	}
	cap = FWTRACE_LINE * ((size_t)tf.h.count + 1);
	t = kvmalloc(sizeof(*t) + cap, GFP_KERNEL);
	if (!t)
		return ERR_PTR(-ENOMEM);
	len = scnprintf(t->data, cap, "# %u records, %u CPUs, counter %llu Hz, %llu lost\n",
			tf.h.count, tf.h.cpu_count, tf.h.counter_hz, tf.h.lost);
	for (i = 0; i < tf.h.count; i++) {
		secmon_trace_get(&tf, i, &r);
		len += scnprintf(t->data + len, cap - len, "cpu%u seq %u t %llu..%llu %s %#x",
				 r.cpu, r.seq, r.t_entry, r.t_exit,
				 r.type == SECMON_TRACE_SMC	? "smc"
				 : r.type == SECMON_TRACE_POWER ? "power"
								: "cleared",
				 r.fid);
		if (r.type == SECMON_TRACE_SMC)
			len += scnprintf(t->data + len, cap - len, " flags %#x", r.flags);
		for (j = 0; j < r.nargs; j++)
			len += scnprintf(t->data + len, cap - len, " %#llx", r.arg[j]);
		if (r.nres)
			len += scnprintf(t->data + len, cap - len, " ->");
		for (j = 0; j < r.nres; j++)
			len += scnprintf(t->data + len, cap - len, " %#llx", r.res[j]);
		len += scnprintf(t->data + len, cap - len, "\n");
	}
	t->len = len;
	return t;
}

static int fwtrace_open(struct inode *inode, struct file *file)
{
	bool text = inode->i_private != NULL;
	struct fwtrace *t, *txt;

	file->private_data = NULL;
	if (!(file->f_mode & FMODE_READ))
		return 0;
	mutex_lock(&fwtrace_lock);
	t = fwtrace_snapshot();
	mutex_unlock(&fwtrace_lock);
	if (IS_ERR(t))
		return PTR_ERR(t);
	if (text) {
		txt = fwtrace_text(t);
		kvfree(t);
		if (IS_ERR(txt))
			return PTR_ERR(txt);
		t = txt;
	}
	file->private_data = t;
	return 0;
}

static ssize_t fwtrace_read(struct file *file, char __user *ubuf, size_t len, loff_t *pos)
{
	const struct fwtrace *t = file->private_data;

	return t ? simple_read_from_buffer(ubuf, len, pos, t->data, t->len) : -EINVAL;
}

static ssize_t fwtrace_write(struct file *file, const char __user *ubuf, size_t len, loff_t *pos)
{
	char word[16];
	int e;

	if (len >= sizeof(word))
		return -EINVAL;
	if (copy_from_user(word, ubuf, len))
		return -EFAULT;
	word[len] = 0;
	mutex_lock(&fwtrace_lock);
	e = fwtrace_ctl(strim(word));
	mutex_unlock(&fwtrace_lock);
	return e ? e : len;
}

static int fwtrace_release(struct inode *inode, struct file *file)
{
	kvfree(file->private_data);
	return 0;
}

static const struct file_operations fwtrace_fops = {
	.owner = THIS_MODULE,
	.open = fwtrace_open,
	.read = fwtrace_read,
	.write = fwtrace_write,
	.llseek = default_llseek,
	.release = fwtrace_release,
};

/* --- tables --------------------------------------------------------------- */

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

/* --- firmware ------------------------------------------------------------- */

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

/* --- smccc ---------------------------------------------------------------- */

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

/* --- call ----------------------------------------------------------------- */

static char result[RESULT_MAX];	/* under secmon.lock */
static size_t result_len;

static __printf(1, 2) void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	result_len += vscnprintf(result + result_len, sizeof(result) - result_len, fmt, ap);
	va_end(ap);
}

/* Does `op` name the parameter `name` in any of its calls? */
static bool takes(const struct secmon_calltab *t, const struct secmon_ct_op *op, const char *name)
{
	unsigned int k, j;

	for (k = 0; k < op->ncalls; k++) {
		const struct secmon_ct_call *c = &t->calls[op->first_call + k];

		for (j = 0; j < c->nargs; j++) {
			const char *n = t->regs[c->first + j].name;

			if (n && !strcmp(n, name))
				return true;
		}
	}
	return false;
}

/* The op's parameters (names from the table) and results, for messages. */
static void say_names(const struct secmon_calltab *t, const struct secmon_ct_op *op, bool results)
{
	unsigned int k, j, n = 0;

	for (k = 0; k < op->ncalls; k++) {
		const struct secmon_ct_call *c = &t->calls[op->first_call + k];
		unsigned int first = c->first + (results ? c->nargs : 0);
		unsigned int cnt = results ? c->nresults : c->nargs;

		for (j = 0; j < cnt; j++)
			if (t->regs[first + j].name)
				say("%s%s", n++ ? " " : "", t->regs[first + j].name);
	}
	if (!n)
		say("nothing");
}

/* Does a call of `op` put the parameter `name` in a 32-bit register? */
static bool takes_narrow(const struct secmon_handle *h, const struct secmon_ct_op *op,
			 const char *name)
{
	const struct secmon_calltab *t = &h->svc.t;
	unsigned int k, j;

	for (k = 0; k < op->ncalls; k++) {
		const struct secmon_ct_call *c = &t->calls[op->first_call + k];
		bool wide = c->native ? !h->svc.c->aarch32 : c->smc64;

		for (j = 0; j < c->nargs && !wide; j++) {
			const char *n = t->regs[c->first + j].name;

			if (n && !strcmp(n, name))
				return true;
		}
	}
	return false;
}

/* A value as documented: decimal, or hexadecimal after "0x"; nothing else. */
static int parse_value(const char *s, u64 *v)
{
	bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	const char *digits = hex ? s + 2 : s;
	size_t n = strspn(digits, hex ? "0123456789abcdefABCDEF" : "0123456789");

	if (!n || digits[n] || (!hex && s[0] == '0' && s[1]))
		return -EINVAL;
	return kstrtou64(digits, hex ? 16 : 10, v);
}

static bool is_val(const struct secmon_ct_val *v, unsigned int n, const char *name)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(v[i].name, name))
			return true;
	return false;
}

/* The next non-empty word of *line, or NULL. */
static char *next_token(char **line)
{
	char *tok;

	while ((tok = strsep(line, " \t\n")))
		if (*tok)
			return tok;
	return NULL;
}

/*
 * Parses and makes one call; returns 0, or the errno of a malformed
 * request. The outcome of the call itself goes to the result.
 */
static int do_call(char *line)
{
	/* Under secmon.lock, as the result is: off the (small) kernel stack. */
	static struct secmon_ct_val in[SECMON_MAX_ARGS], out[SECMON_MAX_ARGS];
	static struct secmon_regs sent, received;
	const struct secmon_ct_op *op;
	struct secmon_handle *h;
	const struct secmon_calltab *t;
	unsigned int nin = 0, nout = 0, k, j, last;
	char *tok, *table, *opname;
	int e;

	table = next_token(&line);
	opname = next_token(&line);
	if (!table || !opname) {
		say("error: write \"TABLE OP [name=value ...]\"\n");
		return -EINVAL;
	}
	h = secmon_find(table);
	if (!h) {
		say("%s %s\nerror: no call table named \"%s\" (see tables)\n", table, opname,
		    table);
		return -ENOENT;
	}
	say("%s %s", h->name, opname);
	t = &h->svc.t;
	op = secmon_calltab_op(t, opname);
	if (!op) {
		say("\nerror: %s has no operation \"%s\"; it has:", h->name, opname);
		for (k = 0; k < t->nops; k++)
			say(" %s", t->ops[k].name);
		say("\n");
		return -ENOENT;
	}
	if (!secmon_calltab_op_usable(t, op, h->svc.c)) {
		say("\nerror: %s is an SMC64 call, which an AArch32 kernel cannot make\n", op->name);
		return -EOPNOTSUPP;
	}
	while ((tok = next_token(&line))) {
		char *eq = strchr(tok, '=');
		u64 v;

		say(" %s", tok);
		if (!eq || eq == tok) {
			say("\nerror: \"%s\" is not name=value\n", tok);
			return -EINVAL;
		}
		*eq = '\0';
		if (parse_value(eq + 1, &v)) {
			say("\nerror: the value of %s is not a number (decimal, or 0x and hexadecimal digits)\n",
			    tok);
			return -EINVAL;
		}
		if (!takes(t, op, tok)) {
			say("\nerror: %s takes no argument \"%s\"; it takes: ", op->name, tok);
			say_names(t, op, false);
			say("\n");
			return -EINVAL;
		}
		if (is_val(in, nin, tok)) {
			say("\nerror: argument %s given twice\n", tok);
			return -EINVAL;
		}
		if (v > U32_MAX && takes_narrow(h, op, tok)) {
			say("\nerror: the value of %s does not fit its 32-bit register (%s is SMC32)\n",
			    tok, op->name);
			return -EINVAL;
		}
		if (nin == SECMON_MAX_ARGS) {
			say("\nerror: more than %d arguments\n", SECMON_MAX_ARGS);
			return -E2BIG;
		}
		in[nin++] = (struct secmon_ct_val){ .name = tok, .value = v };
	}
	/* Every parameter must be given; results are collected by name. */
	for (k = 0; k < op->ncalls; k++) {
		const struct secmon_ct_call *c = &t->calls[op->first_call + k];

		for (j = 0; j < c->nargs + c->nresults; j++) {
			const char *n = t->regs[c->first + j].name;

			if (!n)
				continue;
			if (j < c->nargs && !is_val(in, nin, n)) {
				say("\nerror: missing argument %s; %s takes: ", n, op->name);
				say_names(t, op, false);
				say("\n");
				return -EINVAL;
			}
			if (j >= c->nargs && !is_val(out, nout, n) && nout < SECMON_MAX_ARGS)
				out[nout++] = (struct secmon_ct_val){ .name = n };
		}
	}
	memset(&sent, 0, sizeof(sent));
	memset(&received, 0, sizeof(received));
	e = secmon_call_regs(h, op, in, nin, out, nout, &sent, &received);
	say(" -> %d (%s)", secmon_to_errno(e), secmon_strerror(e));
	/* SMC_UNK leaves the results unread: the registers below tell. */
	if (e != SECMON_E_NOT_SUPPORTED)
		for (k = 0; k < nout; k++)
			say(" %s=%#llx", out[k].name, out[k].value);
	last = 0;
	for (j = 1; j < SECMON_NREGS; j++)
		if (sent.x[j])
			last = j;
	say("\n  sent");
	for (j = 0; j <= last; j++)
		say(" x%u=%#llx", j, sent.x[j]);
	say("\n  received");
	for (j = 0; j < 4; j++)
		say(" x%u=%#llx", j, received.x[j]);
	say("\n");
	return 0;
}

static ssize_t call_write(struct file *file, const char __user *ubuf, size_t len, loff_t *pos)
{
	char *buf;
	int e;

	if (len >= CALL_MAX)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&secmon.lock);
	result_len = 0;
	result[0] = '\0';
	if (strlen(buf) != len) {
		say("error: the request holds a NUL byte (at offset %zu)\n", strlen(buf));
		e = -EINVAL;
	} else {
		e = do_call(strim(buf));
	}
	mutex_unlock(&secmon.lock);
	kfree(buf);
	return e ? e : len;
}

static ssize_t call_read(struct file *file, char __user *ubuf, size_t len, loff_t *pos)
{
	ssize_t n;

	mutex_lock(&secmon.lock);
	n = simple_read_from_buffer(ubuf, len, pos, result, result_len);
	mutex_unlock(&secmon.lock);
	return n;
}

static const struct file_operations call_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = call_read,
	.write = call_write,
	.llseek = default_llseek,
};

void secmon_debugfs_init(void)
{
	dir = debugfs_create_dir("secmon", NULL);
	debugfs_create_file("tables", 0444, dir, NULL, &tables_fops);
	debugfs_create_file("firmware", 0444, dir, NULL, &firmware_fops);
	debugfs_create_file("smccc", 0444, dir, NULL, &smccc_fops);
	debugfs_create_file("call", 0600, dir, NULL, &call_fops);
	debugfs_create_file("calls", 0600, dir, NULL, &calls_fops);
	debugfs_create_file("trace", 0600, dir, NULL, &fwtrace_fops);
	/* i_private set: the text view. */
	debugfs_create_file("trace_text", 0400, dir, (void *)1, &fwtrace_fops);
	fwtrace_dev = platform_device_register_simple("secmon-trace", -1, NULL, 0);
	if (IS_ERR(fwtrace_dev) ||
	    dma_set_mask_and_coherent(&fwtrace_dev->dev,
				      DMA_BIT_MASK(secmon.disc && !secmon.disc->aarch32 ? 64 : 32))) {
		pr_err("the firmware's trace: no device for its buffer; debugfs trace unavailable\n");
		if (!IS_ERR(fwtrace_dev))
			platform_device_unregister(fwtrace_dev);
		fwtrace_dev = NULL;
	}
	if (fw_trace) {
		struct secmon_regs out;
		int e = fwtrace_call(SECMON_SIP_TRACE_CTL, 1, 1, &out);

		if (e)
			pr_info("fw_trace=1: the firmware does not record (TRACE_CTL: %d)\n", e);
		else
			pr_info("fw_trace=1: the firmware records every SMC and power event\n");
	}
	secmon_scmi_debugfs_init(dir);
}

void secmon_debugfs_exit(void)
{
	debugfs_remove(dir);
	secmon_scmi_exit();
	if (fwtrace_dev)
		platform_device_unregister(fwtrace_dev);
}
