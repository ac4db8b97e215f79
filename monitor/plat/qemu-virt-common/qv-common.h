/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the two QEMU virt ports (qemu-virt for AArch64, qemu-virt-a32 for
 * AArch32) share: the code in qemu-virt-common/ and the interfaces it uses.
 * Each port's qv.h includes this and adds its own (entry, CPU set-up,
 * traps); each port's arch.h gives the counter and the barriers.
 */
#ifndef QV_QV_COMMON_H
#define QV_QV_COMMON_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../../monitor.h"

/* cpu.c (each port): enter the normal world where a CPU_ON or resume says. */
_Noreturn void qv_enter_normal_world(const struct mon_ns_entry *e);
void qv_cpu_describe(void);
/* The secure state of a CPU at reset (entry.S calls it with the CPU's index). */
void qv_cpu_reset_init(unsigned cpu);
/* The CPU has the Virtualization Extensions: the normal world enters at EL2 / in Hyp mode. */
bool qv_has_virt(void);
/*
 * Resets the system control of the mode `spsr` enters (and below): MMU and
 * caches off, data big-endian (the EE bits) when `big_endian`.
 */
void qv_ns_entry_prepare(uint64_t spsr, bool big_endian);

/*
 * SMCCC_ARCH_WORKAROUND_1..4 (workaround.c, the decision; each port's
 * workaround.h its parts, arch.h its instructions: qv_midr(),
 * qv_bp_invalidate(), qv_bhb_clear()). A state is what ARCH_FEATURES
 * answers: 0 implemented and needed, 1 not needed on this CPU, -1 not
 * supported here, -2 not required (mitigated statically).
 *   1 = CVE-2017-5715 (Spectre v2)   2 = CVE-2018-3639 (SSB)
 *   3 = CVE-2022-23960 (BHB) + v2    4 = CVE-2024-7881 (not implemented)
 */
#define QV_WA_IMPLEMENTED	0
#define QV_WA_UNAFFECTED	1
#define QV_WA_NOT_SUPPORTED	(-1)
#define QV_WA_NOT_REQUIRED	(-2)
/* MIDR: implementer and part number, not variant and revision. */
#define MIDR_PART_MASK		0xff00fff0u

struct qv_cpu_part {
	uint32_t midr;
	int8_t wa[4];
	uint8_t bhb_loop;	/* taken branches that clear the history */
	/* The vector's code for WORKAROUND_1 and _3 where wa[] is IMPLEMENTED. */
	const char *vec1, *vec3;
};
/* The vector's code when the CPU needs nothing (vectors.S). */
extern char qv_wa_nothing[];

/* console.c: the secure PL011 log; errors always, info when verbose. */
void qv_console_init(void);
void qv_set_verbose(bool on);
bool qv_verbose(void);
void qv_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void qv_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Also on the normal-world console: for failures the user must see. */
void qv_fatal_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int qv_snprintf(char *buf, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int qv_vsnprintf(char *buf, size_t n, const char *fmt, va_list ap);
/* Keep the last line the portable monitor logs (mon_init's verdict). */
void qv_log_capture(bool on);
const char *qv_log_last_line(void);

/* gic.c (each port): the secure side of the GIC. */
void qv_gic_dist_init(void);
void qv_gic_cpu_init(unsigned cpu);
/* Group 0 on in the distributor: the boot CPU has initialised the monitor. */
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
unsigned qv_gic_version(void);

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
struct qv_range {
	uint64_t base, size;
};
struct qv_boot_info {
	uint64_t kernel_entry;
	uint64_t initrd_start, initrd_end;	/* end == start: none */
	const char *cmdline;			/* NULL: none */
};
int qv_dt_scan(const void *fdt);
int qv_dt_fixup(void *fdt, size_t max, const struct qv_boot_info *bi, const void *board_dtb);
/* After the fix-up: the room past the DTB's end, and QEMU's original if moved, zeroed. */
void qv_dt_wipe_secure_leftovers(void *fdt, size_t max, void *orig, size_t orig_size);

/* The boot CPU: index 0, MPIDR affinity 0 (entry.S). */
#define QV_BOOT_CPU		0

/* plat.c: what the DT told us. */
void qv_set_cpus(const uint64_t *mpidr, unsigned n);
void qv_set_ns_memory(const struct qv_range *r, unsigned n);
unsigned qv_ns_memory(const struct qv_range **r);

/*
 * poweroff.c, poweroff_dt.c: power-off and reboot mailbox for PSCI 0.1
 * boards (no SYSTEM_OFF), watched from the boot CPU's secure timer.
 */
#define QV_WATCH_MS		5		/* how often the mailbox is read */
#define QV_MAILBOX_SIZE		0x1000
#define QV_MAILBOX_OFF		0x5ec0f0ffu
#define QV_MAILBOX_RESET	0x5ec0b007u
extern bool qv_poweroff_enabled;
extern uint64_t qv_mailbox_base;
/* After mon_init(), with the page the port sets aside; true: in use. */
bool qv_poweroff_init(const void *board_dtb, uint64_t mailbox);
int qv_poweroff_dt_fixup(void *fdt);		/* its nodes in the OS's DT */
void qv_poweroff_start(void);			/* boot CPU, before the OS runs */
void qv_poweroff_tick(void);			/* the timer's interrupt */
void qv_poweroff_report(void);			/* log how often it looked */

/*
 * entropy.c: plat_entropy(). The port says whether the CPU has a hardware
 * source (qv_rng_present) and reads n words from it (false: it failed).
 */
void qv_entropy_seed(const void *seed, unsigned len);	/* cold boot */
const char *qv_entropy_source(void);
bool qv_rng_present(void);
bool qv_rng_read(uint64_t *out, unsigned n);

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
 * fw_cfg DMA control block. Fills keep[], returns the count.
 */
#define QV_NRESERVED 4
unsigned qv_reserved(struct qv_keep keep[QV_NRESERVED], uint64_t dtb, uint64_t dtb_size,
		     uint64_t mailbox);
/* NULL when [load, end) is normal-world RAM that meets none of keep[]; else what it meets. */
const char *qv_range_clash(uint64_t load, uint64_t end, const struct qv_keep *keep, unsigned n);
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
 * coldboot.c: qv_cold_boot(), the sequence; each port's boot.c (or cpu.c,
 * gic.c) its steps, in this order. QV_SOC_NAME and QV_SOC_REVISION (its
 * platform.h) are what SMCCC_ARCH_SOC_ID and the log call it.
 */
struct qv_os {
	uint64_t entry, dtb;
};
void qv_check_gic(void);			/* stops a boot on a GIC the port cannot drive */
const char *qv_ns_level_name(void);		/* "normal world at EL2", ... */
void qv_fp_cold_enable(void);			/* the FPU for libfdt, if the port needs it */
void qv_load_os(const void *board, struct qv_os *os);	/* load, fix the DT up */
void qv_fp_cold_disable(void);
_Noreturn void qv_enter_os(const struct qv_os *os);

/* boot.c / power.c */
_Noreturn void qv_cold_boot(void);
_Noreturn void qv_secondary_boot(unsigned cpu);
_Noreturn void qv_power_off(void);
_Noreturn void qv_monitor_fault(void);

/* v rounded up to a multiple of a (a power of two). */
static inline uint64_t qv_align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

/* string functions for libfdt and the monitor (libc.c) */
void *memcpy(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int memcmp(const void *a, const void *b, size_t n);

#endif
