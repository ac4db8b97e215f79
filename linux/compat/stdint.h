/* SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause */
/*
 * The library's <stdint.h> inside the kernel: the kernel's own fixed-width
 * types, so that the library and the module's kernel code agree on every
 * type (the compiler's stdint.h would make uint64_t "unsigned long" where
 * the kernel has "unsigned long long").
 */
#ifndef SECMON_COMPAT_STDINT_H
#define SECMON_COMPAT_STDINT_H

#include <linux/types.h>
#include <linux/limits.h>

#endif
