// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * secmon.ko's firmware operations (<linux/secmon.h>'s secmon_firmware_*):
 * the library's fwops, chosen at load (secmon-main.c), with Linux's CPU
 * numbers mapped to the library's and the boot addresses under a lock, and
 * the physical words a table names (Samsung's SYSRAM mailbox) mapped for it.
 */
#include <linux/cpumask.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/string.h>
#include <libfdt.h>
#include "secmon-internal.h"

/* Each word the firmware table names, and its mapping. */
static struct {
	u64 pa;
	void __iomem *va;
} words[SECMON_CT_MAX_CALLS + SECMON_CT_MAX_WORDS];
static unsigned int nwords;

static void __iomem *word_va(u64 pa)
{
	unsigned int i;

	for (i = 0; i < nwords; i++)
		if (words[i].pa == pa)
			return words[i].va;
	return NULL;
}

static int mem_read32(void *ctx, uint64_t pa, uint32_t *value)
{
	void __iomem *va = word_va(pa);

	if (!va)
		return SECMON_E_INVALID_ADDRESS;
	*value = readl_relaxed(va);
	return SECMON_OK;
}

/* Seen by the firmware before the call that follows (Linux's exynos_smc() has a dsb). */
static int mem_write32(void *ctx, uint64_t pa, uint32_t value)
{
	void __iomem *va = word_va(pa);

	if (!va)
		return SECMON_E_INVALID_ADDRESS;
	writel_relaxed(value, va);
	wmb();
	return SECMON_OK;
}

const struct secmon_ct_mem secmon_mem = { mem_read32, mem_write32, NULL };

void secmon_firmware_unmap_words(void)
{
	while (nwords)
		iounmap(words[--nwords].va);
}

int secmon_firmware_map_words(const struct secmon_calltab *t)
{
	u64 pa[ARRAY_SIZE(words)];
	unsigned int n = secmon_calltab_mem_words(t, pa, ARRAY_SIZE(pa)), i;

	secmon_firmware_unmap_words();
	for (i = 0; i < n && i < ARRAY_SIZE(words); i++) {
		if ((phys_addr_t)pa[i] != pa[i]) {
			pr_err("%s: the word at %#llx is out of this kernel's physical reach; not loading\n",
			       t->path_name, pa[i]);
			secmon_firmware_unmap_words();
			return -EINVAL;
		}
		words[i].va = ioremap(pa[i], 4);
		if (!words[i].va) {
			pr_err("%s: cannot map the word at %#llx; not loading\n", t->path_name, pa[i]);
			secmon_firmware_unmap_words();
			return -ENOMEM;
		}
		words[i].pa = pa[i];
		nwords++;
	}
	return 0;
}

const char *secmon_firmware_backend(void)
{
	switch (secmon.ops.backend) {
	case SECMON_FWOPS_PSCI:
		return "psci";
	case SECMON_FWOPS_TABLE:
		return "table";
	default:
		return "none";
	}
}
EXPORT_SYMBOL_GPL(secmon_firmware_backend);

bool secmon_firmware_has(const char *op)
{
	unsigned int i;

	for (i = 0; op && i < SECMON_FWOP_COUNT; i++)
		if (!strcmp(secmon_fwops_name(i), op))
			return secmon_fwops_has(&secmon.ops, i);
	return false;
}
EXPORT_SYMBOL_GPL(secmon_firmware_has);

/* The library's CPU for a Linux CPU; one past the last when there is none. */
static unsigned int lib_cpu(unsigned int cpu)
{
	if (cpu < NR_CPUS && secmon.dt_cpu[cpu] >= 0)
		return secmon.dt_cpu[cpu];
	return SECMON_FWOPS_MAX_CPUS;
}

int secmon_firmware_cpu_boot(unsigned int cpu)
{
	unsigned long flags;
	int e;

	spin_lock_irqsave(&secmon.fw_lock, flags);
	e = secmon_fwops_cpu_boot(&secmon.ops, lib_cpu(cpu));
	spin_unlock_irqrestore(&secmon.fw_lock, flags);
	return secmon_to_errno(e);
}
EXPORT_SYMBOL_GPL(secmon_firmware_cpu_boot);

int secmon_firmware_set_cpu_boot_addr(unsigned int cpu, u64 addr)
{
	unsigned long flags;
	int e;

	spin_lock_irqsave(&secmon.fw_lock, flags);
	e = secmon_fwops_set_cpu_boot_addr(&secmon.ops, lib_cpu(cpu), addr);
	spin_unlock_irqrestore(&secmon.fw_lock, flags);
	return secmon_to_errno(e);
}
EXPORT_SYMBOL_GPL(secmon_firmware_set_cpu_boot_addr);

int secmon_firmware_get_cpu_boot_addr(unsigned int cpu, u64 *addr)
{
	unsigned long flags;
	uint64_t a = 0;
	int e;

	if (!addr)
		return -EINVAL;
	spin_lock_irqsave(&secmon.fw_lock, flags);
	e = secmon_fwops_get_cpu_boot_addr(&secmon.ops, lib_cpu(cpu), &a);
	spin_unlock_irqrestore(&secmon.fw_lock, flags);
	if (!e)
		*addr = a;
	return secmon_to_errno(e);
}
EXPORT_SYMBOL_GPL(secmon_firmware_get_cpu_boot_addr);

int secmon_firmware_do_idle(unsigned long mode)
{
	return secmon_to_errno(secmon_fwops_do_idle(&secmon.ops, mode));
}
EXPORT_SYMBOL_GPL(secmon_firmware_do_idle);

int secmon_firmware_do_idle_entry(unsigned long mode, u64 entry)
{
	return secmon_to_errno(secmon_fwops_do_idle_entry(&secmon.ops, mode, entry));
}
EXPORT_SYMBOL_GPL(secmon_firmware_do_idle_entry);

int secmon_firmware_suspend(u64 entry)
{
	return secmon_to_errno(secmon_fwops_suspend(&secmon.ops, entry));
}
EXPORT_SYMBOL_GPL(secmon_firmware_suspend);

int secmon_firmware_resume(void)
{
	return secmon_to_errno(secmon_fwops_resume(&secmon.ops));
}
EXPORT_SYMBOL_GPL(secmon_firmware_resume);

int secmon_firmware_l2x0_init(void)
{
	return secmon_to_errno(secmon_fwops_l2x0_init(&secmon.ops));
}
EXPORT_SYMBOL_GPL(secmon_firmware_l2x0_init);

int secmon_firmware_c15resume(u64 regs)
{
	return secmon_to_errno(secmon_fwops_c15resume(&secmon.ops, regs));
}
EXPORT_SYMBOL_GPL(secmon_firmware_c15resume);

/* Linux's CPU numbers for the library's (the /cpus order). */
void secmon_firmware_map_cpus(void)
{
	struct secmon_dt *dt = secmon.dt;
	int cpus = fdt_path_offset(dt, "/cpus"), n, i = 0;

	for (n = 0; n < NR_CPUS; n++)
		secmon.dt_cpu[n] = -1;
	if (cpus < 0)
		return;
	for (n = dt->nodes[cpus].child; n >= 0; n = dt->nodes[n].sibling) {
		const char *type;
		int cpu;

		if (of_property_read_string(dt->nodes[n].np, "device_type", &type) ||
		    strcmp(type, "cpu"))
			continue;
		cpu = of_cpu_node_to_id(dt->nodes[n].np);
		if (cpu >= 0 && cpu < NR_CPUS)
			secmon.dt_cpu[cpu] = i;
		i++;
	}
}
