// SPDX-License-Identifier: BSD-3-Clause
/* secmon's SiP calls by name (<secmon/sip.h>), for decoders and tests. */
#include <secmon/sip.h>

const struct secmon_sip_call secmon_sip_calls[] = {
	{ SECMON_SIP_ERRATA_APPLY, "SECMON_ERRATA_APPLY", "secmon errata", false },
	{ SECMON_SIP_ERRATA_STATUS, "SECMON_ERRATA_STATUS", "secmon errata", false },
	{ SECMON_SIP_TRACE_INFO, "SECMON_TRACE_INFO", "secmon trace", true },
	{ SECMON_SIP_TRACE_READ, "SECMON_TRACE_READ", "secmon trace", true },
	{ SECMON_SIP_TRACE_CTL, "SECMON_TRACE_CTL", "secmon trace", true },
	{ SECMON_SIP_SCMI, "SECMON_SCMI", "secmon SCMI", false },
};
const unsigned secmon_sip_call_count = sizeof(secmon_sip_calls) / sizeof(secmon_sip_calls[0]);
