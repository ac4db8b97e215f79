/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nsk: the bare-metal normal-world test kernel that runs the conformance
 * suite on QEMU virt. Shared by the assembly and the C parts.
 */
#ifndef NSK_H
#define NSK_H

#define NSK_MAX_CPUS	16		/* = CONF_MAX_CPUS */
#define NSK_STACK_SIZE	0x4000		/* per CPU; slot NSK_MAX_CPUS is the spare */
#define NSK_MPIDR_MASK	0xff00ffffffull	/* Aff3, Aff2, Aff1, Aff0 */
/* Image header flags: little-endian (bit 0 = 0), 4K pages (bits 2:1 = 1),
 * may be placed anywhere in RAM (bit 3 = 1). */
#define NSK_IMAGE_FLAGS	0xa

#ifndef __ASSEMBLER__
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* head.S */
extern char _start[], _end[], nsk_vectors[], nsk_secondary_entry[];
void nsk_eret_to_el1(void);
__attribute__((noreturn)) void nsk_halt(void);

/* Filled by the boot CPU before any CPU_ON; read by nsk_secondary_entry. */
extern uint64_t nsk_mpidr[NSK_MAX_CPUS];
extern uint32_t nsk_ncpus;

/* Called from head.S. */
void nsk_cpu_early_init(void);
void nsk_main(uint64_t dtb, uint64_t base);
void nsk_secondary_main(uint64_t context_id, uint64_t slot);
void nsk_exception(uint64_t kind);

/* System registers. */
#define sysreg_read(r) ({ uint64_t v_; __asm__ volatile("mrs %0, " #r : "=r"(v_)); v_; })
#define sysreg_write(r, v) \
	__asm__ volatile("msr " #r ", %0" : : "r"((uint64_t)(v)) : "memory")
static inline void isb(void)
{
	__asm__ volatile("isb" : : : "memory");
}
static inline unsigned current_el(void)
{
	return (unsigned)(sysreg_read(CurrentEL) >> 2) & 3;
}
static inline uint64_t my_mpidr(void)
{
	return sysreg_read(mpidr_el1) & NSK_MPIDR_MASK;
}

/* GICv3 CPU interface registers by encoding (no assembler support needed). */
#define ICC_PMR_EL1	S3_0_C4_C6_0
#define ICC_SRE_EL1	S3_0_C12_C12_5
#define ICC_IGRPEN1_EL1	S3_0_C12_C12_7
#define ICC_SRE_EL2	S3_4_C12_C9_5
#define ICH_HCR_EL2	S3_4_C12_C11_0

/* console.c */
void con_init(uint64_t pl011_base);
void con_puts(const char *s);
void con_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void con_vprintf(const char *fmt, va_list ap);
/* One TAP line, numbered from *n; returns 1 when !ok (a failure to count). */
int con_tap(unsigned *n, bool ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* wake.c: the interrupt that ends a suspend. */
struct nsk_gic {
	unsigned version;		/* 2 or 3; 0 when none was found */
	uint64_t dist;			/* GICD */
	uint64_t cpuif;			/* GICv2: GICC */
	uint64_t redist[4], redist_size[4];	/* GICv3: GICR regions */
	unsigned nredist;
	unsigned timer_intid;		/* the EL1 virtual timer's PPI, as an INTID */
};
void wake_init(const struct nsk_gic *gic);
void wake_arm(void);		/* env.arm_wakeup */
void wake_disarm(void);		/* after a suspend returns, or on resume */
unsigned wake_fired(void);	/* wake-ups seen (timer disarmed with ISTATUS set) */
void wake_sgi_arm(void);	/* env.sgi_arm, env.sgi_send, env.sgi_clear */
void wake_sgi_send(unsigned cpu);
void wake_sgi_clear(void);

/* soak.S: x2-x30, v0-v31 kept for `ticks` of CNTVCT; 0, or which one changed. */
uint64_t nsk_soak(uint64_t ticks);

/*
 * drv.c, both nsks: nsk.test=socdrv, the test SoC driver on the board the
 * firmware was given, then more(name) (may be null): tests of the caller's
 * own, each a TAP line begun with drv_result(); the number failed.
 */
int drv_run(const void *fdt, const char *name, const uint64_t *mpidr, unsigned n, bool wake,
	    int (*more)(const char *name));
__attribute__((noreturn)) void drv_secondary(void);
void drv_result(bool ok);	/* prints "ok N" or "not ok N" */
/* drvsoak.c: the register soak, drv_run's `more` on the AArch64 nsk. */
int drv_soak(const char *name);

/* The generic timer's virtual count and its frequency (each nsk's main.c). */
uint64_t nsk_ticks(void);
uint64_t nsk_tick_freq(void);

/* hostile.c, both nsks: nsk.test=hostile; the number failed. */
struct secmon_conduit;
struct secmon_regs;
int hostile_run(const struct secmon_conduit *c, uint64_t total, uint64_t seed);
__attribute__((noreturn)) void hostile_secondary(unsigned slot);
/* The caller's registers, as the hostile test sees them (each nsk's main.c). */
struct hostile_abi {
	unsigned nargs;		/* argument and result registers: x0-x17, or r0-r7 */
	uint64_t mask;		/* the bits of one register */
};
extern const struct hostile_abi hostile_abi;
/*
 * hismc.S, a32/hismc.S: an SMC with in's argument registers and hi[] in the
 * registers the caller keeps (x18-x30; r8-r12 and lr, low words), the
 * results to out; returns a mask of the kept registers that came back
 * changed (bit 0: x18 or r8; bit 6 on AArch32: sp).
 */
uint64_t hostile_smc(const struct secmon_regs *in, struct secmon_regs *out, const uint64_t hi[13]);
/* isolation.c: nsk.test=isolation (AArch64 nsk); the number failed. */
int isolation_run(const struct secmon_conduit *c, bool el2);
/* secrets.c, both nsks: nsk.test=secrets, no copy of the secure world's DT
 * data left in normal-world RAM; the number failed. */
struct dtb;
int secrets_run(const struct dtb *dt, uint64_t image_base, uint64_t image_end);
/* sysstress.c: nsk.test=syssuspend, SYSTEM_SUSPEND cycles on rotating CPUs. */
struct conf_env;
__attribute__((noreturn)) void sysstress_run(const struct conf_env *env, unsigned cycles);
/* A CPU started or resumed by it; never returns. */
__attribute__((noreturn)) void sysstress_secondary(uint64_t context_id);
/* a32el1.c: nsk.test=a32el1, SMCs from AArch32 EL1 (at EL2 only). */
int a32el1_run(const struct secmon_conduit *c, uint64_t id12);
/* A secondary that a32el1_run() started: reports, then CPU_OFF. */
void a32el1_secondary(void);
/* pmu.c: nsk.test=pmu, the cycle counter does not count EL3 (needs 2 CPUs). */
int pmu_run(const struct conf_env *env);
/* A CPU that pmu_run() started or resumed; ends with CPU_OFF. */
void pmu_secondary(uint64_t context_id);
/* endian.c: nsk.test=endian, warm entries keep the caller's endianness (2 CPUs). */
int endian_run(const struct conf_env *env);
void endian_secondary(uint64_t context_id);
/* trace.c: nsk.test=trace, recording read back; the caller's EL and width. */
int trace_run(const struct secmon_conduit *c, uint64_t ram_end, unsigned el, bool aarch32);
void trace_secondary(unsigned slot);
/* tos.c: the project's secure payload, from the normal world. */
/* fault: 0, or 1 + the TOS_FAULT kind to contain (nsk.tosfault). */
int tos_run(const struct secmon_conduit *c, uint64_t ram, uint64_t preempt, uint64_t pd,
	    uint64_t fault);
void tos_secondary(uint64_t context_id, unsigned slot);

/* libc.c */
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
#endif

#endif
