/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Power-off and reboot for a normal world whose PSCI has no SYSTEM_OFF and
 * no SYSTEM_RESET: a board DT whose psci node is PSCI 0.1 ("arm,psci" only)
 * gives Linux cpu_on, cpu_off, cpu_suspend and migrate, nothing else, and
 * QEMU's virt board has no power-off device the normal world can reach (the
 * lines that power it off and reset it are on the secure PL061).
 *
 * On such a board the monitor offers a mailbox: one page of normal-world RAM
 * (QV_MAILBOX_BASE), given to the OS as a no-map reserved-memory region, a
 * "syscon" over it, and Linux's standard "syscon-poweroff" and
 * "syscon-reboot" nodes, which write a value into its first word. Both
 * drivers are built into Debian's arm64 kernel (CONFIG_POWER_RESET_SYSCON,
 * CONFIG_POWER_RESET_SYSCON_POWEROFF); "gpio-poweroff" is not.
 *
 * The word is watched by the boot CPU's secure physical timer (CNTPS, PPI
 * 29), a group-0 interrupt that SCR_EL3.FIQ routes to EL3, every WATCH_MS
 * milliseconds wherever the boot CPU is: in the normal world (with its
 * interrupts masked or not) it takes the FIQ at once, inside an SMC as soon
 * as the SMC returns, and off or suspended in WFI at EL3 it wakes for it.
 * The handler (via qv_gic_ack_group0) reads the word: MAILBOX_OFF ends in
 * plat_system_off(), MAILBOX_RESET in plat_system_reset(). Linux's drivers
 * write once and then wait (1 s), so the request is seen within WATCH_MS. The normal world cannot see the timer (CNTPS_* are
 * UNDEFINED to it) or the PPI (group 0 is Secure-only in the GIC), and the
 * FIQ path (vectors.S, trap_common) saves and restores every general
 * register; the monitor uses no FP/SIMD register.
 *
 * Cold boot only, except qv_poweroff_tick().
 */
#include <stdbool.h>
#include <stdint.h>
#include <libfdt.h>
#include "arch.h"
#include "platform.h"
#include "qv.h"
#include "../../plat.h"

#define WATCH_MS	5
#define MAILBOX_OFF	0x5ec0f0ffu
#define MAILBOX_RESET	0x5ec0b007u

static bool enabled;
static uint64_t tval;
static uint32_t ticks;

/* Linux's PSCI driver picks 0.2 (with SYSTEM_OFF) whenever the node lists it. */
static bool psci_0_1_only(const void *board)
{
	int node = fdt_node_offset_by_compatible(board, -1, "arm,psci");

	return node >= 0 && fdt_node_check_compatible(board, node, "arm,psci-0.2") != 0 &&
	       fdt_node_check_compatible(board, node, "arm,psci-1.0") != 0;
}

bool qv_poweroff_init(const void *board)
{
	enabled = false;
	if (!board || !psci_0_1_only(board))
		return false;
	if (!plat_ns_range_ok(QV_MAILBOX_BASE, QV_MAILBOX_SIZE)) {
		qv_err("PSCI 0.1 board: no normal-world RAM at %lx for the power-off mailbox\n",
		       (unsigned long)QV_MAILBOX_BASE);
		return false;
	}
	/* RAM survives a reset: a stale MAILBOX_RESET would reset at once. */
	for (uint64_t off = 0; off < QV_MAILBOX_SIZE; off += 4)
		mmio_write32(QV_MAILBOX_BASE + off, 0);
	enabled = true;
	qv_info("PSCI 0.1 board: power-off and reboot through the mailbox at %lx, watched "
		"every %u ms\n", (unsigned long)QV_MAILBOX_BASE, WATCH_MS);
	return true;
}

static int cells_of(const void *fdt, int node, const char *name, int dflt)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	return (p && len == 4) ? (int)fdt32_to_cpu(*p) : dflt;
}

/* reg = <base size> in the cells of `parent`. */
static int set_reg(void *fdt, int parent, int node)
{
	int ac = cells_of(fdt, parent, "#address-cells", 2);
	int sc = cells_of(fdt, parent, "#size-cells", 1);
	fdt32_t reg[4];
	int n = 0;

	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return -FDT_ERR_BADNCELLS;
	if (ac == 2)
		reg[n++] = cpu_to_fdt32((uint32_t)((uint64_t)QV_MAILBOX_BASE >> 32));
	reg[n++] = cpu_to_fdt32((uint32_t)QV_MAILBOX_BASE);
	if (sc == 2)
		reg[n++] = cpu_to_fdt32(0);
	reg[n++] = cpu_to_fdt32(QV_MAILBOX_SIZE);
	return fdt_setprop(fdt, node, "reg", reg, n * (int)sizeof(reg[0]));
}

static int add_node(void *fdt, int parent, const char *name)
{
	int node = fdt_subnode_offset(fdt, parent, name), err;

	if (node >= 0 && (err = fdt_del_node(fdt, node)) < 0)
		return err;
	return fdt_add_subnode(fdt, parent, name);
}

/* The page leaves the OS's memory: Linux maps a syscon only outside it. */
static int reserve_page(void *fdt, const char *name)
{
	int rm = fdt_subnode_offset(fdt, 0, "reserved-memory"), node, err;

	if (rm < 0) {
		rm = fdt_add_subnode(fdt, 0, "reserved-memory");
		if (rm < 0)
			return rm;
		err = fdt_setprop_u32(fdt, rm, "#address-cells",
				      (uint32_t)cells_of(fdt, 0, "#address-cells", 2));
		if (!err)
			err = fdt_setprop_u32(fdt, rm, "#size-cells",
					      (uint32_t)cells_of(fdt, 0, "#size-cells", 1));
		if (!err)
			err = fdt_setprop_empty(fdt, rm, "ranges");
		if (err)
			return err;
	}
	node = add_node(fdt, rm, name);
	if (node < 0)
		return node;
	err = set_reg(fdt, rm, node);
	return err ? err : fdt_setprop_empty(fdt, node, "no-map");
}

static int add_writer(void *fdt, const char *name, const char *compatible, uint32_t phandle,
		      uint32_t value)
{
	int node = add_node(fdt, 0, name), err;

	if (node < 0)
		return node;
	err = fdt_setprop_string(fdt, node, "compatible", compatible);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "regmap", phandle);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "offset", 0);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "value", value);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "mask", 0xffffffffu);
	return err;
}

int qv_poweroff_dt_fixup(void *fdt)
{
	char name[40];
	uint32_t phandle;
	int node, err;

	if (!enabled)
		return 0;
	qv_snprintf(name, sizeof(name), "secmon-mailbox@%lx", (unsigned long)QV_MAILBOX_BASE);
	err = reserve_page(fdt, name);
	if (!err)
		err = fdt_generate_phandle(fdt, &phandle);
	if (err)
		return err;
	node = add_node(fdt, 0, name);
	if (node < 0)
		return node;
	err = fdt_setprop_string(fdt, node, "compatible", "syscon");
	if (!err)
		err = set_reg(fdt, 0, node);
	if (!err)
		err = fdt_setprop_u32(fdt, node, "phandle", phandle);
	if (!err)
		err = add_writer(fdt, "secmon-poweroff", "syscon-poweroff", phandle, MAILBOX_OFF);
	if (!err)
		err = add_writer(fdt, "secmon-reboot", "syscon-reboot", phandle, MAILBOX_RESET);
	return err;
}

static void arm_timer(void)
{
	write_sysreg("cntps_tval_el1", tval);
	write_sysreg("cntps_ctl_el1", 1);	/* ENABLE, interrupt not masked */
	isb();
}

/* On the boot CPU, last thing before the normal world runs. */
void qv_poweroff_start(void)
{
	uint64_t freq = read_sysreg("cntfrq_el0");

	if (!enabled)
		return;
	tval = (freq ? freq : 62500000) * WATCH_MS / 1000;
	qv_gic_secure_ppi(QV_SEC_TIMER_INTID);
	arm_timer();
}

/* The timer's interrupt, acknowledged and not yet ended: look, then re-arm. */
void qv_poweroff_tick(void)
{
	uint32_t v;

	if (!enabled) {
		write_sysreg("cntps_ctl_el1", 0);
		isb();
		return;
	}
	ticks++;
	v = mmio_read32(QV_MAILBOX_BASE);
	if (v == MAILBOX_OFF) {
		qv_info("power-off requested through the mailbox\n");
		plat_system_off();
	}
	if (v == MAILBOX_RESET) {
		qv_info("reboot requested through the mailbox\n");
		plat_system_reset();
	}
	arm_timer();
}

/* For the log at SYSTEM_OFF / SYSTEM_RESET: how often the watch looked. */
void qv_poweroff_report(void)
{
	if (enabled)
		qv_info("power-off watch: %u checks\n", ticks);
}
