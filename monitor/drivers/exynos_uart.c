/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The Samsung S3C/Exynos UART (Exynos4210: UART0-3) as the console:
 * uart.h. Registers as Linux's samsung_tty and QEMU's exynos4210_uart use
 * them: ULCON, UCON, UFCON, UTRSTAT, UFSTAT, UTXH, UBRDIV, UFRACVAL.
 */
#include <stdint.h>
#include "uart.h"
#include "../arch/arch.h"

#define ULCON		0x00
#define UCON		0x04
#define UFCON		0x08
#define UFSTAT		0x18
#define UTXH		0x20
#define UBRDIV		0x28
#define UFRACVAL	0x2c
#define ULCON_8N1	0x3u
#define UCON_TX_POLL	(1u << 2)	/* transmit mode: interrupt or polling */
#define UCON_RX_POLL	(1u << 0)
#define UFCON_FIFO_ON	(1u << 0)
#define UFSTAT_TX_FULL	(1u << 24)

/*
 * 8N1, polled, FIFO on; the divisor clock / (16 * baud) - 1 with its
 * sixteenths in UFRACVAL (115200 from 100 MHz: 53 and 4).
 */
void uart_init(uintptr_t base, uint32_t clock_hz, uint32_t baud)
{
	uint32_t div16 = (clock_hz + baud / 2) / baud;

	mmio_write32(base + ULCON, ULCON_8N1);
	mmio_write32(base + UCON, UCON_TX_POLL | UCON_RX_POLL);
	mmio_write32(base + UFCON, UFCON_FIFO_ON);
	mmio_write32(base + UBRDIV, div16 / 16 - 1);
	mmio_write32(base + UFRACVAL, div16 % 16);
}

void uart_putc(uintptr_t base, char c)
{
	while (mmio_read32(base + UFSTAT) & UFSTAT_TX_FULL)
		;
	mmio_write32(base + UTXH, (uint8_t)c);
}

void uart_puts(uintptr_t base, const char *s)
{
	for (; *s; s++) {
		if (*s == '\n')
			uart_putc(base, '\r');
		uart_putc(base, *s);
	}
}
