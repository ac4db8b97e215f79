// SPDX-License-Identifier: BSD-3-Clause
/*
 * Firmware operations over three backends. The PSCI backend keeps each
 * CPU's boot address itself and hands it to CPU_ON; a table backend passes
 * every value an operation may name and lets the table pick its registers.
 */
#include <secmon/client.h>
#include <secmon/fwops.h>
#include "internal.h"

/*
 * One backend's operations, chosen once at init (Linux's struct
 * firmware_ops). The secmon_fwops_*() entry points check has() and the CPU
 * number first; a NULL member is an operation the backend never has.
 * set_cpu_boot_addr() is called with the address already kept in `o`.
 */
struct secmon_fwops_impl {
	bool (*has)(const struct secmon_fwops *o, enum secmon_fwop op);
	int (*cpu_boot)(const struct secmon_fwops *o, unsigned cpu);
	int (*set_cpu_boot_addr)(struct secmon_fwops *o, unsigned cpu);
	int (*get_cpu_boot_addr)(const struct secmon_fwops *o, unsigned cpu, uint64_t *addr);
	/* entry: the resume address, or NULL for none */
	int (*do_idle)(const struct secmon_fwops *o, unsigned long mode, const uint64_t *entry);
	/* suspend, resume, l2x0-init, c15resume: a table's alone */
	int (*table_only)(const struct secmon_fwops *o, enum secmon_fwop op, uint64_t extra);
};

static const struct secmon_fwops_impl none_impl, psci_impl, table_impl;

const char *secmon_fwops_name(enum secmon_fwop op)
{
	return (unsigned)op < SECMON_FWOP_COUNT ? secmon_ct_fw_vocab[op].op : "?";
}

static int set_cpus(struct secmon_fwops *o, const uint64_t *mpidr, unsigned ncpus)
{
	if (ncpus > SECMON_FWOPS_MAX_CPUS)
		return SECMON_E_NO_SPACE;
	o->ncpus = ncpus;
	for (unsigned i = 0; i < ncpus; i++)
		o->mpidr[i] = mpidr[i];
	return SECMON_OK;
}

void secmon_fwops_init_none(struct secmon_fwops *o)
{
	*o = (struct secmon_fwops){ .backend = SECMON_FWOPS_NONE, .c = &secmon_conduit_none,
				    .impl = &none_impl };
}

int secmon_fwops_init_psci(struct secmon_fwops *o, const struct secmon_conduit *c,
			   const uint64_t *mpidr, unsigned ncpus)
{
	*o = (struct secmon_fwops){ .backend = SECMON_FWOPS_PSCI, .c = c, .impl = &psci_impl };
	return set_cpus(o, mpidr, ncpus);
}

/* An operation this conduit cannot make (SMC64 from AArch32) is absent. */
static const struct secmon_ct_op *usable_op(const struct secmon_calltab *t, const char *name,
					    const struct secmon_conduit *c)
{
	const struct secmon_ct_op *op = secmon_calltab_op(t, name);

	return op && secmon_calltab_op_usable(t, op, c) ? op : 0;
}

int secmon_fwops_init_table(struct secmon_fwops *o, const struct secmon_conduit *c,
			    const struct secmon_calltab *t, const uint64_t *mpidr, unsigned ncpus)
{
	*o = (struct secmon_fwops){ .backend = SECMON_FWOPS_TABLE, .c = c, .t = t,
				    .impl = &table_impl };
	for (unsigned i = 0; i < SECMON_FWOP_COUNT; i++)
		o->op[i] = usable_op(t, secmon_ct_fw_vocab[i].op, c);
	o->cpu_on = usable_op(t, secmon_ct_fw_vocab[SECMON_CT_CPU_ON].op, c);
	o->cpu_suspend = usable_op(t, secmon_ct_fw_vocab[SECMON_CT_CPU_SUSPEND].op, c);
	return set_cpus(o, mpidr, ncpus);
}

void secmon_fwops_set_mem(struct secmon_fwops *o, const struct secmon_ct_mem *mem)
{
	o->mem = mem;
}

/* Does `op` of the table take a parameter called `name`? */
static bool op_takes(const struct secmon_calltab *t, const struct secmon_ct_op *op,
		     const char *name)
{
	return op && secmon_calltab_op_takes(t, op, name);
}

/*
 * The word cpu-boot reads its entry from (entry-address), when the user
 * can reach memory; 0 otherwise.
 */
static uint64_t entry_word(const struct secmon_fwops *o)
{
	const struct secmon_ct_op *boot = o->op[SECMON_FWOP_CPU_BOOT];

	for (unsigned i = 0; boot && o->mem && i < boot->ncalls; i++)
		if (o->t->calls[boot->first_call + i].entry_addr)
			return o->t->calls[boot->first_call + i].entry_addr;
	return 0;
}

/* A table keeps boot addresses itself when only cpu-boot takes the entry. */
static bool table_keeps_entry(const struct secmon_fwops *o)
{
	const struct secmon_ct_op *boot = o->op[SECMON_FWOP_CPU_BOOT];

	return !o->op[SECMON_FWOP_SET_CPU_BOOT_ADDR] &&
	       (op_takes(o->t, boot, "entry") || (!boot && o->cpu_on));
}

/*
 * Writes a table operation's memory words with every value the vocabulary
 * knows, before table_call() (apart from it, so that the call path's frames
 * stay as they were). `entry` (NULL: none given) is the address for an
 * operation that is not about one CPU: a register without one gets 0, as
 * always, but a memory word must be given one.
 */
static int table_words(const struct secmon_fwops *o, const struct secmon_ct_op *op, unsigned cpu,
		       uint64_t mode, const uint64_t *entry, uint64_t extra)
{
	bool one = cpu < o->ncpus && cpu < SECMON_FWOPS_MAX_CPUS;
	const struct secmon_ct_val in[] = {
		{ "cpu", cpu },
		{ "mpidr", one ? o->mpidr[cpu] : 0 },
		{ "entry", one ? o->boot_addr[cpu] : extra },
		{ "context", 0 },
		{ "mode", mode },
		{ "power-state", o->idle_state },
		{ "regs", extra },
	};

	if (!op->nwords)
		return SECMON_OK;
	for (unsigned i = 0; !one && !entry && i < op->nwords; i++) {
		const char *w = o->t->words[op->first_word + i].name;

		if (w && secmon_streq(w, "entry"))
			return SECMON_E_INVALID_PARAMETERS;
	}
	return secmon_calltab_write_words(o->t, op, in, sizeof(in) / sizeof(in[0]), o->mem);
}

/* Runs a table operation's calls with every value the vocabulary knows. */
static int table_call(const struct secmon_fwops *o, const struct secmon_ct_op *op, unsigned cpu,
		      uint64_t mode, uint64_t extra, struct secmon_ct_val *out, unsigned nout)
{
	/* ncpus <= SECMON_FWOPS_MAX_CPUS (set_cpus()); said again for the compiler. */
	bool one = cpu < o->ncpus && cpu < SECMON_FWOPS_MAX_CPUS;
	const struct secmon_ct_val in[] = {
		{ "cpu", cpu },
		{ "mpidr", one ? o->mpidr[cpu] : 0 },
		{ "entry", one ? o->boot_addr[cpu] : extra },
		{ "context", 0 },
		{ "mode", mode },
		{ "power-state", o->idle_state },
		{ "regs", extra },
	};

	return secmon_calltab_call(o->c, o->t, op, in, sizeof(in) / sizeof(in[0]), out, nout, 0,
				   0);
}

/* The address kept by set_cpu_boot_addr, for a backend that cannot read it back. */
static int kept_boot_addr(const struct secmon_fwops *o, unsigned cpu, uint64_t *addr)
{
	if (!o->boot_addr_set[cpu])
		return SECMON_E_NOT_PRESENT;
	*addr = o->boot_addr[cpu];
	return SECMON_OK;
}

static bool none_has(const struct secmon_fwops *o, enum secmon_fwop op)
{
	(void)o;
	(void)op;
	return false;
}

static const struct secmon_fwops_impl none_impl = { .has = none_has };

static bool psci_has(const struct secmon_fwops *o, enum secmon_fwop op)
{
	(void)o;
	return op == SECMON_FWOP_CPU_BOOT || op == SECMON_FWOP_SET_CPU_BOOT_ADDR ||
	       op == SECMON_FWOP_GET_CPU_BOOT_ADDR || op == SECMON_FWOP_DO_IDLE;
}

static int psci_cpu_boot(const struct secmon_fwops *o, unsigned cpu)
{
	if (!o->boot_addr_set[cpu])
		return SECMON_E_INVALID_ADDRESS;
	return secmon_psci_cpu_on(o->c, o->mpidr[cpu], o->boot_addr[cpu], 0);
}

static int psci_set_cpu_boot_addr(struct secmon_fwops *o, unsigned cpu)
{
	(void)o;
	(void)cpu;
	return SECMON_OK;
}

/* The standby state loses no context: a resume address is not used. */
static int psci_do_idle(const struct secmon_fwops *o, unsigned long mode, const uint64_t *entry)
{
	(void)mode;
	(void)entry;
	return secmon_psci_cpu_suspend(o->c, o->idle_state, 0, 0);
}

static const struct secmon_fwops_impl psci_impl = {
	.has = psci_has,
	.cpu_boot = psci_cpu_boot,
	.set_cpu_boot_addr = psci_set_cpu_boot_addr,
	.get_cpu_boot_addr = kept_boot_addr,
	.do_idle = psci_do_idle,
};

static bool table_has(const struct secmon_fwops *o, enum secmon_fwop op)
{
	if (o->op[op])
		return true;
	if (op == SECMON_FWOP_CPU_BOOT)
		return o->cpu_on != 0;
	if (op == SECMON_FWOP_DO_IDLE)
		return o->cpu_suspend != 0;
	if (op == SECMON_FWOP_SET_CPU_BOOT_ADDR || op == SECMON_FWOP_GET_CPU_BOOT_ADDR)
		return entry_word(o) || table_keeps_entry(o);
	return false;
}

static int table_cpu_boot(const struct secmon_fwops *o, unsigned cpu)
{
	const struct secmon_ct_op *op =
		o->op[SECMON_FWOP_CPU_BOOT] ? o->op[SECMON_FWOP_CPU_BOOT] : o->cpu_on;
	int err;

	if (table_keeps_entry(o) && !o->boot_addr_set[cpu])
		return SECMON_E_INVALID_ADDRESS;
	err = table_words(o, op, cpu, 0, 0, 0);
	return err ? err : table_call(o, op, cpu, 0, 0, 0, 0);
}

/*
 * A call of the table's own, else the entry-address word, written as
 * Linux's Exynos set_cpu_boot_addr does (no call), else kept here.
 */
static int table_set_cpu_boot_addr(struct secmon_fwops *o, unsigned cpu)
{
	const struct secmon_ct_op *op = o->op[SECMON_FWOP_SET_CPU_BOOT_ADDR];
	uint64_t word = entry_word(o);
	int err;

	if (op) {
		err = table_words(o, op, cpu, 0, 0, 0);
		return err ? err : table_call(o, op, cpu, 0, 0, 0, 0);
	}
	if (!word)
		return SECMON_OK;
	if (o->boot_addr[cpu] > 0xffffffffu)
		return SECMON_E_INVALID_ADDRESS;
	return secmon_ct_mem_write32(o->mem, word, (uint32_t)o->boot_addr[cpu]);
}

/* Does some call of `op` have a result named `name`? */
static bool gives(const struct secmon_calltab *t, const struct secmon_ct_op *op, const char *name)
{
	for (unsigned i = 0; i < op->ncalls; i++) {
		const struct secmon_ct_call *c = &t->calls[op->first_call + i];
		const struct secmon_ct_reg *res = &t->regs[c->first + c->nargs];

		for (unsigned r = 0; r < c->nresults; r++)
			if (secmon_streq(res[r].name, name))
				return true;
	}
	return false;
}

static int table_get_cpu_boot_addr(const struct secmon_fwops *o, unsigned cpu, uint64_t *addr)
{
	struct secmon_ct_val out[] = { { "entry", 0 } };
	uint64_t word = entry_word(o);
	uint32_t v;
	int err;

	if (!o->op[SECMON_FWOP_GET_CPU_BOOT_ADDR] && word) {
		err = secmon_ct_mem_read32(o->mem, word, &v);
		if (!err)
			*addr = v;
		return err;
	}
	if (!o->op[SECMON_FWOP_GET_CPU_BOOT_ADDR])
		return kept_boot_addr(o, cpu, addr);
	if (!gives(o->t, o->op[SECMON_FWOP_GET_CPU_BOOT_ADDR], "entry"))
		return SECMON_E_NOT_SUPPORTED;
	err = table_words(o, o->op[SECMON_FWOP_GET_CPU_BOOT_ADDR], cpu, 0, 0, 0);
	if (!err)
		err = table_call(o, o->op[SECMON_FWOP_GET_CPU_BOOT_ADDR], cpu, 0, 0, out, 1);
	if (!err)
		*addr = out[0].value;
	return err;
}

static int table_do_idle(const struct secmon_fwops *o, unsigned long mode, const uint64_t *entry)
{
	const struct secmon_ct_op *op =
		o->op[SECMON_FWOP_DO_IDLE] ? o->op[SECMON_FWOP_DO_IDLE] : o->cpu_suspend;
	int err = table_words(o, op, SECMON_FWOPS_MAX_CPUS, mode, entry, entry ? *entry : 0);

	return err ? err : table_call(o, op, SECMON_FWOPS_MAX_CPUS, mode, entry ? *entry : 0, 0, 0);
}

/* suspend's `extra` is its entry, c15resume's the registers' address. */
static int table_only(const struct secmon_fwops *o, enum secmon_fwop op, uint64_t extra)
{
	int err = table_words(o, o->op[op], SECMON_FWOPS_MAX_CPUS, 0, &extra, extra);

	return err ? err : table_call(o, o->op[op], SECMON_FWOPS_MAX_CPUS, 0, extra, 0, 0);
}

static const struct secmon_fwops_impl table_impl = {
	.has = table_has,
	.cpu_boot = table_cpu_boot,
	.set_cpu_boot_addr = table_set_cpu_boot_addr,
	.get_cpu_boot_addr = table_get_cpu_boot_addr,
	.do_idle = table_do_idle,
	.table_only = table_only,
};

/* A struct never initialised (all zero) has no backend. */
static const struct secmon_fwops_impl *impl_of(const struct secmon_fwops *o)
{
	return o->impl ? o->impl : &none_impl;
}

bool secmon_fwops_has(const struct secmon_fwops *o, enum secmon_fwop op)
{
	return (unsigned)op < SECMON_FWOP_COUNT && impl_of(o)->has(o, op);
}

/*
 * SECMON_OK when `o` has `op`, its backend's function for it is there, and
 * `cpu` is one of its CPUs.
 */
static int check(const struct secmon_fwops *o, enum secmon_fwop op, bool there, unsigned cpu)
{
	if (!there || !secmon_fwops_has(o, op))
		return SECMON_E_NOT_SUPPORTED;
	return cpu < o->ncpus ? SECMON_OK : SECMON_E_INVALID_PARAMETERS;
}

int secmon_fwops_cpu_boot(const struct secmon_fwops *o, unsigned cpu)
{
	int (*fn)(const struct secmon_fwops *, unsigned) = impl_of(o)->cpu_boot;
	int err = check(o, SECMON_FWOP_CPU_BOOT, fn != 0, cpu);

	return err ? err : fn(o, cpu);
}

int secmon_fwops_set_cpu_boot_addr(struct secmon_fwops *o, unsigned cpu, uint64_t addr)
{
	int (*fn)(struct secmon_fwops *, unsigned) = impl_of(o)->set_cpu_boot_addr;
	int err = check(o, SECMON_FWOP_SET_CPU_BOOT_ADDR, fn != 0, cpu);

	if (err)
		return err;
	o->boot_addr[cpu] = addr;
	err = fn(o, cpu);
	o->boot_addr_set[cpu] = err == SECMON_OK;
	return err;
}

int secmon_fwops_get_cpu_boot_addr(const struct secmon_fwops *o, unsigned cpu, uint64_t *addr)
{
	int (*fn)(const struct secmon_fwops *, unsigned, uint64_t *) =
		impl_of(o)->get_cpu_boot_addr;
	int err = check(o, SECMON_FWOP_GET_CPU_BOOT_ADDR, fn != 0, cpu);

	return err ? err : fn(o, cpu, addr);
}

static int do_idle(const struct secmon_fwops *o, unsigned long mode, const uint64_t *entry)
{
	int (*fn)(const struct secmon_fwops *, unsigned long, const uint64_t *) =
		impl_of(o)->do_idle;

	if (!fn || !secmon_fwops_has(o, SECMON_FWOP_DO_IDLE))
		return SECMON_E_NOT_SUPPORTED;
	return fn(o, mode, entry);
}

int secmon_fwops_do_idle(const struct secmon_fwops *o, unsigned long mode)
{
	return do_idle(o, mode, 0);
}

int secmon_fwops_do_idle_entry(const struct secmon_fwops *o, unsigned long mode, uint64_t entry)
{
	return do_idle(o, mode, &entry);
}

static int extra_op(const struct secmon_fwops *o, enum secmon_fwop op, uint64_t extra)
{
	int (*fn)(const struct secmon_fwops *, enum secmon_fwop, uint64_t) =
		impl_of(o)->table_only;

	if (!fn || !secmon_fwops_has(o, op))
		return SECMON_E_NOT_SUPPORTED;
	return fn(o, op, extra);
}

int secmon_fwops_suspend(const struct secmon_fwops *o, uint64_t entry)
{
	return extra_op(o, SECMON_FWOP_SUSPEND, entry);
}

int secmon_fwops_resume(const struct secmon_fwops *o)
{
	return extra_op(o, SECMON_FWOP_RESUME, 0);
}

int secmon_fwops_l2x0_init(const struct secmon_fwops *o)
{
	return extra_op(o, SECMON_FWOP_L2X0_INIT, 0);
}

int secmon_fwops_c15resume(const struct secmon_fwops *o, uint64_t regs)
{
	return extra_op(o, SECMON_FWOP_C15RESUME, regs);
}
