// SPDX-License-Identifier: BSD-3-Clause
/*
 * Planted in a relink of each QEMU firmware by tests/link/check.sh: a C
 * function named `reset`, which -ffunction-sections puts in a section of its
 * own, .text.reset, the name entry.S gives the reset vector's code. The link
 * script must still put entry.S's code, _start, at the reset vector.
 */
static void __attribute__((used)) reset(void)
{
	for (;;)
		;
}
