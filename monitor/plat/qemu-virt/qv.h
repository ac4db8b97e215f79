/* SPDX-License-Identifier: BSD-3-Clause */
/* Internal interfaces of the QEMU virt AArch64 port. */
#ifndef QV_QV_H
#define QV_QV_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* entry.S / vectors.S */
_Noreturn void qv_enter_ns(uint64_t pc, uint64_t spsr, uint64_t x0);
void qv_fp_clear(void);

/* cpu.c: per-CPU EL3 set-up and the normal world's entry state. */
void qv_cpu_el3_init(unsigned cpu);
bool qv_has_el2(void);
/* SPSR_EL3 for entering the normal world at the EL `caller_spsr` asks for. */
uint64_t qv_ns_entry_spsr(uint64_t caller_spsr);
/* Reset the target EL's system control so it starts with MMU and caches off. */
void qv_ns_entry_prepare(uint64_t spsr);
void qv_cpu_describe(void);

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

/* gic.c: secure side of GICv2 and GICv3. */
void qv_gic_dist_init(void);
void qv_gic_cpu_init(unsigned cpu);
/* Group 0 on in the distributor: the boot CPU has initialised the monitor. */
void qv_gic_release(void);
bool qv_gic_released(void);
void qv_gic_send_wake(unsigned cpu, uint64_t mpidr);
void qv_gic_ack_group0(void);
/* A PPI of the calling CPU into secure group 0 (an FIQ to EL3), enabled. */
void qv_gic_secure_ppi(unsigned intid);
/* Stop the normal world's interrupts from reaching a core that is off. */
void qv_gic_cpu_quiesce(void);
unsigned qv_gic_version(void);

/* fwcfg.c */
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

/* plat.c: what the DT told us. */
void qv_set_cpus(const uint64_t *mpidr, unsigned n);
void qv_set_ns_memory(const struct qv_range *r, unsigned n);
unsigned qv_ns_memory(const struct qv_range **r);

/*
 * poweroff.c: power-off and reboot mailbox for PSCI 0.1 boards (no
 * SYSTEM_OFF), watched from the boot CPU's secure timer.
 */
#define QV_WATCH_MS		5		/* how often the mailbox is read */
#define QV_MAILBOX_OFF		0x5ec0f0ffu
#define QV_MAILBOX_RESET	0x5ec0b007u
extern bool qv_poweroff_enabled;
bool qv_poweroff_init(const void *board_dtb);	/* after mon_init(); true: in use */
int qv_poweroff_dt_fixup(void *fdt);		/* its nodes in the OS's DT */
void qv_poweroff_start(void);			/* boot CPU, before the OS runs */
void qv_poweroff_tick(void);			/* the timer's interrupt */
void qv_poweroff_report(void);			/* log how often it looked */

/* console.c: keep the last line the portable monitor logs (mon_init's verdict). */
void qv_log_capture(bool on);
const char *qv_log_last_line(void);

/* boot.c / power.c */
_Noreturn void qv_cold_boot(void);
_Noreturn void qv_secondary_boot(unsigned cpu);
_Noreturn void qv_power_off(void);

/* traps.c */
struct qv_trap {
	uint64_t x[31];
	uint64_t pad;
};
void qv_lower_exception(struct qv_trap *t, unsigned kind);
_Noreturn void qv_el3_exception(void);

/* string functions for libfdt and the monitor (libc.c) */
void *memcpy(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int memcmp(const void *a, const void *b, size_t n);

#endif
