// SPDX-License-Identifier: BSD-3-Clause
/*
 * nsk.test=isolation (AArch64 nsk): normal-world loads and stores to the
 * monitor's memory and to a trusted OS's (0x0e100000-0x0effffff, loaded or
 * not) must fault (a synchronous external abort, recorded by iso.S's
 * vectors), and the monitor must still answer; CPU_ON and
 * CPU_SUSPEND power-down with an entry in secure RAM are INVALID_ADDRESS.
 */
#include "conf.h"
#include "nsk.h"

static unsigned itap;

extern volatile uint64_t iso_faults, iso_esr, iso_far;
extern char iso_vectors[];
uint64_t iso_load(uint64_t addr);
void iso_store(uint64_t addr, uint64_t value);

int isolation_run(const struct secmon_conduit *c, bool el2)
{
	static const uint64_t addrs[] = { 0x0e000000, 0x0e010000, 0x0, 0x0e100000, 0x0eff0000 };
	const unsigned naddrs = sizeof(addrs) / sizeof(addrs[0]);
	uint32_t v;
	int fail = 0, err;

	con_printf("1..%u\n", 6 * naddrs + 2);
	if (el2)
		sysreg_write(vbar_el2, (uintptr_t)iso_vectors);
	else
		sysreg_write(vbar_el1, (uintptr_t)iso_vectors);
	isb();
	for (unsigned i = 0; i < naddrs; i++) {
		uint64_t a = addrs[i], f0, val;

		f0 = iso_faults;
		val = iso_load(a);
		fail += con_tap(&itap, iso_faults == f0 + 1 && iso_far == a && ((iso_esr >> 26) & 0x3f) == 0x25 &&
			    (iso_esr & 0x3f) == 0x10,
			    "isolation: load from 0x%lx is a synchronous external abort (ESR 0x%lx, "
			    "FAR 0x%lx, %lu faults)", a, iso_esr, iso_far, iso_faults - f0);
		fail += con_tap(&itap, iso_faults != f0 || val == 0,
			    "isolation: the load from 0x%lx returned no data (0x%lx)", a,
			    iso_faults != f0 ? 0 : val);
		f0 = iso_faults;
		iso_store(a, 0x5ca77e12dead1501ull);
		fail += con_tap(&itap, iso_faults == f0 + 1 && iso_far == a && ((iso_esr >> 26) & 0x3f) == 0x25 &&
			    (iso_esr & 0x3f) == 0x10,
			    "isolation: store to 0x%lx is a synchronous external abort (ESR 0x%lx, "
			    "FAR 0x%lx)", a, iso_esr, iso_far);
		err = secmon_psci_version(c, &v);
		fail += con_tap(&itap, err == 0 && v == 0x10003,
			    "isolation: after the store to 0x%lx PSCI_VERSION still answers 0x%x", a, v);
		f0 = iso_faults;
		val = iso_load(a);
		fail += con_tap(&itap, iso_faults == f0 + 1, "isolation: a second load from 0x%lx faults too", a);
		fail += con_tap(&itap, iso_faults != f0 || val != 0x5ca77e12dead1501ull,
			    "isolation: the store to 0x%lx is not read back", a);
	}
	if (el2)
		sysreg_write(vbar_el2, (uintptr_t)nsk_vectors);
	else
		sysreg_write(vbar_el1, (uintptr_t)nsk_vectors);
	isb();
	if (nsk_ncpus > 1) {
		err = secmon_psci_cpu_on(c, nsk_mpidr[1], 0x0e000000, 0);
		fail += con_tap(&itap, err == SECMON_PSCI_INVALID_ADDRESS,
			    "isolation: CPU_ON with its entry in secure RAM is INVALID_ADDRESS (%d)",
			    err);
	} else {
		con_printf("# isolation: CPU_ON not tried: one CPU\n");
	}
	err = secmon_psci_cpu_suspend(c, 0x00010002, 0x0e000000, 0);
	fail += con_tap(&itap, err == SECMON_PSCI_INVALID_ADDRESS,
		    "isolation: CPU_SUSPEND power-down with its entry in secure RAM is "
		    "INVALID_ADDRESS (%d)", err);
	con_printf("# isolation: %d failed, %lu faults taken\n", fail, iso_faults);
	return fail;
}
