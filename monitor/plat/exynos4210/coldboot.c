// SPDX-License-Identifier: BSD-3-Clause
/*
 * The cold boot on CPU 0 (board_cold_boot(), from the architecture's
 * entry). QEMU's -kernel with this ELF starts both CPUs at its entry in
 * Secure SVC; it has put the OS's DT at the start of DRAM (-dtb, /memory
 * and /chosen/bootargs filled in), and -device loader the zImage at
 * EX_ZIMAGE, the initrd where the command line says, and the board DT
 * (boards/soc/exynos4210.dts: Samsung's calls) at EX_BOARD_DTB in the carve-out.
 * The monitor starts with that board DT, fixes up the OS's DT
 * (dt.c) and enters the zImage in Non-secure SVC; CPU 1 waits in the
 * monitor until Linux's CPU1BOOT (power.c).
 */
#include <stdint.h>
#include <libfdt.h>
#include <secmon/smccc.h>
#include "exynos4210.h"
#include "../../arch/arch.h"
#include "../../fwlib/fwlib.h"
#include "../../monitor.h"

#define ZIMAGE_MAGIC_OFF	0x24
#define ZIMAGE_MAGIC		0x016f2818u

_Noreturn void ex_boot_failed(const char *why)
{
	fw_fatal("cannot boot: %s; powering off\n", why);
	ex_power_off();
}

static const void *board_dt(void)
{
	const void *dt = (const void *)EX_BOARD_DTB;

	if (fdt_check_header(dt) != 0 || fdt_totalsize(dt) > EX_BOARD_DTB_MAX)
		ex_boot_failed("no board DT at 0x7fff0000 (-device loader,file=exynos4210.dtb,"
			       "addr=0x7fff0000,force-raw=on), or one larger than 64 KiB");
	return dt;
}

static void monitor_init(const void *board)
{
	struct mon_config cfg = {
		.boot_cpu = 0,
		.soc_version = secmon_soc_id_version(MON_SOC_JEP106_BANK, MON_SOC_JEP106_CODE,
						     MON_SOC_ID),
		.soc_revision = EX_SOC_REVISION,
		.soc_name = EX_SOC_NAME,
		.board_dtb = board,
	};

	if (mon_init(&cfg) != 0)
		ex_boot_failed("the monitor did not start (the board DT refused: see above)");
}

_Noreturn void board_cold_boot(void)
{
	const void *board;
	const volatile uint32_t *zimage = (const volatile uint32_t *)EX_ZIMAGE;

	fw_log_init();
	ex_counter_start();
	ex_gic_dist_init();
	fw_info("cold boot, Exynos4210, %s\n", arch_ns_level_name());
	arch_cpu_describe();
	arch_fp_cold_enable();
	ex_dt_scan((const void *)EX_QEMU_DTB);
	board = board_dt();
	monitor_init(board);
	if (zimage[ZIMAGE_MAGIC_OFF / 4] != ZIMAGE_MAGIC)
		ex_boot_failed("no ARM zImage at 0x42000000 (-device loader,file=zImage,"
			       "addr=0x42000000,force-raw=on)");
	ex_dt_fixup((void *)EX_OS_DTB, board);
	arch_fp_cold_disable();
	ex_gic_release();
	fw_info("entering the kernel at %x, DTB at %x\n", EX_ZIMAGE, EX_OS_DTB);
	arch_enter_os(EX_ZIMAGE, EX_OS_DTB);
}
