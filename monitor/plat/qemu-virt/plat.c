/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plat.h for QEMU virt, both ports: topology and normal-world memory as the
 * DTB gives them, the monitor lock, time; and the errata the monitor serves.
 * (The architecture layer answers the calls about the CPU and its modes:
 * plat_caller_el(), plat_ns_entry_aarch32(), the workarounds, recording's
 * switch, SMCCC_ARCH_FEATURE_AVAILABILITY.)
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <secmon/fwops.h>
#include <secmon/psci.h>
#include <secmon/trace.h>
#include "../../arch/arch.h"
#include "platform.h"
#include "qemu-virt.h"
#include "../../fwlib/fwlib.h"
#include "../../monitor.h"
#include "../../plat.h"

/* The CPU limits (monitor.h): the core's bounds this port's, the library's covers it. */
_Static_assert(PLAT_MAX_CPUS <= MON_MAX_CPUS, "the core's per-CPU state holds every CPU");
_Static_assert(PLAT_MAX_CPUS <= SECMON_FWOPS_MAX_CPUS, "the library's default drives every CPU");

static uint64_t cpu_mpidr[PLAT_MAX_CPUS];
static unsigned cpu_count;
static struct fw_range ns_mem[QV_MAX_MEM_RANGES];
static unsigned ns_mem_count;

/*
 * The trace rings (plat_trace_records()), one per CPU this port drives: 256
 * KiB each. Last in secure RAM (FW_TRACE_RINGS: the link script's), not
 * zeroed by the cold boot (zeroing 4 MiB cost it 2 million instructions).
 * With a trusted OS offered (fw_cfg opt/secmon/tos, tos.c) they end below
 * its memory: one a CPU the machine has, each as long as fits (a power of
 * two).
 */
static struct secmon_trace_record trace_records[PLAT_MAX_CPUS * MON_TRACE_RECORDS] FW_TRACE_RINGS;

MON_COLD_BOOT struct secmon_trace_record *plat_trace_records(unsigned *rings, unsigned *len)
{
	uint64_t end = qv_tos_offered() ? QV_TOS_BASE : QV_SECRAM_BASE + QV_SECRAM_SIZE;
	uint64_t room = end - (uintptr_t)trace_records;

	*rings = PLAT_MAX_CPUS;
	*len = MON_TRACE_RECORDS;
	if (qv_tos_offered() && cpu_count)
		*rings = cpu_count;
	while (*len > 1 && (uint64_t)*rings * *len * sizeof(struct secmon_trace_record) > room)
		*len /= 2;
	return trace_records;
}

MON_COLD_BOOT void qv_set_cpus(const uint64_t *mpidr, unsigned n)
{
	for (unsigned i = 0; i < n && i < PLAT_MAX_CPUS; i++)
		cpu_mpidr[i] = mpidr[i] & MON_MPIDR_AFF_MASK;
	cpu_count = n < PLAT_MAX_CPUS ? n : PLAT_MAX_CPUS;
}

MON_COLD_BOOT void qv_set_ns_memory(const struct fw_range *r, unsigned n)
{
	for (unsigned i = 0; i < n && i < QV_MAX_MEM_RANGES; i++)
		ns_mem[i] = r[i];
	ns_mem_count = n < QV_MAX_MEM_RANGES ? n : QV_MAX_MEM_RANGES;
}

unsigned qv_ns_memory(const struct fw_range **r)
{
	*r = ns_mem;
	return ns_mem_count;
}

unsigned plat_cpu_count(void)
{
	return cpu_count;
}

MON_COLD_BOOT unsigned plat_cluster_count(void)
{
	return 1;
}

unsigned plat_cpu_cluster(unsigned cpu)
{
	(void)cpu;
	return 0;
}

uint64_t plat_cpu_mpidr(unsigned cpu)
{
	return cpu < cpu_count ? cpu_mpidr[cpu] : ~0ull;
}

int plat_cpu_index(uint64_t mpidr)
{
	mpidr &= MON_MPIDR_AFF_MASK;
	for (unsigned i = 0; i < cpu_count; i++) {
		if (cpu_mpidr[i] == mpidr)
			return (int)i;
	}
	return -1;
}

/* Wholly inside one normal-world memory node; no wrap-around. */
bool plat_ns_range_ok(uint64_t base, uint64_t size)
{
	return fw_range_inside(ns_mem, ns_mem_count, base, size);
}

uint64_t plat_time_us(void)
{
	uint64_t freq = arch_counter_hz();
	uint64_t cnt = arch_counter();

	if (!freq)
		return 0;
	return (cnt / freq) * 1000000 + (cnt % freq) * 1000000 / freq;
}

uint64_t plat_counter(void)
{
	return arch_counter();
}

uint64_t plat_counter_hz(void)
{
	return arch_counter_hz();
}

/* The MMU is off at EL3 (Monitor mode): the physical address is the pointer. */
void *plat_ns_map(uint64_t pa, uint64_t size)
{
	if ((uintptr_t)pa != pa || (uintptr_t)(pa + size - 1) != pa + size - 1)
		return NULL;
	return (void *)(uintptr_t)pa;
}

/*
 * secmon's two test errata (SECMON_SIP_ERRATA_*), with the simulator's IDs
 * (monitor/plat/host/sim.h) so that a driver expects the same everywhere:
 * every CPU needs the first, none needs the second, and neither has
 * anything to change on QEMU's CPUs. Resident: the monitor calls .needed
 * at run time (scripts/boot-split.py).
 */
#define ERRATUM_NEEDED		0x5ec00001u
#define ERRATUM_NOT_NEEDED	0x5ec00002u

static bool never_needed(unsigned cpu)
{
	(void)cpu;
	return false;
}

const struct mon_erratum qv_errata[QV_NERRATA] = {
	{ .id = ERRATUM_NEEDED },
	{ .id = ERRATUM_NOT_NEEDED, .needed = never_needed },
};
