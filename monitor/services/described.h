/* SPDX-License-Identifier: BSD-3-Clause */
/* Calls described by the board DT, and the services behind them. */
#ifndef SECMON_SERVICES_DESCRIBED_H
#define SECMON_SERVICES_DESCRIBED_H

#include <stdbool.h>
#include <stdint.h>
#include <secmon/calltab.h>
#include "../core/service.h"

/*
 * Parses and binds the board DT's call tables (NULL: none). Returns 0, or
 * -1 after logging which node and property is wrong.
 */
int described_init(const void *board_fdt);

/* Cold boot: the board's call tables, as they are, under /firmware in the OS's DT. */
int described_os_dt(const struct mon_os_dt *o);

/*
 * A service that a board's call table may describe, stated in one place:
 * the compatibles that name it (a table's first), its operations (the
 * table's node names, each with the handler that answers it) and the
 * parameters and results its handlers read and write, one slot each. The
 * descriptor is cold-boot data, in a cold-boot file (described_dt.c: the
 * firmware operations; media_dt.c: the example secure-media service); its
 * handlers are resident. Binding (described_dt.c) copies each operation's
 * handler into the table and resolves each slot to the register the call
 * carries it in, so that no name is compared while a call runs
 * (described.c). A call's status (the result "status") has a register of
 * its own.
 */
struct described_call;
typedef int64_t (*described_fn)(struct described_call *d);	/* answers the status */
#define DESCRIBED_MAX_SLOTS 8

struct described_op {
	const char *name;		/* NULL: the service's vocabulary names it */
	described_fn run;
};

struct described_service {
	const char *const *compatibles;		/* NULL after the last */
	/*
	 * Set: ops[i] is the firmware operation i of <secmon/calltab.h>'s
	 * vocabulary (secmon_ct_fw_vocab[]), which names it.
	 */
	bool fw_vocabulary;
	const struct described_op *ops;
	unsigned nops;
	const char *const *slots;		/* slot n's name; NULL after the last */
};

/*
 * The firmware operations' handlers (described.c) and the slots they use;
 * described_dt.c's descriptor names them.
 */
enum { FW_MPIDR, FW_CPU, FW_ENTRY, FW_CONTEXT, FW_POWER_STATE, FW_REGS };
int64_t described_cpu_boot(struct described_call *d);
int64_t described_set_boot_addr(struct described_call *d);
int64_t described_get_boot_addr(struct described_call *d);
int64_t described_do_idle(struct described_call *d);
int64_t described_suspend(struct described_call *d);
int64_t described_resume(struct described_call *d);
int64_t described_l2x0(struct described_call *d);
int64_t described_c15resume(struct described_call *d);
int64_t described_cpu_on(struct described_call *d);
int64_t described_cpu_off(struct described_call *d);
int64_t described_cpu_suspend(struct described_call *d);
int64_t described_not_supported(struct described_call *d);
int64_t described_system_off(struct described_call *d);
int64_t described_system_reset(struct described_call *d);

/* Where each slot of one call is: a register number, or DS_NONE. */
#define DS_NONE 0xff
struct described_map {
	uint8_t in[DESCRIBED_MAX_SLOTS];
	uint8_t out[DESCRIBED_MAX_SLOTS];
	uint8_t status;
};

struct described_table {
	struct secmon_calltab t;
	described_fn run[SECMON_CT_MAX_OPS];		/* operation i's handler */
	struct described_map map[SECMON_CT_MAX_CALLS];
};

#define DESCRIBED_MAX_TABLES 4
extern struct described_table described_tables[DESCRIBED_MAX_TABLES];
extern unsigned described_ntables;

/* One described call as its handler sees it. */
struct described_call {
	struct mon_call *c;
	/*
	 * The table's call: its ID; entry_addr, the word its entry comes from
	 * (entry-address, or resume-word's word: described_dt.c sets it).
	 */
	const struct secmon_ct_call *call;
	const struct described_map *map;
	const struct secmon_ct_op *op;
	unsigned step;			/* which call of a sequence (op->ncalls) */
	bool smc64;
};

/*
 * The argument in `slot`, in the call's width; false when the call has
 * none. A result in `slot`, when the call has one.
 */
bool described_arg(const struct described_call *d, unsigned slot, uint64_t *v);
void described_result(struct described_call *d, unsigned slot, uint64_t v);

/* Forgets the run-time state (boot addresses, statistics); described_init() calls it. */
void described_reset(void);

/* Answers a call that matches a described ID; false when none does. */
bool described_handle(struct mon_call *c);

/*
 * The i-th described call's ID and the register that carries it (0: x0);
 * false past the last (struct mon_service's .claims).
 */
bool described_claims(unsigned i, uint32_t *fid, unsigned *id_reg);

/*
 * What the described calls did, for tests and the log (the L2 set-up: its
 * steps and whole sequences; PSCI's statistics count idles and power-downs).
 */
struct mon_described_stats {
	uint32_t l2x0_steps;
	uint32_t l2x0_inits;
};

void described_stats(struct mon_described_stats *s);

#endif
