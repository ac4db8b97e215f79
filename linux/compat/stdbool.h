/* SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause */
/* The library's <stdbool.h> inside the kernel: bool, true and false. */
#ifndef SECMON_COMPAT_STDBOOL_H
#define SECMON_COMPAT_STDBOOL_H

#include <linux/types.h>
#include <linux/stddef.h>

#endif
