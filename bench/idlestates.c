// SPDX-License-Identifier: BSD-3-Clause
/*
 * idlestates: a normal-world kernel that prints the idle states the
 * firmware describes to the OS in the DT it hands over (/cpus/idle-states
 * and, in OS-initiated mode, /cpus/domain-idle-states), one line each,
 *
 *   BK idle-state name=NODE param=0xPOWER_STATE entry=US exit=US residency=US
 *
 * and powers off (PSCI SYSTEM_OFF by SMC). bench.py holds these latencies
 * against the round trips the bench kernel measures (docs/porting.md's
 * rule). It boots like the bench kernel (the nsk's head.S, console and DT
 * walker) but is a separate image, so that the bench kernel's own image,
 * and with it every figure it measures, stays as it is.
 */
#include <secmon/psci.h>
#include "dt.h"
#include "nsk.h"

#define HCR_EL2_RW		(1ull << 31)
#define SCTLR_EL2_RES1		0x30c50830ull
#define SCTLR_EL1_RES1		0x30d00800ull

uint64_t nsk_mpidr[NSK_MAX_CPUS];
uint32_t nsk_ncpus;
uint8_t nsk_stacks[(NSK_MAX_CPUS + 1) * NSK_STACK_SIZE] __attribute__((aligned(16)));

static struct dtb dt;

void nsk_cpu_early_init(void)
{
	if (current_el() == 2) {
		sysreg_write(hcr_el2, HCR_EL2_RW);
		sysreg_write(sctlr_el2, SCTLR_EL2_RES1);
		sysreg_write(vbar_el2, (uintptr_t)nsk_vectors);
	} else {
		sysreg_write(sctlr_el1, SCTLR_EL1_RES1);
		sysreg_write(vbar_el1, (uintptr_t)nsk_vectors);
	}
	isb();
}

void nsk_secondary_main(uint64_t context_id, uint64_t slot)
{
	(void)context_id;
	(void)slot;
	nsk_halt();
}

void nsk_exception(uint64_t kind)
{
	con_printf("BK error exception kind=%lu el=%u\n", kind, current_el());
	nsk_halt();
}

static uint64_t find_console(void)
{
	uint64_t base, size;
	int node;

	for (node = dt_find_compatible(&dt, -1, "arm,pl011"); node >= 0;
	     node = dt_find_compatible(&dt, node, "arm,pl011"))
		if (dt_available(&dt, node) && dt_reg(&dt, node, 0, &base, &size))
			return base;
	return 0x09000000;
}

static void print_states(const char *parent_path)
{
	static const char *const props[] = { "arm,psci-suspend-param", "entry-latency-us",
					     "exit-latency-us", "min-residency-us" };
	int parent = dt_path(&dt, parent_path);

	for (int s = dt_first_child(&dt, parent); s >= 0; s = dt_next_sibling(&dt, s)) {
		uint32_t v[4] = { 0 };
		bool whole = true;

		for (unsigned k = 0; k < 4; k++) {
			int len;
			const uint32_t *p = dt_prop(&dt, s, props[k], &len);

			if (p && len == 4)
				v[k] = dt_cell(p, 0);
			else
				whole = false;
		}
		if (whole)
			con_printf("BK idle-state name=%s param=0x%x entry=%u exit=%u residency=%u\n",
				   dt_name(&dt, s), v[0], v[1], v[2], v[3]);
		else
			con_printf("BK error idle state %s lacks a one-cell %s, %s, %s or %s\n",
				   dt_name(&dt, s), props[0], props[1], props[2], props[3]);
	}
}

static void system_off(void)
{
	register uint64_t x0 __asm__("x0") = SECMON_PSCI_FN32(SECMON_PSCI_FN_SYSTEM_OFF);

	__asm__ volatile("smc #0" : "+r"(x0) : : "x1", "x2", "x3", "memory");
}

void nsk_main(uint64_t dtb, uint64_t base)
{
	(void)base;
	if (dt_open(&dt, dtb) != 0)
		nsk_halt();
	con_init(find_console());
	print_states("/cpus/idle-states");
	print_states("/cpus/domain-idle-states");
	con_printf("BK done\n");
	system_off();
	con_printf("BK error SYSTEM_OFF returned\n");
	nsk_halt();
}
