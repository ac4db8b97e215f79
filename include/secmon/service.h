/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Services for drivers: a DT node compatible with "secmon,call-table"
 * whose own compatible names the service (e.g. "secmon,secure-media"). A
 * driver binds to it by compatible or node, then calls its operations by
 * name with named arguments.
 */
#ifndef SECMON_SERVICE_H
#define SECMON_SERVICE_H

#include <secmon/calltab.h>
#include <secmon/fwops.h>

struct secmon_service {
	struct secmon_calltab t;
	const struct secmon_conduit *c;
	int node;
};

/* Binds to the first node compatible with `compatible`. */
int secmon_service_bind(struct secmon_service *s, const void *fdt, const char *compatible,
			const struct secmon_conduits *cs, struct secmon_ct_error *err);
int secmon_service_bind_node(struct secmon_service *s, const void *fdt, int node,
			     const struct secmon_conduits *cs, struct secmon_ct_error *err);

/* False too when the conduit cannot make the operation (SMC64 from AArch32). */
bool secmon_service_has(const struct secmon_service *s, const char *op);

/* SECMON_E_NOT_FOUND when the service has no such operation. */
int secmon_service_call(const struct secmon_service *s, const char *op,
			const struct secmon_ct_val *in, unsigned nin, struct secmon_ct_val *out,
			unsigned nout);

#endif
