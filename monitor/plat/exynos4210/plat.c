/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * plat.h for the Exynos4210: its two CPUs, the normal world's memory, the
 * monitor lock, time from the A9 MPCore's global timer, the power-state
 * table, and no entropy source. (The architecture layer answers the calls
 * about the CPU and its modes.)
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <secmon/fwops.h>
#include <secmon/trace.h>
#include "exynos4210.h"
#include "../../arch/arch.h"
#include "../../fwlib/fwlib.h"
#include "../../monitor.h"
#include "../../plat.h"

_Static_assert(PLAT_MAX_CPUS <= MON_MAX_CPUS, "the core's per-CPU state holds every CPU");
_Static_assert(PLAT_MAX_CPUS <= SECMON_FWOPS_MAX_CPUS, "the library's default drives every CPU");

/* The A9 global timer: a 64-bit count, 100 MHz on QEMU (10 ns a tick, prescaler 0). */
#define GT_COUNT_LO	0x00
#define GT_COUNT_HI	0x04
#define GT_CONTROL	0x08
#define GT_HZ		100000000u

static struct fw_range ns_mem[EX_MAX_NS_RANGES];
static unsigned ns_mem_count;

/*
 * The trace rings (plat_trace_records()), one per CPU: 256 KiB each, in
 * the DRAM carve-out's .noinit (the cold boot does not zero them; the
 * monitor writes a record before it reads it).
 */
static struct secmon_trace_record trace_records[PLAT_MAX_CPUS * MON_TRACE_RECORDS] FW_NOINIT;

MON_COLD_BOOT struct secmon_trace_record *plat_trace_records(unsigned *rings, unsigned *len)
{
	*rings = PLAT_MAX_CPUS;
	*len = MON_TRACE_RECORDS;
	return trace_records;
}

MON_COLD_BOOT void ex_add_ns_range(uint64_t base, uint64_t size)
{
	if (ns_mem_count < EX_MAX_NS_RANGES && size)
		ns_mem[ns_mem_count++] = (struct fw_range){ base, size };
}

MON_COLD_BOOT void ex_counter_start(void)
{
	mmio_write32(EX_A9_GTIMER_BASE + GT_CONTROL, 1);
}

unsigned plat_cpu_count(void)
{
	return PLAT_MAX_CPUS;
}

unsigned plat_cluster_count(void)
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
	return cpu < PLAT_MAX_CPUS ? PLAT_CPU_CLUSTER | cpu : ~0ull;
}

int plat_cpu_index(uint64_t mpidr)
{
	return arch_cpu_index(mpidr);
}

/* Wholly inside one normal-world range; no wrap-around. */
bool plat_ns_range_ok(uint64_t base, uint64_t size)
{
	return fw_range_inside(ns_mem, ns_mem_count, base, size);
}

/* The MMU is off in Monitor mode: the physical address is the pointer. */
void *plat_ns_map(uint64_t pa, uint64_t size)
{
	if (!size || (uintptr_t)pa != pa || (uintptr_t)(pa + size - 1) != pa + size - 1)
		return NULL;
	return (void *)(uintptr_t)pa;
}

/* The high word read before and after the low one, so that a carry is not torn. */
uint64_t plat_counter(void)
{
	uint32_t hi, lo;

	do {
		hi = mmio_read32(EX_A9_GTIMER_BASE + GT_COUNT_HI);
		lo = mmio_read32(EX_A9_GTIMER_BASE + GT_COUNT_LO);
	} while (hi != mmio_read32(EX_A9_GTIMER_BASE + GT_COUNT_HI));
	return (uint64_t)hi << 32 | lo;
}

uint64_t plat_counter_hz(void)
{
	return GT_HZ;
}

uint64_t plat_time_us(void)
{
	return plat_counter() / (GT_HZ / 1000000u);
}

/* No entropy source the monitor may trust: no TRNG service. */
int plat_entropy(uint64_t *out, unsigned n)
{
	(void)out;
	(void)n;
	return PLAT_ENTROPY_NONE;
}

/*
 * The PSCI states (PSCI is served but not offered to the OS on this board,
 * which uses Samsung's calls): QEMU powers nothing down, so every state is a
 * wait for an interrupt; the figures are the QEMU virt ports' (not measured
 * here).
 */
static const struct plat_power_state states[] = {
	{ "cpu-retention", 0x00000000u, false, PLAT_LEVEL_CORE, 1, 1, 2, false },
	{ "cpu-power-down", 0x00010000u, true, PLAT_LEVEL_CORE, 2, 2, 4, false },
	{ "system-power-down", 0x02010000u, true, PLAT_LEVEL_SYSTEM, 4, 4, 8, false },
};

const struct plat_power_state *plat_power_states(unsigned *n)
{
	*n = sizeof(states) / sizeof(states[0]);
	return states;
}
