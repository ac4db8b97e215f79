/* SPDX-License-Identifier: BSD-3-Clause */
/* Calls described by the board DT, and the services behind them. */
#ifndef SECMON_SERVICES_DESCRIBED_H
#define SECMON_SERVICES_DESCRIBED_H

#include <stdbool.h>
#include <stdint.h>
#include "../core/service.h"

/*
 * Parses and binds the board DT's call tables (NULL: none). Returns 0, or
 * -1 after logging which node and property is wrong.
 */
int described_init(const void *board_fdt);

/* Answers a call that matches a described ID; false when none does. */
bool described_handle(struct mon_call *c);

/* fn(fid, register that carries it, arg) for every described call. */
void described_for_each_id(void (*fn)(uint32_t fid, unsigned id_reg, void *arg), void *arg);

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
