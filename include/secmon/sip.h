/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * secmon's own SiP calls (owning entity 2): the one statement of the map.
 * Each service of the monitor owns a range of function numbers; the IDs
 * below are the fast SMC32 forms, the SMC64 form (where the service has
 * one) is the ID | SECMON_FID_SMC64. The monitor's service table
 * (monitor/core/services.c), the CLI's decoder (tools/fid.c) and the tests
 * derive from here; secmon_sip_calls[] lists every ID with its name.
 * Freestanding; assembly may include it for the constants.
 */
#ifndef SECMON_SIP_H
#define SECMON_SIP_H

#include <secmon/smccc.h>

/*
 * The errata service (<secmon/early.h>): x1 = erratum number. SMC32 only.
 */
#define SECMON_SIP_ERRATA_FIRST		0x0020
#define SECMON_SIP_ERRATA_LAST		0x0021
#define SECMON_SIP_ERRATA_APPLY		SECMON_U(0x82000020)
#define SECMON_SIP_ERRATA_STATUS	SECMON_U(0x82000021)

/*
 * Recording's readout (<secmon/trace.h> says what each call does). SMC32
 * and SMC64.
 */
#define SECMON_SIP_TRACE_FIRST		0x0030
#define SECMON_SIP_TRACE_LAST		0x0032
#define SECMON_SIP_TRACE_INFO		SECMON_U(0x82000030)
#define SECMON_SIP_TRACE_READ		SECMON_U(0x82000031)
#define SECMON_SIP_TRACE_CTL		SECMON_U(0x82000032)

/*
 * The SCMI server's SMC transport (<secmon/scmi.h>, docs/scmi.md): a
 * message is waiting in the channel. SMC32 only, offered when the
 * platform has a channel.
 */
#define SECMON_SIP_SCMI_FIRST		0x0200
#define SECMON_SIP_SCMI_LAST		0x0200
#define SECMON_SIP_SCMI			SECMON_U(0x82000200)

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

/* One of secmon's SiP calls (lib/sip.c). */
struct secmon_sip_call {
	uint32_t fid;		/* the SMC32 form */
	const char *name;	/* e.g. "SECMON_TRACE_READ" */
	const char *service;	/* e.g. "secmon trace" */
	bool smc64;		/* an SMC64 form exists too */
};

extern const struct secmon_sip_call secmon_sip_calls[];
extern const unsigned secmon_sip_call_count;
#endif

#endif
