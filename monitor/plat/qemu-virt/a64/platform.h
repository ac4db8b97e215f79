/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * QEMU virt (AArch64, secure=on) as the monitor sees it. Included from C and
 * assembly. Addresses are the board's fixed memory map (hw/arm/virt.c), the
 * part both ports use in qemu-virt-common/memmap.h; the DTB confirms which
 * of them are secure-only ("secure-status").
 */
#ifndef QV_PLATFORM_H
#define QV_PLATFORM_H

#include "../qemu-virt-common/memmap.h"

#define QV_GICR_BASE		0x080a0000	/* GICv3 redistributors */
#define QV_GICR_END		0x09000000	/* first redistributor region */

/* SMCCC_ARCH_SOC_ID: secmon's JEP-106 identity (monitor.h); revision 1 = this port. */
#define QV_SOC_NAME		"secmon QEMU virt AArch64"
#define QV_SOC_REVISION		1

/*
 * CPUs: one cluster, MPIDR.Aff0 = index (QEMU's layout up to 16 CPUs); at
 * most MON_MAX_CPUS (monitor.h says how the CPU limits relate).
 */
#define QV_MAX_CPUS		16
/*
 * Stacks (mk/stack.mk checks both against the deepest call path): each CPU's
 * runtime stack, with its frame at the top, and the one the boot CPU runs
 * the cold boot on (libfdt, the DT parsers), unused once the OS runs.
 */
#define QV_STACK_SIZE		0x1000
#define QV_COLD_STACK_SIZE	0x2000

/* Secure group-0 SGI that wakes a parked core. */
#define QV_WAKE_SGI		8
/* The secure physical timer's PPI (13) as an INTID: the power-off watch. */
#define QV_SEC_TIMER_INTID	29

/*
 * The board DT from fw_cfg (opt/secmon/board.dtb) is copied into secure RAM
 * (.bss) and must fit in this much.
 */
#define QV_BOARD_DTB_MAX	0x10000

/*
 * Normal-world power-off mailbox (PSCI 0.1 boards only, poweroff.c): one
 * page of NS RAM below the kernel, right after the DTB's 1 MiB and 1 MiB
 * below U-Boot's early stack (which starts at QV_NS_RAM_BASE + 2 MiB and
 * grows down), given to the OS as a no-map reserved-memory region and a
 * "syscon".
 */
#define QV_MAILBOX_BASE		(QV_NS_RAM_BASE + 0x100000)

/*
 * The SCMI channel (qemu-virt-common/scmi.c): the page after the mailbox,
 * also past the DTB's room and clear of U-Boot's early stack, listed in the
 * OS's /reserved-memory (no-map).
 */
#define QV_SCMI_BASE		(QV_NS_RAM_BASE + 0x101000)
#define QV_SCMI_SIZE		0x1000u

/* Per-CPU frame at the top of each stack; SP_EL3 points at it (frame.h). */
#define QV_FRAME_SIZE		0x130

#endif
