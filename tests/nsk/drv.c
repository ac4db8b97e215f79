// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=socdrv, on both nsks: the test SoC driver (tests/socdrv/socdrv.c,
 * the same file the simulator runs) against the board whose DT the firmware
 * was given (-fw_cfg name=opt/secmon/board.dtb,file=X): the driver reads the
 * normal world's DT (the DTB the firmware passed, with the board's psci node
 * and call tables in it) through the library and libfdt, boots the
 * secondaries with whatever the board's monitor speaks, idles, sets up the L2
 * cache, applies errata and drives the secure media service. On AArch32 the
 * library's smc conduit passes r0-r12: the legacy ABIs' IDs in r12 (OMAP4
 * style) or negative IDs in r0 (Exynos style) are native there.
 *
 * Then the caller's own tests, if any (the AArch64 nsk's register soak,
 * drvsoak.c). Output is TAP, the driver's lines and those, then the plan.
 */
#include <secmon/client.h>
#include <secmon/psci.h>
#include "boot.h"
#include "nsk.h"
#include "socdrv.h"

static struct socdrv_env env;
static uint64_t cpu_mpidr[NSK_MAX_CPUS];
static unsigned ncpus;
static unsigned results;
static bool wake;

/* A normal-world page for the media service to protect. */
static uint8_t buffer[4096] __attribute__((aligned(4096)));

/* The driver numbers CPUs as the DT's /cpus lists them. */
static unsigned self(void)
{
	return nsk_cpu_index(cpu_mpidr, ncpus);
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
	if (wake)
		wake_arm();
	secmon_conduit_smc.invoke(c, in, out);
	if (wake)
		wake_disarm();
}

static struct secmon_conduit drv_conduit = { .name = "smc", .invoke = drv_invoke };

void drv_result(bool ok)
{
	put(ok ? "ok " : "not ok ");
	con_printf("%u", results);
}

int drv_run(const void *fdt, const char *name, const uint64_t *mpidr, unsigned n, bool has_wake,
	    int (*more)(const char *name))
{
	int failures;

	ncpus = n < NSK_MAX_CPUS ? n : NSK_MAX_CPUS;
	for (unsigned i = 0; i < ncpus; i++)
		cpu_mpidr[i] = mpidr[i];
	wake = has_wake;
	drv_conduit.aarch32 = secmon_conduit_smc.aarch32;
	env = (struct socdrv_env){
		.name = name,
		.fdt = fdt,
		/* hvc would trap to the nsk itself at EL2 (Hyp mode), or to EL2 from EL1. */
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
	con_printf("# nsk: socdrv %s: %u CPUs, buffer at 0x%llx\n", name, ncpus,
		   (unsigned long long)(uintptr_t)buffer);
	failures = socdrv_run(&env);
	if (more)
		failures += more(name);
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
	con_printf("# nsk: FAIL CPU_OFF returned %d on MPIDR 0x%llx\n", err,
		   (unsigned long long)nsk_cpu_mpidr());
	nsk_halt();
}
