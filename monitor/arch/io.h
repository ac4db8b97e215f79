/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What AArch64 and ARMv7 write alike, for each architecture's sysreg.h:
 * barriers, WFI (the same mnemonics in both instruction sets) and MMIO
 * (device registers accessed with single, naturally sized loads and
 * stores; each architecture adds its 64-bit access).
 */
#ifndef SECMON_ARCH_IO_H
#define SECMON_ARCH_IO_H

#include <stdint.h>

static inline void isb(void) { __asm__ volatile("isb" : : : "memory"); }
static inline void dsb_sy(void) { __asm__ volatile("dsb sy" : : : "memory"); }
static inline void dsb_ish(void) { __asm__ volatile("dsb ish" : : : "memory"); }
static inline void wfi(void) { __asm__ volatile("wfi" : : : "memory"); }

static inline uint32_t mmio_read32(uintptr_t a) { return *(volatile uint32_t *)a; }
static inline void mmio_write32(uintptr_t a, uint32_t v) { *(volatile uint32_t *)a = v; }
static inline uint8_t mmio_read8(uintptr_t a) { return *(volatile uint8_t *)a; }
static inline void mmio_write8(uintptr_t a, uint8_t v) { *(volatile uint8_t *)a = v; }
static inline void mmio_write16(uintptr_t a, uint16_t v) { *(volatile uint16_t *)a = v; }

#endif
