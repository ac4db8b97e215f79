/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The monitor's trace: what the normal world asked the firmware, on which
 * CPU, when, and what it answered, plus the power events it caused. A record
 * holds only what the normal world already had (its own arguments and the
 * answers it got) and the generic counter's value: no secure-side state.
 *
 * The same layout is the monitor's ring-buffer record, what the SiP call
 * SECMON_SIP_TRACE_READ copies out, and the body of a trace file:
 *
 *   trace file = struct secmon_trace_header, then header.count records
 *
 * All fields little-endian, naturally aligned, no padding the compiler adds.
 * Freestanding: usable by the monitor, the library, the Linux module and tools.
 */
#ifndef SECMON_TRACE_H
#define SECMON_TRACE_H

#include <stdint.h>
/* The SiP calls' IDs, SECMON_SIP_TRACE_INFO, _READ and _CTL. */
#include <secmon/sip.h>

#define SECMON_TRACE_MAGIC	0x52544d53u	/* "SMTR" read as a little-endian u32 */
#define SECMON_TRACE_VERSION	2u	/* 2: CLEARED records, SYSTEM_OFF/RESET say how asked */

/*
 * SiP calls (<secmon/sip.h>; fast, SMC32 and SMC64 forms both served):
 *
 * SECMON_SIP_TRACE_INFO: no arguments.
 *   x0 = 0 (SUCCESS) or NOT_SUPPORTED (-1) when the firmware records nothing
 *   x1 = flags: bit 0 recording on, bit 1 the ARCH_WORKAROUND calls are
 *        recorded too (SECMON_TRACE_INFO_*)
 *   x2 = generic counter frequency in Hz (CNTFRQ)
 *   x3 = CPU count (bits 15:0) | records per CPU ring (bits 31:16)
 *
 * SECMON_SIP_TRACE_READ: x1 = normal-world physical address of a buffer,
 *   x2 = its size in bytes. Moves the oldest records of all rings (oldest
 *   first per CPU; CPUs in index order) into the buffer, whole records only.
 *   x0 = 0 or INVALID_PARAMETERS (-2: buffer not entirely in normal-world
 *        memory, wraps, misaligned (8 bytes), or smaller than one record)
 *   x1 = records copied
 *   x2 = records lost to ring overrun since the previous read, all CPUs;
 *        the SMC32 form's is at most 0xffffffff, the rest reported by the
 *        next reads (the sum over reads is exact)
 *   x3 = records still waiting after this read
 *
 * SECMON_SIP_TRACE_CTL: x1 = 1 start recording, 0 stop; x2 bit 0 = 1 also
 *   empties the rings: each ring that held records keeps one
 *   SECMON_TRACE_CLEARED record saying how many it discarded (records lost
 *   to overrun stay counted for the next TRACE_READ); x2 bit 1 = 1 records
 *   the SMCCC ARCH_WORKAROUND_1..4 calls too, 0 leaves them out (the
 *   default: an OS or hypervisor may make one on every exception entry, and
 *   they would push everything else out of the rings). x0 = 0, or DENIED
 *   (-3) if the board's DT forbids the normal world to switch recording.
 */
#define SECMON_TRACE_INFO_ON		0x1u	/* TRACE_INFO x1 */
#define SECMON_TRACE_INFO_WORKAROUNDS	0x2u
#define SECMON_TRACE_CTL_CLEAR		0x1u	/* TRACE_CTL x2 */
#define SECMON_TRACE_CTL_WORKAROUNDS	0x2u

enum secmon_trace_type {
	SECMON_TRACE_SMC = 1,	/* one SMC/HVC handled: fid, args, results */
	SECMON_TRACE_POWER = 2,	/* a power event: fid holds enum secmon_trace_event */
	SECMON_TRACE_CLEARED = 3, /* TRACE_CTL emptied this CPU's ring: arg[0] records it
				     discarded, the last ones before this record's seq (any
				     more of that gap were lost to overrun); fid 0, nargs 1 */
};

enum secmon_trace_event {
	SECMON_TRACE_EV_CPU_ON = 1,	/* arg[0] target CPU index, arg[1] entry, arg[2] context */
	SECMON_TRACE_EV_CPU_OFF = 2,	/* this CPU powered off */
	SECMON_TRACE_EV_STANDBY = 3,	/* arg[0] power_state; t_exit when it woke */
	SECMON_TRACE_EV_POWERDOWN = 4,	/* arg[0] power_state, arg[1] deepest level
					   powered down (0 core, 1 cluster, 2 system);
					   t_exit when it resumed */
	SECMON_TRACE_EV_SYSTEM_SUSPEND = 5, /* t_exit when it resumed */
	SECMON_TRACE_EV_WARM_BOOT = 6,	/* this CPU entered the normal world at arg[0] */
	SECMON_TRACE_EV_SYSTEM_RESET = 7,	/* arg[0] how it was asked (below); SYSTEM_RESET2:
						   arg[1] its reset type, arg[2] its cookie */
	SECMON_TRACE_EV_SYSTEM_OFF = 8,	/* arg[0] how it was asked; SYSTEM_OFF2: arg[1] its type */
};

/* SYSTEM_RESET's and SYSTEM_OFF's arg[0]: how the normal world asked for it. */
enum secmon_trace_asked {
	SECMON_TRACE_ASKED_CALL = 0,	/* SYSTEM_RESET (cold) or SYSTEM_OFF, or a board's
					   described call for it */
	SECMON_TRACE_ASKED_CALL2 = 1,	/* SYSTEM_RESET2 (a warm reset: type 0) or SYSTEM_OFF2 */
	SECMON_TRACE_ASKED_PLATFORM = 2,	/* the platform's own way, not an SMC (the QEMU ports'
					   power-off mailbox for PSCI 0.1 boards) */
};

/* flags of an SMC record */
#define SECMON_TRACE_F_AARCH32	0x01u	/* the caller ran in AArch32 */
#define SECMON_TRACE_F_EL_SHIFT	1	/* bits 2:1 the caller's EL (1 or 2) */
#define SECMON_TRACE_F_EL_MASK	0x06u
#define SECMON_TRACE_F_HVC	0x08u	/* reached by HVC (simulator, legacy ABIs) */
#define SECMON_TRACE_F_SMC64	0x10u	/* served as an SMC64 call */

#define SECMON_TRACE_ARGS	7	/* x1..x7 */
#define SECMON_TRACE_RESULTS	4	/* x0..x3 */

struct secmon_trace_record {
	uint64_t t_entry;	/* generic counter at entry (CNTPCT) */
	uint64_t t_exit;	/* generic counter at exit; = t_entry when unknown */
	uint32_t seq;		/* per CPU, +1 per record written; gaps = lost */
	uint16_t cpu;		/* CPU index (the monitor's, 0-based) */
	uint8_t type;		/* enum secmon_trace_type */
	uint8_t flags;		/* SECMON_TRACE_F_* */
	uint32_t fid;		/* SMC: function ID as the caller gave it; POWER: event */
	uint8_t nargs;		/* arguments recorded in arg[] (0..7) */
	uint8_t nres;		/* results recorded in res[] (0..4) */
	uint16_t reserved;	/* 0 */
	uint64_t arg[SECMON_TRACE_ARGS];
	uint64_t res[SECMON_TRACE_RESULTS];
	uint64_t reserved2;	/* 0 */
};				/* 128 bytes */

struct secmon_trace_header {
	uint32_t magic;		/* SECMON_TRACE_MAGIC */
	uint16_t version;	/* SECMON_TRACE_VERSION */
	uint16_t record_size;	/* sizeof(struct secmon_trace_record) */
	uint64_t counter_hz;	/* timestamps' frequency */
	uint32_t cpu_count;
	uint32_t count;		/* records that follow */
	uint64_t lost;		/* records lost to overrun, all CPUs */
	uint64_t reserved;	/* 0 */
};				/* 40 bytes */

#ifndef __cplusplus
_Static_assert(sizeof(struct secmon_trace_record) == 128, "trace record layout");
_Static_assert(sizeof(struct secmon_trace_header) == 40, "trace header layout");
#endif

#endif
