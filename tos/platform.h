/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Where things are on QEMU virt (secure=on) for the payload: its own secure
 * RAM (OP-TEE's range: 0x0e100000-0x0f000000), the devices it maps, the GIC
 * and the secure UART, the secure physical timer's interrupt.
 */
#ifndef TOS_PLATFORM_H
#define TOS_PLATFORM_H

#define TOS_RAM_BASE		0x0e100000ull	/* tos.lds links the image here */
#define TOS_RAM_END		0x0f000000ull
#define TOS_DEV_BASE		0x08000000ull	/* GIC, UARTs: mapped as Device */
#define TOS_DEV_END		0x0a000000ull
#define TOS_GICD_BASE		0x08000000ull
#define TOS_GICC_BASE		0x08010000ull	/* GICv2 CPU interface */
#define TOS_GICR_BASE		0x080a0000ull	/* GICv3 redistributors */
#define TOS_UART_BASE		0x09040000ull	/* the secure PL011 (UART1) */
#define TOS_TIMER_INTID		29		/* secure physical timer, PPI 13 */
#define TOS_TIMER_PRIORITY	0x10
#define TOS_UNMAPPED_VA		0x7f000000ull	/* no translation: TOS_FAULT_DATA_ABORT */
#define TOS_DT_MAX		0x100000u	/* the DT area OP-TEE may use: 1 MiB */

#endif
