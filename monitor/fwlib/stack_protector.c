/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The stack protector's guard and hook: Debian's libfdt.a is built with
 * -fstack-protector-strong (the monitor's own code is not). A fixed guard:
 * libfdt runs only on the cold-boot path, on the DTs the board gives.
 */
#include <stdint.h>
#include "fwlib.h"
#include "../arch/arch.h"

uintptr_t __stack_chk_guard = (uintptr_t)0x595e9fbd94fda766ull;

_Noreturn void __stack_chk_fail(void);
_Noreturn void __stack_chk_fail(void)
{
	fw_err("stack protector fired in libfdt\n");
	arch_monitor_fault();
}
