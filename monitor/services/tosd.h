/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The trusted-OS dispatcher (tosd.c) as the rest of the monitor sees it:
 * the service of the trusted-OS owning entities (50-63) and its power-event
 * hook. What the platform calls (the cold-boot entry, the secure interrupt)
 * is in monitor.h.
 */
#ifndef SECMON_SERVICES_TOSD_H
#define SECMON_SERVICES_TOSD_H

#include <stdbool.h>
#include <stdint.h>
#include "../core/service.h"

/* True from the trusted OS's ENTRY_DONE until it is found broken. */
extern bool tosd_alive;
bool tosd_handle(struct mon_call *c);
bool tosd_has(uint32_t fid);
int32_t tosd_power(const struct mon_power_event *e);

/*
 * plat_tos_enter() until the trusted OS answers: its SMCs outside its
 * returns (OEN 62) are calls to the monitor, answered, and it goes on.
 */
unsigned tosd_run(unsigned cpu, uint64_t pc, unsigned flags, uint64_t x[8]);

/*
 * How long an entry other than a yielding call may take: 500 ms of counter
 * time (1 / WATCH_DIVISOR s), WATCH_STRIKES times over. A CPU found late is
 * kicked out of the entry and, while the trusted OS lives, sent back into
 * it with its watch started again: the counter runs on while the CPU does
 * not (QEMU's TCG on a busy host stops a virtual CPU for hundreds of
 * milliseconds), so one late finding is no proof of a hang; three in a row
 * are. The first entry (tosd_boot.c) is held to the same rule.
 */
#define WATCH_DIVISOR	2
#define WATCH_STRIKES	3

/* OP-TEE's vector table holds nine entries; its first entry ends with ENTRY_DONE. */
#define TOSD_VECTORS	9
#define TOSD_ENTRY_DONE	0xbe000000u
/* Cold boot (tosd_boot.c): the trusted OS answered, its vector table and the boot CPU. */
void tosd_start(uint64_t vector_table, unsigned cpu);
/* Cold boot, before any: no trusted OS (services.c). */
void tosd_init(void);

#endif
