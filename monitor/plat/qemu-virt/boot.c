/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Cold boot on the boot CPU: bring the monitor up, load the OS that QEMU
 * offers through fw_cfg (-kernel, -initrd, -append), fix up QEMU's DTB and
 * enter the kernel at the normal world's highest EL. Secondaries wait in
 * WFI until PSCI CPU_ON.
 *
 * Normal-world RAM at the start (QEMU's DTB is already at its base):
 *   base + 0         DTB, grown in place to at most DTB_MAX
 *   base + 0x1fe000  power-off mailbox (PSCI 0.1 boards only, poweroff.c)
 *   base + 0x1ff000  fw_cfg DMA control block (scratch)
 *   base + 2 MiB     kernel Image (+ text_offset), image_size bytes
 *   next 2 MiB       initrd
 */
#include <stdbool.h>
#include <stdint.h>
#include <libfdt.h>
#include <secmon/smccc.h>
#include "arch.h"
#include "platform.h"
#include "qv.h"
#include "../../monitor.h"
#include "../../plat.h"

#define FW_KERNEL_SIZE		0x08
#define FW_INITRD_SIZE		0x0b
#define FW_KERNEL_DATA		0x11
#define FW_INITRD_DATA		0x12
#define FW_CMDLINE_SIZE		0x14
#define FW_CMDLINE_DATA		0x15

#define DTB_ADDR		QV_NS_RAM_BASE
#define DTB_MAX			0x1f0000
#define KERNEL_BASE		(QV_NS_RAM_BASE + 0x200000)
#define SZ_2M			0x200000ull
#define ARM64_IMAGE_MAGIC	0x644d5241u	/* "ARM\x64" */
#define CMDLINE_MAX		4096

/* SMCCC_ARCH_SOC_ID: secmon's own JEP-106 identity (monitor.h); revision 1 = this port. */
#define SOC_REVISION		1

/* The board DT: fw_cfg file, kept in secure RAM while the monitor runs. */
#define BOARD_DTB_FILE		"opt/secmon/board.dtb"

/*
 * secmon's two test errata (SECMON_SIP_ERRATA_*), with the simulator's IDs
 * (monitor/plat/host/sim.h) so that a driver expects the same on both:
 * every CPU needs the first, none needs the second, and neither has
 * anything to change on QEMU's CPUs.
 */
#define ERRATUM_NEEDED		0x5ec00001u
#define ERRATUM_NOT_NEEDED	0x5ec00002u

struct arm64_image_header {
	uint32_t code0, code1;
	uint64_t text_offset;
	uint64_t image_size;
	uint64_t flags;
	uint64_t res2, res3, res4;
	uint32_t magic;
	uint32_t res5;
};

static char cmdline[CMDLINE_MAX];
static uint8_t board_dtb[QV_BOARD_DTB_MAX] __attribute__((aligned(8)));

_Noreturn static void boot_failed(const char *why)
{
	qv_fatal_msg("cannot boot: %s; powering off\n", why);
	qv_power_off();
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

/* The kernel: header first, for where it goes and how much room it needs. */
static uint64_t load_kernel(uint64_t *end)
{
	uint32_t size = qv_fwcfg_item_u32(FW_KERNEL_SIZE);
	const struct arm64_image_header *h = (const void *)KERNEL_BASE;
	uint64_t text_offset, image_size;

	if (size == 0)
		boot_failed("no kernel (run QEMU with -kernel Image)");
	if (size < sizeof(*h) || !plat_ns_range_ok(KERNEL_BASE, size))
		boot_failed("kernel does not fit in RAM");
	if (!qv_fwcfg_dma(FW_KERNEL_DATA, KERNEL_BASE, sizeof(*h)) || h->magic != ARM64_IMAGE_MAGIC)
		boot_failed("the kernel is not an arm64 Image");
	/* image_size 0: a kernel older than 3.17, with text_offset 0x80000 and no size. */
	text_offset = h->image_size ? h->text_offset : 0x80000;
	image_size = h->image_size > size ? h->image_size : size;
	if (!plat_ns_range_ok(KERNEL_BASE + text_offset, image_size))
		boot_failed("kernel does not fit in RAM");
	if (!qv_fwcfg_dma(FW_KERNEL_DATA, KERNEL_BASE + text_offset, size))
		boot_failed("fw_cfg DMA of the kernel failed");
	*end = KERNEL_BASE + text_offset + image_size;
	qv_info("kernel %u bytes at %lx\n", size, (unsigned long)(KERNEL_BASE + text_offset));
	return KERNEL_BASE + text_offset;
}

static void load_initrd(uint64_t after, struct qv_boot_info *bi)
{
	uint32_t size = qv_fwcfg_item_u32(FW_INITRD_SIZE);
	uint64_t at = align_up(after, SZ_2M);

	bi->initrd_start = bi->initrd_end = 0;
	if (!size)
		return;
	if (!plat_ns_range_ok(at, size))
		boot_failed("initrd does not fit in RAM");
	if (!qv_fwcfg_dma(FW_INITRD_DATA, at, size))
		boot_failed("fw_cfg DMA of the initrd failed");
	bi->initrd_start = at;
	bi->initrd_end = at + size;
	qv_info("initrd %u bytes at %lx\n", size, (unsigned long)at);
}

static void load_cmdline(struct qv_boot_info *bi)
{
	uint32_t size = qv_fwcfg_item_u32(FW_CMDLINE_SIZE);

	bi->cmdline = NULL;
	if (!size)
		return;
	if (size > CMDLINE_MAX)
		boot_failed("command line longer than 4096 bytes");
	qv_fwcfg_read(FW_CMDLINE_DATA, cmdline, size);
	cmdline[size - 1] = '\0';
	bi->cmdline = cmdline;
}

/* opt/secmon/verbose: "1", "y" or "on" turns the log on, anything else off. */
static void runtime_options(void)
{
	uint32_t size;
	uint16_t sel = qv_fwcfg_file("opt/secmon/verbose", &size);
	char v[4] = { 0 };

	if (!sel)
		return;
	qv_fwcfg_read(sel, v, size < 3 ? size : 3);
	qv_set_verbose(v[0] == '1' || v[0] == 'y' || (v[0] == 'o' && v[1] == 'n'));
}

/*
 * The board DT, when QEMU offers one (-fw_cfg name=opt/secmon/board.dtb,
 * file=X): copied into secure RAM, where the monitor keeps using it (its
 * tables point into it). Without it: NULL, standard PSCI only.
 */
static const void *load_board_dtb(void)
{
	uint32_t size = 0;
	uint16_t sel = qv_fwcfg_file(BOARD_DTB_FILE, &size);

	if (!sel) {
		qv_info("no board DT (fw_cfg %s): standard PSCI\n", BOARD_DTB_FILE);
		return NULL;
	}
	if (size > sizeof(board_dtb)) {
		qv_fatal_msg("cannot boot: the board DT (fw_cfg %s) has %u bytes, at most %u fit; "
			     "powering off\n", BOARD_DTB_FILE, size, (unsigned)sizeof(board_dtb));
		qv_power_off();
	}
	qv_fwcfg_read(sel, board_dtb, size);
	if (size < sizeof(struct fdt_header) || fdt_check_header(board_dtb) != 0 ||
	    fdt_totalsize(board_dtb) > size) {
		qv_fatal_msg("cannot boot: the board DT (fw_cfg %s, %u bytes) is not a flattened "
			     "device tree; powering off\n", BOARD_DTB_FILE, size);
		qv_power_off();
	}
	qv_info("board DT: %u bytes from fw_cfg %s\n", size, BOARD_DTB_FILE);
	return board_dtb;
}

static bool never_needed(unsigned cpu)
{
	(void)cpu;
	return false;
}

static const struct mon_erratum errata[] = {
	{ .id = ERRATUM_NEEDED },
	{ .id = ERRATUM_NOT_NEEDED, .needed = never_needed },
};

static void board_config(struct mon_config *cfg)
{
	cfg->boot_cpu = 0;
	cfg->psci_unsupported = 0;
	cfg->soc_version =
		secmon_soc_id_version(MON_SOC_JEP106_BANK, MON_SOC_JEP106_CODE, MON_SOC_ID);
	cfg->soc_revision = SOC_REVISION;
	cfg->soc_name = "secmon QEMU virt AArch64";
	cfg->board_dtb = load_board_dtb();
	cfg->errata = errata;
	cfg->nerrata = sizeof(errata) / sizeof(errata[0]);
}

static struct mon_config cfg;

/*
 * mon_init() names what it refuses (node, property, why) on the secure
 * console; the same words go to the normal-world console, which is the one
 * a user watches.
 */
_Noreturn static void board_refused(void)
{
	const char *why = qv_log_last_line();
	static const char *const prefixes[] = { "secmon: ", "board DT: " };

	for (unsigned i = 0; i < 2; i++) {
		const char *p = prefixes[i], *w = why;

		while (*p && *p == *w) {
			p++;
			w++;
		}
		if (!*p)
			why = w;
	}
	if (!*why)
		why = "see the secure console";
	if (cfg.board_dtb)
		qv_fatal_msg("cannot boot: the board DT (fw_cfg %s) was refused: %s; powering off\n",
			     BOARD_DTB_FILE, why);
	else
		qv_fatal_msg("cannot boot: the monitor did not start: %s; powering off\n", why);
	qv_power_off();
}

static void monitor_init(void)
{
	int err;

	if (qv_dt_scan((const void *)DTB_ADDR) != 0)
		boot_failed("no usable DTB from QEMU at the start of RAM");
	board_config(&cfg);
	qv_log_capture(true);
	err = mon_init(&cfg);
	qv_log_capture(false);
	if (err != 0)
		board_refused();
	qv_poweroff_init(cfg.board_dtb, QV_MAILBOX_BASE);
}

static uint64_t load_os(void)
{
	struct qv_boot_info bi;
	uint64_t kernel_end;

	bi.kernel_entry = load_kernel(&kernel_end);
	load_initrd(kernel_end, &bi);
	load_cmdline(&bi);
	if (qv_dt_fixup((void *)DTB_ADDR, DTB_MAX, &bi, cfg.board_dtb) != 0)
		boot_failed("DT fix-up failed");
	return bi.kernel_entry;
}

_Noreturn void qv_cold_boot(void)
{
	uint64_t entry, spsr;

	qv_console_init();
	if (!qv_fwcfg_present())
		boot_failed("no fw_cfg device");
	runtime_options();
	qv_info("cold boot, GICv%u, %s\n", qv_gic_version(),
		qv_has_el2() ? "normal world at EL2" : "normal world at EL1");
	qv_cpu_describe();
	qv_gic_dist_init();
	qv_gic_cpu_init(0);
	monitor_init();
	entry = load_os();
	qv_gic_release();
	qv_poweroff_start();
	spsr = qv_ns_entry_spsr(0);
	qv_ns_entry_prepare(spsr);
	qv_fp_clear();
	qv_info("entering the kernel at %lx, DTB at %lx\n", (unsigned long)entry,
		(unsigned long)DTB_ADDR);
	qv_enter_ns(entry, spsr, DTB_ADDR);
}
