/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * An architecture's sysreg.h (monitor/arch/<arch>/sysreg.h) as the host unit
 * tests that compile a board file see it (test_poweroff.c): memory-mapped
 * registers are plain memory, the counter's frequency is QEMU virt's, and
 * the secure timer is a variable.
 */
#ifndef HOST_ARCH_SYSREG_H
#define HOST_ARCH_SYSREG_H

#include <stdint.h>

static inline uint32_t mmio_read32(uintptr_t a) { return *(volatile uint32_t *)a; }
static inline void mmio_write32(uintptr_t a, uint32_t v) { *(volatile uint32_t *)a = v; }

static inline uint64_t arch_counter_hz(void) { return 62500000; }

/* The secure timer's interval while it runs, 0 while it is stopped. */
extern uint64_t host_sec_timer;
static inline void arch_sec_timer_start(uint64_t tval) { host_sec_timer = tval; }
static inline void arch_sec_timer_stop(void) { host_sec_timer = 0; }

#endif
