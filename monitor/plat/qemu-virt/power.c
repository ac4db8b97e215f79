/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * CPU and system power on QEMU virt, both ports. QEMU cannot really power a core down,
 * so a core that is "off" sleeps in WFI at EL3 and is woken by the monitor's
 * secure SGI; a CPU_ON sets the core's flag before sending the SGI, and the
 * core tests the flag before every WFI, so a wake-up that arrives early is
 * never lost (the SGI stays pending and WFI returns at once). System power
 * uses the secure PL061: line 0 powers off, line 1 resets.
 */
#include <stdbool.h>
#include <stdint.h>
#include <secmon/psci.h>
#include "../../arch/arch.h"
#include "../../drivers/pl061.h"
#include "platform.h"
#include "qemu-virt.h"
#include "../../fwlib/fwlib.h"
#include "../../monitor.h"
#include "../../plat.h"

#define GPIO_POWEROFF	0
#define GPIO_RESET	1

static uint32_t cpu_go[PLAT_MAX_CPUS];

int plat_cpu_on(unsigned cpu)
{
	if (cpu >= plat_cpu_count())
		return SECMON_PSCI_INVALID_PARAMETERS;
	__atomic_store_n(&cpu_go[cpu], 1, __ATOMIC_RELEASE);
	qv_gic_send_wake(cpu, plat_cpu_mpidr(cpu));
	return SECMON_PSCI_SUCCESS;
}

static void wait_for_cpu_on(unsigned cpu)
{
	while (!__atomic_load_n(&cpu_go[cpu], __ATOMIC_ACQUIRE)) {
		wfi();
		qv_gic_ack_group0();
	}
	__atomic_store_n(&cpu_go[cpu], 0, __ATOMIC_RELAXED);
}

/* Off until CPU_ON; a wake-up the core calls spurious goes back off. */
_Noreturn static void park(unsigned cpu)
{
	struct mon_ns_entry e = { 0, 0, 0 };

	for (;;) {
		wait_for_cpu_on(cpu);
		if (mon_cpu_wakeup(cpu, &e))
			arch_enter_normal_world(&e);
		qv_gic_cpu_quiesce();
	}
}

/* A secondary at reset: off until CPU_ON, once the boot CPU is ready. */
_Noreturn void board_secondary_boot(unsigned cpu)
{
	qv_gic_cpu_init(cpu);
	while (!qv_gic_released())
		wfi();
	park(cpu);
}

_Noreturn void plat_cpu_off(unsigned cpu)
{
	qv_gic_cpu_quiesce();
	park(cpu);
}

/*
 * Until one of the normal world's interrupts is pending for this core. A WFI
 * also ends for the monitor's own group-0 interrupts: the power-off watch's
 * tick on the boot CPU, or a wake-up SGI still pending from a CPU_ON whose
 * flag the core saw before the SGI arrived. Those are handled here and slept
 * through: they are not the OS's wake-up, and resuming for them would end
 * the OS's suspend before the interrupt it armed (the caller resumes, finds
 * its wake-up still to come, and its next suspend or wait has lost it).
 */
static void wait_for_ns_interrupt(void)
{
	do {
		dsb_sy();
		wfi();
	} while (!qv_gic_ack_group0());
}

/*
 * Power-down suspend, at any level: the core resumes at the entry point the
 * OS gave, as after a real power-down, once the OS's interrupt wakes it.
 * QEMU powers nothing down, at core, cluster or system level: every level is
 * the same wait, and at system level every other core is already off
 * (parked, its group 1 quiesced), so the wake-up the OS armed must target
 * the caller, as Linux's SYSTEM_SUSPEND from its boot CPU arranges.
 */
_Noreturn void plat_cpu_suspend(unsigned cpu, unsigned level)
{
	struct mon_ns_entry e = { 0, 0, 0 };

	(void)level;
	wait_for_ns_interrupt();
	if (mon_cpu_wakeup(cpu, &e))
		arch_enter_normal_world(&e);
	plat_cpu_off(cpu);
}

/* Standby: back to the caller once the OS's interrupt is pending. */
void plat_cpu_standby(unsigned cpu)
{
	(void)cpu;
	wait_for_ns_interrupt();
}

_Noreturn static void gpio_pulse(unsigned line)
{
	pl061_raise(QV_GPIO_S_BASE, line);
	for (;;)
		wfi();
}

MON_COLD_BOOT _Noreturn void qv_power_off(void)
{
	gpio_pulse(GPIO_POWEROFF);
}

_Noreturn void plat_system_off(void)
{
	qv_poweroff_report();
	if (fw_log_verbose())
		mon_scmi_report();
	fw_info("SYSTEM_OFF\n");
	gpio_pulse(GPIO_POWEROFF);
}

_Noreturn void plat_system_reset(void)
{
	qv_poweroff_report();
	fw_info("SYSTEM_RESET\n");
	gpio_pulse(GPIO_RESET);
}

/* QEMU virt has no L2 cache controller: an l2x0-init call has nothing to program. */
int plat_l2x0_call(uint32_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	(void)fid;
	(void)a1;
	(void)a2;
	(void)a3;
	return SECMON_PSCI_SUCCESS;
}
