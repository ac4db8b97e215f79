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
 *   nsk.test=hostile    random SMCs from every CPU at once (hostile.c);
 *                       nsk.calls=N in all (100000), nsk.seed=N
 *   nsk.test=isolation  loads and stores to the monitor's memory fault
 * Without them the idle states come from /cpus/idle-states, else secmon's:
 * 0x0 (core standby) and 0x00010000 (core power-down), original format.
 */
#include "conf.h"
#include "dt.h"
#include "nsk.h"

#define HCR_EL2_RW		(1ull << 31)
#define SCTLR_EL2_RES1		0x30c50830ull	/* MMU, caches, alignment checks off */
#define SCTLR_EL1_RES1		0x30d00800ull
#define CPTR_EL2_NO_TRAPS	0x32ffull	/* RES1 bits; TFP, TZ, TTA, TCPAC clear */
#define CPACR_EL1_FPEN		(3ull << 20)

uint64_t nsk_mpidr[NSK_MAX_CPUS];
uint32_t nsk_ncpus;
/* One stack per CPU slot, plus a spare for a CPU with an unknown MPIDR. */
uint8_t nsk_stacks[(NSK_MAX_CPUS + 1) * NSK_STACK_SIZE] __attribute__((aligned(16)));

static struct dtb dt;
static struct conf_env env;
static struct nsk_gic gic;
static uint64_t image_base;
static unsigned boot_el;
static char env_name[64];

static struct {
	bool want_el1;
	bool no_bad_pc;
	bool fault;
	bool socdrv, hostile, isolation;
	uint64_t calls, seed;
	char name[32];
	unsigned race;
	bool standby_set, standby_none, powerdown_set, powerdown_none;
	uint32_t standby, powerdown;
} opt;

/* Entry ELs seen on started CPUs, as a bit mask (bit n = ELn). */
static uint32_t secondary_els;
static uint32_t exceptions;

/*
 * The conduit the suite uses: the library's smc or hvc conduit, with a
 * wake-up armed around every CPU_SUSPEND. The suite arms one itself before
 * the suspends it expects to succeed; arming here too means a suspend it
 * expects to be refused (a bad entry point) cannot hang the run when the
 * firmware wrongly accepts it. After the call returns the timer is stopped.
 */
static void nsk_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
		       struct secmon_regs *out)
{
	const struct secmon_conduit *real = c->ctx;
	uint32_t fid = (uint32_t)in->x[0];
	bool suspend = (fid & ~SECMON_FID_SMC64) == SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_SUSPEND);

	if (suspend && gic.version)
		wake_arm();
	real->invoke(real, in, out);
	if (suspend)
		wake_disarm();
}

static struct secmon_conduit conduit = { .invoke = nsk_invoke };

static unsigned self(void)
{
	uint64_t m = my_mpidr();

	for (unsigned i = 0; i < nsk_ncpus; i++)
		if (nsk_mpidr[i] == m)
			return i;
	return 0;
}

static void puts_hook(const char *s)
{
	con_puts(s);
}

/* ---- small string helpers ---- */

static void append(char *buf, size_t size, const char *s)
{
	size_t n = strlen(buf);

	while (*s && n + 1 < size)
		buf[n++] = *s++;
	buf[n] = '\0';
}

static void append_uint(char *buf, size_t size, uint64_t v)
{
	char tmp[24];
	int i = (int)sizeof(tmp) - 1;

	tmp[i] = '\0';
	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	append(buf, size, &tmp[i]);
}

/* A decimal or 0x-prefixed number ending at a space, NUL or `end`. */
static bool parse_num(const char *s, const char *end, uint64_t *out)
{
	uint64_t v = 0;
	unsigned base = 10;

	if (s + 2 <= end && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (s >= end)
		return false;
	for (; s < end; s++) {
		unsigned d;

		if (*s >= '0' && *s <= '9')
			d = (unsigned)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = (unsigned)(*s - 'a' + 10);
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			d = (unsigned)(*s - 'A' + 10);
		else
			return false;
		v = v * base + d;
	}
	*out = v;
	return true;
}

static bool word_is(const char *w, size_t n, const char *s)
{
	return strlen(s) == n && strncmp(w, s, n) == 0;
}

/* One "nsk.key=value" word of the command line. */
static void parse_option(const char *w, size_t n)
{
	const char *eq = w, *end = w + n;
	uint64_t v = 0;
	bool num;

	while (eq < end && *eq != '=')
		eq++;
	if (eq == end || strncmp(w, "nsk.", 4) != 0)
		return;
	num = parse_num(eq + 1, end, &v);
	w += 4;
	n = (size_t)(eq - w);
	if (word_is(w, n, "el") && num) {
		opt.want_el1 = v == 1;
	} else if (word_is(w, n, "badpc") && num) {
		opt.no_bad_pc = v == 0;
	} else if (word_is(w, n, "fault") && num) {
		opt.fault = v == 1;
	} else if (word_is(w, n, "race") && num) {
		opt.race = (unsigned)v;
	} else if (word_is(w, n, "standby")) {
		opt.standby_set = true;
		opt.standby_none = !num;
		opt.standby = (uint32_t)v;
	} else if (word_is(w, n, "powerdown")) {
		opt.powerdown_set = true;
		opt.powerdown_none = !num;
		opt.powerdown = (uint32_t)v;
	} else if (word_is(w, n, "test") && word_is(eq + 1, (size_t)(end - eq - 1), "socdrv")) {
		opt.socdrv = true;
	} else if (word_is(w, n, "test") && word_is(eq + 1, (size_t)(end - eq - 1), "hostile")) {
		opt.hostile = true;
	} else if (word_is(w, n, "test") &&
		   word_is(eq + 1, (size_t)(end - eq - 1), "isolation")) {
		opt.isolation = true;
	} else if (word_is(w, n, "calls") && num) {
		opt.calls = v;
	} else if (word_is(w, n, "seed") && num) {
		opt.seed = v;
	} else if (word_is(w, n, "test") &&
		   word_is(eq + 1, (size_t)(end - eq - 1), "conformance")) {
		opt.socdrv = false;
	} else if (word_is(w, n, "name") && end > eq + 1) {
		size_t k = (size_t)(end - eq - 1) < sizeof(opt.name) ? (size_t)(end - eq - 1)
								       : sizeof(opt.name) - 1;

		memcpy(opt.name, eq + 1, k);
		opt.name[k] = '\0';
	} else {
		char buf[32];
		size_t k = (size_t)(end - w) < sizeof(buf) ? (size_t)(end - w) : sizeof(buf) - 1;

		memcpy(buf, w, k);
		buf[k] = '\0';
		con_printf("# nsk: unknown option nsk.%s\n", buf);
	}
}

static void parse_bootargs(void)
{
	int len;
	const char *s = dt_prop(&dt, dt_path(&dt, "/chosen"), "bootargs", &len);

	if (!s || len <= 0)
		return;
	con_printf("# nsk: bootargs \"%s\"\n", s);
	for (int i = 0; i < len && s[i];) {
		int n = 0;

		while (s[i] == ' ')
			i++;
		while (i + n < len && s[i + n] && s[i + n] != ' ')
			n++;
		if (n)
			parse_option(s + i, (size_t)n);
		i += n;
	}
}

/* ---- the machine, from the DTB ---- */

static uint64_t find_console(void)
{
	int len, node = -1;
	const char *sp = dt_prop(&dt, dt_path(&dt, "/chosen"), "stdout-path", &len);
	uint64_t base, size;

	if (sp && len > 0) {
		char path[128];
		int n = 0;

		while (n < len && n + 1 < (int)sizeof(path) && sp[n] && sp[n] != ':') {
			path[n] = sp[n];
			n++;
		}
		path[n] = '\0';
		node = dt_path(&dt, path);
	}
	if (node < 0 || !dt_compatible(&dt, node, "arm,pl011") || !dt_available(&dt, node)) {
		for (node = dt_find_compatible(&dt, -1, "arm,pl011"); node >= 0;
		     node = dt_find_compatible(&dt, node, "arm,pl011"))
			if (dt_available(&dt, node))
				break;
	}
	if (node >= 0 && dt_reg(&dt, node, 0, &base, &size))
		return base;
	return 0;
}

static int find_cpus(uint64_t *ids, int max)
{
	int cpus = dt_path(&dt, "/cpus"), n = 0;

	for (int c = dt_first_child(&dt, cpus); c >= 0; c = dt_next_sibling(&dt, c)) {
		uint64_t reg, unused;

		if (!dt_prop_has_string(&dt, c, "device_type", "cpu") ||
		    !dt_available(&dt, c) || !dt_reg(&dt, c, 0, &reg, &unused))
			continue;
		if (n == max) {
			con_printf("# nsk: more than %d CPUs in the DT, the rest are not used\n", max);
			break;
		}
		ids[n++] = reg & NSK_MPIDR_MASK;
	}
	return n;
}

/* End of the normal-world RAM bank that holds the nsk (or of the highest bank). */
static uint64_t ram_end(void)
{
	uint64_t end = 0, top = 0;

	for (int n = dt_next_node(&dt, -1); n >= 0; n = dt_next_node(&dt, n)) {
		uint64_t base, size;

		if (!dt_prop_has_string(&dt, n, "device_type", "memory") ||
		    !dt_available(&dt, n))
			continue;
		for (int i = 0; dt_reg(&dt, n, i, &base, &size); i++) {
			if (base + size > top)
				top = base + size;
			if (image_base >= base && image_base < base + size)
				end = base + size;
		}
	}
	return end ? end : top;
}

static const char *const gicv2_compat[] = {
	"arm,cortex-a15-gic", "arm,gic-400", "arm,cortex-a9-gic", "arm,cortex-a7-gic",
};

static void find_gic(void)
{
	int len, n;
	uint64_t size;

	for (n = dt_next_node(&dt, -1); n >= 0; n = dt_next_node(&dt, n)) {
		if (!dt_has_prop(&dt, n, "interrupt-controller") || !dt_available(&dt, n))
			continue;
		if (dt_compatible(&dt, n, "arm,gic-v3")) {
			const uint32_t *nr = dt_prop(&dt, n, "#redistributor-regions", &len);
			unsigned regions = nr && len == 4 ? dt_cell(nr, 0) : 1;

			gic.version = 3;
			dt_reg(&dt, n, 0, &gic.dist, &size);
			for (unsigned r = 0; r < regions && r < 4; r++)
				if (dt_reg(&dt, n, (int)r + 1, &gic.redist[r], &gic.redist_size[r]))
					gic.nredist = r + 1;
			break;
		}
		for (unsigned i = 0; i < sizeof(gicv2_compat) / sizeof(gicv2_compat[0]); i++) {
			if (dt_compatible(&dt, n, gicv2_compat[i])) {
				gic.version = 2;
				dt_reg(&dt, n, 0, &gic.dist, &size);
				dt_reg(&dt, n, 1, &gic.cpuif, &size);
				break;
			}
		}
		if (gic.version)
			break;
	}
	/* The architected timer's interrupts: secure, non-secure, virtual, hyp. */
	n = dt_find_compatible(&dt, -1, "arm,armv8-timer");
	if (n < 0)
		n = dt_find_compatible(&dt, -1, "arm,armv7-timer");
	const uint32_t *irq = dt_prop(&dt, n, "interrupts", &len);

	if (irq && len >= 9 * 4) {
		uint32_t type = dt_cell(irq, 6), num = dt_cell(irq, 7);

		gic.timer_intid = num + (type == 1 ? 16 : 32);
	}
}

static const struct secmon_conduit *find_psci(const char **why)
{
	static const char *const compat[] = { "arm,psci-1.0", "arm,psci-0.2", "arm,psci" };
	int n = -1, len;
	const char *method;

	for (unsigned i = 0; i < 3 && n < 0; i++)
		n = dt_find_compatible(&dt, -1, compat[i]);
	if (n < 0) {
		*why = "no psci node in the DT";
		return 0;
	}
	method = dt_prop(&dt, n, "method", &len);
	if (method && strcmp(method, "smc") == 0)
		return &secmon_conduit_smc;
	if (method && strcmp(method, "hvc") == 0) {
		if (boot_el == 2) {
			*why = "psci method is hvc but the nsk runs at EL2, where hvc traps to itself";
			return 0;
		}
		return &secmon_conduit_hvc;
	}
	*why = "psci node has no method \"smc\" or \"hvc\"";
	return 0;
}

/* Idle states: options, then the DT's arm,idle-state nodes, then secmon's. */
static void find_idle_states(void)
{
	uint32_t flags = 0, type_bit;
	bool ext, got_standby = false, got_powerdown = false;
	int states = dt_path(&dt, "/cpus/idle-states");

	ext = secmon_psci_features(env.c, secmon_psci_fid(env.c, SECMON_PSCI_FN_CPU_SUSPEND),
				   &flags) == SECMON_OK &&
	      (flags & SECMON_PSCI_FEAT_EXT_STATE);
	type_bit = ext ? 1u << 30 : 1u << 16;
	for (int s = dt_first_child(&dt, states); s >= 0; s = dt_next_sibling(&dt, s)) {
		int len;
		const uint32_t *p = dt_prop(&dt, s, "arm,psci-suspend-param", &len);
		uint32_t ps;

		if (!dt_compatible(&dt, s, "arm,idle-state") || !p || len != 4 ||
		    !dt_available(&dt, s))
			continue;
		ps = dt_cell(p, 0);
		if (!(ps & type_bit) && !got_standby) {
			env.standby_state = ps;
			got_standby = true;
		} else if ((ps & type_bit) && !got_powerdown) {
			/* The shallowest power-down: a core's, not a cluster's. */
			env.powerdown_state = ps;
			got_powerdown = true;
		}
	}
	if (states >= 0)
		con_printf("# nsk: idle states from the DT: standby %s, power-down %s\n",
			   got_standby ? "yes" : "no", got_powerdown ? "yes" : "no");
	if (!got_standby && !got_powerdown) {
		env.standby_state = 0x00000000u;
		env.powerdown_state = ext ? 0x40000000u : 0x00010000u;
		got_standby = got_powerdown = true;
	}
	env.has_standby = got_standby;
	env.has_powerdown = got_powerdown;
	if (opt.standby_set) {
		env.has_standby = !opt.standby_none;
		env.standby_state = opt.standby;
	}
	if (opt.powerdown_set) {
		env.has_powerdown = !opt.powerdown_none;
		env.powerdown_state = opt.powerdown;
	}
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
	if (opt.hostile)
		hostile_secondary((unsigned)slot);
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

/* ---- boot ---- */

static __attribute__((noreturn)) void power_off(void)
{
	int err = SECMON_E_NOT_SUPPORTED;

	if (env.c)
		err = secmon_psci_system_off(env.c);
	con_printf("nsk: SYSTEM_OFF returned (%d)\n", err);
	nsk_halt();
}

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
	const char *why = 0;
	int n, failures;

	image_base = base;
	boot_el = current_el();
	if (dt_open(&dt, dtb) != 0) {
		con_printf("Bail out! nsk: no device tree at x0 = 0x%lx\n", dtb);
		nsk_halt();
	}
	con_init(find_console());
	con_printf("# nsk: entered at EL%u, image at 0x%lx, DTB at 0x%lx, MPIDR 0x%lx\n", boot_el,
		   base, dtb, me);
	if (boot_el != 1 && boot_el != 2) {
		con_printf("Bail out! nsk: entered at EL%u; the boot protocol wants EL2 or EL1\n",
			   boot_el);
		nsk_halt();
	}
	parse_bootargs();
	find_gic();
	wake_init(&gic);

	/* The calling CPU is index 0: the suite starts the others from 1. */
	n = find_cpus(cpus, NSK_MAX_CPUS);
	nsk_mpidr[0] = me;
	nsk_ncpus = 1;
	for (int i = 0; i < n; i++)
		if (cpus[i] != me)
			nsk_mpidr[nsk_ncpus++] = cpus[i];
	if (n == 0 || nsk_ncpus != (uint32_t)n)
		con_printf("# nsk: the boot CPU 0x%lx is %s in the DT's /cpus\n", me,
			   n ? "not" : "alone (no CPUs)");

	if (opt.want_el1 && boot_el == 2) {
		leave_el2();
		boot_el = current_el();
		con_printf("# nsk: now at EL%u\n", boot_el);
	}

	conduit.ctx = (void *)find_psci(&why);
	if (!conduit.ctx) {
		con_printf("Bail out! nsk: %s\n", why);
		nsk_halt();
	}
	conduit.name = ((const struct secmon_conduit *)conduit.ctx)->name;
	conduit.aarch32 = false;

	env.c = &conduit;
	if (opt.socdrv) {
		drv_run((const void *)(uintptr_t)dtb, opt.name[0] ? opt.name : "board", cpus,
			(unsigned)n, gic.version != 0);
		power_off();
	}
	if (opt.hostile) {
		hostile_run(env.c, opt.calls ? opt.calls : 100000, opt.seed);
		power_off();
	}
	if (opt.isolation) {
		isolation_run(env.c, boot_el == 2);
		power_off();
	}
	env.ncpus = nsk_ncpus;
	for (unsigned i = 0; i < nsk_ncpus; i++)
		env.mpidr[i] = nsk_mpidr[i];
	env.self = self;
	env.secondary_pc = (uintptr_t)nsk_secondary_entry;
	end = ram_end();
	if (!opt.no_bad_pc) {
		env.bad_pc[env.nbad_pc++] = 0x0e000000u;	/* secure RAM */
		env.bad_pc[env.nbad_pc++] = 0x00000000u;	/* secure flash */
		env.bad_pc[env.nbad_pc++] = 0x09000000u;	/* a device: the PL011 */
		if (end)
			env.bad_pc[env.nbad_pc++] = end;	/* just past normal-world RAM */
	}
	env.puts = puts_hook;
	env.arm_wakeup = gic.version ? wake_arm : 0;
	env.race_starts = opt.race ? opt.race : 400;
	find_idle_states();

	append(env_name, sizeof(env_name), "nsk el");
	append_uint(env_name, sizeof(env_name), boot_el);
	append(env_name, sizeof(env_name), " smp");
	append_uint(env_name, sizeof(env_name), nsk_ncpus);
	append(env_name, sizeof(env_name), " gic");
	append_uint(env_name, sizeof(env_name), gic.version);
	append(env_name, sizeof(env_name), " ");
	append(env_name, sizeof(env_name), conduit.name);
	env.name = env_name;

	con_printf("# nsk: %s: %u CPUs, conduit %s, RAM ends at 0x%lx, GICv%u (GICD 0x%lx), "
		   "wake-up INTID %u\n",
		   env.name, env.ncpus, conduit.name, end, gic.version, gic.dist, gic.timer_intid);
	con_printf("# nsk: standby 0x%x%s, power-down 0x%x%s, %u bad entry points, race %u\n",
		   env.standby_state, env.has_standby ? "" : " (skipped)", env.powerdown_state,
		   env.has_powerdown ? "" : " (skipped)", env.nbad_pc, env.race_starts);

	if (opt.fault)
		__asm__ volatile("udf #0x5e");
	failures = conf_run(&env);

	con_printf("# nsk: %s: %d failed; secondaries entered at %s; %u timer wake-ups\n",
		   env.name, failures, el_name(__atomic_load_n(&secondary_els, __ATOMIC_RELAXED)),
		   wake_fired());
	power_off();
}
