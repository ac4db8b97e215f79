/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * QEMU's virt board, for both of its ports (qemu-virt-a64, qemu-virt-a32):
 * the interfaces between the board's files, those of both architectures in
 * this folder and each architecture's own in a64/ and a32/ (with its
 * platform.h). What the board gives the architecture layer and asks of it
 * is monitor/arch/arch.h; the log is monitor/fwlib/fwlib.h.
 */
#ifndef QV_QEMU_VIRT_H
#define QV_QEMU_VIRT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../../monitor.h"
#include "../../fwlib/fwlib.h"

/*
 * The secure side of the GIC (each architecture's gic.c: the drivers of the
 * GIC versions it drives), its group-0 SGI QV_WAKE_SGI the wake-up of a
 * parked core. qv_gic_check() stops a boot on a GIC the port cannot drive;
 * it and qv_gic_version() are cold-boot code.
 */
void qv_gic_check(void);
unsigned qv_gic_version(void);
void qv_gic_dist_init(void);
void qv_gic_cpu_init(unsigned cpu);
/* Group 0 on in the distributor: the boot CPU has initialised the monitor (interrupts.c). */
void qv_gic_release(void);
bool qv_gic_released(void);
void qv_gic_send_wake(unsigned cpu, uint64_t mpidr);
/*
 * Acknowledges and ends this CPU's pending group-0 interrupts (the monitor's);
 * true when what is left pending is one of the normal world's.
 */
bool qv_gic_ack_group0(void);
/* A PPI of the calling CPU into secure group 0 (an FIQ to the monitor), enabled. */
void qv_gic_secure_ppi(unsigned intid);
/* Stop the normal world's interrupts from reaching a core that is off. */
void qv_gic_cpu_quiesce(void);

/*
 * fwcfg.c; fw_cfg's fixed items (QEMU's docs/specs/fw_cfg.rst). A DMA
 * transfer's control block is in normal-world RAM (the device's DMA sees
 * only that), just below the 2 MiB line where the kernel goes.
 */
#define QV_FWCFG_DMA_CONTROL	(QV_NS_RAM_BASE + 0x1ff000)
#define QV_FWCFG_DMA_CONTROL_SIZE 16
#define QV_FW_KERNEL_SIZE	0x08
#define QV_FW_INITRD_SIZE	0x0b
#define QV_FW_KERNEL_DATA	0x11
#define QV_FW_INITRD_DATA	0x12
#define QV_FW_CMDLINE_SIZE	0x14
#define QV_FW_CMDLINE_DATA	0x15
bool qv_fwcfg_present(void);
uint32_t qv_fwcfg_item_u32(uint16_t key);
void qv_fwcfg_read(uint16_t key, void *buf, size_t len);
/* DMA `len` bytes of item `key` to normal-world address `dest`. */
bool qv_fwcfg_dma(uint16_t key, uint64_t dest, uint64_t len);
/* Selector of file `name`, 0 when absent; *size gets its size. */
uint16_t qv_fwcfg_file(const char *name, uint32_t *size);

/* dt.c */
#define QV_MAX_MEM_RANGES 8
struct qv_boot_info {
	uint64_t kernel_entry;
	uint64_t initrd_start, initrd_end;	/* end == start: none */
	const char *cmdline;			/* NULL: none */
};
int qv_dt_scan(const void *fdt);
int qv_dt_fixup(void *fdt, size_t max, const struct qv_boot_info *bi, const void *board_dtb);
/* After the fix-up: the room past the DTB's end, and QEMU's original if moved, zeroed. */
void qv_dt_wipe_secure_leftovers(void *fdt, size_t max, void *orig, size_t orig_size);

/* The boot CPU: index 0 (the architecture's entry code, monitor/arch/arch.h). */
#define QV_BOOT_CPU		0

/* plat.c: what the DT told us. */
void qv_set_cpus(const uint64_t *mpidr, unsigned n);
void qv_set_ns_memory(const struct fw_range *r, unsigned n);
unsigned qv_ns_memory(const struct fw_range **r);

/*
 * poweroff.c, poweroff_dt.c: power-off and reboot mailbox for PSCI 0.1
 * boards (no SYSTEM_OFF), watched from the boot CPU's secure timer.
 */
#define QV_WATCH_MS		5		/* how often the mailbox is read */
#define QV_MAILBOX_SIZE		0x1000
#define QV_MAILBOX_OFF		0x5ec0f0ffu
#define QV_MAILBOX_RESET	0x5ec0b007u
extern bool qv_poweroff_enabled;
/*
 * The secure physical timer is the monitor's: the power-off watch's
 * (qv_poweroff_enabled) or, on AArch64, the watch of a trusted OS's first
 * entry (plat_tos_boot_timer()), which never run together.
 */
extern bool qv_sec_timer_mine;
extern uint64_t qv_mailbox_base;
/* After mon_init(), with the page the port sets aside; true: in use. */
bool qv_poweroff_init(const void *board_dtb, uint64_t mailbox);
int qv_poweroff_dt_fixup(void *fdt);		/* its nodes in the OS's DT */
void qv_poweroff_start(void);			/* boot CPU, before the OS runs */
void qv_poweroff_tick(void);			/* the timer's interrupt */
void qv_poweroff_report(void);			/* log how often it looked */

/* entropy.c: plat_entropy(), the CPU's generator if it has one (arch_rng_read()), else a DRBG. */
void qv_entropy_seed(const void *seed, unsigned len);	/* cold boot */
const char *qv_entropy_source(void);

/*
 * payload.c: a bootloader (or a kernel) as the normal world's first program,
 * from fw_cfg opt/secmon/payload instead of fw_cfg's kernel slot; and what
 * every loading path (the payload, the kernel and initrd from fw_cfg's
 * slots) shares: where an arm64 Image goes, and the memory no image may
 * meet. Cold boot.
 */
#define QV_PAYLOAD_FILE		"opt/secmon/payload"
enum qv_payload_kind { QV_PAYLOAD_RAW, QV_PAYLOAD_ARM64_IMAGE, QV_PAYLOAD_ZIMAGE };
struct qv_keep {			/* normal-world memory an image must not meet */
	uint64_t base, size;
	const char *name;
};
/*
 * The reserved ranges, one list for every loading path: the DT where the
 * port keeps it until its fix-up is done (dtb, dtb_size), the power-off
 * mailbox page (0: none yet), the SCMI channel (the port's QV_SCMI_*), the
 * fw_cfg DMA control block, and with a trusted OS offered (tos) OP-TEE's
 * static shared memory on this board, which it lists in the OS's DT as
 * reserved memory (QV_TOS_SHM_*: its CFG_SHMEM_START and CFG_SHMEM_SIZE
 * for vexpress-qemu_armv8a). Fills keep[], returns the count.
 */
#define QV_NRESERVED 5
#define QV_TOS_SHM_BASE		0x42000000u
#define QV_TOS_SHM_SIZE		0x00200000u
unsigned qv_reserved(struct qv_keep keep[QV_NRESERVED], uint64_t dtb, uint64_t dtb_size,
		     uint64_t mailbox, bool tos);
/* NULL when [load, end) is normal-world RAM that meets none of keep[]; else what it meets. */
const char *qv_range_clash(uint64_t load, uint64_t end, const struct qv_keep *keep, unsigned n);
/*
 * The lowest multiple of `align` (a power of two) from `at` on where `size`
 * bytes meet none of keep[] (RAM's end is the caller's to check, with
 * qv_check_room()); `at` itself when nothing is in the way.
 */
uint64_t qv_first_fit(uint64_t at, uint64_t size, uint64_t align, const struct qv_keep *keep,
		      unsigned n);
/*
 * Stops the boot, naming what the `what` (`kind`, may be NULL, and `size`
 * bytes) would overlap, when [at, end) is not free normal-world RAM.
 */
void qv_check_room(const struct qv_keep *keep, unsigned n, const char *what, const char *kind,
		   uint32_t size, uint64_t at, uint64_t end);
struct qv_payload_slot {		/* what the port offers */
	uint64_t at;			/* 4 KiB (U-Boot) and 2 MiB (Image) aligned */
	bool aarch64;			/* Image and A64 raw, else zImage and A32 raw */
	const struct qv_keep *keep;
	unsigned nkeep;
};
struct qv_payload {
	enum qv_payload_kind kind;
	uint64_t load, end;		/* entry point = load; end: what it needs */
	uint32_t size;
	const char *refused;		/* an Image header that cannot be placed: why */
};
/*
 * An arm64 Image's place (Linux's Documentation/arch/arm64/booting.rst): at
 * the 2 MiB-aligned `base` + text_offset, with image_size bytes of room (or
 * the file's size, when larger); an image_size of 0 is a kernel before 3.17,
 * at text_offset 0x80000. p->refused says why a header cannot be placed: a
 * text_offset that is not a multiple of 4 KiB, or that takes the image past
 * the end of the address space (a "negative" one). Where it lands must then
 * still pass qv_range_clash().
 */
void qv_arm64_place(const uint8_t *h, uint32_t size, uint64_t base, struct qv_payload *p);
/*
 * false: no payload file. A payload that cannot be loaded stops the boot.
 * *bi: the payload is the entry, with no initrd or command line (fw_cfg's
 * are the payload's to load).
 */
bool qv_payload_load(const struct qv_payload_slot *s, struct qv_payload *p,
		     struct qv_boot_info *bi);
int qv_payload_kind(const uint8_t *h, uint32_t size, bool aarch64);
/* -1: no kind it knows; 0: placed, unless p->refused says why not. */
int qv_payload_place(const uint8_t *h, uint32_t size, const struct qv_payload_slot *s,
		     struct qv_payload *p);
const char *qv_payload_clash(const struct qv_payload *p, const struct qv_payload_slot *s);
const char *qv_payload_kind_name(enum qv_payload_kind k);

/* board.c: the monitor's start, the same on both ports. */
_Noreturn void qv_boot_failed(const char *why);	/* "cannot boot: why" on both consoles */
void qv_runtime_options(void);			/* fw_cfg opt/secmon/verbose */
void qv_load_cmdline(struct qv_boot_info *bi);	/* QEMU's -append, or none */
/* Reads QEMU's DTB and the board DT, runs mon_init(); the board DT or NULL. */
const void *qv_monitor_init(const void *qemu_dtb, const char *soc_name, uint32_t soc_revision);
/* plat.c: the errata the monitor serves (resident: it calls their checks). */
#define QV_NERRATA 2
extern const struct mon_erratum qv_errata[QV_NERRATA];

/*
 * coldboot.c: board_cold_boot(), the sequence; each architecture's boot.c
 * loads the OS that QEMU offers and fixes its DT up (qv_load_os()), the
 * architecture layer enters it (arch_enter_os()). QV_SOC_NAME and
 * QV_SOC_REVISION (its platform.h) are what SMCCC_ARCH_SOC_ID and the log
 * call it.
 */
struct qv_os {
	uint64_t entry, dtb;
};
void qv_load_os(const void *board, struct qv_os *os);

/*
 * tos.c, cold boot: the trusted OS of fw_cfg opt/secmon/tos in secure RAM
 * [QV_TOS_BASE, QV_TOS_END) (OP-TEE's place on this board). Offered: the
 * file is there (the trace rings then end below QV_TOS_BASE). Loaded:
 * its entry and end, and its pageable part (0: none); false when there is
 * none or it was refused (the console says why).
 */
#define QV_TOS_BASE		0x0e100000u
#define QV_TOS_END		0x0f000000u
struct qv_tos {
	uint64_t entry, end;
	uint64_t pageable, pageable_size;
};
bool qv_tos_offered(void);
bool qv_tos_load(struct qv_tos *t);

/* power.c */
_Noreturn void qv_power_off(void);

/* v rounded up to a multiple of a (a power of two). */
static inline uint64_t qv_align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

#endif
