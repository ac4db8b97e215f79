/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Makes Arm's TFTF (tf-a-tests, PLAT=qemu_virt) an arm64 Image that any
 * firmware's kernel slot can load, secmon's included: TFTF is linked at a
 * fixed address (0x60000000) and is not position-independent, so the Image
 * carries it as a blob and copies it there before jumping to it.
 *
 * Assembled by tests/tftf/run.sh with the cross assembler:
 *   TFTF_BIN    path of TFTF's flat binary (tftf.bin)
 *   TFTF_LINK   its link address, from tftf.elf's first PT_LOAD (without
 *               tftf.elf, qemu_virt's TFTF_BASE, 0x60000000)
 *   TFTF_ENTRY  its entry point, from tftf.elf's ELF header (the same)
 *   TFTF_SIZE   tftf.bin's size rounded up to a multiple of 8
 * The Image is position-independent (text_offset 0, placement anywhere,
 * Linux's Documentation/arch/arm64/booting.rst): it runs wherever a loader
 * puts it, with the MMU off, and hands x0 (the DTB) on unchanged. The copy
 * is a memmove, word by word (the MMU is off: Device memory, aligned
 * accesses only), backwards when the target lies above an overlapping
 * source.
 */
	.section .text, "ax", %progbits
	.global	_start
_start:
	b	entry			/* code0 */
	.long	0			/* code1 */
	.quad	0			/* text_offset */
	.quad	image_end - _start	/* image_size */
	.quad	0xa			/* flags: LE, 4 KiB pages, anywhere in RAM */
	.quad	0, 0, 0			/* res2-res4 */
	.ascii	"ARM\x64"		/* magic */
	.long	0			/* res5 */

entry:
	adr	x1, blob		/* source */
	ldr	x2, =TFTF_LINK		/* target */
	ldr	x3, =TFTF_SIZE		/* bytes, a multiple of 8 */
	cmp	x2, x1
	b.eq	run
	b.hi	backwards
1:	cbz	x3, run
	ldr	x4, [x1], #8
	str	x4, [x2], #8
	sub	x3, x3, #8
	b	1b
backwards:
	add	x1, x1, x3
	add	x2, x2, x3
2:	cbz	x3, run
	ldr	x4, [x1, #-8]!
	str	x4, [x2, #-8]!
	sub	x3, x3, #8
	b	2b
run:
	dsb	sy
	ic	iallu
	dsb	sy
	isb
	ldr	x1, =TFTF_ENTRY
	br	x1
	.ltorg

	.balign	4096
blob:
	.incbin	TFTF_BIN
	.balign	8
image_end:
