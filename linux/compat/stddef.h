/* SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause */
/* The library's <stddef.h> inside the kernel: size_t, NULL, offsetof. */
#ifndef SECMON_COMPAT_STDDEF_H
#define SECMON_COMPAT_STDDEF_H

#include <linux/types.h>
#include <linux/stddef.h>

#endif
