// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=socdrv: the test SoC driver (tests/socdrv/socdrv.c, the same file
 * the simulator runs) against the board whose DT the firmware was given
 * (-fw_cfg name=opt/secmon/board.dtb,file=X): the driver reads the normal
 * world's DT (the DTB the firmware passed, with the board's psci node and
 * call tables in it) through the library and libfdt, boots the secondaries
 * with whatever the board's monitor speaks, idles, sets up the L2 cache,
 * applies errata and drives the secure media service.
 *
 * Then, on the boot CPU, every general and FP/SIMD register the nsk can set
 * is held for SOAK_MS while the firmware may take its own interrupts
 * (secmon's power-off watch on a PSCI 0.1 board): they must not change.
 *
 * Output is TAP, the driver's lines and the soak's, then the plan.
 */
#include <secmon/client.h>
#include <secmon/psci.h>
#include "nsk.h"
#include "socdrv.h"

#define SOAK_MS 100

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
	uint64_t m = my_mpidr();

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
	if (wake)
		wake_arm();
	secmon_conduit_smc.invoke(c, in, out);
	if (wake)
		wake_disarm();
}

static const struct secmon_conduit drv_conduit = { .name = "smc", .invoke = drv_invoke };

static void put_uint(uint64_t v)
{
	char buf[24];
	int i = (int)sizeof(buf) - 1;

	buf[i] = '\0';
	do {
		buf[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	con_puts(&buf[i]);
}

static int soak(const char *name)
{
	uint64_t freq = sysreg_read(cntfrq_el0) & 0xffffffffu;
	uint64_t r = nsk_soak((freq ? freq : 62500000) / 1000 * SOAK_MS);

	put(r ? "not ok " : "ok ");
	put_uint(results);
	con_printf(" - %s: x2-x30 and v0-v31 unchanged after %u ms of spinning", name, SOAK_MS);
	if (r >= 100)
		con_printf(" # v%lu changed", r - 100);
	else if (r)
		con_printf(" # x%lu changed", r - 1);
	con_puts("\n");
	return r != 0;
}

int drv_run(const void *fdt, const char *name, const uint64_t *mpidr, unsigned n, bool has_wake)
{
	int failures;

	ncpus = n < NSK_MAX_CPUS ? n : NSK_MAX_CPUS;
	for (unsigned i = 0; i < ncpus; i++)
		cpu_mpidr[i] = mpidr[i];
	wake = has_wake;
	env = (struct socdrv_env){
		.name = name,
		.fdt = fdt,
		/* hvc would trap to the nsk itself at EL2, or to EL2 from EL1. */
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
	con_printf("# nsk: socdrv %s: %u CPUs, buffer at 0x%lx\n", name, ncpus,
		   (uint64_t)(uintptr_t)buffer);
	failures = socdrv_run(&env);
	failures += soak(name);
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
	con_printf("# nsk: FAIL CPU_OFF returned %d on MPIDR 0x%lx\n", err, my_mpidr());
	nsk_halt();
}
