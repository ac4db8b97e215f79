// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk main: reads the DTB the firmware passed, describes the machine to the
 * conformance suite (struct conf_env), runs it on the boot CPU, prints the
 * TAP plan and a summary, and ends with PSCI SYSTEM_OFF.
 *
 * Options come from /chosen/bootargs (QEMU's -append, or whatever the
 * firmware puts there), all optional:
 *   nsk.el=1            leave EL2 for EL1 first (boot and secondary CPUs)
 *   nsk.badpc=0         give the suite no bad entry points (for firmware
 *                       that starts a CPU wherever it is told, e.g. QEMU's
 *                       built-in PSCI, where the CPU would be lost)
 *   nsk.race=N          successful CPU_ONs the race test makes in all
 *   nsk.standby=S|none  power_state for the standby test
 *   nsk.powerdown=S|none  power_state for the power-down test
 *   nsk.fault=1         take an undefined-instruction exception before the
 *                       suite (checks that a fault is reported, not hung)
 *   nsk.test=socdrv     run the test SoC driver (drv.c) instead of the suite
 *   nsk.name=NAME       the name in the driver's test lines (its board)
 *   nsk.off2=1          power off at the end with SYSTEM_OFF2 (HIBERNATE_OFF)
 *   nsk.off=mailbox     power off at the end as Linux's syscon-poweroff driver
 *                       does on a PSCI 0.1 board (the mailbox the firmware
 *                       watches), recording switched on just before
 *   nsk.test=syssuspend SYSTEM_SUSPEND nsk.cycles=N times (1000), the caller
 *                       rotating over the CPUs, the others off (sysstress.c)
 *   nsk.test=hostile    random SMCs and CPU_ON/CPU_OFF storms from every CPU
 *                       at once (hostile.c); nsk.calls=N in all (100000),
 *                       nsk.seed=N
 *   nsk.test=isolation  loads and stores to the monitor's memory fault
 *                       (isolation.c)
 *   nsk.test=secrets    nothing of the secure world's DT left in RAM (secrets.c)
 *   nsk.test=pmu        the cycle counter does not count EL3 (pmu.c)
 *   nsk.test=endian     warm entries keep a big-endian caller's SCTLR.EE (endian.c)
 *   nsk.test=tos        the project's secure payload through the monitor
 *                       (tos.c); nsk.preempt=N yielding-call preemptions,
 *                       nsk.tospd=STATE|none the secondaries' power-down,
 *                       nsk.tosfault=K (0-7) the payload's failure K contained
 *   nsk.test=trace      the monitor's recording read back from every CPU at
 *                       once, hostile TRACE_READ buffers (trace.c)
 *   nsk.test=a32el1     SMCs from AArch32 EL1 (a32el1.c); nsk.a32id12=ID
 *                       also makes a board's legacy call with its ID in r12
 * Without them the idle states come from /cpus/idle-states, else secmon's:
 * 0x1 (core retention) and 0x00010002 (core power-down), original format.
 */
#include "boot.h"
#include "conf.h"
#include "dt.h"
#include "nsk.h"

#define HCR_EL2_RW		(1ull << 31)
#define SCTLR_EL2_RES1		0x30c50830ull	/* MMU, caches, alignment checks off */
#define SCTLR_EL1_RES1		0x30d00800ull
#define CPTR_EL2_NO_TRAPS	0x32ffull	/* RES1 bits; TFP, TZ, TTA, TCPAC clear */
#define CPACR_EL1_FPEN		(3ull << 20)

static struct dtb dt;
static struct conf_env env;
static struct nsk_gic gic;
static uint64_t image_base;
static unsigned boot_el;
static char env_name[64];
static struct nsk_options opt;
/* The options only this nsk knows (arch_option). */
static struct {
	bool hostile, isolation, a32el1, secrets, pmu, trace, tos, endian;
	uint64_t calls, seed, a32id12, preempt, tospd, tosfault;
} test = { .tospd = 0x00010002u };	/* core power-down: secmon's and TF-A's QEMU StateID */

/* Entry ELs seen on started CPUs, as a bit mask (bit n = ELn). */
static uint32_t secondary_els;
static uint32_t exceptions;

uint64_t nsk_cpu_mpidr(void)
{
	return my_mpidr();
}

uint64_t nsk_ticks(void)
{
	isb();
	return sysreg_read(cntvct_el0);
}

uint64_t nsk_tick_freq(void)
{
	return sysreg_read(cntfrq_el0);
}

const struct hostile_abi hostile_abi = { .nargs = SECMON_NREGS, .mask = ~0ull };

static bool arch_option(const struct nsk_arg *a)
{
	if (nsk_arg_is(a, "test", "hostile"))
		test.hostile = true;
	else if (nsk_arg_is(a, "test", "isolation"))
		test.isolation = true;
	else if (nsk_arg_is(a, "test", "secrets"))
		test.secrets = true;
	else if (nsk_arg_is(a, "test", "a32el1"))
		test.a32el1 = true;
	else if (nsk_arg_is(a, "test", "pmu"))
		test.pmu = true;
	else if (nsk_arg_is(a, "test", "trace"))
		test.trace = true;
	else if (nsk_arg_is(a, "test", "endian"))
		test.endian = true;
	else if (nsk_arg_is(a, "test", "tos"))
		test.tos = true;
	else if (nsk_arg_is(a, "preempt", 0) && a->num)
		test.preempt = a->v;
	else if (nsk_arg_is(a, "tospd", "none"))
		test.tospd = 0;
	else if (nsk_arg_is(a, "tospd", 0) && a->num)
		test.tospd = a->v;
	else if (nsk_arg_is(a, "tosfault", 0) && a->num && a->v < 8)
		test.tosfault = a->v + 1;
	else if (nsk_arg_is(a, "a32id12", 0) && a->num)
		test.a32id12 = a->v;
	else if (nsk_arg_is(a, "calls", 0) && a->num)
		test.calls = a->v;
	else if (nsk_arg_is(a, "seed", 0) && a->num)
		test.seed = a->v;
	else
		return false;
	return true;
}

/* ---- CPU state ---- */

/*
 * Each CPU on entry, once it has a stack: vectors and a known SCTLR/HCR,
 * and FP/SIMD on (libfdt uses a few SIMD instructions; the nsk's own code
 * is built -mgeneral-regs-only): CPTR_EL2.TFP clear at EL2, and
 * CPACR_EL1.FPEN for EL1, also for after leave_el2().
 */
void nsk_cpu_early_init(void)
{
	if (current_el() == 2) {
		sysreg_write(hcr_el2, HCR_EL2_RW);
		sysreg_write(cptr_el2, CPTR_EL2_NO_TRAPS);
		sysreg_write(cpacr_el1, CPACR_EL1_FPEN);
		sysreg_write(sctlr_el2, SCTLR_EL2_RES1);
		sysreg_write(vbar_el2, (uintptr_t)nsk_vectors);
	} else {
		sysreg_write(cpacr_el1, CPACR_EL1_FPEN);
		sysreg_write(sctlr_el1, SCTLR_EL1_RES1);
		sysreg_write(vbar_el1, (uintptr_t)nsk_vectors);
	}
	isb();
	/* Back from a power-down suspend: the timer that woke us is still on. */
	wake_disarm();
}

/* Sets EL2 up for a plain EL1 guest (no traps, no stage 2) and drops to EL1. */
static void leave_el2(void)
{
	sysreg_write(vpidr_el2, sysreg_read(midr_el1));
	sysreg_write(vmpidr_el2, sysreg_read(mpidr_el1));
	sysreg_write(cnthctl_el2, 3);		/* EL1PCTEN, EL1PCEN */
	sysreg_write(cntvoff_el2, 0);
	sysreg_write(cptr_el2, CPTR_EL2_NO_TRAPS);
	sysreg_write(hstr_el2, 0);
	sysreg_write(vttbr_el2, 0);
	if (gic.version == 3) {
		sysreg_write(ICC_SRE_EL2, 0xf);	/* SRE, DFB, DIB, Enable (EL1 may use SRE) */
		isb();
		sysreg_write(ICH_HCR_EL2, 0);
	}
	sysreg_write(sctlr_el1, SCTLR_EL1_RES1);
	sysreg_write(vbar_el1, (uintptr_t)nsk_vectors);
	sysreg_write(hcr_el2, HCR_EL2_RW);
	isb();
	nsk_eret_to_el1();
}

void nsk_secondary_main(uint64_t context_id, uint64_t slot)
{
	__atomic_fetch_or(&secondary_els, 1u << current_el(), __ATOMIC_RELAXED);
	if (slot >= nsk_ncpus) {
		con_printf("# nsk: FAIL a CPU with MPIDR 0x%lx started, not in the DT's /cpus\n",
			   my_mpidr());
		secmon_psci_cpu_off(env.c);
		nsk_halt();
	}
	if (opt.want_el1 && current_el() == 2)
		leave_el2();
	if (opt.socdrv)
		drv_secondary();
	if (test.hostile)
		hostile_secondary((unsigned)slot);
	if (test.a32el1)
		a32el1_secondary();
	if (test.trace)
		trace_secondary((unsigned)slot);
	if (test.pmu)
		pmu_secondary(context_id);
	if (test.endian)
		endian_secondary(context_id);
	if (test.tos)
		tos_secondary(context_id, (unsigned)slot);
	if (opt.syssuspend)
		sysstress_secondary(context_id);
	conf_secondary(context_id);
	con_printf("# nsk: FAIL CPU_OFF returned on cpu %lu\n", slot);
	nsk_halt();
}

void nsk_exception(uint64_t kind)
{
	static const char *const type[] = { "synchronous", "IRQ", "FIQ", "SError" };
	static const char *const from[] = { "current EL, SP_EL0", "current EL, SP_ELx",
					    "lower EL, AArch64", "lower EL, AArch32" };
	unsigned el = current_el();
	uint64_t esr, elr, far, spsr;

	if (el == 2) {
		esr = sysreg_read(esr_el2);
		elr = sysreg_read(elr_el2);
		far = sysreg_read(far_el2);
		spsr = sysreg_read(spsr_el2);
	} else {
		esr = sysreg_read(esr_el1);
		elr = sysreg_read(elr_el1);
		far = sysreg_read(far_el1);
		spsr = sysreg_read(spsr_el1);
	}
	con_printf("Bail out! nsk: %s exception (%s) at EL%u on MPIDR 0x%lx: ESR 0x%lx "
		   "(EC 0x%lx) ELR 0x%lx (nsk.elf 0x%lx) FAR 0x%lx SPSR 0x%lx\n",
		   type[kind & 3], from[(kind >> 2) & 3], el, my_mpidr(), esr, (esr >> 26) & 0x3f,
		   elr, elr - image_base, far, spsr);
	/* Power off once; a fault inside SYSTEM_OFF must not recurse. */
	if (__atomic_fetch_add(&exceptions, 1, __ATOMIC_ACQ_REL) == 0 && env.c)
		secmon_psci_system_off(env.c);
	nsk_halt();
}

/* The conformance suite's conf_env.id_regs. */
static void id_regs(uint64_t id[4])
{
	id[0] = sysreg_read(id_aa64pfr0_el1);
	id[1] = sysreg_read(id_aa64dfr0_el1);
	id[2] = sysreg_read(id_aa64isar0_el1);
	id[3] = sysreg_read(id_aa64mmfr0_el1);
}

/* ---- boot ---- */

static const char *el_name(uint32_t mask)
{
	switch (mask) {
	case 1u << 1:
		return "EL1";
	case 1u << 2:
		return "EL2";
	case (1u << 1) | (1u << 2):
		return "EL1 and EL2";
	default:
		return "-";
	}
}

void nsk_main(uint64_t dtb, uint64_t base)
{
	uint64_t cpus[NSK_MAX_CPUS], me = my_mpidr(), end;
	const struct secmon_conduit *psci;
	const char *why = 0;
	int n, failures;

	image_base = base;
	boot_el = current_el();
	if (dt_open(&dt, dtb) != 0) {
		con_printf("Bail out! nsk: no device tree at x0 = 0x%lx\n", dtb);
		nsk_halt();
	}
	con_init(nsk_find_console(&dt));
	con_printf("# nsk: entered at EL%u, image at 0x%lx, DTB at 0x%lx, MPIDR 0x%lx\n", boot_el,
		   base, dtb, me);
	if (boot_el != 1 && boot_el != 2) {
		con_printf("Bail out! nsk: entered at EL%u; the boot protocol wants EL2 or EL1\n",
			   boot_el);
		nsk_halt();
	}
	nsk_parse_bootargs(&dt, &opt, arch_option);
	nsk_find_gic(&dt, &gic, true);
	wake_init(&gic);
	n = nsk_find_cpus(&dt, cpus, NSK_MAX_CPUS, NSK_MPIDR_MASK);
	nsk_set_cpus(me, cpus, n);

	if (opt.want_el1 && boot_el == 2) {
		leave_el2();
		boot_el = current_el();
		con_printf("# nsk: now at EL%u\n", boot_el);
	}

	psci = nsk_find_psci(&dt, boot_el == 2 ? "at EL2" : 0, &why);
	if (!psci) {
		con_printf("Bail out! nsk: %s\n", why);
		nsk_halt();
	}
	env.c = nsk_suspend_conduit(psci, gic.version != 0);
	if (opt.socdrv) {
		drv_run((const void *)(uintptr_t)dtb, opt.name[0] ? opt.name : "board", cpus,
			(unsigned)n, gic.version != 0, drv_soak);
		nsk_power_off(env.c);
	}
	if (test.hostile) {
		hostile_run(env.c, test.calls ? test.calls : 100000, test.seed);
		nsk_power_off(env.c);
	}
	if (test.isolation) {
		isolation_run(env.c, boot_el == 2);
		nsk_power_off(env.c);
	}
	if (test.secrets) {
		secrets_run(&dt, image_base, (uintptr_t)_end);
		nsk_power_off(env.c);
	}
	if (test.a32el1) {
		a32el1_run(env.c, test.a32id12);
		nsk_power_off(env.c);
	}
	if (test.pmu) {
		env.secondary_pc = (uintptr_t)nsk_secondary_entry;
		nsk_env_init(&env, &dt, &opt, nsk_ram_end(&dt, image_base), gic.version != 0);
		pmu_run(&env);
		nsk_power_off(env.c);
	}
	if (test.trace) {
		trace_run(env.c, nsk_ram_end(&dt, image_base), current_el(), false);
		nsk_power_off(env.c);
	}
	if (test.endian) {
		env.secondary_pc = (uintptr_t)nsk_secondary_entry;
		nsk_env_init(&env, &dt, &opt, nsk_ram_end(&dt, image_base), gic.version != 0);
		endian_run(&env);
		nsk_power_off(env.c);
	}
	if (test.tos) {
		tos_run(env.c, nsk_ram_end(&dt, image_base) - 0x100000, test.preempt,
			test.tospd, test.tosfault);
		nsk_power_off(env.c);
	}
	env.secondary_pc = (uintptr_t)nsk_secondary_entry;
	end = nsk_ram_end(&dt, image_base);
	nsk_env_init(&env, &dt, &opt, end, gic.version != 0);
	env.id_regs = id_regs;
	if (gic.version) {
		env.sgi_arm = wake_sgi_arm;
		env.sgi_send = wake_sgi_send;
		env.sgi_clear = wake_sgi_clear;
	}

	nsk_append(env_name, sizeof(env_name), "nsk el");
	nsk_append_uint(env_name, sizeof(env_name), boot_el);
	nsk_append(env_name, sizeof(env_name), " smp");
	nsk_append_uint(env_name, sizeof(env_name), nsk_ncpus);
	nsk_append(env_name, sizeof(env_name), " gic");
	nsk_append_uint(env_name, sizeof(env_name), gic.version);
	nsk_append(env_name, sizeof(env_name), " ");
	nsk_append(env_name, sizeof(env_name), env.c->name);
	env.name = env_name;

	con_printf("# nsk: %s: %u CPUs, conduit %s, RAM ends at 0x%lx, GICv%u (GICD 0x%lx), "
		   "wake-up INTID %u\n",
		   env.name, env.ncpus, env.c->name, end, gic.version, gic.dist, gic.timer_intid);
	con_printf("# nsk: standby 0x%x%s, power-down 0x%x%s, %u bad entry points, race %u\n",
		   env.standby_state, env.has_standby ? "" : " (skipped)", env.powerdown_state,
		   env.has_powerdown ? "" : " (skipped)", env.nbad_pc, env.race_starts);

	if (opt.syssuspend)
		sysstress_run(&env, opt.cycles);
	if (opt.fault)
		__asm__ volatile("udf #0x5e");
	failures = conf_run(&env);

	con_printf("# nsk: %s: %d failed; secondaries entered at %s; %u timer wake-ups\n",
		   env.name, failures, el_name(__atomic_load_n(&secondary_els, __ATOMIC_RELAXED)),
		   wake_fired());
	nsk_power_off(env.c);
}
