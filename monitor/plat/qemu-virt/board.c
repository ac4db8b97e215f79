/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The monitor's start on both QEMU ports, at cold boot: the options and the
 * board DT that QEMU offers through fw_cfg, the portable monitor's
 * configuration, and mon_init(), whose refusal the user sees on the
 * normal-world console too.
 */
#include <stdbool.h>
#include <stdint.h>
#include <libfdt.h>
#include <secmon/smccc.h>
#include "platform.h"
#include "qemu-virt.h"
#include "../../fwlib/fwlib.h"
#include "../../monitor.h"

#define BOARD_DTB_FILE		"opt/secmon/board.dtb"
#define CMDLINE_MAX		4096

/* Kept in secure RAM while the monitor runs: its tables point into it. */
static uint8_t board_dtb[QV_BOARD_DTB_MAX] __attribute__((aligned(8)));
static char cmdline[CMDLINE_MAX];

_Noreturn void qv_boot_failed(const char *why)
{
	fw_fatal("cannot boot: %s; powering off\n", why);
	qv_power_off();
}

/* opt/secmon/verbose: "1", "y" or "on" turns the log on, anything else off. */
void qv_runtime_options(void)
{
	uint32_t size;
	uint16_t sel = qv_fwcfg_file("opt/secmon/verbose", &size);
	char v[4] = { 0 };

	if (!sel)
		return;
	qv_fwcfg_read(sel, v, size < 3 ? size : 3);
	fw_log_set_verbose(v[0] == '1' || v[0] == 'y' || (v[0] == 'o' && v[1] == 'n'));
}

/* -append: for the OS's /chosen/bootargs. */
void qv_load_cmdline(struct qv_boot_info *bi)
{
	uint32_t size = qv_fwcfg_item_u32(QV_FW_CMDLINE_SIZE);

	bi->cmdline = NULL;
	if (!size)
		return;
	if (size > CMDLINE_MAX)
		qv_boot_failed("command line longer than 4096 bytes");
	qv_fwcfg_read(QV_FW_CMDLINE_DATA, cmdline, size);
	cmdline[size - 1] = '\0';
	bi->cmdline = cmdline;
}

/*
 * The board DT, when QEMU offers one (-fw_cfg name=opt/secmon/board.dtb,
 * file=X), or NULL: standard PSCI only.
 */
static const void *load_board_dtb(void)
{
	uint32_t size = 0;
	uint16_t sel = qv_fwcfg_file(BOARD_DTB_FILE, &size);

	if (!sel) {
		fw_info("no board DT (fw_cfg %s): standard PSCI\n", BOARD_DTB_FILE);
		return NULL;
	}
	if (size > sizeof(board_dtb)) {
		fw_fatal("cannot boot: the board DT (fw_cfg %s) has %u bytes, at most %u fit; "
			 "powering off\n", BOARD_DTB_FILE, size, (unsigned)sizeof(board_dtb));
		qv_power_off();
	}
	qv_fwcfg_read(sel, board_dtb, size);
	if (size < sizeof(struct fdt_header) || fdt_check_header(board_dtb) != 0 ||
	    fdt_totalsize(board_dtb) > size) {
		fw_fatal("cannot boot: the board DT (fw_cfg %s, %u bytes) is not a flattened "
			 "device tree; powering off\n", BOARD_DTB_FILE, size);
		qv_power_off();
	}
	fw_info("board DT: %u bytes from fw_cfg %s\n", size, BOARD_DTB_FILE);
	return board_dtb;
}

/* The log line mon_init() refused with, less its "secmon: " and "board DT: ". */
static const char *refusal(void)
{
	static const char *const prefixes[] = { "secmon: ", "board DT: " };
	const char *why = fw_log_last_line();

	for (unsigned i = 0; i < 2; i++) {
		const char *p = prefixes[i], *w = why;

		while (*p && *p == *w) {
			p++;
			w++;
		}
		if (!*p)
			why = w;
	}
	return *why ? why : "see the secure console";
}

const void *qv_monitor_init(const void *qemu_dtb, const char *soc_name, uint32_t soc_revision)
{
	struct mon_config cfg = {
		.boot_cpu = QV_BOOT_CPU,
		.soc_version = secmon_soc_id_version(MON_SOC_JEP106_BANK, MON_SOC_JEP106_CODE,
						     MON_SOC_ID),
		.soc_revision = soc_revision,
		.soc_name = soc_name,
		.errata = qv_errata,
		.nerrata = QV_NERRATA,
	};
	int err;

	if (qv_dt_scan(qemu_dtb) != 0)
		qv_boot_failed("no usable DTB from QEMU at the start of RAM");
	cfg.board_dtb = load_board_dtb();
	fw_log_capture(true);
	err = mon_init(&cfg);
	fw_log_capture(false);
	if (err == 0)
		return cfg.board_dtb;
	if (cfg.board_dtb)
		fw_fatal("cannot boot: the board DT (fw_cfg %s) was refused: %s; powering off\n",
			 BOARD_DTB_FILE, refusal());
	else
		fw_fatal("cannot boot: the monitor did not start: %s; powering off\n",
			 refusal());
	qv_power_off();
}
