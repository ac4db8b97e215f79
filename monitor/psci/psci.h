/* SPDX-License-Identifier: BSD-3-Clause */
/* PSCI (psci.c) as the rest of the monitor sees it. */
#ifndef SECMON_PSCI_PSCI_H
#define SECMON_PSCI_PSCI_H

#include <stdbool.h>
#include <stdint.h>
#include "../core/service.h"

/* The service's entry (core/services.c) and its share of the fast path (psci_fast.c). */
bool psci_handle(struct mon_call *c);
bool psci_has(uint32_t fid);
bool psci_fast(uint32_t fid, struct secmon_regs *r);
/*
 * PSCI's answers without code (struct mon_answer, monitor.h), at cold boot:
 * how fid (a fast call) is answered, its value and the power_states
 * CPU_SUSPEND accepts; PSCI_FEATURES' answer about an ID.
 */
unsigned psci_answer(uint32_t fid, struct mon_answer_spec *a);
int32_t psci_features_about(uint32_t id);
void psci_init(unsigned boot_cpu);
/* Cold boot: PSCI's part of the OS's DT (psci_dt.c). */
int psci_os_dt(const struct mon_os_dt *o);
/* PSCI operations for other services (legacy ABIs): explicit arguments. */
int64_t psci_cpu_on(struct mon_call *c, uint64_t target, uint64_t pc, uint64_t ctx);
int64_t psci_cpu_off(struct mon_call *c);
int64_t psci_cpu_suspend(struct mon_call *c, uint32_t power_state, uint64_t pc, uint64_t ctx);
/* CPU_SUSPEND to the platform's core standby state, whatever its power_state. */
int64_t psci_cpu_standby(struct mon_call *c);
int64_t psci_system_suspend(struct mon_call *c, uint64_t pc, uint64_t ctx);
/*
 * A vendor ABI's power-down of the caller (Samsung's AFTR and SLEEP): the
 * deepest power-down state down to `level` (PLAT_LEVEL_CORE or
 * PLAT_LEVEL_SYSTEM) whose other CPUs are down, coordinated by the
 * platform whatever the suspend mode; on wake-up the CPU enters the normal
 * world at pc as after CPU_SUSPEND. Returns only an error: INVALID_ADDRESS
 * for a pc the CPU cannot enter, before anything changes.
 */
int64_t psci_cpu_powerdown(struct mon_call *c, unsigned level, uint64_t pc, uint64_t ctx);
/* Record the event (when recording) and go down: never return. */
int64_t psci_system_off(struct mon_call *c);
int64_t psci_system_reset(struct mon_call *c);
/* An entry point the CPU can execute in the width it wakes in (plat.h). */
bool psci_entry_ok(uint64_t pc);
bool psci_wakeup(unsigned cpu, struct mon_ns_entry *e);

#endif
