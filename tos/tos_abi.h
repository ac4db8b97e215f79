/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The project's own secure payload ("tos"): the function IDs and answers a
 * normal-world caller sees, and the monitor ABI it speaks with the secure
 * monitor (OP-TEE's, as TF-A's opteed dispatcher and secmon's speak it).
 * Shared by the payload (tos/), its tests and the normal-world test code;
 * plain constants, usable from assembly. docs/trusted-os.md describes each.
 */
#ifndef TOS_ABI_H
#define TOS_ABI_H

/* ---- monitor ABI: what the payload returns to the monitor (SMC32 fast, OEN 62) */
#define TOS_RETURN_ENTRY_DONE		0xBE000000	/* x1 = vector table */
#define TOS_RETURN_ON_DONE		0xBE000001	/* x1 = 0: success */
#define TOS_RETURN_OFF_DONE		0xBE000002
#define TOS_RETURN_SUSPEND_DONE		0xBE000003
#define TOS_RETURN_RESUME_DONE		0xBE000004
#define TOS_RETURN_CALL_DONE		0xBE000005	/* x1-x4 = the caller's x0-x3 */
#define TOS_RETURN_FIQ_DONE		0xBE000006
#define TOS_RETURN_SYSTEM_OFF_DONE	0xBE000007
#define TOS_RETURN_SYSTEM_RESET_DONE	0xBE000008

/* The vector table's entries, 4 bytes each, in OP-TEE's order. */
#define TOS_VEC_YIELD		0
#define TOS_VEC_FAST		1
#define TOS_VEC_CPU_ON		2
#define TOS_VEC_CPU_OFF		3
#define TOS_VEC_CPU_RESUME	4
#define TOS_VEC_CPU_SUSPEND	5
#define TOS_VEC_FIQ		6
#define TOS_VEC_SYSTEM_OFF	7
#define TOS_VEC_SYSTEM_RESET	8
#define TOS_VEC_COUNT		9

/* ---- normal-world calls: Trusted OS calls in OEN 50, identification in OEN 63 */
#define TOS_CALLS_COUNT		0xBF00FF00	/* x0 = TOS_CALL_NUMBER */
#define TOS_CALL_NUMBER		20		/* the IDs in this file a caller may send */
#define TOS_CALLS_UID		0xBF00FF01	/* x0-x3 = the UID below */
#define TOS_CALLS_REVISION	0xBF00FF03	/* x0 = major, x1 = minor */
#define TOS_GET_OS_UUID		0xB2000000	/* x0-x3 = the same UID */
#define TOS_GET_OS_REVISION	0xB2000001	/* x0 = major, x1 = minor, x2 = 0 */

/*
 * The payload's UID (not OP-TEE's 384fb3e0-e7f8-11e3-af63-0002a5d5c51b,
 * so Linux's optee driver does not bind to it): 5ec30a7e-0005-4e50-
 * 8000-736563746f73 ("sectos"), in SMCCC's four 32-bit words.
 */
#define TOS_UID_0		0x5ec30a7e
#define TOS_UID_1		0x4e500005
#define TOS_UID_2		0x63650080
#define TOS_UID_3		0x736f7463
#define TOS_REVISION_MAJOR	1
#define TOS_REVISION_MINOR	0

/* The secure-media service (boards/secure-media.dtsi's operations, OEN 50). */
#define TOS_MEDIA_SET_FORMAT	0xB2000010	/* x1 format (0-3) -> x0 status */
#define TOS_MEDIA_PROTECT	0xF2000011	/* SMC64: x1 addr, x2 size -> x0 status, x1 handle */
#define TOS_MEDIA_UNPROTECT	0xB2000012	/* x1 handle -> x0 status */
#define TOS_MEDIA_STATUS	0xB2000013	/* -> x0 0, x1 format, x2 protected buffers */

/* Counters of the PSCI hooks: x1 = hook (TOS_HOOK_*), x2 = CPU index or
 * TOS_ALL_CPUS -> x0 status, x1 count. */
#define TOS_PM_COUNT		0xB2000020
#define TOS_HOOK_CPU_ON		0
#define TOS_HOOK_CPU_OFF	1
#define TOS_HOOK_SUSPEND	2
#define TOS_HOOK_RESUME		3
#define TOS_HOOK_SYSTEM_OFF	4
#define TOS_HOOK_SYSTEM_RESET	5
#define TOS_HOOK_COUNT		6
#define TOS_ALL_CPUS		0xFFFFFFFF

/* The secure physical timer on the calling CPU: x1 period in counter ticks
 * (>= TOS_TIMER_MIN_PERIOD), x2 interrupts wanted (>= 1) -> x0 status. */
#define TOS_TIMER_START		0xB2000030
#define TOS_TIMER_MIN_PERIOD	64
/* x1 = CPU index -> x0 status, x1 interrupts taken, x2 still to come,
 * x3 other secure interrupts acknowledged (spurious ones included). */
#define TOS_TIMER_STATUS	0xB2000031
#define TOS_TIMER_STOP		0xB2000032	/* the calling CPU's timer off */

/* x1 = kind: the payload misbehaves on purpose (never answers normally). */
#define TOS_FAULT		0xB2000040
#define TOS_FAULT_DATA_ABORT	0	/* a load from an unmapped address */
#define TOS_FAULT_UNDEFINED	1	/* an undefined instruction */
#define TOS_FAULT_HANG		2	/* spins with interrupts masked */
#define TOS_FAULT_UNKNOWN_ID	3	/* returns 0xBE0000FF to the monitor */
#define TOS_FAULT_WRONG_RETURN	4	/* answers a call with ON_DONE */
/* answers the normal world's PAuth key APIAKeyLo_EL1 in x1, which it must
 * not be able to read (the monitor traps it: the payload dies) */
#define TOS_FAULT_NS_KEY	5
/* a secure SGI (TOS_FAULT_SGI_INTID, the trusted OS's group) pending at its
 * CPU, then TOS_UNKNOWN_RETURN: once it is dead, that interrupt must not
 * bring the CPU back to the monitor for ever */
#define TOS_FAULT_SGI		6
/* its secure timer firing at its CPU (a group-0 interrupt on a GICv2, as
 * the monitor's own), then TOS_FAULT_HANG: the monitor must still find it
 * hung */
#define TOS_FAULT_TIMER_HANG	7
#define TOS_FAULT_COUNT		8
#define TOS_FAULT_SGI_INTID	9
#define TOS_UNKNOWN_RETURN	0xBE0000FF

/* x1-x7 as sent -> x1 = x1, x2 = x2, x3 = x3 + 2 x4 + 3 x5 + 4 x6 + 5 x7:
 * every argument register reached the payload. */
#define TOS_ARGS		0xB2000050
/* -> x0 0, x1 the MPIDR the payload runs on, x2 its CPU index. */
#define TOS_CPU_INFO		0xB2000051
/* -> x0 0, and the payload's FP/SIMD registers left holding its own values:
 * q<n> = TOS_FP_PATTERN + n in both halves, FPCR = TOS_FP_FPCR, FPSR =
 * TOS_FP_FPSR. None of them may reach the caller, whose own must survive. */
#define TOS_FP_DIRTY		0xB2000052
#define TOS_FP_PATTERN		0x5ec0f9a0f9a00000ull
#define TOS_FP_FPCR		0x01c00000	/* FZ, round towards zero */
#define TOS_FP_FPSR		0x0800001f	/* QC and the cumulative flags */

/*
 * -> x0 0, x1 the monitor's answer to SMCCC_VERSION, x2 how many of its six
 * passing EL1 registers (ESR, FAR, ELR, SPSR, PAR and CSSELR_EL1) still hold
 * the values it wrote to them before that call to the monitor, made in the
 * middle of this one (6: all). None of those values may reach the caller.
 */
#define TOS_PASSING		0xB2000053
#define TOS_PASSING_REGS	6

/*
 * Yielding calls. TOS_LONG: x1 rounds of work (1..TOS_LONG_MAX_ROUNDS),
 * x2 seed -> x0 0, x1 tos_long_result(x1, x2), x2 times it was preempted.
 * A normal-world interrupt during it answers x0 = TOS_RPC_FOREIGN_INTR,
 * x1 = x2 = 0, x3 = thread; the caller resumes it with
 * TOS_RETURN_FROM_RPC and x3 = that thread.
 */
#define TOS_LONG		0x32000010
#define TOS_LONG_MAX_ROUNDS	0x10000000
#define TOS_RETURN_FROM_RPC	0x32000003	/* OP-TEE's OPTEE_SMC_CALL_RETURN_FROM_RPC */
#define TOS_RPC_FOREIGN_INTR	0xFFFF0004	/* OP-TEE's OPTEE_SMC_RETURN_RPC_FOREIGN_INTR */

/* Status words (x0), as SMCCC and PSCI number them. */
#define TOS_OK			0
#define TOS_UNKNOWN		-1	/* SMC_UNK: no such call */
#define TOS_INVALID		-2	/* INVALID_PARAMETERS */
#define TOS_DENIED		-3
#define TOS_BUSY		-4	/* no free thread, or that CPU's timer runs */
#define TOS_INVALID_ADDRESS	-9
#define TOS_ERESUME		-10	/* resume of a thread that is not suspended */

#define TOS_MAX_CPUS		8
#define TOS_THREADS		8

#endif
