/* SPDX-License-Identifier: BSD-3-Clause */
/* Arm's PL011 UART (PrimeCell UART TRM, DDI 0183) as the console: uart.h. */
#include <stdint.h>
#include "uart.h"
#include "../arch/arch.h"

#define UART_DR		0x00
#define UART_FR		0x18
#define UART_IBRD	0x24
#define UART_FBRD	0x28
#define UART_LCR_H	0x2c
#define UART_CR		0x30
#define FR_TXFF		(1u << 5)
#define LCR_FEN_8N1	0x70u
#define CR_UARTEN_TXE	0x101u

/*
 * The divisor clock / (16 * baud) in 64ths, rounded: its integer part in
 * IBRD, the fraction in FBRD (115200 from a 24 MHz clock: 13 and 1); the
 * FIFO on.
 */
void uart_init(uintptr_t base, uint32_t clock_hz, uint32_t baud)
{
	uint32_t div64 = (clock_hz * 8 / baud + 1) / 2;

	mmio_write32(base + UART_CR, 0);
	mmio_write32(base + UART_IBRD, div64 >> 6);
	mmio_write32(base + UART_FBRD, div64 & 0x3f);
	mmio_write32(base + UART_LCR_H, LCR_FEN_8N1);
	mmio_write32(base + UART_CR, CR_UARTEN_TXE);
}

void uart_putc(uintptr_t base, char c)
{
	while (mmio_read32(base + UART_FR) & FR_TXFF)
		;
	mmio_write32(base + UART_DR, (uint8_t)c);
}

void uart_puts(uintptr_t base, const char *s)
{
	for (; *s; s++) {
		if (*s == '\n')
			uart_putc(base, '\r');
		uart_putc(base, *s);
	}
}
