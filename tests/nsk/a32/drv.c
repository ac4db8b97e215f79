// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=socdrv on the AArch32 nsk: the test SoC driver
 * (tests/socdrv/socdrv.c, the same file the simulator and the AArch64 nsk
 * run) against the board whose DT the firmware was given (-fw_cfg
 * name=opt/secmon/board.dtb,file=X). It reads the normal world's DT through
 * the library and Debian's armhf libfdt, and calls the board's monitor with
 * the library's AArch32 smc conduit, which passes r0-r12: the legacy ABIs'
 * IDs in r12 (OMAP4 style) or negative IDs in r0 (Exynos style) are native
 * here. Output is TAP, then the plan.
 */
#include <secmon/client.h>
#include <secmon/psci.h>
#include "nsk.h"
#include "socdrv.h"
#include "a32.h"

int drv_run(const void *fdt, const char *name, const uint64_t *mpidr, unsigned n, bool wake);
__attribute__((noreturn)) void drv_secondary(void);

static struct socdrv_env env;
static uint64_t cpu_mpidr[NSK_MAX_CPUS];
static unsigned ncpus;
static unsigned results;
static bool wake_on;

/* A normal-world page for the media service to protect. */
static uint8_t buffer[4096] __attribute__((aligned(4096)));

/* The driver numbers CPUs as the DT's /cpus lists them. */
static unsigned self(void)
{
	uint64_t m = a32_mpidr();

	for (unsigned i = 0; i < ncpus; i++)
		if (cpu_mpidr[i] == m)
			return i;
	return 0;
}

/* Every TAP result starts with a piece that is exactly "ok " or "not ok ". */
static void put(const char *s)
{
	if (strcmp(s, "ok ") == 0 || strcmp(s, "not ok ") == 0)
		results++;
	con_puts(s);
}

static void relax(void)
{
	__asm__ volatile("yield");
}

/*
 * The smc conduit with a wake-up armed around every call: the board's idle
 * operation (whatever its ID) is a WFI in the monitor that some interrupt
 * must end. A call that returns sooner stops the timer unfired.
 */
static void drv_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
		       struct secmon_regs *out)
{
	if (wake_on)
		wake_arm();
	secmon_conduit_smc.invoke(c, in, out);
	if (wake_on)
		wake_disarm();
}

static const struct secmon_conduit drv_conduit = {
	.name = "smc", .invoke = drv_invoke, .aarch32 = true
};

int drv_run(const void *fdt, const char *name, const uint64_t *mpidr, unsigned n, bool wake)
{
	int failures;

	ncpus = n < NSK_MAX_CPUS ? n : NSK_MAX_CPUS;
	for (unsigned i = 0; i < ncpus; i++)
		cpu_mpidr[i] = mpidr[i];
	wake_on = wake;
	env = (struct socdrv_env){
		.name = name,
		.fdt = fdt,
		/* hvc would trap to the nsk itself in Hyp mode. */
		.cs = { &drv_conduit, 0 },
		.self = self,
		.secondary_pc = (uintptr_t)nsk_secondary_entry,
		.buffer = (uintptr_t)buffer,
		.bad_addr = 0x0e000000u,	/* QEMU virt's secure RAM */
		.puts = put,
		.relax = relax,
		.erratum_needed = 0x5ec00001u,	/* as the simulator's (sim.h) */
		.erratum_not_needed = 0x5ec00002u,
	};
	con_printf("# nsk: socdrv %s: %u CPUs, buffer at 0x%x\n", name, ncpus,
		   (unsigned)(uintptr_t)buffer);
	failures = socdrv_run(&env);
	con_printf("1..%u\n", results);
	con_printf("# nsk: socdrv %s: %d failed\n", name, failures);
	return failures;
}

/* A CPU the driver booted: check in, then off with standard PSCI CPU_OFF. */
void drv_secondary(void)
{
	int err;

	socdrv_secondary();
	err = secmon_psci_cpu_off(&secmon_conduit_smc);
	con_printf("# nsk: FAIL CPU_OFF returned %d on MPIDR 0x%llx\n", err, a32_mpidr());
	nsk_halt();
}
