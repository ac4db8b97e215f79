/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * QEMU virt (secure=on) with an ARMv7 CPU (Cortex-A15, -A7), as the monitor
 * sees it: what this port tells the architecture layer (PLAT_*,
 * monitor/arch/arch.h) and its own facts. Included from C and assembly.
 * The memory map is the board's fixed one (hw/arm/virt.c, ../memmap.h), the
 * same for qemu-system-arm as for qemu-system-aarch64; the DTB confirms
 * which parts are secure-only ("secure-status").
 */
#ifndef QV_PLATFORM_H
#define QV_PLATFORM_H

#include "../memmap.h"

/*
 * At most MON_MAX_CPUS (monitor.h says how the CPU limits relate): a GICv2
 * has 8 CPU interfaces.
 */
#define PLAT_MAX_CPUS		8

/* SMCCC_ARCH_SOC_ID: secmon's JEP-106 identity (monitor.h); revision 2 = this port. */
#define QV_SOC_NAME		"secmon QEMU virt AArch32"
#define QV_SOC_REVISION		2

/* No SCMI channel on this port yet (../scmi.c). */
#define QV_SCMI_BASE		0
#define QV_SCMI_SIZE		0u

#endif
