/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Arm's PL061 GPIO, as a board's power lines (QEMU virt's secure PL061:
 * line 0 powers off, line 1 resets), at the base address the board gives.
 */
#ifndef SECMON_DRIVERS_PL061_H
#define SECMON_DRIVERS_PL061_H

#include <stdint.h>

/* Line `line` (0-7) made an output, driven low, then high: a rising edge. */
void pl061_raise(uintptr_t base, unsigned line);

#endif
