// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * /sys/kernel/debug/secmon/scmi: the library's SCMI client (lib/scmi.c)
 * on the firmware's SCMI channel over SMC, for the protocols the kernel
 * has no driver for (Debian's has no SCMI cpufreq or hwmon).
 *
 *   read    the channel, Base's version, each performance domain's level,
 *           each sensor's reading (or why not)
 *   write   "perf DOMAIN LEVEL": PERFORMANCE_LEVEL_SET
 *
 * The channel is the "arm,scmi-smc" node's (its arm,smc-id and the
 * "arm,scmi-shmem" region its shmem names). It has one agent at a time: while
 * a driver (the kernel's own SCMI driver) is bound to that node the file
 * refuses (-EBUSY) rather than write into a channel that driver may be
 * using. The check holds: the driver core binds a driver to the node's
 * platform device only under that device's lock, which the file takes from
 * the check to the end of its messages (claim()), so a driver that comes
 * meanwhile waits for it, and the file's next use finds it bound.
 *
 * Module parameter scmi_hold_ms (0600, for the tests): how long each use
 * keeps the channel claimed after its messages; with it set, the claim and
 * the release are logged.
 */
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <secmon/scmi.h>
#include "secmon-internal.h"

#define SCMI_MAX_IDS 16
#define SCMI_WRITE_MAX 64

static DEFINE_MUTEX(scmi_lock);
static struct secmon_scmi chan;
static void __iomem *chan_mem;
static resource_size_t chan_base;

static unsigned int scmi_hold_ms;
module_param(scmi_hold_ms, uint, 0600);
MODULE_PARM_DESC(scmi_hold_ms, "keep the SCMI channel claimed this long after each use (tests)");

/*
 * The node's platform device, locked, when no driver is bound to it; else
 * NULL and *why. A bind or unbind takes the same lock (the driver core's
 * device_lock()), so none can happen until release().
 */
static struct platform_device *claim(struct device_node *np, const char **why)
{
	struct platform_device *pdev = of_find_device_by_node(np);

	if (!pdev) {
		*why = "no platform device for the node: nothing to keep a driver off it";
		return NULL;
	}
	device_lock(&pdev->dev);
	if (pdev->dev.driver) {
		*why = "the kernel's SCMI driver owns the channel (a driver is bound to its node)";
		device_unlock(&pdev->dev);
		put_device(&pdev->dev);
		return NULL;
	}
	if (scmi_hold_ms)
		pr_info("scmi: channel claimed for %u ms\n", scmi_hold_ms);
	return pdev;
}

static void release(struct platform_device *pdev)
{
	if (!pdev)
		return;
	if (scmi_hold_ms) {
		msleep(scmi_hold_ms);
		pr_info("scmi: channel released after %u ms\n", scmi_hold_ms);
	}
	device_unlock(&pdev->dev);
	put_device(&pdev->dev);
}

/*
 * The channel, mapped on first use, and the node's device claimed (*owner,
 * for release()); called with scmi_lock held. 0 or an errno and *why.
 */
static int scmi_channel(const char **why, struct platform_device **owner)
{
	struct device_node *np = of_find_compatible_node(NULL, NULL, "arm,scmi-smc"), *shm;
	struct resource res;
	u32 fid;
	int e = -ENODEV;

	*owner = NULL;
	if (!np) {
		*why = "no \"arm,scmi-smc\" node in the device tree";
		return -ENODEV;
	}
	*owner = claim(np, why);
	if (!*owner) {
		e = -EBUSY;
		goto out;
	}
	if (chan_mem) {
		e = 0;
		goto out;
	}
	*why = "the node has no arm,smc-id or no shmem region";
	shm = of_parse_phandle(np, "shmem", 0);
	if (of_property_read_u32(np, "arm,smc-id", &fid) || !shm ||
	    of_address_to_resource(shm, 0, &res) || resource_size(&res) < 0x100) {
		of_node_put(shm);
		goto out;
	}
	of_node_put(shm);
	if (!secmon.disc) {
		*why = "the library has no conduit to make the SMC with";
		goto out;
	}
	chan_mem = ioremap(res.start, resource_size(&res));
	if (!chan_mem) {
		*why = "cannot map the shmem region";
		e = -ENOMEM;
		goto out;
	}
	chan_base = res.start;
	chan = (struct secmon_scmi){
		.conduit = secmon.disc,
		.fid = fid,
		.shmem = (volatile uint32_t __force *)chan_mem,
		.shmem_size = (uint32_t)min_t(resource_size_t, resource_size(&res), SZ_4K),
	};
	e = 0;
out:
	if (e) {
		release(*owner);
		*owner = NULL;
	}
	of_node_put(np);
	return e;
}

/* PROTOCOL_ATTRIBUTES' count (bits 15:0), at most SCMI_MAX_IDS; 0 on error. */
static unsigned int scmi_count(u8 protocol)
{
	u32 out[SECMON_SCMI_MAX_WORDS];
	unsigned int n = 0;
	s32 st;

	if (secmon_scmi_xfer(&chan, protocol, SECMON_SCMI_PROTOCOL_ATTRIBUTES, NULL, 0, &st, out,
			     SECMON_SCMI_MAX_WORDS, &n) ||
	    st || n < 1)
		return 0;
	return min_t(unsigned int, out[0] & 0xffff, SCMI_MAX_IDS);
}

static void show_err(struct seq_file *m, int e)
{
	seq_printf(m, "%d (%s)\n", secmon_to_errno(e), secmon_strerror(e));
}

static int scmi_show(struct seq_file *m, void *v)
{
	struct platform_device *owner;
	const char *why = "";
	unsigned int i, n;
	u32 version, level;
	s64 value;
	int e;

	mutex_lock(&scmi_lock);
	e = scmi_channel(&why, &owner);
	if (e) {
		seq_printf(m, "channel: none: %s\n", why);
		e = 0;
		goto out;
	}
	seq_printf(m, "channel: %pa+0x%x, %s 0x%08x\n", &chan_base, chan.shmem_size,
		   chan.conduit->name, chan.fid);
	e = secmon_scmi_protocol_version(&chan, SECMON_SCMI_BASE, &version);
	if (e) {
		seq_puts(m, "base: ");
		show_err(m, e);
		e = 0;
		goto out;
	}
	seq_printf(m, "base: version %u.%u\n", version >> 16, version & 0xffff);
	n = scmi_count(SECMON_SCMI_PERF);
	seq_printf(m, "perf: %u domains\n", n);
	for (i = 0; i < n; i++) {
		seq_printf(m, "perf %u: ", i);
		e = secmon_scmi_perf_level_get(&chan, i, &level);
		if (e)
			show_err(m, e);
		else
			seq_printf(m, "level %u\n", level);
	}
	n = scmi_count(SECMON_SCMI_SENSOR);
	seq_printf(m, "sensor: %u sensors\n", n);
	for (i = 0; i < n; i++) {
		seq_printf(m, "sensor %u: ", i);
		e = secmon_scmi_sensor_read(&chan, i, &value);
		if (e)
			show_err(m, e);
		else
			seq_printf(m, "value %lld\n", value);
	}
	e = 0;
out:
	release(owner);
	mutex_unlock(&scmi_lock);
	return e;
}

static int scmi_open(struct inode *inode, struct file *file)
{
	return single_open(file, scmi_show, inode->i_private);
}

static ssize_t scmi_write(struct file *file, const char __user *ubuf, size_t len, loff_t *pos)
{
	struct platform_device *owner;
	const char *why = "";
	unsigned int domain, level;
	char *buf;
	int e;

	if (len >= SCMI_WRITE_MAX)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	if (sscanf(strim(buf), "perf %u %u", &domain, &level) != 2) {
		kfree(buf);
		return -EINVAL;
	}
	kfree(buf);
	mutex_lock(&scmi_lock);
	e = scmi_channel(&why, &owner);
	if (!e)
		e = secmon_to_errno(secmon_scmi_perf_level_set(&chan, domain, level));
	release(owner);
	mutex_unlock(&scmi_lock);
	if (e)
		pr_info("scmi: perf %u %u: %d%s%s\n", domain, level, e, *why ? ": " : "", why);
	return e ? e : len;
}

static const struct file_operations scmi_fops = {
	.owner = THIS_MODULE,
	.open = scmi_open,
	.read = seq_read,
	.write = scmi_write,
	.llseek = seq_lseek,
	.release = single_release,
};

void secmon_scmi_debugfs_init(struct dentry *dir)
{
	debugfs_create_file("scmi", 0600, dir, NULL, &scmi_fops);
}

void secmon_scmi_exit(void)
{
	if (chan_mem)
		iounmap(chan_mem);
	chan_mem = NULL;
}
