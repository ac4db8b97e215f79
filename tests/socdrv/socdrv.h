/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A test "SoC driver": what a platform's SMP, idle and cache code and a
 * secure-media driver do, written once against the common API. It must pass
 * unchanged on every example board, whatever its monitor speaks. Output is
 * TAP, like the conformance suite. Freestanding C.
 */
#ifndef SECMON_SOCDRV_H
#define SECMON_SOCDRV_H

#include <stdbool.h>
#include <stdint.h>
#include <secmon/fwops.h>

struct socdrv_env {
	const char *name;
	const void *fdt;		/* the normal world's DT */
	struct secmon_conduits cs;
	unsigned (*self)(void);		/* index of the calling CPU */
	uint64_t secondary_pc;		/* runs socdrv_secondary() */
	uint64_t buffer;		/* a page-aligned 4 KiB normal-world buffer */
	uint64_t bad_addr;		/* an address the normal world does not own */
	void (*puts)(const char *s);
	void (*relax)(void);
	/* Errata the platform serves (secmon's SiP errata service); 0: skip. */
	uint32_t erratum_needed, erratum_not_needed;
};

/* Runs every check on the boot CPU; returns the number of failures. */
int socdrv_run(const struct socdrv_env *env);

/* What a CPU booted by the driver runs. Returns when it has checked in. */
void socdrv_secondary(void);

#endif
