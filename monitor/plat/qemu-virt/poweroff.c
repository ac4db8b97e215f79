/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Power-off and reboot for a normal world whose PSCI has no SYSTEM_OFF and
 * no SYSTEM_RESET: a board DT whose psci node is PSCI 0.1 ("arm,psci" only)
 * gives Linux cpu_on, cpu_off, cpu_suspend and migrate, nothing else, and
 * QEMU's virt board has no power-off device the normal world can reach (the
 * lines that power it off and reset it are on the secure PL061).
 *
 * On such a board the monitor offers a mailbox: one page of normal-world RAM
 * that the port chooses (qv_poweroff_init()), given to the OS as a no-map
 * reserved-memory region, a "syscon" over it, and Linux's standard
 * "syscon-poweroff" and "syscon-reboot" nodes, which write a value into its
 * first word. Both drivers are built into Debian's arm64 and armmp kernels
 * (CONFIG_POWER_RESET_SYSCON, CONFIG_POWER_RESET_SYSCON_POWEROFF);
 * "gpio-poweroff" is not.
 *
 * The word is watched by the boot CPU's secure physical timer (PPI 29), a
 * group-0 interrupt that the port routes to the monitor as an FIQ
 * (SCR_EL3.FIQ, SCR.FIQ), every WATCH_MS milliseconds wherever the boot CPU
 * is: in the normal world (with its interrupts masked or not) it takes the
 * FIQ at once, inside an SMC as soon as the SMC returns, and off or
 * suspended in WFI in the monitor it wakes for it. The handler (via
 * qv_gic_ack_group0) reads the word: MAILBOX_OFF and MAILBOX_RESET end in
 * mon_system_asked(), which records the request as the
 * monitor records SYSTEM_OFF and SYSTEM_RESET before the platform's
 * plat_system_off() or plat_system_reset(). Linux's drivers write once and then
 * wait (1 s), so the request is seen within WATCH_MS. The normal world
 * cannot see the timer (the secure instance is not its own) or the PPI
 * (group 0 is Secure-only in the GIC), and the FIQ path saves and restores
 * every general register; the monitor uses no FP/SIMD register.
 *
 * Run time: the watch itself. Cold boot (poweroff_dt.c): whether the board
 * needs it, and its nodes in the OS's DT.
 */
#include <stdbool.h>
#include <stdint.h>
#include "../../arch/arch.h"
#include "platform.h"
#include "qemu-virt.h"
#include "../../fwlib/fwlib.h"
#include "../../plat.h"

bool qv_poweroff_enabled;
bool qv_sec_timer_mine;
uint64_t qv_mailbox_base;
static uint64_t tval;
static uint32_t ticks;

/* On the boot CPU, last thing before the normal world runs. */
MON_COLD_BOOT void qv_poweroff_start(void)
{
	uint64_t freq = arch_counter_hz();

	if (!qv_poweroff_enabled)
		return;
	tval = (freq ? freq : 62500000) * QV_WATCH_MS / 1000;
	qv_gic_secure_ppi(QV_SEC_TIMER_INTID);
	arch_sec_timer_start(tval);
}

/* The timer's interrupt, acknowledged and not yet ended: look, then re-arm. */
void qv_poweroff_tick(void)
{
	uint32_t v;

	if (!qv_poweroff_enabled) {
		arch_sec_timer_stop();
		return;
	}
	ticks++;
	v = mmio_read32((uintptr_t)qv_mailbox_base);
	if (v == QV_MAILBOX_OFF) {
		fw_info("power-off requested through the mailbox\n");
		mon_system_asked(QV_BOOT_CPU, false);
	}
	if (v == QV_MAILBOX_RESET) {
		fw_info("reboot requested through the mailbox\n");
		mon_system_asked(QV_BOOT_CPU, true);
	}
	arch_sec_timer_start(tval);
}

/* For the log at SYSTEM_OFF / SYSTEM_RESET: how often the watch looked. */
void qv_poweroff_report(void)
{
	if (qv_poweroff_enabled)
		fw_info("power-off watch: %u checks\n", ticks);
}
