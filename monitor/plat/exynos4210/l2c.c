/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The PL310 (L2C-310) through Samsung's L2 calls, whose registers the
 * normal world may not write on the real chip: each call carries the values
 * Linux's cache-l2x0.c computed (exynos_l2_write_sec(), sleep.S), and the
 * monitor writes them after checking that no reserved bit is asked for.
 * The board DT routes these IDs here (boards/soc/exynos4210.dts, l2x0-init).
 *
 *   -22 SETUP1  r1 tag latency, r2 data latency, r3 prefetch control
 *   -23 SETUP2  r1 power control, r2 auxiliary control (controller off)
 *   -24 INVALL  invalidate every way, then a cache sync (controller off)
 *   -21 CTRL    r1 control (bit 0: on)
 *   -25 DEBUG   r1 debug control (bits 1:0)
 */
#include <stdint.h>
#include <secmon/psci.h>
#include "exynos4210.h"
#include "../../arch/arch.h"
#include "../../fwlib/fwlib.h"
#include "../../plat.h"

#define L2X0CTRL	0xffffffebu	/* -21 */
#define L2X0SETUP1	0xffffffeau	/* -22 */
#define L2X0SETUP2	0xffffffe9u	/* -23 */
#define L2X0INVALL	0xffffffe8u	/* -24 */
#define L2X0DEBUG	0xffffffe7u	/* -25 */

#define L2C_CTRL	0x100
#define L2C_AUX		0x104
#define L2C_TAG_LAT	0x108
#define L2C_DATA_LAT	0x10c
#define L2C_SYNC	0x730
#define L2C_INV_WAY	0x77c
#define L2C_DEBUG	0xf40
#define L2C_PREFETCH	0xf60
#define L2C_POWER	0xf80

/* The bits each register defines (L2C-310 TRM r3p3, 3.3). */
#define LAT_BITS	0x00000777u
#define PREFETCH_BITS	0x79a0001fu
#define POWER_BITS	0x00000003u
#define AUX_BITS	0x7fff3c01u
#define CTRL_BITS	0x00000001u
#define DEBUG_BITS	0x00000003u
#define ALL_WAYS	0xffu		/* 8 ways (QEMU's and Linux's 4210) */
#define WAIT_LIMIT	1000000u

static int64_t check(uint64_t v, uint32_t bits)
{
	return v & ~(uint64_t)bits ? SECMON_PSCI_INVALID_PARAMETERS : SECMON_PSCI_SUCCESS;
}

static void wr(uint32_t off, uint64_t v)
{
	mmio_write32(EX_L2C_BASE + off, (uint32_t)v);
}

static int invalidate_all(void)
{
	unsigned n = 0;

	wr(L2C_INV_WAY, ALL_WAYS);
	while (mmio_read32(EX_L2C_BASE + L2C_INV_WAY) & ALL_WAYS)
		if (++n == WAIT_LIMIT)
			return SECMON_PSCI_INTERNAL_FAILURE;
	wr(L2C_SYNC, 0);
	return SECMON_PSCI_SUCCESS;
}

int plat_l2x0_call(uint32_t fid, uint64_t a1, uint64_t a2, uint64_t a3)
{
	int64_t r = SECMON_PSCI_NOT_SUPPORTED;

	switch (fid) {
	case L2X0SETUP1:
		r = check(a1, LAT_BITS) | check(a2, LAT_BITS) | check(a3, PREFETCH_BITS);
		if (r == SECMON_PSCI_SUCCESS) {
			wr(L2C_TAG_LAT, a1);
			wr(L2C_DATA_LAT, a2);
			wr(L2C_PREFETCH, a3);
		}
		break;
	case L2X0SETUP2:
		r = check(a1, POWER_BITS) | check(a2, AUX_BITS) | check(a3, 0);
		if (r == SECMON_PSCI_SUCCESS && (mmio_read32(EX_L2C_BASE + L2C_CTRL) & 1))
			r = SECMON_PSCI_DENIED;	/* the auxiliary control is fixed while on */
		if (r == SECMON_PSCI_SUCCESS) {
			wr(L2C_POWER, a1);
			wr(L2C_AUX, a2);
		}
		break;
	case L2X0INVALL:
		/* Dirty lines of a live cache would be lost. */
		r = mmio_read32(EX_L2C_BASE + L2C_CTRL) & 1 ? SECMON_PSCI_DENIED : invalidate_all();
		break;
	case L2X0CTRL:
		r = check(a1, CTRL_BITS);
		if (r == SECMON_PSCI_SUCCESS)
			wr(L2C_CTRL, a1);
		break;
	case L2X0DEBUG:
		r = check(a1, DEBUG_BITS);
		if (r == SECMON_PSCI_SUCCESS)
			wr(L2C_DEBUG, a1);
		break;
	default:
		break;
	}
	fw_info("L2 call %d (%lx, %lx, %lx): %d\n", (int)fid, (unsigned long)a1,
		(unsigned long)a2, (unsigned long)a3, (int)r);
	return (int)r;
}
