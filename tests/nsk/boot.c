// SPDX-License-Identifier: BSD-3-Clause
/*
 * The boot steps both nsks (main.c and a32/main.c) share: options, the
 * machine from the DTB, the conduit and the suite's environment (boot.h).
 */
#include <secmon/trace.h>
#include "boot.h"
#include "conf.h"
#include "nsk.h"

uint64_t nsk_mpidr[NSK_MAX_CPUS];
uint32_t nsk_ncpus;
/* One stack per CPU slot, plus a spare for a CPU with an unknown MPIDR. */
uint8_t nsk_stacks[(NSK_MAX_CPUS + 1) * NSK_STACK_SIZE] __attribute__((aligned(16)));

void nsk_append(char *buf, size_t size, const char *s)
{
	size_t n = strlen(buf);

	while (*s && n + 1 < size)
		buf[n++] = *s++;
	buf[n] = '\0';
}

void nsk_append_uint(char *buf, size_t size, uint64_t v)
{
	char tmp[24];
	int i = (int)sizeof(tmp) - 1;

	tmp[i] = '\0';
	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	nsk_append(buf, size, &tmp[i]);
}

/* A decimal or 0x-prefixed number in [s, end). */
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

bool nsk_arg_is(const struct nsk_arg *a, const char *key, const char *val)
{
	return word_is(a->key, a->key_len, key) && (!val || word_is(a->val, a->val_len, val));
}

/* One "nsk.key=value" word of the command line. */
/* nsk.off2=1: nsk_power_off() uses SYSTEM_OFF2. */
static bool power_off2;
/*
 * nsk.off=mailbox: nsk_power_off() writes the word the DT's syscon-poweroff
 * node names into its syscon (a PSCI 0.1 board's mailbox, which the
 * monitor watches), as Linux's driver does; 0 when the DT has none.
 */
static bool power_mailbox;
static volatile uint32_t *mailbox;
static uint32_t mailbox_value;

static void parse_option(const char *w, size_t n, struct nsk_options *o,
			 bool (*arch_option)(const struct nsk_arg *a))
{
	const char *eq = w, *end = w + n;
	struct nsk_arg a = { 0 };

	while (eq < end && *eq != '=')
		eq++;
	if (eq == end || strncmp(w, "nsk.", 4) != 0)
		return;
	a.key = w + 4;
	a.key_len = (size_t)(eq - a.key);
	a.val = eq + 1;
	a.val_len = (size_t)(end - a.val);
	a.num = parse_num(a.val, end, &a.v);
	if (nsk_arg_is(&a, "el", 0) && a.num) {
		o->want_el1 = a.v == 1;
	} else if (nsk_arg_is(&a, "badpc", 0) && a.num) {
		o->no_bad_pc = a.v == 0;
	} else if (nsk_arg_is(&a, "fault", 0) && a.num) {
		o->fault = a.v == 1;
	} else if (nsk_arg_is(&a, "race", 0) && a.num) {
		o->race = (unsigned)a.v;
	} else if (nsk_arg_is(&a, "standby", 0)) {
		o->standby_set = true;
		o->standby_none = !a.num;
		o->standby = (uint32_t)a.v;
	} else if (nsk_arg_is(&a, "powerdown", 0)) {
		o->powerdown_set = true;
		o->powerdown_none = !a.num;
		o->powerdown = (uint32_t)a.v;
	} else if (nsk_arg_is(&a, "test", "socdrv")) {
		o->socdrv = true;
	} else if (nsk_arg_is(&a, "test", "conformance")) {
		o->socdrv = false;
	} else if (nsk_arg_is(&a, "off2", 0) && a.num) {
		o->off2 = a.v == 1;
		power_off2 = o->off2;
	} else if (nsk_arg_is(&a, "off", "mailbox")) {
		power_mailbox = true;
	} else if (nsk_arg_is(&a, "test", "syssuspend")) {
		o->syssuspend = true;
	} else if (nsk_arg_is(&a, "cycles", 0) && a.num) {
		o->cycles = (unsigned)a.v;
	} else if (nsk_arg_is(&a, "name", 0) && a.val_len) {
		size_t k = a.val_len < sizeof(o->name) ? a.val_len : sizeof(o->name) - 1;

		memcpy(o->name, a.val, k);
		o->name[k] = '\0';
	} else if (!arch_option || !arch_option(&a)) {
		char buf[32];
		size_t k = (size_t)(end - a.key) < sizeof(buf) ? (size_t)(end - a.key)
							       : sizeof(buf) - 1;

		memcpy(buf, a.key, k);
		buf[k] = '\0';
		con_printf("# nsk: unknown option nsk.%s\n", buf);
	}
}

void nsk_parse_bootargs(const struct dtb *dt, struct nsk_options *o,
			bool (*arch_option)(const struct nsk_arg *a))
{
	int len;
	const char *s = dt_prop(dt, dt_path(dt, "/chosen"), "bootargs", &len);

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
			parse_option(s + i, (size_t)n, o, arch_option);
		i += n;
	}
}

uint64_t nsk_find_console(const struct dtb *dt)
{
	int len, node = -1;
	const char *sp = dt_prop(dt, dt_path(dt, "/chosen"), "stdout-path", &len);
	uint64_t base, size;

	if (sp && len > 0) {
		char path[128];
		int n = 0;

		while (n < len && n + 1 < (int)sizeof(path) && sp[n] && sp[n] != ':') {
			path[n] = sp[n];
			n++;
		}
		path[n] = '\0';
		node = dt_path(dt, path);
	}
	if (node < 0 || !dt_compatible(dt, node, "arm,pl011") || !dt_available(dt, node)) {
		for (node = dt_find_compatible(dt, -1, "arm,pl011"); node >= 0;
		     node = dt_find_compatible(dt, node, "arm,pl011"))
			if (dt_available(dt, node))
				break;
	}
	if (node >= 0 && dt_reg(dt, node, 0, &base, &size))
		return base;
	return 0;
}

int nsk_find_cpus(const struct dtb *dt, uint64_t *ids, int max, uint64_t mpidr_mask)
{
	int cpus = dt_path(dt, "/cpus"), n = 0;

	for (int c = dt_first_child(dt, cpus); c >= 0; c = dt_next_sibling(dt, c)) {
		uint64_t reg, unused;

		if (!dt_prop_has_string(dt, c, "device_type", "cpu") ||
		    !dt_available(dt, c) || !dt_reg(dt, c, 0, &reg, &unused))
			continue;
		if (n == max) {
			con_printf("# nsk: more than %d CPUs in the DT, the rest are not used\n", max);
			break;
		}
		ids[n++] = reg & mpidr_mask;
	}
	return n;
}

void nsk_set_cpus(uint64_t me, const uint64_t *cpus, int n)
{
	nsk_mpidr[0] = me;
	nsk_ncpus = 1;
	for (int i = 0; i < n && nsk_ncpus < NSK_MAX_CPUS; i++)
		if (cpus[i] != me)
			nsk_mpidr[nsk_ncpus++] = cpus[i];
	if (n == 0 || nsk_ncpus != (uint32_t)n)
		con_printf("# nsk: the boot CPU 0x%llx is %s in the DT's /cpus\n",
			   (unsigned long long)me, n ? "not" : "alone (no CPUs)");
}

uint64_t nsk_ram_end(const struct dtb *dt, uint64_t image_base)
{
	uint64_t end = 0, top = 0;

	for (int n = dt_next_node(dt, -1); n >= 0; n = dt_next_node(dt, n)) {
		uint64_t base, size;

		if (!dt_prop_has_string(dt, n, "device_type", "memory") || !dt_available(dt, n))
			continue;
		for (int i = 0; dt_reg(dt, n, i, &base, &size); i++) {
			if (base + size > top)
				top = base + size;
			if (image_base >= base && image_base < base + size)
				end = base + size;
		}
	}
	return end ? end : top;
}

void nsk_find_gic(const struct dtb *dt, struct nsk_gic *gic, bool v3)
{
	static const char *const v2[] = {
		"arm,cortex-a15-gic", "arm,gic-400", "arm,cortex-a9-gic", "arm,cortex-a7-gic",
	};
	int len, n;
	uint64_t size;

	for (n = dt_next_node(dt, -1); n >= 0 && !gic->version; n = dt_next_node(dt, n)) {
		if (!dt_has_prop(dt, n, "interrupt-controller") || !dt_available(dt, n))
			continue;
		if (v3 && dt_compatible(dt, n, "arm,gic-v3")) {
			const uint32_t *nr = dt_prop(dt, n, "#redistributor-regions", &len);
			unsigned regions = nr && len == 4 ? dt_cell(nr, 0) : 1;

			gic->version = 3;
			dt_reg(dt, n, 0, &gic->dist, &size);
			for (unsigned r = 0; r < regions && r < 4; r++)
				if (dt_reg(dt, n, (int)r + 1, &gic->redist[r], &gic->redist_size[r]))
					gic->nredist = r + 1;
			break;
		}
		for (unsigned i = 0; i < sizeof(v2) / sizeof(v2[0]); i++) {
			if (dt_compatible(dt, n, v2[i])) {
				gic->version = 2;
				dt_reg(dt, n, 0, &gic->dist, &size);
				dt_reg(dt, n, 1, &gic->cpuif, &size);
				break;
			}
		}
	}
	/* The architected timer's interrupts: secure, non-secure, virtual, hyp. */
	n = dt_find_compatible(dt, -1, "arm,armv8-timer");
	if (n < 0)
		n = dt_find_compatible(dt, -1, "arm,armv7-timer");
	const uint32_t *irq = dt_prop(dt, n, "interrupts", &len);

	if (irq && len >= 9 * 4) {
		uint32_t type = dt_cell(irq, 6), num = dt_cell(irq, 7);

		gic->timer_intid = num + (type == 1 ? 16 : 32);
	}
}

const struct secmon_conduit *nsk_find_psci(const struct dtb *dt, const char *hyp,
					   const char **why)
{
	static char hvc_why[96];
	static const char *const compat[] = { "arm,psci-1.0", "arm,psci-0.2", "arm,psci" };
	int n = -1, len;
	const char *method;

	for (unsigned i = 0; i < 3 && n < 0; i++)
		n = dt_find_compatible(dt, -1, compat[i]);
	if (n < 0) {
		*why = "no psci node in the DT";
		return 0;
	}
	method = dt_prop(dt, n, "method", &len);
	if (method && strcmp(method, "smc") == 0)
		return &secmon_conduit_smc;
	if (method && strcmp(method, "hvc") == 0) {
		if (hyp) {
			nsk_append(hvc_why, sizeof(hvc_why), "psci method is hvc but the nsk runs ");
			nsk_append(hvc_why, sizeof(hvc_why), hyp);
			nsk_append(hvc_why, sizeof(hvc_why), ", where hvc traps to itself");
			*why = hvc_why;
			return 0;
		}
		return &secmon_conduit_hvc;
	}
	*why = "psci node has no method \"smc\" or \"hvc\"";
	return 0;
}

/* Idle states: options, then the DT's arm,idle-state nodes, then secmon's. */
static void find_idle_states(const struct dtb *dt, struct conf_env *env,
			     const struct nsk_options *o)
{
	uint32_t flags = 0, type_bit;
	bool ext, got_standby = false, got_powerdown = false;
	int states = dt_path(dt, "/cpus/idle-states");

	ext = secmon_psci_features(env->c, secmon_psci_fid(env->c, SECMON_PSCI_FN_CPU_SUSPEND),
				   &flags) == SECMON_OK &&
	      (flags & SECMON_PSCI_FEAT_EXT_STATE);
	type_bit = ext ? 1u << 30 : 1u << 16;
	for (int s = dt_first_child(dt, states); s >= 0; s = dt_next_sibling(dt, s)) {
		int len;
		const uint32_t *p = dt_prop(dt, s, "arm,psci-suspend-param", &len);
		uint32_t ps;

		if (!dt_compatible(dt, s, "arm,idle-state") || !p || len != 4 ||
		    !dt_available(dt, s))
			continue;
		ps = dt_cell(p, 0);
		if (!(ps & type_bit) && !got_standby) {
			env->standby_state = ps;
			got_standby = true;
		} else if ((ps & type_bit) && !got_powerdown) {
			/* The shallowest power-down: a core's, not a cluster's. */
			env->powerdown_state = ps;
			got_powerdown = true;
		}
	}
	if (states >= 0)
		con_printf("# nsk: idle states from the DT: standby %s, power-down %s\n",
			   got_standby ? "yes" : "no", got_powerdown ? "yes" : "no");
	if (!got_standby && !got_powerdown) {
		env->standby_state = 0x00000001u;
		env->powerdown_state = ext ? 0x40000000u : 0x00010002u;
		got_standby = got_powerdown = true;
	}
	/*
	 * secmon's system power-down (original format), SYSTEM_SUSPEND's: no
	 * DT lists it (idle states are what cpuidle may enter on its own).
	 */
	env->has_system_state = !ext;
	env->system_state = 0x02010222u;
	env->has_standby = got_standby;
	env->has_powerdown = got_powerdown;
	if (o->standby_set) {
		env->has_standby = !o->standby_none;
		env->standby_state = o->standby;
	}
	if (o->powerdown_set) {
		env->has_powerdown = !o->powerdown_none;
		env->powerdown_state = o->powerdown;
	}
}

static bool suspend_wake;

/*
 * The wake-up armed around every CPU_SUSPEND: the suite arms one itself
 * before the suspends it expects to succeed; arming here too means a suspend
 * it expects to be refused (a bad entry point) cannot hang the run when the
 * firmware wrongly accepts it. After the call returns the timer is stopped.
 */
static void suspend_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
			   struct secmon_regs *out)
{
	const struct secmon_conduit *real = c->ctx;
	uint32_t fid = (uint32_t)in->x[0];
	bool suspend = (fid & ~SECMON_FID_SMC64) == SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_SUSPEND);

	if (suspend && suspend_wake)
		wake_arm();
	real->invoke(real, in, out);
	if (suspend)
		wake_disarm();
}

static struct secmon_conduit suspend_conduit = { .invoke = suspend_invoke };

const struct secmon_conduit *nsk_suspend_conduit(const struct secmon_conduit *real, bool wake)
{
	suspend_wake = wake;
	suspend_conduit.ctx = (void *)real;
	suspend_conduit.name = real->name;
	suspend_conduit.aarch32 = real->aarch32;
	return &suspend_conduit;
}

unsigned nsk_cpu_index(const uint64_t *ids, unsigned n)
{
	uint64_t m = nsk_cpu_mpidr();

	for (unsigned i = 0; i < n; i++)
		if (ids[i] == m)
			return i;
	return 0;
}

static unsigned self(void)
{
	return nsk_cpu_index(nsk_mpidr, nsk_ncpus);
}

/*
 * The firmware's SCMI channel: the "arm,scmi-smc" node's arm,smc-id and the
 * "arm,scmi-shmem" node its shmem phandle names (normal-world memory, used
 * where it is: the MMU is off).
 */
/* The syscon-poweroff node's word and where it goes (its regmap's reg + offset). */
static void find_mailbox(const struct dtb *dt)
{
	int off = dt_find_compatible(dt, -1, "syscon-poweroff"), sys = -1, len;
	const uint32_t *regmap = off >= 0 ? dt_prop(dt, off, "regmap", &len) : 0;
	const uint32_t *offset = off >= 0 ? dt_prop(dt, off, "offset", &len) : 0;
	const uint32_t *value = off >= 0 ? dt_prop(dt, off, "value", &len) : 0;
	uint64_t base, size;

	if (!regmap || !offset || !value)
		return;
	while ((sys = dt_find_compatible(dt, sys, "syscon")) >= 0) {
		const uint32_t *ph = dt_prop(dt, sys, "phandle", &len);

		if (ph && dt_cell(ph, 0) == dt_cell(regmap, 0) && dt_reg(dt, sys, 0, &base, &size) &&
		    dt_cell(offset, 0) + 4 <= size) {
			mailbox = (volatile uint32_t *)(uintptr_t)(base + dt_cell(offset, 0));
			mailbox_value = dt_cell(value, 0);
			return;
		}
	}
}

static void find_scmi(const struct dtb *dt, struct conf_env *env)
{
	int node = dt_find_compatible(dt, -1, "arm,scmi-smc"), mem = -1, len;
	const uint32_t *id, *ph, *mph;
	uint64_t addr, size;

	if (node < 0 || !dt_available(dt, node))
		return;
	id = dt_prop(dt, node, "arm,smc-id", &len);
	ph = dt_prop(dt, node, "shmem", &len);
	if (!id || !ph || len < 4)
		return;
	while ((mem = dt_find_compatible(dt, mem, "arm,scmi-shmem")) >= 0) {
		mph = dt_prop(dt, mem, "phandle", &len);
		if (mph && len == 4 && dt_cell(mph, 0) == dt_cell(ph, 0))
			break;
	}
	if (mem < 0 || !dt_reg(dt, mem, 0, &addr, &size) || addr > UINTPTR_MAX)
		return;
	env->scmi_fid = dt_cell(id, 0);
	env->scmi_shmem = (volatile uint32_t *)(uintptr_t)addr;
	env->scmi_shmem_size = size > 0x1000 ? 0x1000 : (uint32_t)size;
	con_printf("# nsk: SCMI channel 0x%lx+0x%x, SMC 0x%x\n", (unsigned long)addr,
		   env->scmi_shmem_size, env->scmi_fid);
}

void nsk_env_init(struct conf_env *env, const struct dtb *dt, const struct nsk_options *o,
		  uint64_t ram_end, bool wake)
{
	env->ncpus = nsk_ncpus;
	for (unsigned i = 0; i < nsk_ncpus; i++)
		env->mpidr[i] = nsk_mpidr[i];
	env->self = self;
	if (!o->no_bad_pc) {
		env->bad_pc[env->nbad_pc++] = 0x0e000000u;	/* secure RAM */
		env->bad_pc[env->nbad_pc++] = 0x00000000u;	/* secure flash */
		env->bad_pc[env->nbad_pc++] = 0x09000000u;	/* a device: the PL011 */
		/* Just past normal-world RAM, where an AArch32 caller can name it. */
		if (ram_end && (!env->c->aarch32 || ram_end <= 0xffffffffu))
			env->bad_pc[env->nbad_pc++] = ram_end;
	}
	env->puts = con_puts;
	env->arm_wakeup = wake ? wake_arm : 0;
	env->race_starts = o->race ? o->race : 400;
	find_idle_states(dt, env, o);
	find_scmi(dt, env);
	if (power_mailbox)
		find_mailbox(dt);
}

void nsk_power_off(const struct secmon_conduit *c)
{
	int err = SECMON_E_NOT_SUPPORTED;

	if (power_mailbox) {
		struct secmon_regs in = { .x = { SECMON_SIP_TRACE_CTL, 1, 1 } }, out;

		if (!mailbox) {
			con_printf("Bail out! nsk: nsk.off=mailbox, but no syscon-poweroff in the DT\n");
			nsk_halt();
		}
		/* Recording on, the rings emptied: the request is then the one record. */
		if (c)
			secmon_invoke(c, &in, &out);
		con_printf("# nsk: powering off through the mailbox (0x%x at 0x%lx)\n",
			   mailbox_value, (unsigned long)(uintptr_t)mailbox);
		*mailbox = mailbox_value;
		/* The monitor looks every 5 ms: 10 s is a host that does not run QEMU. */
		for (uint64_t t0 = nsk_ticks(); nsk_ticks() - t0 < 10 * nsk_tick_freq();)
			;
		con_printf("Bail out! nsk: still running 10 s after writing the mailbox\n");
		nsk_halt();
	}
	if (c && power_off2) {
		con_printf("# nsk: powering off with SYSTEM_OFF2 (HIBERNATE_OFF)\n");
		err = secmon_psci_system_off2(c, SECMON_PSCI_OFF2_HIBERNATE, 0);
		con_printf("nsk: SYSTEM_OFF2 returned (%d)\n", err);
		nsk_halt();
	}
	if (c)
		err = secmon_psci_system_off(c);
	con_printf("nsk: SYSTEM_OFF returned (%d)\n", err);
	nsk_halt();
}
