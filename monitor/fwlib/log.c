/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The monitor's log on the board's secure console (every port: the UART
 * driver the board links, at its PLAT_CONSOLE_BASE), quiet by default:
 * errors always, information only when verbose (build option VERBOSE=1, or
 * what the board reads at run time: on QEMU, fw_cfg file
 * opt/secmon/verbose). The portable monitor writes through plat_putc().
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include "fwlib.h"
#include "platform.h"
#include "../drivers/uart.h"
#include "../plat.h"

#ifndef FW_VERBOSE_DEFAULT
#define FW_VERBOSE_DEFAULT 0
#endif

static bool verbose = FW_VERBOSE_DEFAULT;
static uint32_t log_lock;

MON_COLD_BOOT void fw_log_init(void)
{
	uart_init(PLAT_CONSOLE_BASE, PLAT_CONSOLE_CLOCK_HZ, PLAT_CONSOLE_BAUD);
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

MON_COLD_BOOT void fw_log_capture(bool on)
{
	capturing = on;
	cap_len = 0;
	if (on)
		cap_last[0] = '\0';
}

MON_COLD_BOOT const char *fw_log_last_line(void)
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
	uart_putc(PLAT_CONSOLE_BASE, c);
	if (capturing)
		capture(c);
}

MON_COLD_BOOT void fw_log_set_verbose(bool on)
{
	verbose = on;
}

bool fw_log_verbose(void)
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

	fw_vsnprintf(buf, sizeof(buf), fmt, ap);
	log_acquire();
	uart_puts(base, "secmon: ");
	uart_puts(base, buf);
	log_release();
}

void fw_info(const char *fmt, ...)
{
	va_list ap;

	if (!verbose)
		return;
	va_start(ap, fmt);
	vlog(PLAT_CONSOLE_BASE, fmt, ap);
	va_end(ap);
}

void fw_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(PLAT_CONSOLE_BASE, fmt, ap);
	va_end(ap);
}

/* Before the normal world runs its console is free for us to use. */
void fw_fatal(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(PLAT_CONSOLE_BASE, fmt, ap);
	va_end(ap);
	uart_init(PLAT_CONSOLE_NS_BASE, PLAT_CONSOLE_CLOCK_HZ, PLAT_CONSOLE_BAUD);
	va_start(ap, fmt);
	vlog(PLAT_CONSOLE_NS_BASE, fmt, ap);
	va_end(ap);
}
