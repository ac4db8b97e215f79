// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * debugfs secmon/trace and secmon/trace_text: the firmware's own recording
 * (include/secmon/trace.h). Opening trace reads every record waiting in the
 * firmware through the SiP calls TRACE_INFO and TRACE_READ into a trace
 * file, header and records; trace_text gives the same records one line
 * each, undecoded (`secmon trace` decodes the binary file). Writing
 * "start", "stop" or "clear" to trace makes a TRACE_CTL call; the module
 * parameter fw_trace starts the recording at load.
 */
#include <linux/debugfs.h>
#include <linux/dma-mapping.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <secmon/tracefile.h>
#include "secmon-internal.h"

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

void secmon_fwtrace_debugfs_init(struct dentry *dir)
{
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
}

void secmon_fwtrace_exit(void)
{
	if (fwtrace_dev)
		platform_device_unregister(fwtrace_dev);
}
