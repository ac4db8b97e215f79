/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Samsung Exynos4210 (two Cortex-A9 MPCore CPUs, a PL310 L2 cache) as the
 * monitor sees it, on the real chip's memory map as Linux's DTs give it and
 * QEMU's -M smdkc210,secure=on emulates it (docs/exynos4210.md): what this
 * port tells the architecture layer (PLAT_*, monitor/arch/arch.h) and its
 * own addresses. Included from C and assembly.
 *
 * The image runs from the secure part of the internal RAM (iRAM); its data,
 * stacks and trace records do not fit there and live in a DRAM carve-out at
 * the top of the emulated 1 GiB, which the DT handed to the OS reserves.
 */
#ifndef EX_PLATFORM_H
#define EX_PLATFORM_H

/* iRAM: 128 KiB; its last page is the normal world's SYSRAM (the mailbox). */
#define EX_IRAM_BASE		0x02020000
#define EX_SYSRAM_NS		0x0203f000
#define EX_SYSRAM_NS_SIZE	0x1000
/* The mailbox words Linux writes (arch/arm/mach-exynos/firmware.c, pm.c). */
#define EX_MB_SLEEP_ENTRY	0x08	/* resume address after SLEEP */
#define EX_MB_SLEEP_FLAG	0x0c	/* 0xbad while a SLEEP is asked for */
#define EX_MB_CPU_BOOT		0x1c	/* CPU 1's boot address */
#define EX_MB_AFTR_FLAG		0x20	/* 0xfcba0d10 while an AFTR is asked for */
#define EX_MB_AFTR_ENTRY	0x24	/* resume address after AFTR */
#define EX_AFTR_MAGIC		0xfcba0d10

/* Devices. */
#define EX_PMU_BASE		0x10020000
#define EX_PMU_SWRESET		0x0400
#define EX_PMU_PS_HOLD		0x330c
#define EX_A9_SCU_BASE		0x10500000
#define EX_A9_GICC_BASE		0x10500100	/* the A9 MPCore's own GIC: Security Extensions */
#define EX_A9_GTIMER_BASE	0x10500200
#define EX_A9_GICD_BASE		0x10501000
#define EX_L2C_BASE		0x10502000
#define EX_UART0_BASE		0x13800000
#define EX_UART1_BASE		0x13810000

/* DRAM and what the firmware boot puts there (tests/exynos/boot.sh). */
#define EX_DRAM_BASE		0x40000000
#define EX_QEMU_DTB		EX_DRAM_BASE	/* where QEMU's -dtb puts the OS's DT */
#define EX_ZIMAGE		0x42000000	/* -device loader,file=zImage,addr=... */
#define EX_OS_DTB		0x47f00000	/* the fixed-up DT, below the initrd */
#define EX_OS_DTB_MAX		0x00100000
/* The carve-out: the monitor's data, then the board DT (-device loader). */
#define EX_SECURE_DRAM		0x7f800000
#define EX_SECURE_DRAM_SIZE	0x00800000
#define EX_BOARD_DTB		0x7fff0000
#define EX_BOARD_DTB_MAX	0x00010000

#define PLAT_CODE_BASE		EX_IRAM_BASE
#define PLAT_CODE_SIZE		(EX_SYSRAM_NS - EX_IRAM_BASE)
#define PLAT_DATA_BASE		EX_SECURE_DRAM
#define PLAT_DATA_SIZE		(EX_BOARD_DTB - EX_SECURE_DRAM)

/* Two CPUs, MPIDR 0x900 and 0x901: cluster 9, CPU index in Aff0. */
#define PLAT_MAX_CPUS		2
#define PLAT_CPU_INDEX_MASK	0xff
#define PLAT_CPU_CLUSTER	0x900
#define PLAT_STACK_SIZE		0x1000
#define PLAT_COLD_STACK_SIZE	0x2000

/*
 * The log on UART0 (QEMU's first -serial); a fatal message also on UART1,
 * the normal world's console (Linux's ttySAC1). QEMU's UART sends whatever
 * the divisor; the real one runs from a 100 MHz SCLK_UART.
 */
#define PLAT_CONSOLE_BASE	EX_UART0_BASE
#define PLAT_CONSOLE_NS_BASE	EX_UART1_BASE
#define PLAT_CONSOLE_CLOCK_HZ	100000000
#define PLAT_CONSOLE_BAUD	115200

/* The secure SGI of the A9's own GIC that releases a parked CPU. */
#define EX_WAKE_SGI		8

/* SMCCC_ARCH_SOC_ID: secmon's JEP-106 identity (monitor.h); revision 3 = this port. */
#define EX_SOC_NAME		"secmon Samsung Exynos4210"
#define EX_SOC_REVISION		3

#endif
