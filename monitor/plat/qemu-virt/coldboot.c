// SPDX-License-Identifier: BSD-3-Clause
/*
 * The cold boot on the boot CPU (board_cold_boot(), from the architecture's
 * entry), the same sequence on both ports: bring the monitor up, have the
 * port load the OS that QEMU offers through fw_cfg and fix up the DT (its
 * boot.c: qv_load_os()), and enter it (arch_enter_os()). Secondaries wait
 * in WFI until PSCI CPU_ON (power.c).
 */
#include "platform.h"
#include "qemu-virt.h"
#include "../../arch/arch.h"
#include "../../fwlib/fwlib.h"

_Noreturn void board_cold_boot(void)
{
	const void *board;
	struct qv_os os;

	fw_log_init();
	if (!qv_fwcfg_present())
		qv_boot_failed("no fw_cfg device");
	qv_runtime_options();
	qv_gic_check();
	fw_info("cold boot, GICv%u, %s\n", qv_gic_version(), arch_ns_level_name());
	arch_cpu_describe();
	qv_gic_dist_init();
	qv_gic_cpu_init(0);
	arch_fp_cold_enable();
	board = qv_monitor_init((const void *)QV_NS_RAM_BASE, QV_SOC_NAME, QV_SOC_REVISION);
	qv_load_os(board, &os);
	arch_fp_cold_disable();
	qv_gic_release();
	qv_poweroff_start();
	fw_info("entering the kernel at %lx, DTB at %lx\n", (unsigned long)os.entry,
		(unsigned long)os.dtb);
	arch_enter_os(os.entry, os.dtb);
}
