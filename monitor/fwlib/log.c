/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The monitor's log on the secure PL011 (QEMU's second serial port). Quiet
 * by default: errors always, information only when verbose (build option
 * VERBOSE=1, or fw_cfg file opt/secmon/verbose at run time).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include "arch.h"
#include "platform.h"
#include "qv.h"
#include "../../plat.h"

#define UART_DR		0x00
#define UART_FR		0x18
#define UART_IBRD	0x24
#define UART_FBRD	0x28
#define UART_LCR_H	0x2c
#define UART_CR		0x30
#define FR_TXFF		(1u << 5)
#define LCR_FEN_8N1	0x70u
#define CR_UARTEN_TXE	0x101u

#ifndef QV_VERBOSE_DEFAULT
#define QV_VERBOSE_DEFAULT 0
#endif

static bool verbose = QV_VERBOSE_DEFAULT;
static uint32_t log_lock;

static void uart_init(uintptr_t base)
{
	mmio_write32(base + UART_CR, 0);
	/* 115200 baud from the board's 24 MHz clock. */
	mmio_write32(base + UART_IBRD, 13);
	mmio_write32(base + UART_FBRD, 1);
	mmio_write32(base + UART_LCR_H, LCR_FEN_8N1);
	mmio_write32(base + UART_CR, CR_UARTEN_TXE);
}

static void uart_putc(uintptr_t base, char c)
{
	while (mmio_read32(base + UART_FR) & FR_TXFF)
		;
	mmio_write32(base + UART_DR, (uint8_t)c);
}

static void uart_puts(uintptr_t base, const char *s)
{
	for (; *s; s++) {
		if (*s == '\n')
			uart_putc(base, '\r');
		uart_putc(base, *s);
	}
}

MON_COLD_BOOT void qv_console_init(void)
{
	uart_init(QV_UART_S_BASE);
}

/*
 * The portable monitor logs through plat_putc() only. While capturing (the
 * boot CPU around mon_init(), nothing else running) its last complete line
 * is kept, so that a refused board DT can be named on the normal-world
 * console too.
 */
#define CAPTURE_MAX 240

static bool capturing;
static char cap_line[CAPTURE_MAX], cap_last[CAPTURE_MAX];
static unsigned cap_len;

MON_COLD_BOOT void qv_log_capture(bool on)
{
	capturing = on;
	cap_len = 0;
	if (on)
		cap_last[0] = '\0';
}

MON_COLD_BOOT const char *qv_log_last_line(void)
{
	return cap_last;
}

static void capture(char c)
{
	if (c == '\r')
		return;
	if (c != '\n') {
		if (cap_len + 1 < CAPTURE_MAX)
			cap_line[cap_len++] = c;
		return;
	}
	for (unsigned i = 0; i < cap_len; i++)
		cap_last[i] = cap_line[i];
	cap_last[cap_len] = '\0';
	cap_len = 0;
}

void plat_putc(char c)
{
	uart_putc(QV_UART_S_BASE, c);
	if (capturing)
		capture(c);
}

MON_COLD_BOOT void qv_set_verbose(bool on)
{
	verbose = on;
}

bool qv_verbose(void)
{
	return verbose;
}

/*
 * Its own lock, not plat_lock(): messages are printed from code that
 * already holds the PSCI lock.
 */
static void log_acquire(void)
{
	while (__atomic_exchange_n(&log_lock, 1, __ATOMIC_ACQUIRE))
		;
}

static void log_release(void)
{
	__atomic_store_n(&log_lock, 0, __ATOMIC_RELEASE);
}

static void vlog(uintptr_t base, const char *fmt, va_list ap)
{
	char buf[384];

	qv_vsnprintf(buf, sizeof(buf), fmt, ap);
	log_acquire();
	uart_puts(base, "secmon: ");
	uart_puts(base, buf);
	log_release();
}

void qv_info(const char *fmt, ...)
{
	va_list ap;

	if (!verbose)
		return;
	va_start(ap, fmt);
	vlog(QV_UART_S_BASE, fmt, ap);
	va_end(ap);
}

void qv_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(QV_UART_S_BASE, fmt, ap);
	va_end(ap);
}

/* Before the normal world runs its console is free for us to use. */
void qv_fatal_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(QV_UART_S_BASE, fmt, ap);
	va_end(ap);
	uart_init(QV_UART_NS_BASE);
	va_start(ap, fmt);
	vlog(QV_UART_NS_BASE, fmt, ap);
	va_end(ap);
}
