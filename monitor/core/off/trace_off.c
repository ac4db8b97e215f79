// SPDX-License-Identifier: BSD-3-Clause
/*
 * A firmware built without recording (TRACE=0, mk/qemu-virt-rules.mk): the
 * trace calls are not offered (SMC_UNK, which is TRACE_INFO's NOT_SUPPORTED)
 * and mon_tracing() is false at compile time, so no hook is left.
 */
#include "../service.h"

bool mon_trace_on;

void mon_trace_setup(bool on, bool fixed)
{
	(void)on;
	(void)fixed;
}

void mon_trace_call(unsigned cpu, const struct secmon_regs *r, const struct mon_caller *caller)
{
	(void)cpu;
	(void)r;
	(void)caller;
}

void mon_trace_return(unsigned cpu, const struct secmon_regs *r)
{
	(void)cpu;
	(void)r;
}

void mon_trace_power(const struct mon_trace_event *e)
{
	(void)e;
}

bool trace_has(uint32_t fid)
{
	(void)fid;
	return false;
}

bool trace_handle(struct mon_call *c)
{
	(void)c;
	return false;
}

unsigned mon_trace_drain(volatile uint64_t *dst, unsigned max, uint64_t *lost,
			 uint64_t *waiting)
{
	(void)dst;
	(void)max;
	*lost = 0;
	*waiting = 0;
	return 0;
}
