/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What a firmware image needs that a hosted program gets from its C
 * library, the same for every port (monitor/fwlib): the string functions
 * libfdt and the monitor use (libc.c) and the stack protector's hooks
 * (stack_protector.c), a printf into a buffer (format.c, over the monitor's
 * own formatter), and the log on the board's console with its levels
 * (log.c): errors always, information only when verbose. The board's
 * platform.h gives the console: PLAT_CONSOLE_BASE (the secure UART, the
 * log), PLAT_CONSOLE_NS_BASE (the normal world's, for a fatal message),
 * PLAT_CONSOLE_CLOCK_HZ, PLAT_CONSOLE_BAUD.
 */
#ifndef SECMON_FWLIB_H
#define SECMON_FWLIB_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../monitor.h"

/*
 * Data a CPU writes at its reset, while the boot CPU may still be zeroing
 * .bss: kept out of it (the architecture's link script, .noinit), so it must
 * be written before it is read.
 */
#define FW_NOINIT __attribute__((section(".bss.noinit")))
/*
 * The trace rings: not zeroed either, and laid out after everything else in
 * secure memory (the AArch64 link script's .trace_rings), so that a board
 * can shorten them to leave the end of secure memory to a trusted OS.
 */
#define FW_TRACE_RINGS __attribute__((section(".trace_rings")))

/*
 * log.c: "secmon: " and the message on the secure console. fw_info() only
 * when verbose (the build's VERBOSE=1, or what the board reads at run
 * time), fw_err() always, fw_fatal() also on the normal world's console:
 * for failures the user must see.
 */
void fw_log_set_verbose(bool on);
bool fw_log_verbose(void);
void fw_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fw_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fw_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Keep the last line the portable monitor logs (mon_init()'s verdict), boot CPU only. */
void fw_log_capture(bool on);
const char *fw_log_last_line(void);

/*
 * The log's console (the board's UART driver, monitor/drivers/uart.h, at
 * its PLAT_CONSOLE_BASE), set up once at cold boot.
 */
void fw_log_init(void);
/*
 * platlib.c: plat_lock()/plat_unlock() for every board, and a range check
 * over a board's table of normal-world memory (its plat_ns_range_ok()).
 */
struct fw_range {
	uint64_t base, size;
};
bool fw_range_inside(const struct fw_range *r, unsigned n, uint64_t base, uint64_t size);

/* format.c: snprintf over mon_vformat() (C's printf without floating point); always NUL-terminates. */
int fw_snprintf(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int fw_vsnprintf(char *buf, size_t n, const char *fmt, va_list ap);

/* libc.c: the string functions libfdt and the monitor call. */
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int memcmp(const void *a, const void *b, size_t n);

#endif
