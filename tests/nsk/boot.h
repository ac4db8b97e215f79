/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the AArch64 nsk (main.c) and the AArch32 one (a32/main.c) share at
 * boot (boot.c): the options from /chosen/bootargs, the machine from the
 * DTB and the suite's environment. What differs comes in as parameters
 * (the MPIDR mask, whether there may be a GICv3) or as a hook (the options
 * only one of them knows).
 */
#ifndef NSK_BOOT_H
#define NSK_BOOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dt.h"

struct conf_env;
struct nsk_gic;
struct secmon_conduit;

/* The options both nsks know; see the comment at the top of main.c. */
struct nsk_options {
	bool want_el1;		/* nsk.el=1: leave EL2 (Hyp mode) for EL1 (SVC mode) */
	bool no_bad_pc;
	bool fault;
	bool socdrv;
	bool syssuspend;	/* nsk.test=syssuspend (sysstress.c) */
	bool off2;		/* nsk.off2=1: power off with SYSTEM_OFF2 (HIBERNATE_OFF) */
	unsigned cycles;	/* nsk.cycles=N: its SYSTEM_SUSPEND cycles */
	char name[32];
	unsigned race;
	bool standby_set, standby_none, powerdown_set, powerdown_none;
	uint32_t standby, powerdown;
};

/* One "nsk.key=value" word of the command line; key and val are not NUL-terminated. */
struct nsk_arg {
	const char *key, *val;
	size_t key_len, val_len;
	bool num;		/* val is a number: v */
	uint64_t v;
};

/* The key is `key` and, unless val is null, the value is `val`. */
bool nsk_arg_is(const struct nsk_arg *a, const char *key, const char *val);

/*
 * Reads /chosen/bootargs into *o. An option *o has no place for goes to
 * arch_option (may be null), which returns false when it does not know it
 * either.
 */
void nsk_parse_bootargs(const struct dtb *dt, struct nsk_options *o,
			bool (*arch_option)(const struct nsk_arg *a));

/* The PL011 of /chosen's stdout-path, else the first available one; 0 if none. */
uint64_t nsk_find_console(const struct dtb *dt);
/* The available /cpus' MPIDRs (reg & mpidr_mask), at most max; their number. */
int nsk_find_cpus(const struct dtb *dt, uint64_t *ids, int max, uint64_t mpidr_mask);
/* nsk_mpidr[]: the calling CPU (me) first, as the suite starts the others from 1. */
void nsk_set_cpus(uint64_t me, const uint64_t *cpus, int n);
/* End of the normal-world RAM bank that holds image_base (or of the highest bank). */
uint64_t nsk_ram_end(const struct dtb *dt, uint64_t image_base);
/* The GIC (a GICv3 only when v3) and the virtual timer's PPI. */
void nsk_find_gic(const struct dtb *dt, struct nsk_gic *gic, bool v3);
/*
 * The library's conduit the psci node names, or null with *why. hyp: null,
 * or where the nsk runs ("at EL2", "in Hyp mode") when an hvc from there
 * would trap to the nsk itself.
 */
const struct secmon_conduit *nsk_find_psci(const struct dtb *dt, const char *hyp,
					   const char **why);
/* real, with a wake-up armed around every CPU_SUSPEND when wake (there is a GIC). */
const struct secmon_conduit *nsk_suspend_conduit(const struct secmon_conduit *real, bool wake);

/*
 * The suite's environment from the CPUs, the options and the DT: all but
 * c (set first), secondary_pc and name.
 */
void nsk_env_init(struct conf_env *env, const struct dtb *dt, const struct nsk_options *o,
		  uint64_t ram_end, bool wake);

/* The calling CPU's index in ids[], or 0 when it is not there. */
unsigned nsk_cpu_index(const uint64_t *ids, unsigned n);
/* main.c of each nsk: the calling CPU's MPIDR, masked as the DT's. */
uint64_t nsk_cpu_mpidr(void);

void nsk_append(char *buf, size_t size, const char *s);
void nsk_append_uint(char *buf, size_t size, uint64_t v);

/*
 * SYSTEM_OFF through c (may be null), or SYSTEM_OFF2 HIBERNATE_OFF after
 * nsk.off2=1, or the DT's syscon-poweroff mailbox after nsk.off=mailbox
 * (recording switched on through c first); if that returns, says so and
 * halts.
 */
__attribute__((noreturn)) void nsk_power_off(const struct secmon_conduit *c);

#endif
