// SPDX-License-Identifier: BSD-3-Clause
/*
 * The cold boot on the boot CPU, the same sequence on both ports: bring the
 * monitor up, have the port load the OS that QEMU offers through fw_cfg and
 * fix up the DT (qv_load_os()), and enter it (qv_enter_os()). Secondaries
 * wait in WFI until PSCI CPU_ON. Each port's boot.c has its own steps.
 */
#include "platform.h"
#include "qv.h"

_Noreturn void qv_cold_boot(void)
{
	const void *board;
	struct qv_os os;

	qv_console_init();
	if (!qv_fwcfg_present())
		qv_boot_failed("no fw_cfg device");
	qv_runtime_options();
	qv_check_gic();
	qv_info("cold boot, GICv%u, %s\n", qv_gic_version(), qv_ns_level_name());
	qv_cpu_describe();
	qv_gic_dist_init();
	qv_gic_cpu_init(0);
	qv_fp_cold_enable();
	board = qv_monitor_init((const void *)QV_NS_RAM_BASE, QV_SOC_NAME, QV_SOC_REVISION);
	qv_load_os(board, &os);
	qv_fp_cold_disable();
	qv_gic_release();
	qv_poweroff_start();
	qv_info("entering the kernel at %lx, DTB at %lx\n", (unsigned long)os.entry,
		(unsigned long)os.dtb);
	qv_enter_os(&os);
}
