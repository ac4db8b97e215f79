/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * secmon.bin for QEMU virt: code and read-only data execute in place from
 * the secure flash at 0 (where QEMU's -bios puts the image); .data is
 * copied to secure RAM at boot, .bss and the per-CPU stacks live there too.
 */
#include "platform.h"

OUTPUT_FORMAT("elf64-littleaarch64")
OUTPUT_ARCH(aarch64)
ENTRY(_start)

MEMORY {
	FLASH (rx) : ORIGIN = QV_FLASH_BASE, LENGTH = QV_FLASH_SIZE
	SECRAM (rw) : ORIGIN = QV_SECRAM_BASE, LENGTH = QV_SECRAM_SIZE
}

SECTIONS {
	.text : {
		KEEP(*(.text.reset))
		KEEP(*(.text.vectors))
		*(.text .text.*)
	} > FLASH
	.rodata : ALIGN(16) {
		*(.rodata .rodata.*)
	} > FLASH
	/* libfdt is position-independent code: its GOT is filled at link time. */
	.got : ALIGN(8) {
		*(.got .got.plt)
	} > FLASH
	.data : ALIGN(16) {
		__data_start = .;
		*(.data .data.*)
		. = ALIGN(16);
		__data_end = .;
	} > SECRAM AT > FLASH
	__data_load = LOADADDR(.data);
	.bss (NOLOAD) : ALIGN(16) {
		__bss_start = .;
		*(.bss .bss.* COMMON)
		. = ALIGN(16);
		__bss_end = .;
	} > SECRAM
	.percpu (NOLOAD) : ALIGN(4096) {
		__percpu_start = .;
		. += QV_MAX_CPUS * QV_STACK_SIZE;
		__percpu_end = .;
	} > SECRAM
	/DISCARD/ : {
		*(.comment .note .note.* .eh_frame .eh_frame_hdr .interp .dynamic .dynsym .dynstr)
	}
}
