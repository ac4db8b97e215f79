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

/*
 * Split between cold boot (described_dt.c: parse, bind, check) and run time
 * (described.c: match a call, run its operation). Binding resolves each
 * operation to a handler number and each argument and result name a handler
 * uses to its register, so that no name is compared while a call runs.
 */
enum described_op {
	DOP_CPU_BOOT, DOP_SET_BOOT_ADDR, DOP_GET_BOOT_ADDR, DOP_DO_IDLE, DOP_SUSPEND,
	DOP_RESUME, DOP_L2X0, DOP_C15RESUME, DOP_CPU_ON, DOP_CPU_OFF, DOP_CPU_SUSPEND,
	DOP_NOT_SUPPORTED, DOP_SYSTEM_OFF, DOP_SYSTEM_RESET, DOP_MEDIA_SET_FORMAT,
	DOP_MEDIA_PROTECT, DOP_MEDIA_UNPROTECT, DOP_MEDIA_STATUS, DOP_COUNT
};

/* The names handlers read (arguments) or write (results). */
enum described_slot {
	DS_MPIDR, DS_CPU, DS_ENTRY, DS_CONTEXT, DS_POWER_STATE, DS_REGS, DS_FORMAT,
	DS_ADDR, DS_SIZE, DS_HANDLE, DS_STATUS, DS_BUFFERS, DS_COUNT
};

/* Where each slot of one call is: a register number, or DS_NONE. */
#define DS_NONE 0xff
struct described_map {
	uint8_t in[DS_COUNT];
	uint8_t out[DS_COUNT];
};

struct described_table {
	struct secmon_calltab t;
	uint8_t op[SECMON_CT_MAX_OPS];			/* enum described_op */
	struct described_map map[SECMON_CT_MAX_CALLS];
};

#define DESCRIBED_MAX_TABLES 4
extern struct described_table described_tables[DESCRIBED_MAX_TABLES];
extern unsigned described_ntables;

/* Forgets the run-time state (boot addresses, statistics); described_init() calls it. */
void described_reset(void);

/* Answers a call that matches a described ID; false when none does. */
bool described_handle(struct mon_call *c);

/*
 * The i-th described call's ID and the register that carries it (0: x0);
 * false past the last (struct mon_service's .claims).
 */
bool described_claims(unsigned i, uint32_t *fid, unsigned *id_reg);

/* What the described calls did, for tests and the log. */
struct mon_described_stats {
	uint32_t calls;
	uint32_t idles;
	uint32_t l2x0_steps;
	uint32_t l2x0_inits;
};

void described_stats(struct mon_described_stats *s);

/* The example SiP "secure media" service. */
void media_init(void);
int64_t media_set_format(uint64_t format);
int64_t media_protect(uint64_t addr, uint64_t size, uint64_t *handle);
int64_t media_unprotect(uint64_t handle);
void media_status(uint64_t *format, uint64_t *buffers);

#endif
