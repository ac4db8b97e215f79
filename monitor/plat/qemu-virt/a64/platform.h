/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * QEMU virt (secure=on) with an AArch64 CPU, as the monitor sees it: what
 * this port tells the architecture layer (PLAT_*, monitor/arch/arch.h) and
 * its own facts. Included from C and assembly. Addresses are the board's
 * fixed memory map (hw/arm/virt.c), the part both ports use in ../memmap.h;
 * the DTB confirms which of them are secure-only ("secure-status").
 */
#ifndef QV_PLATFORM_H
#define QV_PLATFORM_H

#include "../memmap.h"

/* At most MON_MAX_CPUS (monitor.h says how the CPU limits relate): QEMU's first cluster. */
#define PLAT_MAX_CPUS		16

#define QV_GICR_BASE		0x080a0000	/* GICv3 redistributors */
#define QV_GICR_END		0x09000000	/* first redistributor region */

/* SMCCC_ARCH_SOC_ID: secmon's JEP-106 identity (monitor.h); revision 1 = this port. */
#define QV_SOC_NAME		"secmon QEMU virt AArch64"
#define QV_SOC_REVISION		1

/*
 * Normal-world power-off mailbox (PSCI 0.1 boards only, poweroff.c): one
 * page of NS RAM below the kernel, right after the DTB's 1 MiB and 1 MiB
 * below U-Boot's early stack (which starts at QV_NS_RAM_BASE + 2 MiB and
 * grows down), given to the OS as a no-map reserved-memory region and a
 * "syscon".
 */
#define QV_MAILBOX_BASE		(QV_NS_RAM_BASE + 0x100000)

/*
 * The SCMI channel (../scmi.c): the page after the mailbox, also past the
 * DTB's room and clear of U-Boot's early stack, listed in the OS's
 * /reserved-memory (no-map).
 */
#define QV_SCMI_BASE		(QV_NS_RAM_BASE + 0x101000)
#define QV_SCMI_SIZE		0x1000u

#endif
