// SPDX-License-Identifier: BSD-3-Clause
/*
 * Secure RAM at cold boot, the same on every architecture: the boot CPU,
 * from its entry code and before anything else in C, copies .data from the
 * image and zeroes .bss (the link script's symbols, both 16-byte aligned at
 * each end). Nothing here may use .data or .bss; built so that the compiler
 * cannot turn the loops into calls (mk/sources.mk: NO_LIBCALL_C). Cold-boot
 * code, which only the entry calls (scripts/boot-split.py allows it).
 */
#include <stdint.h>
#include "arch.h"

extern char __data_start[], __data_end[], __data_load[], __bss_start[], __bss_end[];

/* The symbols mark distinct objects in C's eyes: the loops go by address. */
MON_COLD_BOOT void arch_boot_memory(void)
{
	uintptr_t from = (uintptr_t)__data_load;

	for (uintptr_t to = (uintptr_t)__data_start; to < (uintptr_t)__data_end;
	     to += sizeof(uintptr_t), from += sizeof(uintptr_t))
		*(uintptr_t *)to = *(const uintptr_t *)from;
	for (uintptr_t to = (uintptr_t)__bss_start; to < (uintptr_t)__bss_end; to += sizeof(uintptr_t))
		*(uintptr_t *)to = 0;
	dsb_sy();
}
