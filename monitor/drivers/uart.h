/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A UART as the monitor's console, transmit only, at the base address the
 * board gives: the interface every UART driver implements (pl011.c: Arm's
 * PL011), one of them linked into a firmware (its board's BOARD_DRIVERS).
 * The log (fwlib/log.c) writes to the board's PLAT_CONSOLE_BASE through
 * it, and a fatal message to PLAT_CONSOLE_NS_BASE, the normal world's.
 */
#ifndef SECMON_DRIVERS_UART_H
#define SECMON_DRIVERS_UART_H

#include <stdint.h>

/* 8N1 at `baud` from the UART's reference clock, transmit enabled. */
void uart_init(uintptr_t base, uint32_t clock_hz, uint32_t baud);
/* Waits while the UART cannot take another character. */
void uart_putc(uintptr_t base, char c);
/* A string, each '\n' sent as "\r\n" (a terminal's line end). */
void uart_puts(uintptr_t base, const char *s);

#endif
