/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * QEMU virt's fixed memory map (hw/arm/virt.c), the same for
 * qemu-system-arm as for qemu-system-aarch64: what both ports use, and what
 * both ports tell the architecture layer alike (PLAT_*, monitor/arch/arch.h).
 * Included from C and assembly through each port's platform.h, which adds
 * its own (the AArch64 port: the GICv3 redistributors). The DTB confirms
 * which parts are secure-only ("secure-status").
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

/* The image runs in place from the flash; data and stacks in secure RAM. */
#define PLAT_CODE_BASE		QV_FLASH_BASE
#define PLAT_CODE_SIZE		QV_FLASH_SIZE
#define PLAT_DATA_BASE		QV_SECRAM_BASE
#define PLAT_DATA_SIZE		QV_SECRAM_SIZE

/*
 * CPUs: QEMU's virt board puts them in one cluster, MPIDR.Aff0 = index, its
 * other affinity fields 0 (up to the port's PLAT_MAX_CPUS).
 */
#define PLAT_CPU_INDEX_MASK	0xff
#define PLAT_CPU_CLUSTER	0
/*
 * Stacks (mk/stack.mk checks both against the deepest call path): each CPU's
 * runtime stack, with its frame at the top, and the one the boot CPU runs
 * the cold boot on (libfdt, the DT parsers), unused once the OS runs.
 */
#define PLAT_STACK_SIZE		0x1000
#define PLAT_COLD_STACK_SIZE	0x2000

/* Secure group-0 SGI that wakes a parked core. */
#define QV_WAKE_SGI		8
/* The secure physical timer's PPI (13) as an INTID: the power-off watch. */
#define QV_SEC_TIMER_INTID	29
/* The board DT from fw_cfg (opt/secmon/board.dtb) is kept in secure RAM (.bss). */
#define QV_BOARD_DTB_MAX	0x10000
/*
 * The log on the secure PL011 (QEMU's second serial port), a fatal message
 * also on the normal world's (its first); the UARTs' reference clock is
 * 24 MHz.
 */
#define PLAT_CONSOLE_BASE	QV_UART_S_BASE
#define PLAT_CONSOLE_NS_BASE	QV_UART_NS_BASE
#define PLAT_CONSOLE_CLOCK_HZ	24000000
#define PLAT_CONSOLE_BAUD	115200

#endif
