// SPDX-License-Identifier: BSD-3-Clause
/*
 * Calls described by the board's device tree, at run time: legacy vendor
 * ABIs, PSCI 0.1's custom IDs and DT-described services. A call is matched
 * by the value in its ID register, its arguments are taken from the
 * registers its table names (resolved at cold boot by described_dt.c), and
 * only the described result registers are written.
 */
#include <secmon/psci.h>
#include "../plat.h"
#include "../psci/psci.h"
#include "described.h"

struct described_table described_tables[DESCRIBED_MAX_TABLES];
unsigned described_ntables;
static uint64_t boot_addr[MON_MAX_CPUS];
static bool boot_addr_set[MON_MAX_CPUS];
static struct mon_described_stats stats;

MON_COLD_BOOT void described_reset(void)
{
	described_ntables = 0;
	stats = (struct mon_described_stats){ 0 };
	for (unsigned i = 0; i < MON_MAX_CPUS; i++)
		boot_addr_set[i] = false;
}

bool described_arg(const struct described_call *d, unsigned slot, uint64_t *v)
{
	unsigned reg = d->map->in[slot];

	if (reg == DS_NONE)
		return false;
	*v = d->c->r->x[reg];
	if (!d->smc64)
		*v = (uint32_t)*v;
	return true;
}

/* The CPU an operation names, by logical number or by MPIDR; -1 if none. */
static int target(const struct described_call *d)
{
	uint64_t v;

	if (described_arg(d, FW_MPIDR, &v))
		return plat_cpu_index(v);
	if (described_arg(d, FW_CPU, &v))
		return v < plat_cpu_count() ? (int)v : -1;
	return -1;
}

/* The boot address set-cpu-boot-addr stored for cpu, read under the lock. */
static bool boot_addr_of(unsigned cpu, uint64_t *pc)
{
	bool set;

	plat_lock();
	set = boot_addr_set[cpu];
	*pc = boot_addr[cpu];
	plat_unlock();
	return set;
}

/*
 * The entry the caller left in its word (entry-address, or resume-word's
 * word; checked at cold boot to be normal-world memory), read once.
 */
static bool entry_in_memory(const struct described_call *d, uint64_t *pc)
{
	uint64_t at = d->call->entry_addr;
	const volatile uint32_t *w = at ? plat_ns_map(at, 4) : 0;

	if (!w)
		return false;
	*pc = *w;
	return true;
}

int64_t described_cpu_boot(struct described_call *d)
{
	int cpu = target(d);
	uint64_t pc, ctx = 0;

	if (cpu < 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!described_arg(d, FW_ENTRY, &pc) && !entry_in_memory(d, &pc) &&
	    !boot_addr_of((unsigned)cpu, &pc))
		return SECMON_PSCI_INVALID_ADDRESS;
	described_arg(d, FW_CONTEXT, &ctx);
	return psci_cpu_on(d->c, plat_cpu_mpidr((unsigned)cpu), pc, ctx);
}

/* Without a CPU argument the address is every secondary's (OMAP style). */
int64_t described_set_boot_addr(struct described_call *d)
{
	int cpu = target(d);
	uint64_t pc, any;

	if (!described_arg(d, FW_ENTRY, &pc))
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (cpu < 0 && (described_arg(d, FW_CPU, &any) || described_arg(d, FW_MPIDR, &any)))
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!psci_entry_ok(pc))
		return SECMON_PSCI_INVALID_ADDRESS;
	plat_lock();
	for (unsigned i = 0; i < plat_cpu_count() && i < MON_MAX_CPUS; i++) {
		if (cpu >= 0 && (unsigned)cpu != i)
			continue;
		boot_addr[i] = pc;
		boot_addr_set[i] = true;
	}
	plat_unlock();
	return SECMON_PSCI_SUCCESS;
}

void described_result(struct described_call *d, unsigned slot, uint64_t v)
{
	unsigned reg = d->map->out[slot];

	if (reg != DS_NONE)
		d->c->r->x[reg] = d->smc64 ? v : (uint32_t)v;
}

/* The status result: a negative one sign-extended as mon_ret() does. */
static void set_status(struct described_call *d, int64_t status)
{
	unsigned reg = d->map->status;

	if (reg == DS_NONE)
		return;
	if (d->smc64)
		d->c->r->x[reg] = (uint64_t)status;
	else
		d->c->r->x[reg] = d->c->caller->aarch32 ? (uint32_t)status : mon_ret32(status);
}

int64_t described_get_boot_addr(struct described_call *d)
{
	int cpu = target(d);
	uint64_t pc;

	if (cpu < 0)
		return SECMON_PSCI_INVALID_PARAMETERS;
	if (!boot_addr_of((unsigned)cpu, &pc))
		return SECMON_PSCI_NOT_PRESENT;
	described_result(d, FW_ENTRY, pc);
	return SECMON_PSCI_SUCCESS;
}

/*
 * A call that powers its caller down (resume-word: cold boot made its word
 * the call's entry_addr), as the SoC's firmware does, at the address the
 * caller left there: psci_cpu_powerdown() refuses an address the CPU
 * cannot enter (INVALID_ADDRESS, as PSCI refuses one; ~0 is one) before
 * anything changes; else the CPU powers down and, woken, enters the normal
 * world there as from reset. No return.
 */
static int64_t power_down(struct described_call *d, unsigned level)
{
	const volatile uint32_t *w = plat_ns_map(d->call->entry_addr, 4);

	return psci_cpu_powerdown(d->c, level, w ? *w : ~0ull, 0);
}

int64_t described_do_idle(struct described_call *d)
{
	if (d->call->entry_addr)
		return power_down(d, PLAT_LEVEL_CORE);
	return psci_cpu_standby(d->c);
}

int64_t described_suspend(struct described_call *d)
{
	uint64_t pc, ctx = 0;

	if (d->call->entry_addr)
		return power_down(d, PLAT_LEVEL_SYSTEM);
	if (!described_arg(d, FW_ENTRY, &pc))
		return SECMON_PSCI_NOT_SUPPORTED;
	described_arg(d, FW_CONTEXT, &ctx);
	return psci_system_suspend(d->c, pc, ctx);
}

int64_t described_resume(struct described_call *d)
{
	(void)d;
	return SECMON_PSCI_SUCCESS;
}

/*
 * One call of the board's L2 set-up: the platform programs its cache
 * controller as the call asks (or has nothing to do); each step is counted.
 */
int64_t described_l2x0(struct described_call *d)
{
	int64_t r = plat_l2x0_call(d->call->fid, d->c->r->x[1], d->c->r->x[2], d->c->r->x[3]);

	if (r != SECMON_PSCI_SUCCESS)
		return r;
	plat_lock();
	stats.l2x0_steps++;
	if (d->step + 1 == d->op->ncalls)
		stats.l2x0_inits++;
	plat_unlock();
	return SECMON_PSCI_SUCCESS;
}

int64_t described_c15resume(struct described_call *d)
{
	uint64_t regs;

	if (described_arg(d, FW_REGS, &regs) && !plat_ns_range_ok(regs, 64))
		return SECMON_PSCI_INVALID_ADDRESS;
	return SECMON_PSCI_SUCCESS;
}

int64_t described_cpu_on(struct described_call *d)
{
	uint64_t mpidr = 0, pc = 0, ctx = 0;

	described_arg(d, FW_MPIDR, &mpidr);
	described_arg(d, FW_ENTRY, &pc);
	described_arg(d, FW_CONTEXT, &ctx);
	return psci_cpu_on(d->c, mpidr, pc, ctx);
}

int64_t described_cpu_off(struct described_call *d)
{
	return psci_cpu_off(d->c);
}

int64_t described_cpu_suspend(struct described_call *d)
{
	uint64_t ps = 0, pc = 0, ctx = 0;

	described_arg(d, FW_POWER_STATE, &ps);
	described_arg(d, FW_ENTRY, &pc);
	described_arg(d, FW_CONTEXT, &ctx);
	return psci_cpu_suspend(d->c, (uint32_t)ps, pc, ctx);
}

int64_t described_not_supported(struct described_call *d)
{
	(void)d;
	return SECMON_PSCI_NOT_SUPPORTED;
}

int64_t described_system_off(struct described_call *d)
{
	return psci_system_off(d->c);
}

int64_t described_system_reset(struct described_call *d)
{
	return psci_system_reset(d->c);
}

static bool find_call(const struct secmon_regs *r, unsigned *tab, unsigned *op, unsigned *step)
{
	for (unsigned i = 0; i < described_ntables; i++) {
		const struct secmon_calltab *t = &described_tables[i].t;

		for (unsigned o = 0; o < t->nops; o++) {
			for (unsigned s = 0; s < t->ops[o].ncalls; s++) {
				const struct secmon_ct_call *call = &t->calls[t->ops[o].first_call + s];

				if ((uint32_t)r->x[call->id_reg] == call->fid) {
					*tab = i;
					*op = o;
					*step = s;
					return true;
				}
			}
		}
	}
	return false;
}

/* Cold boot: the fast path's table of IDs (core/fast_init.c) is built from these. */
MON_COLD_BOOT bool described_claims(unsigned i, uint32_t *fid, unsigned *id_reg)
{
	for (unsigned t = 0; t < described_ntables; t++) {
		const struct secmon_calltab *tab = &described_tables[t].t;

		if (i < tab->ncalls) {
			*fid = tab->calls[i].fid;
			*id_reg = tab->calls[i].id_reg;
			return true;
		}
		i -= tab->ncalls;
	}
	return false;
}

bool described_handle(struct mon_call *c)
{
	unsigned tab, op, step;
	const struct described_table *tb;
	const struct secmon_ct_call *call;
	struct described_call d;
	int64_t status;

	if (!described_ntables || !find_call(c->r, &tab, &op, &step))
		return false;
	tb = &described_tables[tab];
	call = &tb->t.calls[tb->t.ops[op].first_call + step];
	if (call->smc64 && !call->native && c->caller->aarch32)
		return false;
	d = (struct described_call){
		.c = c,
		.call = call,
		.map = &tb->map[tb->t.ops[op].first_call + step],
		.op = &tb->t.ops[op],
		.step = step,
		.smc64 = call->native ? !c->caller->aarch32 : call->smc64,
	};
	status = tb->run[op](&d);
	set_status(&d, status);
	return true;
}

void described_stats(struct mon_described_stats *s)
{
	plat_lock();
	*s = stats;
	plat_unlock();
}
