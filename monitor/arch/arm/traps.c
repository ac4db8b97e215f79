/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What reaches Monitor mode from the normal world (an SMC, a stray FIQ) and
 * faults in the monitor itself.
 */
#include <stdbool.h>
#include <stdint.h>
#include <secmon/smccc.h>
#include "a32.h"
#include "frame.h"
#include "../../fwlib/fwlib.h"
#include "../../monitor.h"

/*
 * One SMC: the caller's r0-r12 as x0-x12 (upper words zero), x13-x17 zero,
 * the caller's CPSR as its mode; the answer goes back in r0-r12. An AArch32
 * caller has no more argument or result registers than these. A caller in
 * FIQ mode has its own r8-r12: the core reads and answers in those, and the
 * User bank's (the frame's r[8..12]) stay as they were.
 */
void a32_smc(struct arch_frame *f)
{
	struct secmon_regs regs;
	bool fiq = (f->spsr & MODE_MASK) == MODE_FIQ;
	uint32_t r[13];
	unsigned i;

	for (i = 0; i < 13; i++)
		r[i] = f->r[i];
	if (fiq)
		a32_fiq_bank_read(&r[8]);
	for (i = 0; i < 13; i++)
		regs.x[i] = r[i];
	for (; i < SECMON_NREGS; i++)
		regs.x[i] = 0;
	f->caller.mode = f->spsr;
	mon_smc(f->cpu, &regs, &f->caller);
	for (i = 0; i < 13; i++)
		r[i] = (uint32_t)regs.x[i];
	if (fiq)
		a32_fiq_bank_write(&r[8]);
	for (i = 0; i < (fiq ? 8u : 13u); i++)
		f->r[i] = r[i];
}

/* The power-off watch's timer, or a stray wake-up SGI (one sent to a core already on). */
void a32_fiq(struct arch_frame *f)
{
	(void)f;
	board_fiq();
}

static const char *const fault_name[] = {
	"?", "undefined instruction", "SVC", "prefetch abort", "data abort", "exception 0x14",
	"IRQ", "FIQ", "unexpected Monitor-mode exception",
};

/* A fault in the monitor: report it everywhere and stop this CPU. */
_Noreturn void a32_secure_fault(uint32_t kind, uint32_t lr, uint32_t spsr)
{
	fw_fatal("monitor fault: %s, LR %x SPSR %x DFSR %x DFAR %x IFSR %x IFAR %x MPIDR %x\n",
		 fault_name[kind < 9 ? kind : 0], (unsigned)lr, (unsigned)spsr,
		 (unsigned)read_cp15(CP15_DFSR), (unsigned)read_cp15(CP15_DFAR),
		 (unsigned)read_cp15(CP15_IFSR), (unsigned)read_cp15(CP15_IFAR),
		 (unsigned)read_cp15(CP15_MPIDR));
	for (;;)
		wfi();
}

/* libc.c's stack-protector failure lands here. */
_Noreturn void arch_monitor_fault(void)
{
	fw_fatal("monitor stopped on CPU MPIDR %x\n", (unsigned)read_cp15(CP15_MPIDR));
	for (;;)
		wfi();
}

/*
 * The run-time ABI's division-by-zero hooks, which libgcc's 64-bit division
 * calls: its own versions raise a signal. The monitor never divides by a
 * value it has not checked; should it, the quotient is 0.
 */
int __aeabi_idiv0(int r);
long long __aeabi_ldiv0(long long r);

int __aeabi_idiv0(int r)
{
	(void)r;
	return 0;
}

long long __aeabi_ldiv0(long long r)
{
	(void)r;
	return 0;
}
