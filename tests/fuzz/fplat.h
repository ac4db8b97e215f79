/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The fuzz platform: a single-threaded implementation of monitor/plat.h for
 * the libFuzzer harnesses. The harness plays every simulated CPU in turn:
 * it sets fp.cur, calls mon_smc(), and gets control back either by the
 * call returning or by a longjmp to fp.down when the monitor powers the CPU
 * (or the system) down. Every plat_* entry point checks its arguments and
 * the lock discipline, and reports a violation through fp_fail().
 */
#ifndef SECMON_FUZZ_FPLAT_H
#define SECMON_FUZZ_FPLAT_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../monitor/monitor.h"

/* The vendor SYSTEM_RESET2 type this platform knows. */
#define FP_RESET2_TYPE 0x80000007u
/* SMCCC_ARCH_FEATURE_AVAILABILITY's SCR_EL3 answer (fplat.c): FGT, ECV and TERR. */
#define FP_FEAT_SCR 0x18008000ull

/* How the last call left the monitor when it did not return. */
enum fp_down {
	FP_UP,
	FP_CPU_OFF,
	FP_CPU_SUSPEND,
	FP_SYSTEM_OFF,
	FP_SYSTEM_RESET,
	FP_SYSTEM_RESET2,
};

struct fp_topology {
	unsigned ncpus;		/* 1..MON_MAX_CPUS */
	unsigned cluster_size;	/* 1..MON_MAX_CPUS */
	unsigned cluster_shift;	/* where the cluster number sits in the MPIDR: 8, 16 or 32 */
	uint64_t ns_base, ns_size;
	bool entry_a32;		/* plat_ns_entry_aarch32() */
};

struct fp_state {
	struct fp_topology topo;
	int cur;		/* the CPU in the monitor, -1 when none */
	int lock;		/* plat_lock() depth: 0 or 1 */
	jmp_buf *down;		/* where a CPU or system power-down goes */
	enum fp_down how;
	unsigned level;		/* of the last plat_cpu_suspend */
	uint32_t reset2_type;
	uint64_t reset2_cookie;
	bool fail_next_on;	/* the next plat_cpu_on reports a failure */
	unsigned on_calls[MON_MAX_CPUS];
	unsigned standby_calls;
	int32_t wa_state[5];	/* ARCH_WORKAROUND_n answers, n = 1..4 */
	unsigned wa_calls[5];
	uint64_t time_us;
	int entropy;		/* what plat_entropy() answers: PLAT_ENTROPY_* */
	unsigned entropy_words;	/* words it delivered */
	char log[65536];	/* room for error lines naming the longest node name fuzz-dt makes */
	unsigned log_len;
	bool quiet;		/* do not echo the monitor's log */
	/*
	 * The SCMI channel (scmi_be_channel / scmi_be_shmem): size 0 none;
	 * shm is the harness's memory for [scmi_base, scmi_base + scmi_size).
	 */
	uint64_t scmi_base;
	uint32_t scmi_size;
	uint32_t *shm;
};

extern struct fp_state fp;

/*
 * Is check `id` silenced? SECMON_FUZZ_ALLOW=<id>,<id> silences checks of
 * reported bugs while they wait for a fix, so that fuzzing can go on to
 * find others. `make check` never sets it.
 */
bool fp_allowed(const char *id);

/* Resets the platform to a topology; nothing in the monitor. */
void fp_reset(const struct fp_topology *t);

/* The MPIDR of CPU `cpu` in the current topology. */
uint64_t fp_mpidr(unsigned cpu);

/* The cluster of CPU `cpu`. */
unsigned fp_cluster(unsigned cpu);

/* plat_ns_range_ok() as the harness's own model states it. */
bool fp_ns_range_ok(uint64_t base, uint64_t size);

/*
 * A page of normal-world memory the monitor reads (plat_ns_map()): the
 * Exynos4210's non-secure SYSRAM, whose word at + 0x1c boards/soc/exynos4210.dts
 * names as CPU1BOOT's entry-address. fp_reset() fills every word with
 * ns_base + 0x1000, an entry the model accepts; fp_mailbox_word() reads one.
 * plat_ns_map() maps one aligned word of it, nothing larger (so TRACE_READ
 * is still refused everywhere).
 */
#define FP_MAILBOX_BASE 0x0203f000ull
#define FP_MAILBOX_SIZE 0x1000u
uint32_t fp_mailbox_word(uint64_t addr);

/*
 * Reports a violated invariant and aborts (a libFuzzer finding). The
 * harness may set fp_on_fail to print what led there first.
 */
extern void (*fp_on_fail)(void);

_Noreturn void fp_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
