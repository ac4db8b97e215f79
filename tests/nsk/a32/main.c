// SPDX-License-Identifier: BSD-3-Clause
/*
 * The AArch32 nsk's main: reads the DTB the firmware passed (r2), describes
 * the machine to the conformance suite (struct conf_env) with the library's
 * AArch32 smc or hvc conduit (r0-r12), runs it on the boot CPU, prints the
 * TAP plan and a summary, and ends with PSCI SYSTEM_OFF. The AArch32 twin of
 * tests/nsk/main.c: Hyp and SVC mode where that one has EL2 and EL1.
 *
 * Options from /chosen/bootargs (QEMU's -append), all optional:
 *   nsk.el=1            leave Hyp mode for SVC first (boot and secondary CPUs)
 *   nsk.badpc=0         give the suite no bad entry points
 *   nsk.race=N          successful CPU_ONs the race test makes in all
 *   nsk.standby=S|none  power_state for the standby test
 *   nsk.powerdown=S|none  power_state for the power-down test
 *   nsk.fault=1         take an undefined-instruction exception first
 *   nsk.thumb=1         CPUs the suite starts enter in Thumb state (bit 0 of
 *                       the entry point set)
 *   nsk.test=socdrv     run the test SoC driver (drv.c) instead of the suite
 *   nsk.name=NAME       the name in the driver's test lines (its board)
 */
#include "conf.h"
#include "dt.h"
#include "nsk.h"
#include "a32.h"

uint64_t nsk_mpidr[NSK_MAX_CPUS];
uint32_t nsk_ncpus;
/* One stack per CPU slot, plus a spare for a CPU with an unknown MPIDR. */
uint8_t nsk_stacks[(NSK_MAX_CPUS + 1) * NSK_STACK_SIZE] __attribute__((aligned(16)));

void nsk_cpu_early_init(void);
void nsk_main(uint64_t dtb, uint64_t base);
void nsk_secondary_main(uint64_t context_id, uint64_t slot);
/* drv.c */
int drv_run(const void *fdt, const char *name, const uint64_t *mpidr, unsigned n, bool wake);
__attribute__((noreturn)) void drv_secondary(void);

static struct dtb dt;
static struct conf_env env;
static struct nsk_gic gic;
static uint64_t image_base;
static bool boot_hyp;
static char env_name[64];

static struct {
	bool want_svc;
	bool no_bad_pc;
	bool fault;
	bool thumb;
	bool socdrv;
	char name[32];
	unsigned race;
	bool standby_set, standby_none, powerdown_set, powerdown_none;
	uint32_t standby, powerdown;
} opt;

/* Entry modes seen on started CPUs: bit 0 SVC, bit 1 Hyp. */
static uint32_t secondary_modes;
static uint32_t exceptions;

/* The library's conduit, with a wake-up armed around every CPU_SUSPEND (see main.c). */
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
	uint64_t m = a32_mpidr();

	for (unsigned i = 0; i < nsk_ncpus; i++)
		if (nsk_mpidr[i] == m)
			return i;
	return 0;
}

static void puts_hook(const char *s)
{
	con_puts(s);
}

/* libgcc's 64-bit division calls these on a zero divisor; its own raise a signal. */
int __aeabi_idiv0(int r);
long long __aeabi_ldiv0(long long r);

int __aeabi_idiv0(int r)
{
	return r;
}

long long __aeabi_ldiv0(long long r)
{
	return r;
}

static void append(char *buf, size_t size, const char *s)
{
	size_t n = strlen(buf);

	while (*s && n + 1 < size)
		buf[n++] = *s++;
	buf[n] = '\0';
}

static void append_uint(char *buf, size_t size, unsigned v)
{
	char tmp[12];
	int i = (int)sizeof(tmp) - 1;

	tmp[i] = '\0';
	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	append(buf, size, &tmp[i]);
}

/* A decimal or 0x-prefixed number in [s, end). */
static bool parse_num(const char *s, const char *end, uint32_t *out)
{
	uint32_t v = 0, base = 10;

	if (s + 2 <= end && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (s >= end)
		return false;
	for (; s < end; s++) {
		uint32_t d;

		if (*s >= '0' && *s <= '9')
			d = (uint32_t)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = (uint32_t)(*s - 'a' + 10);
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			d = (uint32_t)(*s - 'A' + 10);
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

static void parse_option(const char *w, size_t n)
{
	const char *eq = w, *end = w + n;
	uint32_t v = 0;
	bool num;

	while (eq < end && *eq != '=')
		eq++;
	if (eq == end || strncmp(w, "nsk.", 4) != 0)
		return;
	num = parse_num(eq + 1, end, &v);
	w += 4;
	n = (size_t)(eq - w);
	if (word_is(w, n, "el") && num) {
		opt.want_svc = v == 1;
	} else if (word_is(w, n, "badpc") && num) {
		opt.no_bad_pc = v == 0;
	} else if (word_is(w, n, "thumb") && num) {
		opt.thumb = v == 1;
	} else if (word_is(w, n, "fault") && num) {
		opt.fault = v == 1;
	} else if (word_is(w, n, "race") && num) {
		opt.race = v;
	} else if (word_is(w, n, "test") && word_is(eq + 1, (size_t)(end - eq - 1), "socdrv")) {
		opt.socdrv = true;
	} else if (word_is(w, n, "test") &&
		   word_is(eq + 1, (size_t)(end - eq - 1), "conformance")) {
		opt.socdrv = false;
	} else if (word_is(w, n, "name") && end > eq + 1) {
		size_t k = (size_t)(end - eq - 1) < sizeof(opt.name) ? (size_t)(end - eq - 1)
								       : sizeof(opt.name) - 1;

		memcpy(opt.name, eq + 1, k);
		opt.name[k] = '\0';
	} else if (word_is(w, n, "standby")) {
		opt.standby_set = true;
		opt.standby_none = !num;
		opt.standby = v;
	} else if (word_is(w, n, "powerdown")) {
		opt.powerdown_set = true;
		opt.powerdown_none = !num;
		opt.powerdown = v;
	} else {
		con_printf("# nsk: option nsk.%c... not known to the AArch32 nsk\n", w[0]);
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
		ids[n++] = reg & A32_MPIDR_MASK;
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

/* The GICv2 (the only GIC of this port) and the virtual timer's PPI. */
static void find_gic(void)
{
	static const char *const v2[] = {
		"arm,cortex-a15-gic", "arm,gic-400", "arm,cortex-a9-gic", "arm,cortex-a7-gic",
	};
	int len, n;
	uint64_t size;

	for (n = dt_next_node(&dt, -1); n >= 0 && !gic.version; n = dt_next_node(&dt, n)) {
		if (!dt_has_prop(&dt, n, "interrupt-controller") || !dt_available(&dt, n))
			continue;
		for (unsigned i = 0; i < sizeof(v2) / sizeof(v2[0]); i++) {
			if (dt_compatible(&dt, n, v2[i])) {
				gic.version = 2;
				dt_reg(&dt, n, 0, &gic.dist, &size);
				dt_reg(&dt, n, 1, &gic.cpuif, &size);
				break;
			}
		}
	}
	n = dt_find_compatible(&dt, -1, "arm,armv7-timer");
	if (n < 0)
		n = dt_find_compatible(&dt, -1, "arm,armv8-timer");
	const uint32_t *irq = dt_prop(&dt, n, "interrupts", &len);

	/* secure, non-secure, virtual, hyp: the third is the virtual timer. */
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
		if (a32_in_hyp()) {
			*why = "psci method is hvc but the nsk runs in Hyp mode, where hvc traps to itself";
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
			env.powerdown_state = ps;
			got_powerdown = true;
		}
	}
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

#define SCTLR_RESET	0x00c50078u	/* MMU, caches, alignment checks off, low vectors */
#define HSCTLR_RESET	0x30c50818u
#define HCPTR_NO_TRAPS	0x000033ffu

/* Each CPU on entry, once it has a stack: vectors and a known SCTLR/HSCTLR. */
void nsk_cpu_early_init(void)
{
	if (a32_in_hyp()) {
		cp15_write(CP15_HSCTLR, HSCTLR_RESET);
		cp15_write(CP15_HVBAR, (uintptr_t)nsk_a32_hyp_vectors);
	}
	cp15_write(CP15_SCTLR, SCTLR_RESET);
	cp15_write(CP15_VBAR, (uintptr_t)nsk_a32_vectors);
	a32_isb();
	/* Back from a power-down suspend: the timer that woke us is still on. */
	wake_disarm();
}

/* Sets Hyp up for a plain PL1 guest (no traps, no stage 2) and drops to SVC. */
static void leave_hyp(void)
{
	cp15_write(CP15_VPIDR, cp15_read(CP15_MIDR));
	cp15_write(CP15_VMPIDR, cp15_read(CP15_MPIDR));
	cp15_write(CP15_CNTHCTL, cp15_read(CP15_CNTHCTL) | 3);	/* PL1PCTEN, PL1PCEN */
	__asm__ volatile("mcrr p15, 4, %0, %0, c14" : : "r"(0) : "memory");	/* CNTVOFF */
	cp15_write(CP15_HCPTR, HCPTR_NO_TRAPS);
	cp15_write(CP15_HSTR, 0);
	cp15_write(CP15_HCR, 0);
	a32_isb();
	nsk_a32_eret_to_svc();
}

void nsk_secondary_main(uint64_t context_id, uint64_t slot)
{
	__atomic_fetch_or(&secondary_modes, a32_in_hyp() ? 2u : 1u, __ATOMIC_RELAXED);
	if (slot >= nsk_ncpus) {
		con_printf("# nsk: FAIL a CPU with MPIDR 0x%llx started, not in the DT's /cpus\n",
			   a32_mpidr());
		secmon_psci_cpu_off(env.c);
		nsk_halt();
	}
	if (opt.want_svc && a32_in_hyp())
		leave_hyp();
	if (opt.socdrv)
		drv_secondary();
	conf_secondary(context_id);
	con_printf("# nsk: FAIL CPU_OFF returned on cpu %llu\n", slot);
	nsk_halt();
}

void nsk_a32_exception(uint32_t kind, uint32_t lr, uint32_t spsr, uint32_t hyp)
{
	static const char *const pl1[] = { "reset", "undefined instruction", "SVC",
					   "prefetch abort", "data abort", "unused", "IRQ",
					   "FIQ" };
	static const char *const h[] = { "reset", "undefined instruction", "HVC",
					 "prefetch abort", "data abort", "Hyp trap", "IRQ",
					 "FIQ" };

	if (hyp)
		con_printf("Bail out! nsk: %s exception to Hyp mode on MPIDR 0x%llx: HSR 0x%x "
			   "ELR 0x%x (nsk.elf 0x%llx) HDFAR 0x%x HIFAR 0x%x SPSR 0x%x\n",
			   h[kind & 7], a32_mpidr(), (unsigned)cp15_read(CP15_HSR), (unsigned)lr,
			   (uint64_t)lr - image_base, (unsigned)cp15_read(CP15_HDFAR),
			   (unsigned)cp15_read(CP15_HIFAR), (unsigned)spsr);
	else
		con_printf("Bail out! nsk: %s exception on MPIDR 0x%llx: LR 0x%x (nsk.elf 0x%llx) "
			   "DFSR 0x%x DFAR 0x%x IFSR 0x%x IFAR 0x%x SPSR 0x%x\n",
			   pl1[kind & 7], a32_mpidr(), (unsigned)lr, (uint64_t)lr - image_base,
			   (unsigned)cp15_read(CP15_DFSR), (unsigned)cp15_read(CP15_DFAR),
			   (unsigned)cp15_read(CP15_IFSR), (unsigned)cp15_read(CP15_IFAR),
			   (unsigned)spsr);
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

static const char *mode_name(uint32_t mask)
{
	switch (mask) {
	case 1:
		return "SVC";
	case 2:
		return "Hyp";
	case 3:
		return "SVC and Hyp";
	default:
		return "-";
	}
}

void nsk_main(uint64_t dtb, uint64_t base)
{
	uint64_t cpus[NSK_MAX_CPUS], me = a32_mpidr(), end;
	const char *why = 0;
	int n, failures;

	image_base = base;
	boot_hyp = a32_in_hyp();
	if (dt_open(&dt, dtb) != 0) {
		con_printf("Bail out! nsk: no device tree at r2 = 0x%llx\n", dtb);
		nsk_halt();
	}
	con_init(find_console());
	con_printf("# nsk: AArch32, entered in %s mode, image at 0x%llx, DTB at 0x%llx, MPIDR 0x%llx\n",
		   boot_hyp ? "Hyp" : a32_mode() == A32_MODE_SVC ? "SVC" : "an unexpected", base,
		   dtb, me);
	if (!boot_hyp && a32_mode() != A32_MODE_SVC) {
		con_printf("Bail out! nsk: entered in mode 0x%x; the boot protocol wants Hyp or SVC\n",
			   a32_mode());
		nsk_halt();
	}
	parse_bootargs();
	find_gic();
	wake_init(&gic);

	n = find_cpus(cpus, NSK_MAX_CPUS);
	nsk_mpidr[0] = me;
	nsk_ncpus = 1;
	for (int i = 0; i < n; i++)
		if (cpus[i] != me)
			nsk_mpidr[nsk_ncpus++] = cpus[i];
	if (n == 0 || nsk_ncpus != (uint32_t)n)
		con_printf("# nsk: the boot CPU 0x%llx is %s in the DT's /cpus\n", me,
			   n ? "not" : "alone (no CPUs)");

	if (opt.want_svc && boot_hyp) {
		leave_hyp();
		boot_hyp = a32_in_hyp();
		con_printf("# nsk: now in %s mode\n", boot_hyp ? "Hyp" : "SVC");
	}

	if (opt.socdrv) {
		drv_run((const void *)(uintptr_t)dtb, opt.name[0] ? opt.name : "board", cpus,
			(unsigned)n, gic.version != 0);
		env.c = &secmon_conduit_smc;
		power_off();
	}

	conduit.ctx = (void *)find_psci(&why);
	if (!conduit.ctx) {
		con_printf("Bail out! nsk: %s\n", why);
		nsk_halt();
	}
	conduit.name = ((const struct secmon_conduit *)conduit.ctx)->name;
	conduit.aarch32 = ((const struct secmon_conduit *)conduit.ctx)->aarch32;

	env.c = &conduit;
	env.ncpus = nsk_ncpus;
	for (unsigned i = 0; i < nsk_ncpus; i++)
		env.mpidr[i] = nsk_mpidr[i];
	env.self = self;
	env.secondary_pc = opt.thumb ? (uintptr_t)nsk_secondary_entry_thumb
				     : (uintptr_t)nsk_secondary_entry;
	end = ram_end();
	if (!opt.no_bad_pc) {
		env.bad_pc[env.nbad_pc++] = 0x0e000000u;	/* secure RAM */
		env.bad_pc[env.nbad_pc++] = 0x00000000u;	/* secure flash */
		env.bad_pc[env.nbad_pc++] = 0x09000000u;	/* a device: the PL011 */
		if (end && end <= 0xffffffffu)
			env.bad_pc[env.nbad_pc++] = end;	/* just past normal-world RAM */
	}
	env.puts = puts_hook;
	env.arm_wakeup = gic.version ? wake_arm : 0;
	env.race_starts = opt.race ? opt.race : 400;
	find_idle_states();

	append(env_name, sizeof(env_name), boot_hyp ? "nsk a32 hyp smp" : "nsk a32 svc smp");
	append_uint(env_name, sizeof(env_name), nsk_ncpus);
	append(env_name, sizeof(env_name), " gic");
	append_uint(env_name, sizeof(env_name), gic.version);
	append(env_name, sizeof(env_name), " ");
	append(env_name, sizeof(env_name), conduit.name);
	if (opt.thumb)
		append(env_name, sizeof(env_name), " thumb");
	env.name = env_name;

	con_printf("# nsk: %s: %u CPUs, conduit %s (AArch32: r0-r12), RAM ends at 0x%llx, GICv%u "
		   "(GICD 0x%llx), wake-up INTID %u\n",
		   env.name, env.ncpus, conduit.name, end, gic.version, gic.dist, gic.timer_intid);
	con_printf("# nsk: standby 0x%x%s, power-down 0x%x%s, %u bad entry points, race %u\n",
		   env.standby_state, env.has_standby ? "" : " (skipped)", env.powerdown_state,
		   env.has_powerdown ? "" : " (skipped)", env.nbad_pc, env.race_starts);

	if (opt.fault)
		__asm__ volatile("udf #0x5e");
	failures = conf_run(&env);

	con_printf("# nsk: %s: %d failed; secondaries entered in %s mode; %u timer wake-ups\n",
		   env.name, failures,
		   mode_name(__atomic_load_n(&secondary_modes, __ATOMIC_RELAXED)), wake_fired());
	power_off();
}
