/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef SECMON_CORE_LOG_H
#define SECMON_CORE_LOG_H

#include <stdbool.h>
#include <stdint.h>

/* printf on the monitor's console: %s %c %d %u %x, with l and ll as in C. */
void mon_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
