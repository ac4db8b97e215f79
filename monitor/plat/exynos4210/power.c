/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * CPU and system power on the Exynos4210. CPU 1 waits in the monitor from
 * reset until it is started (Samsung's CPU1BOOT, or PSCI CPU_ON: both reach
 * plat_cpu_on()); it waits in WFI with a flag, woken by the secure SGI of
 * the A9's own GIC, as on QEMU virt. QEMU powers no core down (Linux's own
 * hotplug keeps CPU 1 in its WFI in the normal world), so a core that is
 * "off" or suspended waits the same way. System power is the PMU's:
 * PS_HOLD low powers off (QEMU ends); SWRESET resets the SoC (QEMU ignores
 * it: the core then waits for good).
 */
#include <stdbool.h>
#include <stdint.h>
#include <secmon/psci.h>
#include "exynos4210.h"
#include "../../arch/arch.h"
#include "../../fwlib/fwlib.h"
#include "../../monitor.h"
#include "../../plat.h"

#define PS_HOLD_OUT_HIGH	(1u << 8)

static uint32_t cpu_go[PLAT_MAX_CPUS];

int plat_cpu_on(unsigned cpu)
{
	if (cpu >= PLAT_MAX_CPUS)
		return SECMON_PSCI_INVALID_PARAMETERS;
	__atomic_store_n(&cpu_go[cpu], 1, __ATOMIC_RELEASE);
	ex_gic_send_wake(cpu);
	return SECMON_PSCI_SUCCESS;
}

_Noreturn static void park(unsigned cpu)
{
	struct mon_ns_entry e = { 0, 0, 0 };

	for (;;) {
		ex_gic_cpu_init();
		while (!__atomic_load_n(&cpu_go[cpu], __ATOMIC_ACQUIRE)) {
			wfi();
			ex_gic_ack();
		}
		__atomic_store_n(&cpu_go[cpu], 0, __ATOMIC_RELAXED);
		if (mon_cpu_wakeup(cpu, &e)) {
			ex_gic_cpu_quiesce();
			fw_info("CPU %u released at %lx\n", cpu, (unsigned long)e.pc);
			arch_enter_normal_world(&e);
		}
	}
}

/* CPU 1 at reset: once the boot CPU is ready, off until started. */
_Noreturn void board_secondary_boot(unsigned cpu)
{
	ex_gic_cpu_init();
	while (!ex_gic_released())
		wfi();
	park(cpu);
}

_Noreturn void plat_cpu_off(unsigned cpu)
{
	park(cpu);
}

/* Until an interrupt is pending: the OS's (external GIC), or a stray wake-up SGI. */
static void wait_for_interrupt(void)
{
	dsb_sy();
	wfi();
	ex_gic_ack();
}

/*
 * A power-down: PSCI's CPU_SUSPEND, and Samsung's AFTR and SLEEP (the
 * board's do-idle and suspend, resume-word). On the chip the core loses
 * power and the iROM resumes it at the mailbox's address; QEMU powers
 * nothing down, so the core waits here for its wake-up (an interrupt) and
 * then enters the normal world at the resume address as a core fresh from
 * reset would (arch_enter_normal_world(): MMU and caches off, interrupts
 * masked, no secure value in a register). The resume is logged.
 */
_Noreturn void plat_cpu_suspend(unsigned cpu, unsigned level)
{
	struct mon_ns_entry e = { 0, 0, 0 };

	wait_for_interrupt();
	if (mon_cpu_wakeup(cpu, &e)) {
		fw_info("CPU %u woken from a power-down (level %u), resumes at %lx\n", cpu, level,
			(unsigned long)e.pc);
		arch_enter_normal_world(&e);
	}
	park(cpu);
}

/* PSCI's standby: a wait for an interrupt, then back to the caller. */
void plat_cpu_standby(unsigned cpu)
{
	(void)cpu;
	wait_for_interrupt();
}

/* No FIQ reaches the CPUs on this SoC (nothing is wired). */
void board_fiq(void)
{
}

_Noreturn void ex_power_off(void)
{
	uintptr_t r = EX_PMU_BASE + EX_PMU_PS_HOLD;

	mmio_write32(r, mmio_read32(r) & ~PS_HOLD_OUT_HIGH);
	for (;;)
		wfi();
}

_Noreturn void plat_system_off(void)
{
	fw_info("SYSTEM_OFF: PMU PS_HOLD low\n");
	ex_power_off();
}

_Noreturn void plat_system_reset(void)
{
	fw_info("SYSTEM_RESET: PMU SWRESET (QEMU ignores it)\n");
	mmio_write32(EX_PMU_BASE + EX_PMU_SWRESET, 1);
	for (;;)
		wfi();
}

