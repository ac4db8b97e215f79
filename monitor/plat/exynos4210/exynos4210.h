/* SPDX-License-Identifier: BSD-3-Clause */
/* Between the Exynos4210 port's files (monitor/plat/exynos4210). */
#ifndef EX_EXYNOS4210_H
#define EX_EXYNOS4210_H

#include <stdbool.h>
#include <stdint.h>
#include "platform.h"
#include "../../fwlib/fwlib.h"

/* Normal-world memory ranges (DRAM less the carve-out, the SYSRAM page). */
#define EX_MAX_NS_RANGES	4
/* plat.c */
void ex_add_ns_range(uint64_t base, uint64_t size);
void ex_counter_start(void);

/* gic.c: the A9 MPCore's own GIC, for the monitor's wake-up SGI only. */
void ex_gic_dist_init(void);
void ex_gic_cpu_init(void);
void ex_gic_cpu_quiesce(void);
void ex_gic_release(void);
bool ex_gic_released(void);
void ex_gic_send_wake(unsigned cpu);
void ex_gic_ack(void);

/* dt.c (cold boot): QEMU's DT read, the OS's written. */
void ex_dt_scan(const void *qemu_dtb);
void ex_dt_fixup(void *fdt, const void *board);

/* coldboot.c */
_Noreturn void ex_boot_failed(const char *why);

/* power.c */
_Noreturn void ex_power_off(void);

#endif
