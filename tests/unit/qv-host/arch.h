/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The QEMU ports' arch.h as the host unit tests that compile a port file
 * see it (test_poweroff.c): memory-mapped registers are plain memory, the
 * counter's frequency is QEMU virt's, and the secure timer is a variable.
 */
#ifndef QV_ARCH_H
#define QV_ARCH_H

#include <stdint.h>

static inline uint32_t mmio_read32(uintptr_t a) { return *(volatile uint32_t *)a; }
static inline void mmio_write32(uintptr_t a, uint32_t v) { *(volatile uint32_t *)a = v; }

static inline uint64_t qv_counter_freq(void) { return 62500000; }

/* The secure timer's interval while it runs, 0 while it is stopped. */
extern uint64_t qv_host_sec_timer;
static inline void qv_sec_timer_start(uint64_t tval) { qv_host_sec_timer = tval; }
static inline void qv_sec_timer_stop(void) { qv_host_sec_timer = 0; }

#endif
