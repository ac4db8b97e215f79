/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * QEMU virt (ARMv7, Cortex-A15, secure=on) as the monitor sees it. Included
 * from C and assembly. The memory map is the board's fixed one
 * (hw/arm/virt.c, qemu-virt-common/memmap.h), the same for qemu-system-arm
 * as for qemu-system-aarch64; the DTB confirms which parts are secure-only
 * ("secure-status").
 */
#ifndef QV_PLATFORM_H
#define QV_PLATFORM_H

#include "../qemu-virt-common/memmap.h"

/* SMCCC_ARCH_SOC_ID: secmon's JEP-106 identity (monitor.h); revision 2 = this port. */
#define QV_SOC_NAME		"secmon QEMU virt AArch32"
#define QV_SOC_REVISION		2

/* No SCMI channel on this port yet (qemu-virt-common/scmi.c). */
#define QV_SCMI_BASE		0
#define QV_SCMI_SIZE		0u

/*
 * CPUs: one cluster, MPIDR.Aff0 = index (GICv2: at most 8 CPUs); at most
 * MON_MAX_CPUS (monitor.h says how the CPU limits relate).
 */
#define QV_MAX_CPUS		8
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

/* Per-CPU frame at the top of each stack; SP_mon points at it (frame.h). */
#define QV_FRAME_SIZE		0x80

/* The board DT from fw_cfg (opt/secmon/board.dtb) is kept in secure RAM. */
#define QV_BOARD_DTB_MAX	0x10000

/* ARMv7 processor modes (CPSR.M). */
#define MODE_USR		0x10
#define MODE_FIQ		0x11
#define MODE_IRQ		0x12
#define MODE_SVC		0x13
#define MODE_MON		0x16
#define MODE_ABT		0x17
#define MODE_HYP		0x1a
#define MODE_UND		0x1b
#define MODE_MASK		0x1f
#define PSR_T			(1 << 5)
#define PSR_F			(1 << 6)
#define PSR_I			(1 << 7)
#define PSR_A			(1 << 8)
#define PSR_E			(1 << 9)

/* SCR (Security Extensions, Virtualization Extensions). */
#define SCR_NS			(1 << 0)
#define SCR_IRQ			(1 << 1)
#define SCR_FIQ			(1 << 2)
#define SCR_EA			(1 << 3)
#define SCR_FW			(1 << 4)
#define SCR_AW			(1 << 5)
#define SCR_NET			(1 << 6)
#define SCR_SCD			(1 << 7)
#define SCR_HCE			(1 << 8)
#define SCR_SIF			(1 << 9)

#endif
