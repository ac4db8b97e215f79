// SPDX-License-Identifier: BSD-3-Clause
/*
 * Planted in a relink of each QEMU firmware by tests/link/check.sh: C
 * functions named `reset` and `vectors`, which -ffunction-sections puts in
 * sections of their own, .text.reset and .text.vectors, the names entry.S
 * and vectors.S give the reset code and the exception vector table. The
 * link script must still put entry.S's _start at the reset vector, or (on
 * AArch64) the vector table whose first slot branches to it.
 */
static void __attribute__((used)) reset(void)
{
	for (;;)
		;
}

static void __attribute__((used)) vectors(void)
{
	for (;;)
		;
}
