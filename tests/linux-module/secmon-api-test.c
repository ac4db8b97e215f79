// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * secmon-api-test.ko: calls secmon.ko's exported API the way a driver
 * would and checks every answer. It runs once, at load, and prints one
 * line per check to the kernel log:
 *
 *   secmon-api-test: ok - <what>
 *   secmon-api-test: not ok - <what> (got X, want Y)
 *   secmon-api-test: N passed, M failed
 *
 * Parameters: scenario=psci|table|legacy|board|exynos (the board's firmware-operations
 * backend, see tests/linux-module/run.sh), fw=1 when a secmon monitor
 * answers the calls (else QEMU's built-in PSCI answers PSCI and nothing
 * else), media=0 when the board has no secure-media service, atomic=N
 * to run only the N calls from atomic context (atomic_calls()); with
 * scenario=board, cpu=N (default 1) is the offline CPU board() drives.
 *
 * scenario=idle (under the secmon monitor, cpuidle running): `doidle`
 * calls of secmon_firmware_do_idle() on CPU `cpu`; the monitor's PSCI
 * statistics of that CPU grow by at least as many standby entries.
 * scenario=stats (init.sh has disabled every cpuidle state but WFI and
 * woken every CPU, so no count moves): on each CPU, the monitor's counts
 * (PSCI_STAT_COUNT of every state in /cpus/idle-states and
 * /cpus/domain-idle-states) summed over the standby states equal
 * linux_std[cpu] (Linux's cpuidle usage of those states), plus `doidle`
 * on CPU `cpu`, and summed over the power-down states (StateType, bit 16)
 * equal linux_pd[cpu]: the monitor counts a power-down under the level it
 * entered (a cluster or system state when it coordinated one), Linux under
 * the state it asked for.
 *
 * scenario=exynos (AArch32, the monitor's Exynos4210 port, Linux booted with
 * maxcpus=1 so that CPU 1 is still held in the monitor): the library's
 * set/get_cpu_boot_addr write and read SYSRAM + 0x1c (no call); CPU1BOOT
 * with the monitor's own iRAM there starts nothing; then CPU 1 is started
 * at a page of this module's (a WFI loop: it stays there), whose physical
 * address it prints ("exynos: CPU 1 boot address 0x...") for
 * tests/exynos/suite.sh to hold against the monitor's log; do_idle (AFTR),
 * suspend (SLEEP) and resume write their SYSRAM words, read back here; a
 * resume address in the monitor's iRAM is refused; AFTR and SLEEP with
 * Linux's own exynos_cpu_resume_ns power CPU 0 down and resume it there
 * (exynos_powerdown()); raw
 * SMCs with unknown IDs answer SMC_UNK, L2 calls with bits the L2C-310
 * does not define are refused (the monitor logs them).
 *
 * scenario=bind: no checks; registers the platform driver "secmon-bind-test",
 * which matches nothing by itself: init.sh binds it to the SCMI channel's
 * node through driver_override, as the kernel's SCMI driver would bind,
 * while secmon.ko's debugfs scmi holds the channel. Its probe and remove
 * log "secmon-api-test: bind: bound to DEV" and "... unbound from DEV".
 */
#include <linux/arm-smccc.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/io.h>
#include <linux/irqflags.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>
#include <uapi/linux/psci.h>
#include <linux/sched.h>
#include <linux/secmon.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/workqueue.h>
#include <asm/cputype.h>

#ifdef CONFIG_ARM
#include <asm/cacheflush.h>
#include <asm/outercache.h>

/* Code that a CPU fetches with its MMU and caches off must be in memory. */
static void clean_to_memory(void *va, phys_addr_t pa, size_t n)
{
	__cpuc_flush_dcache_area(va, n);
	outer_flush_range(pa, pa + n);
}
#else
/* scenario=exynos is an AArch32 SoC's: an AArch64 kernel never runs it. */
static void clean_to_memory(void *va, phys_addr_t pa, size_t n)
{
}
#endif

static char *scenario = "psci";
module_param(scenario, charp, 0444);
static bool fw;
module_param(fw, bool, 0444);
static bool media = true;
module_param(media, bool, 0444);

static unsigned int atomic;
module_param(atomic, uint, 0444);
static unsigned int cpu = 1;
module_param(cpu, uint, 0444);
static unsigned int doidle = 20;
module_param(doidle, uint, 0444);
static ulong linux_std[NR_CPUS];
static int nlinux_std;
module_param_array(linux_std, ulong, &nlinux_std, 0444);
static ulong linux_pd[NR_CPUS];
static int nlinux_pd;
module_param_array(linux_pd, ulong, &nlinux_pd, 0444);

static unsigned int passed, failed;

static void check(long got, long want, const char *what)
{
	if (got == want) {
		passed++;
		pr_info("secmon-api-test: ok - %s\n", what);
	} else {
		failed++;
		pr_info("secmon-api-test: not ok - %s (got %ld, want %ld)\n", what, got, want);
	}
}

static void check_true(bool ok, const char *what)
{
	check(ok, 1, what);
}

static void errors(void)
{
	check(secmon_to_errno(0), 0, "errno: success is 0");
	check(secmon_to_errno(-1), -EOPNOTSUPP, "errno: NOT_SUPPORTED is -EOPNOTSUPP");
	check(secmon_to_errno(-2), -EINVAL, "errno: INVALID_PARAMETERS is -EINVAL");
	check(secmon_to_errno(-3), -EPERM, "errno: DENIED is -EPERM");
	check(secmon_to_errno(-4), -EBUSY, "errno: ALREADY_ON is -EBUSY");
	check(secmon_to_errno(-9), -EFAULT, "errno: INVALID_ADDRESS is -EFAULT");
	check(secmon_to_errno(-15), -ENOENT, "errno: NOT_FOUND is -ENOENT");
}

static void services(void)
{
	struct secmon_handle *h, *h2;
	struct secmon_arg in[SECMON_MAX_ARGS + 1] = { { .name = "format", .value = 2 } };
	struct secmon_arg st[] = { { .name = "format", .value = 99 }, { .name = "buffers" } };

	check(PTR_ERR(secmon_get_by_name("no-such-service")), -ENOENT,
	      "get_by_name of an unknown service is -ENOENT");
	check(secmon_call_by_name("no-such-service", "x", NULL, 0, NULL, 0), -ENOENT,
	      "call_by_name of an unknown service is -ENOENT");
	if (!media)
		return;
	h = secmon_get_by_name("media");
	check_true(!IS_ERR(h), "get_by_name(\"media\") finds the secure-media service");
	if (IS_ERR(h))
		return;
	check_true(!strcmp(secmon_name(h), "secure-media"), "its name is secure-media");
	h2 = secmon_get_by_name("secmon,secure-media");
	check_true(h2 == h, "found by compatible too");
	secmon_put(h2);
	check_true(secmon_has(h, "get-status") && !secmon_has(h, "no-such-op"),
		   "secmon_has knows get-status, not no-such-op");
	check(secmon_call(h, "no-such-op", NULL, 0, NULL, 0), -ENOENT,
	      "an operation the service lacks is -ENOENT");
	check(secmon_call(h, "set-format", NULL, 0, NULL, 0), -EINVAL,
	      "a missing parameter is -EINVAL");
	in[0].value = 1ull << 32;
	check(secmon_call(h, "set-format", in, 1, NULL, 0), -EINVAL,
	      "a value wider than an SMC32 register is -EINVAL");
	check(secmon_call(h, "set-format", in, SECMON_MAX_ARGS + 1, NULL, 0), -E2BIG,
	      "more than SECMON_MAX_ARGS values is -E2BIG");
	in[0].value = 2;
	if (!fw) {
		check(secmon_call(h, "set-format", in, 1, NULL, 0), -EOPNOTSUPP,
		      "set-format: unanswered (SMC_UNK) is -EOPNOTSUPP");
		check(secmon_call_by_name("secure-media", "get-status", NULL, 0, st, 2),
		      -EOPNOTSUPP, "get-status by name: -EOPNOTSUPP");
	} else {
		check(secmon_call(h, "set-format", in, 1, NULL, 0), 0, "set-format 2");
		check(secmon_call_by_name("secure-media", "get-status", NULL, 0, st, 2), 0,
		      "get-status by name");
		check(st[0].value, 2, "get-status gives format 2");
		in[0].value = 99;
		check(secmon_call(h, "set-format", in, 1, NULL, 0), -EINVAL,
		      "set-format 99: the firmware's INVALID_PARAMETERS is -EINVAL");
	}
	secmon_put(h);
}

/*
 * Calls by name with a spinlock held and interrupts off, `atomic` times,
 * while init.sh reads and writes debugfs (which takes secmon.ko's mutex).
 * Debian's kernel has no CONFIG_DEBUG_ATOMIC_SLEEP, so a call that sleeps
 * is caught here: it comes back with interrupts on (schedule() enables them)
 * or with this task's context-switch count moved.
 */
static DEFINE_SPINLOCK(atomic_lock);

static void atomic_calls(void)
{
	struct secmon_arg st[] = { { .name = "format" }, { .name = "buffers" } };
	unsigned int i, slept = 0, wrong = 0;
	int want = fw ? 0 : -EOPNOTSUPP;

	for (i = 0; i < atomic; i++) {
		unsigned long flags, switches;
		int e;

		spin_lock_irqsave(&atomic_lock, flags);
		switches = current->nvcsw + current->nivcsw;
		e = secmon_call_by_name("media", "get-status", NULL, 0, st, 2);
		if (!irqs_disabled() || switches != current->nvcsw + current->nivcsw)
			slept++;
		spin_unlock_irqrestore(&atomic_lock, flags);
		if (e != want)
			wrong++;
		if (!(i % 256))
			cond_resched();
	}
	check(slept, 0, "atomic: no call by name slept (spinlock held, interrupts off)");
	check(wrong, 0, "atomic: every call by name answered as expected");
}

static void discovery(void)
{
	struct secmon_discovery d;
	u32 a = 0;
	int e = secmon_discover(&d);

	if (!strcmp(scenario, "legacy") && arm_smccc_1_1_get_conduit() == SMCCC_CONDUIT_NONE) {
		check(e, -EOPNOTSUPP, "discover: no SMCCC conduit for a legacy ABI");
		check_true(!strcmp(d.conduit, "none"), "discover: conduit none");
		check(secmon_arch_features(0x80000002u, &a), -EOPNOTSUPP,
		      "arch_features without a conduit is -EOPNOTSUPP");
		return;
	}
	check(e, 0, "discover");
	check_true(!strcmp(d.conduit, "smc"), "discover: conduit smc");
	check(d.kernel_conduit, arm_smccc_1_1_get_conduit() != SMCCC_CONDUIT_NONE,
	      "discover: the kernel's conduit exactly when the kernel has one");
	check_true(d.psci_version >= 0x10000, "discover: PSCI 1.0 or later");
	if (d.smccc_version < 0x10001)
		check(secmon_arch_features(0x80000002u, &a), -EOPNOTSUPP,
		      "arch_features before SMCCC 1.1 is -EOPNOTSUPP");
	else
		check(secmon_arch_features(0x80000002u, &a) == 0, d.has_soc_id,
		      "arch_features(SMCCC_ARCH_SOC_ID) agrees with discovery");
}

static void firmware_psci(void)
{
	u64 addr = 0;

	check_true(!strcmp(secmon_firmware_backend(), "psci"), "backend is psci");
	check_true(secmon_firmware_has("cpu-boot") && !secmon_firmware_has("l2x0-init"),
		   "PSCI has cpu-boot, not l2x0-init");
	check(secmon_firmware_l2x0_init(), -EOPNOTSUPP, "l2x0_init is -EOPNOTSUPP");
	check(secmon_firmware_cpu_boot(nr_cpu_ids + 5), -EINVAL,
	      "cpu_boot of a CPU that does not exist is -EINVAL");
	if (!cpu_online(1) || num_possible_cpus() < 2)
		return;
	check(secmon_firmware_get_cpu_boot_addr(1, &addr), -ENODEV,
	      "get_cpu_boot_addr before any set is -ENODEV");
	check(secmon_firmware_cpu_boot(1), -EFAULT, "cpu_boot without an address is -EFAULT");
	check(secmon_firmware_set_cpu_boot_addr(1, 0x40080000), 0, "set_cpu_boot_addr(1)");
	check(secmon_firmware_get_cpu_boot_addr(1, &addr), 0, "get_cpu_boot_addr(1)");
	check(addr, 0x40080000, "get_cpu_boot_addr gives back what was set");
	check(secmon_firmware_cpu_boot(1), -EBUSY,
	      "cpu_boot of an online CPU: the firmware's ALREADY_ON is -EBUSY");
}

static void firmware_table(void)
{
	check_true(!strcmp(secmon_firmware_backend(), "table"), "backend is table");
	check_true(secmon_firmware_has("do-idle") && secmon_firmware_has("l2x0-init") &&
		   !secmon_firmware_has("suspend"), "the table has do-idle, l2x0-init, not suspend");
	if (IS_ENABLED(CONFIG_ARM)) {
		/* The board's cpu-boot and boot-address calls are SMC64. */
		check_true(!secmon_firmware_has("cpu-boot") &&
			   !secmon_firmware_has("set-cpu-boot-addr"),
			   "AArch32: no cpu-boot, no set-cpu-boot-addr (SMC64 calls)");
		check(secmon_firmware_cpu_boot(1), -EOPNOTSUPP,
		      "AArch32: cpu_boot (SMC64) is -EOPNOTSUPP");
	} else {
		check_true(secmon_firmware_has("cpu-boot"), "the table has cpu-boot");
	}
	check(secmon_firmware_suspend(0), -EOPNOTSUPP, "suspend is -EOPNOTSUPP");
	check(secmon_firmware_l2x0_init(), fw ? 0 : -EOPNOTSUPP,
	      fw ? "l2x0_init" : "l2x0_init: unanswered is -EOPNOTSUPP");
	if (!fw)
		check(secmon_firmware_do_idle(0), -EOPNOTSUPP,
		      "do_idle: unanswered is -EOPNOTSUPP");
	if (!cpu_online(1) || IS_ENABLED(CONFIG_ARM))
		return;
	check(secmon_firmware_cpu_boot(1), -EFAULT, "cpu_boot without an address is -EFAULT");
	check(secmon_firmware_set_cpu_boot_addr(1, 0x40080000), 0, "set_cpu_boot_addr(1)");
	check(secmon_firmware_cpu_boot(1), fw ? -EBUSY : -EOPNOTSUPP,
	      fw ? "cpu_boot of an online CPU is -EBUSY" : "cpu_boot: unanswered is -EOPNOTSUPP");
}

static void firmware_legacy(void)
{
	check_true(!strcmp(secmon_firmware_backend(), "table"), "backend is table");
	check_true(secmon_firmware_has("l2x0-init") && secmon_firmware_has("c15resume"),
		   "the legacy table has l2x0-init and c15resume");
	/* A legacy l2x0-init has no status: four calls, whoever answers. */
	check(secmon_firmware_l2x0_init(), 0, "l2x0_init runs its four calls");
	if (!fw)
		check(secmon_firmware_set_cpu_boot_addr(1, 0x40080000), -EOPNOTSUPP,
		      "set_cpu_boot_addr: status -1 is -EOPNOTSUPP");
}

/*
 * scenario=board (AArch32, an example board's DT given to the AArch32
 * firmware): the firmware operations on `cpu`, which init.sh has taken
 * offline through Linux (PSCI CPU_OFF). The entry is this ARM code, copied
 * to a page: it stores MAGIC in its last word (MMU off: by physical
 * address), then calls PSCI CPU_OFF (0x84000002), so that Linux can bring
 * the CPU back with PSCI.
 */
#define MAGIC 0x5ec0b007
static const u32 entry_code[] = {
	0xe28f1020,	/* add   r1, pc, #32     @ &marker */
	0xe30b2007,	/* movw  r2, #0xb007 */
	0xe3452ec0,	/* movt  r2, #0x5ec0 */
	0xe5812000,	/* str   r2, [r1] */
	0xf57ff04f,	/* dsb   sy */
	0xe3000002,	/* movw  r0, #0x0002 */
	0xe3480400,	/* movt  r0, #0x8400     @ PSCI CPU_OFF */
	0xe1600070,	/* smc   #0 */
	0xe320f002,	/* 1: wfe */
	0xeafffffd,	/* b     1b */
	0,		/* marker */
};

static void board(void)
{
	struct secmon_arg in[] = { { .name = "format", .value = 2 } };
	struct secmon_arg st[] = { { .name = "format" }, { .name = "buffers" } };
	volatile u32 *marker;
	struct page *page;
	u64 entry, addr = 0;
	unsigned int i;

	if (!IS_ENABLED(CONFIG_ARM)) {
		check_true(false, "board: an AArch32 kernel");
		return;
	}
	check_true(!cpu_online(cpu), "board: the CPU is offline (Linux's PSCI CPU_OFF)");
	/* Kept after the test: the CPU may still run from it. */
	page = alloc_page(GFP_KERNEL);
	if (!page) {
		check_true(false, "board: a page for the entry code");
		return;
	}
	memcpy(page_address(page), entry_code, sizeof(entry_code));
	marker = (u32 *)page_address(page) + ARRAY_SIZE(entry_code) - 1;
	entry = page_to_phys(page);
	if (secmon_firmware_has("set-cpu-boot-addr")) {
		check(secmon_firmware_set_cpu_boot_addr(cpu, entry), 0, "board: set_cpu_boot_addr");
		if (secmon_firmware_has("get-cpu-boot-addr")) {
			check(secmon_firmware_get_cpu_boot_addr(cpu, &addr), 0,
			      "board: get_cpu_boot_addr");
			check(addr == entry, 1, "board: get_cpu_boot_addr gives back the entry set");
		}
	}
	if (secmon_firmware_has("cpu-boot")) {
		check(secmon_firmware_cpu_boot(cpu), 0, "board: cpu_boot");
		for (i = 0; i < 200 && *marker != MAGIC; i++)
			msleep(10);
		check(*marker == MAGIC, 1, "board: the CPU ran the entry code");
	}
	if (secmon_firmware_has("do-idle"))
		check(secmon_firmware_do_idle(0), 0, "board: do_idle entered and left");
	if (!media)
		return;
	check(secmon_call_by_name("media", "set-format", in, 1, NULL, 0), 0, "board: media set-format 2");
	check(secmon_call_by_name("media", "get-status", NULL, 0, st, 2), 0, "board: media get-status");
	check(st[0].value, 2, "board: media get-status gives format 2");
}


/* scenario=idle and stats: the power_state values the DT gives the OS. */
#define MAX_PS 16
static u32 ps[MAX_PS];
static unsigned int nps;

static void collect_states(const char *path)
{
	struct device_node *np = of_find_node_by_path(path), *child;
	u32 v;

	if (!np)
		return;
	for_each_child_of_node(np, child)
		if (nps < MAX_PS && !of_property_read_u32(child, "arm,psci-suspend-param", &v))
			ps[nps++] = v;
	of_node_put(np);
}

struct idle_sums {
	u64 std, pd;
	u64 count[MAX_PS];
	int err;
};

/* Runs on the CPU whose statistics it sums (work_on_cpu()). */
static long stat_sums(void *arg)
{
	struct idle_sums *s = arg;
	const u32 fn = IS_ENABLED(CONFIG_64BIT) ? PSCI_1_0_FN64_STAT_COUNT : PSCI_1_0_FN_STAT_COUNT;
	unsigned long mpidr = read_cpuid_mpidr() & MPIDR_HWID_BITMASK;
	struct arm_smccc_res res;
	unsigned int i;

	s->std = 0;
	s->pd = 0;
	for (i = 0; i < nps; i++) {
		arm_smccc_1_1_invoke(fn, mpidr, ps[i], &res);
		s->count[i] = res.a0;
		if (ps[i] & PSCI_0_2_POWER_STATE_TYPE_MASK)
			s->pd += res.a0;
		else
			s->std += res.a0;
	}
	return 0;
}

static long idle_calls(void *arg)
{
	struct idle_sums *s = arg;
	unsigned int i;

	s->err = 0;
	for (i = 0; i < doidle && !s->err; i++)
		s->err = secmon_firmware_do_idle(0);
	return 0;
}

static void idle(void)
{
	struct idle_sums before, after;

	check_true(cpu_online(cpu), "idle: the CPU is online");
	if (!cpu_online(cpu))
		return;
	work_on_cpu(cpu, stat_sums, &before);
	work_on_cpu(cpu, idle_calls, &after);
	check(after.err, 0, "idle: do_idle returns 0 every time, cpuidle running");
	work_on_cpu(cpu, stat_sums, &after);
	pr_info("secmon-api-test: cpu%u standby %llu -> %llu, power-down %llu -> %llu (%u do_idle)\n",
		cpu, before.std, after.std, before.pd, after.pd, doidle);
	check_true(after.std >= before.std + doidle,
		   "idle: the monitor counted every do_idle as a standby entry");
}

static void stats(void)
{
	struct idle_sums s;
	unsigned int c, i;
	char what[96];

	check_true(nlinux_std > 0 && nlinux_std == nlinux_pd && nlinux_std == num_online_cpus(),
		   "stats: Linux's counts for every online CPU");
	for (c = 0; c < nlinux_std; c++) {
		if (!cpu_online(c))
			continue;
		work_on_cpu(c, stat_sums, &s);
		pr_info("secmon-api-test: cpu%u monitor standby %llu power-down %llu, linux %lu %lu\n",
			c, s.std, s.pd, linux_std[c], linux_pd[c]);
		for (i = 0; i < nps; i++)
			pr_info("secmon-api-test: cpu%u power_state 0x%08x count %llu\n", c, ps[i],
				s.count[i]);
		snprintf(what, sizeof(what), "stats: cpu%u standby entries: monitor = Linux%s", c,
			 c == cpu ? " + do_idle" : "");
		check(s.std, linux_std[c] + (c == cpu ? doidle : 0), what);
		snprintf(what, sizeof(what), "stats: cpu%u power-down entries: monitor = Linux", c);
		check(s.pd, linux_pd[c], what);
	}
}

static int bind_probe(struct platform_device *pdev)
{
	pr_info("secmon-api-test: bind: bound to %s\n", dev_name(&pdev->dev));
	return 0;
}

static int bind_remove(struct platform_device *pdev)
{
	pr_info("secmon-api-test: bind: unbound from %s\n", dev_name(&pdev->dev));
	return 0;
}

/*
 * A kernel function that Debian's kernel does not export, found through
 * kallsyms_lookup_name, whose address a kprobe gives (test code only).
 */
static unsigned long kernel_symbol(const char *name)
{
	struct kprobe kp = { .symbol_name = "kallsyms_lookup_name" };
	unsigned long (*lookup)(const char *name);

	if (register_kprobe(&kp))
		return 0;
	lookup = (unsigned long (*)(const char *))kp.addr;
	unregister_kprobe(&kp);
	return lookup(name);
}

static int (*k_cpu_suspend)(unsigned long arg, int (*fn)(unsigned long));

/*
 * cpu_suspend()'s finishers: the library's do_idle (AFTR) and suspend
 * (SLEEP), which write the mailbox words and call the monitor. They return
 * only if the monitor did not power the CPU down.
 */
static int aftr_finisher(unsigned long entry)
{
	return secmon_firmware_do_idle_entry(1, entry) ?: 1;
}

static int sleep_finisher(unsigned long entry)
{
	return secmon_firmware_suspend(entry) ?: 1;
}

/*
 * AFTR and SLEEP as Linux's mach-exynos makes them, resumed end to end:
 * cpu_suspend() saves CPU 0's context and runs the finisher; the monitor
 * powers CPU 0 down (a WFI until the next timer tick on QEMU) and enters
 * Linux's own exynos_cpu_resume_ns at its physical address, in Non-secure
 * SVC with the MMU off, as after a reset; that sends C15RESUME (-11),
 * leaves the L2 (still on) alone and goes on to cpu_resume, which returns
 * from cpu_suspend() with 0. Any other answer means the CPU did not go
 * through the resume path. The resume address is printed for the suite.
 */
static void exynos_powerdown(void __iomem *mb)
{
	unsigned long resume_ns = kernel_symbol("exynos_cpu_resume_ns");
	unsigned long flags;
	phys_addr_t entry;
	int r;

	k_cpu_suspend = (void *)kernel_symbol("cpu_suspend");
	check_true(resume_ns && k_cpu_suspend,
		   "exynos: the kernel's cpu_suspend and exynos_cpu_resume_ns found");
	if (!resume_ns || !k_cpu_suspend)
		return;
	entry = __pa(resume_ns);
	pr_info("secmon-api-test: exynos: resume address %#llx\n", (unsigned long long)entry);
	local_irq_save(flags);
	r = k_cpu_suspend(entry, aftr_finisher);
	local_irq_restore(flags);
	check(r, 0, "exynos: do_idle (AFTR): CPU 0 powered down, resumed through exynos_cpu_resume_ns");
	check(readl(mb + 0x24), entry, "exynos: AFTR: SYSRAM + 0x24 = the resume address");
	local_irq_save(flags);
	r = k_cpu_suspend(entry, sleep_finisher);
	local_irq_restore(flags);
	check(r, 0, "exynos: suspend (SLEEP): CPU 0 powered down, resumed through exynos_cpu_resume_ns");
	check(readl(mb + 0x8), entry, "exynos: SLEEP: SYSRAM + 0x8 = the resume address");
	check(readl(mb + 0xc), 0xbad, "exynos: SLEEP: SYSRAM + 0xc = 0xbad");
	check(secmon_firmware_resume(), 0, "exynos: resume after SLEEP");
	check(readl(mb + 0xc), 0, "exynos: resume: SYSRAM + 0xc = 0");
}

#define EXYNOS_SYSRAM_NS	0x0203f000
#define EXYNOS_MONITOR_IRAM	0x02020000	/* secure: never a boot address */

static void exynos(void)
{
	void __iomem *mb = ioremap(EXYNOS_SYSRAM_NS, 0x40);
	struct page *pg = alloc_page(GFP_KERNEL);
	struct arm_smccc_res res;
	phys_addr_t pa, resume;
	u32 *code;
	u64 a = 0;

	if (!mb || !pg) {
		check_true(false, "exynos: map SYSRAM and allocate a page");
		return;
	}
	check_true(!strcmp(secmon_firmware_backend(), "table"), "exynos: backend is table");
	check_true(secmon_firmware_has("set-cpu-boot-addr") &&
		   secmon_firmware_has("get-cpu-boot-addr"),
		   "exynos: set/get_cpu_boot_addr through the entry-address word");
	check_true(!cpu_online(1), "exynos: CPU 1 is not online (maxcpus=1)");

	/* Hostile: the monitor's own iRAM as CPU 1's boot address. */
	check(secmon_firmware_set_cpu_boot_addr(1, EXYNOS_MONITOR_IRAM), 0,
	      "exynos: set_cpu_boot_addr(1, the monitor's iRAM) writes the word");
	check(readl(mb + 0x1c), EXYNOS_MONITOR_IRAM, "exynos: SYSRAM + 0x1c holds it");
	check(secmon_firmware_get_cpu_boot_addr(1, &a), 0, "exynos: get_cpu_boot_addr(1)");
	check(a, EXYNOS_MONITOR_IRAM, "exynos: get_cpu_boot_addr reads the word back");
	check(secmon_firmware_cpu_boot(1), 0, "exynos: CPU1BOOT with it (no answer used)");
	check(secmon_firmware_set_cpu_boot_addr(1, 1ull << 32), -EFAULT,
	      "exynos: an address beyond the 32-bit word is refused");
	check(readl(mb + 0x1c), EXYNOS_MONITOR_IRAM, "exynos: ... and nothing written");
	check(secmon_firmware_cpu_boot(nr_cpu_ids + 5), -EINVAL,
	      "exynos: cpu_boot of a CPU that does not exist is -EINVAL");
	msleep(20);
	check_true(!cpu_online(1), "exynos: CPU 1 still offline");

	/* CPU 1 started at a page of ours: WFI, then back to the WFI. */
	code = page_address(pg);
	pa = page_to_phys(pg);
	code[0] = 0xe320f003;	/* wfi */
	code[1] = 0xeafffffd;	/* b code[0] */
	clean_to_memory(code, pa, 8);
	check(secmon_firmware_set_cpu_boot_addr(1, pa), 0, "exynos: set_cpu_boot_addr(1, our page)");
	check(readl(mb + 0x1c), pa, "exynos: SYSRAM + 0x1c holds our page's address");
	check(secmon_firmware_cpu_boot(1), 0, "exynos: CPU1BOOT");
	pr_info("secmon-api-test: exynos: CPU 1 boot address %#llx\n", (unsigned long long)pa);

	/* AFTR, SLEEP, resume: the mailbox words of Linux's firmware.c. */
	writel(0, mb + 0x20);
	check(secmon_firmware_do_idle(1), -EINVAL,
	      "exynos: do_idle without a resume address is refused");
	check(readl(mb + 0x20), 0, "exynos: ... and nothing written");
	/* Hostile resume addresses: refused (INVALID_ADDRESS), the call returns. */
	check(secmon_firmware_do_idle_entry(1, EXYNOS_MONITOR_IRAM), -EFAULT,
	      "exynos: do_idle (AFTR) resuming in the monitor's iRAM is refused");
	check(readl(mb + 0x24), EXYNOS_MONITOR_IRAM, "exynos: AFTR: SYSRAM + 0x24 = that address");
	check(readl(mb + 0x20), 0xfcba0d10, "exynos: AFTR: SYSRAM + 0x20 = 0xfcba0d10");
	check(secmon_firmware_do_idle_entry(1, pa + 2), -EFAULT,
	      "exynos: do_idle (AFTR) with a half-word resume address is refused");
	check(secmon_firmware_suspend(EXYNOS_MONITOR_IRAM), -EFAULT,
	      "exynos: suspend (SLEEP) resuming in the monitor's iRAM is refused");
	check(readl(mb + 0x8), EXYNOS_MONITOR_IRAM, "exynos: SLEEP: SYSRAM + 0x8 = that address");
	check(readl(mb + 0xc), 0xbad, "exynos: SLEEP: SYSRAM + 0xc = 0xbad");
	check(secmon_firmware_resume(), 0, "exynos: resume");
	check(readl(mb + 0xc), 0, "exynos: resume: SYSRAM + 0xc = 0");
	/* A real power-down of CPU 0, resumed by Linux's own resume path. */
	exynos_powerdown(mb);

	/* Raw SMCs: IDs the board does not have, and L2 values out of range. */
	arm_smccc_smc(0xfffffffa, 0, 0, 0, 0, 0, 0, 0, &res);
	check(res.a0, 0xffffffff, "exynos: unknown ID -6: SMC_UNK");
	arm_smccc_smc(0xffffff9b, 1, pa, 0, 0, 0, 0, 0, &res);
	check(res.a0, 0xffffffff, "exynos: -101 (SMC_CMD_REG, Exynos5420's): SMC_UNK");
	/* C15RESUME as Linux's resume path sends it: power and diagnostic in r1, r2. */
	arm_smccc_smc(0xfffffff5, 0x3, 0x41, 0, 0, 0, 0, 0, &res);
	check_true(res.a0 == 0xfffffff5 && res.a1 == 0x3 && res.a2 == 0x41 && res.a3 == 0,
		   "exynos: C15RESUME (-11, r1 = 3, r2 = 0x41) answered, registers as sent");
	arm_smccc_smc(0xffffffea, 0xffffffff, 0xffffffff, 0xffffffff, 0, 0, 0, 0, &res);
	arm_smccc_smc(0xffffffeb, 2, 0, 0, 0, 0, 0, 0, &res);
	arm_smccc_smc(0xffffffe7, 4, 0, 0, 0, 0, 0, 0, &res);
	iounmap(mb);
	/* The page stays CPU 1's: never freed. */
}

static struct platform_driver bind_driver = {
	.probe = bind_probe,
	.remove = bind_remove,
	.driver = { .name = "secmon-bind-test" },
};
static bool bind_registered;

static int __init api_test_init(void)
{
	if (!strcmp(scenario, "bind")) {
		int e = platform_driver_register(&bind_driver);

		bind_registered = !e;
		return e;
	}
	if (atomic) {
		atomic_calls();
		pr_info("secmon-api-test: %u passed, %u failed\n", passed, failed);
		return 0;
	}
	if (!strcmp(scenario, "idle") || !strcmp(scenario, "stats")) {
		collect_states("/cpus/idle-states");
		collect_states("/cpus/domain-idle-states");
		check_true(nps > 0, "idle: the DT describes idle states");
		if (!strcmp(scenario, "idle"))
			idle();
		else
			stats();
		pr_info("secmon-api-test: %u passed, %u failed\n", passed, failed);
		return 0;
	}
	if (!strcmp(scenario, "exynos")) {
		exynos();
		pr_info("secmon-api-test: %u passed, %u failed\n", passed, failed);
		return 0;
	}
	if (!strcmp(scenario, "board")) {
		board();
		pr_info("secmon-api-test: %u passed, %u failed\n", passed, failed);
		return 0;
	}
	errors();
	services();
	discovery();
	if (!strcmp(scenario, "psci"))
		firmware_psci();
	else if (!strcmp(scenario, "table"))
		firmware_table();
	else if (!strcmp(scenario, "legacy"))
		firmware_legacy();
	else
		check_true(false, "a known scenario= parameter");
	pr_info("secmon-api-test: %u passed, %u failed\n", passed, failed);
	return 0;
}

static void __exit api_test_exit(void)
{
	if (bind_registered)
		platform_driver_unregister(&bind_driver);
}

module_init(api_test_init);
module_exit(api_test_exit);

MODULE_DESCRIPTION("Checks secmon.ko's exported API");
MODULE_LICENSE("Dual BSD/GPL");
