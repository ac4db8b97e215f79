/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * QEMU virt's fixed memory map (hw/arm/virt.c), the same for
 * qemu-system-arm as for qemu-system-aarch64: what both ports use. Included
 * from C and assembly through each port's platform.h, which adds its own
 * (the AArch64 port: the GICv3 redistributors). The DTB confirms which
 * parts are secure-only ("secure-status").
 */
#ifndef QV_MEMMAP_H
#define QV_MEMMAP_H

/* Secure-only flash: the image runs in place from here (code, rodata). */
#define QV_FLASH_BASE		0x00000000
#define QV_FLASH_SIZE		0x04000000
/* Secure-only RAM: all monitor data and stacks. */
#define QV_SECRAM_BASE		0x0e000000
#define QV_SECRAM_SIZE		0x01000000

#define QV_GICD_BASE		0x08000000
#define QV_GICC_BASE		0x08010000	/* GICv2 CPU interface */
#define QV_UART_NS_BASE		0x09000000
#define QV_FWCFG_BASE		0x09020000
#define QV_UART_S_BASE		0x09040000
#define QV_GPIO_S_BASE		0x090b0000

/* Normal-world RAM starts here; QEMU puts its DTB at the very start. */
#define QV_NS_RAM_BASE		0x40000000

#endif
