// SPDX-License-Identifier: BSD-3-Clause
/*
 * The trusted OS's first entry (mon_tos_boot(), monitor.h), cold boot only:
 * OP-TEE's arguments in x0-x3, ENTRY_DONE with its vector table, which
 * must lie inside the trusted OS's memory; then the dispatcher (tosd.c)
 * takes its entities. The entry is watched as every other (tosd.c's
 * WATCH_* rule), by a timer of the platform's: no other CPU runs yet.
 */
#include "../core/log.h"
#include "../plat.h"
#include "tosd.h"

bool mon_tos_hosted(void)
{
	return true;
}

/*
 * The first entry: the platform's timer ends it each 500 ms without an
 * answer (PLAT_TOS_INTERRUPT) and it goes back in, watched again, until
 * WATCH_STRIKES in a row; then the CPU is the monitor's again.
 */
static unsigned first_entry(unsigned cpu, uint64_t entry, uint64_t x[8])
{
	uint64_t limit = plat_counter_hz() / WATCH_DIVISOR;
	unsigned flags = PLAT_TOS_FRESH, how, strikes = 0;

	for (;;) {
		plat_tos_boot_timer(limit);
		how = tosd_run(cpu, entry, flags | PLAT_TOS_WATCH, x);
		if (how != PLAT_TOS_INTERRUPT || ++strikes == WATCH_STRIKES)
			break;
		flags = PLAT_TOS_RESUME;
	}
	plat_tos_boot_timer(0);
	return how;
}

bool mon_tos_boot(unsigned cpu, uint64_t entry, uint64_t base, uint64_t end,
		  const uint64_t args[4])
{
	uint64_t x[8] = { args[0], args[1], args[2], args[3], 0, 0, 0, 0 };
	unsigned how;

	if (cpu >= MON_MAX_CPUS || !plat_tos_prepare())
		return false;
	how = first_entry(cpu, entry, x);
	if (how == PLAT_TOS_INTERRUPT) {
		mon_log("trusted OS: its first entry gave no answer in %u x 500 ms: booting "
			"without it\n", WATCH_STRIKES);
		return false;
	}
	if (how != PLAT_TOS_SMC || (uint32_t)x[0] != TOSD_ENTRY_DONE) {
		mon_log("trusted OS: its first entry ended with %s %lx (want ENTRY_DONE): "
			"booting without it\n", how == PLAT_TOS_SMC ? "SMC" : "an exception, ESR",
			(unsigned long)x[0]);
		return false;
	}
	if (x[1] < base || x[1] >= end || end - x[1] < 4 * TOSD_VECTORS || (x[1] & 3)) {
		mon_log("trusted OS: ENTRY_DONE with vector table %lx, not inside it "
			"(%lx-%lx): booting without it\n", (unsigned long)x[1], (unsigned long)base,
			(unsigned long)end);
		return false;
	}
	tosd_start(x[1], cpu);
	return true;
}

void tosd_init(void)
{
	__atomic_store_n(&tosd_alive, false, __ATOMIC_RELEASE);
}
