/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Arm's PL061 GPIO (PrimeCell GPIO TRM, DDI 0190): a line's level is
 * written through the data register's address mask (bit n of the address
 * bits 9:2 selects line n), its direction in GPIODIR.
 */
#include <stdint.h>
#include "pl061.h"
#include "../arch/arch.h"

#define GPIO_DIR	0x400
#define GPIO_DATA(n)	(4u << (n))

void pl061_raise(uintptr_t base, unsigned line)
{
	mmio_write32(base + GPIO_DATA(line), 0);
	mmio_write32(base + GPIO_DIR, mmio_read32(base + GPIO_DIR) | (1u << line));
	mmio_write32(base + GPIO_DATA(line), 1u << line);
}
