// SPDX-License-Identifier: BSD-3-Clause
/*
 * The secure payload's call handling on the host (tos/core.c, tos/dt.c,
 * compiled in): identification, the secure-media service, the PSCI hook
 * counters, the secure timer's bookkeeping, the yielding calls' threads
 * (start, preemption, resume, the thread limit), deliberate faults and the
 * DT's /memory. The architecture side (entry, GIC, timer registers) is
 * stubbed: the timer stubs record what the payload asked of the hardware.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../../tos/core.c"
#include "../../tos/dt.c"
#include "dtc.h"

#define RAM_BASE	0x40000000ull
#define RAM_SIZE	0x40000000ull
#define S32(v)		((uint64_t)(int64_t)(v))

static uint64_t armed, arm_calls, off_calls;

void tos_arch_lock(void) {}
void tos_arch_unlock(void) {}

void tos_arch_timer_arm(uint64_t period)
{
	armed = period;
	arm_calls++;
}

void tos_arch_timer_off(void)
{
	armed = 0;
	off_calls++;
}

static int setup(void **state)
{
	static const uint64_t ram[2][2] = { { RAM_BASE, RAM_SIZE }, { 0x100000000ull, 0x1000000 } };

	(void)state;
	tos_core_init(ram, 2);
	armed = arm_calls = off_calls = 0;
	return 0;
}

static struct tos_regs call(unsigned cpu, uint64_t x0, uint64_t x1, uint64_t x2, uint64_t x3)
{
	struct tos_regs r = { { x0, x1, x2, x3, 0, 0, 0, 0 } };

	assert_int_equal(tos_fast_call(cpu, &r), TOS_ACT_ANSWER);
	return r;
}

static void identification(void **state)
{
	static const uint64_t uid_ids[] = { TOS_CALLS_UID, TOS_GET_OS_UUID };
	struct tos_regs r;

	(void)state;
	for (unsigned i = 0; i < 2; i++) {
		r = call(0, uid_ids[i], 0, 0, 0);
		assert_int_equal(r.x[0], TOS_UID_0);
		assert_int_equal(r.x[1], TOS_UID_1);
		assert_int_equal(r.x[2], TOS_UID_2);
		assert_int_equal(r.x[3], TOS_UID_3);
	}
	/* Not OP-TEE's UID: Linux's optee driver must not take the payload for it. */
	assert_int_not_equal(r.x[0], 0x384fb3e0);
	r = call(3, TOS_CALLS_REVISION, 0, 0, 0);
	assert_int_equal(r.x[0], TOS_REVISION_MAJOR);
	assert_int_equal(r.x[1], TOS_REVISION_MINOR);
	r = call(3, TOS_GET_OS_REVISION, 0, 0, 0);
	assert_int_equal(r.x[0], TOS_REVISION_MAJOR);
	r = call(0, TOS_CALLS_COUNT, 0, 0, 0);
	assert_int_equal(r.x[0], TOS_CALL_NUMBER);
}

static void unknown_ids(void **state)
{
	static const uint64_t ids[] = { 0xB2000002, 0xB200FFFF, 0xF2000010, 0xB2000011,
					0xBF00FF02, 0xBE000005, 0x32000010, 0xFFFFFFFF };

	(void)state;
	for (unsigned i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		assert_int_equal(call(1, ids[i], 0, 0, 0).x[0], S32(TOS_UNKNOWN));
}

static void media(void **state)
{
	struct tos_regs r;
	uint64_t h[8];

	(void)state;
	assert_int_equal(call(0, TOS_MEDIA_SET_FORMAT, 4, 0, 0).x[0], S32(TOS_INVALID));
	/* SMC32: only w1 counts. */
	assert_int_equal(call(0, TOS_MEDIA_SET_FORMAT, 0xffffffff00000002ull, 0, 0).x[0], TOS_OK);
	r = call(2, TOS_MEDIA_STATUS, 0, 0, 0);
	assert_int_equal(r.x[0], TOS_OK);
	assert_int_equal(r.x[1], 2);
	assert_int_equal(r.x[2], 0);
	assert_int_equal(call(0, TOS_MEDIA_PROTECT, RAM_BASE, 0, 0).x[0], S32(TOS_INVALID));
	assert_int_equal(call(0, TOS_MEDIA_PROTECT, RAM_BASE + 1, 4096, 0).x[0], S32(TOS_INVALID));
	/* Secure memory, the end of RAM, wrapping, between the two ranges. */
	assert_int_equal(call(0, TOS_MEDIA_PROTECT, 0x0e100000, 4096, 0).x[0],
			 S32(TOS_INVALID_ADDRESS));
	assert_int_equal(call(0, TOS_MEDIA_PROTECT, RAM_BASE + RAM_SIZE - 4096, 8192, 0).x[0],
			 S32(TOS_INVALID_ADDRESS));
	assert_int_equal(call(0, TOS_MEDIA_PROTECT, 0xfffffffffffff000ull, 0x2000, 0).x[0],
			 S32(TOS_INVALID_ADDRESS));
	assert_int_equal(call(0, TOS_MEDIA_PROTECT, 0xfffff000, 0x2000, 0).x[0],
			 S32(TOS_INVALID_ADDRESS));
	r = call(0, TOS_MEDIA_PROTECT, 0x100000000ull, 0x1000000, 0);
	assert_int_equal(r.x[0], TOS_OK);
	assert_int_equal(call(0, TOS_MEDIA_UNPROTECT, r.x[1], 0, 0).x[0], TOS_OK);
	for (unsigned i = 0; i < 8; i++) {
		r = call(i % 4, TOS_MEDIA_PROTECT, RAM_BASE + i * 0x10000, 0x10000, 0);
		assert_int_equal(r.x[0], TOS_OK);
		h[i] = r.x[1];
		for (unsigned j = 0; j < i; j++)
			assert_int_not_equal(h[i], h[j]);
	}
	assert_int_equal(call(0, TOS_MEDIA_STATUS, 0, 0, 0).x[2], 8);
	/* No slot left; an overlap is refused as such. */
	assert_int_equal(call(0, TOS_MEDIA_PROTECT, RAM_BASE + 0x100000, 4096, 0).x[0],
			 S32(TOS_DENIED));
	assert_int_equal(call(0, TOS_MEDIA_UNPROTECT, h[3], 0, 0).x[0], TOS_OK);
	assert_int_equal(call(0, TOS_MEDIA_PROTECT, RAM_BASE + 0xf000, 0x2000, 0).x[0],
			 S32(TOS_DENIED));
	/* A released handle is dead: the slot's next handle differs. */
	assert_int_equal(call(0, TOS_MEDIA_UNPROTECT, h[3], 0, 0).x[0], S32(TOS_INVALID));
	r = call(0, TOS_MEDIA_PROTECT, RAM_BASE + 0x30000, 0x10000, 0);
	assert_int_equal(r.x[0], TOS_OK);
	assert_int_not_equal(r.x[1], h[3]);
	assert_int_equal(r.x[1] & 0xff, h[3] & 0xff);
	assert_int_equal(call(0, TOS_MEDIA_UNPROTECT, 0, 0, 0).x[0], S32(TOS_INVALID));
	assert_int_equal(call(0, TOS_MEDIA_UNPROTECT, 9, 0, 0).x[0], S32(TOS_INVALID));
	/* Re-initialising (a new boot) forgets everything. */
	setup(NULL);
	r = call(0, TOS_MEDIA_STATUS, 0, 0, 0);
	assert_int_equal(r.x[1], 0);
	assert_int_equal(r.x[2], 0);
}

static void pm_counters(void **state)
{
	(void)state;
	tos_cpu_boot(0, 0x80000000);
	for (unsigned i = 1; i < 4; i++)
		tos_hook(i, TOS_HOOK_CPU_ON, 0x80000000 | i);
	tos_hook(2, TOS_HOOK_CPU_OFF, 0x80000002);
	tos_hook(2, TOS_HOOK_CPU_ON, 0x80000002);
	tos_hook(1, TOS_HOOK_SUSPEND, 0x80000001);
	tos_hook(1, TOS_HOOK_RESUME, 0x80000001);
	tos_hook(0, TOS_HOOK_SYSTEM_RESET, 0x80000000);
	assert_int_equal(call(0, TOS_PM_COUNT, TOS_HOOK_CPU_ON, TOS_ALL_CPUS, 0).x[1], 4);
	assert_int_equal(call(0, TOS_PM_COUNT, TOS_HOOK_CPU_ON, 2, 0).x[1], 2);
	assert_int_equal(call(0, TOS_PM_COUNT, TOS_HOOK_CPU_ON, 0, 0).x[1], 0);
	assert_int_equal(call(0, TOS_PM_COUNT, TOS_HOOK_CPU_OFF, TOS_ALL_CPUS, 0).x[1], 1);
	assert_int_equal(call(0, TOS_PM_COUNT, TOS_HOOK_SUSPEND, 1, 0).x[1], 1);
	assert_int_equal(call(0, TOS_PM_COUNT, TOS_HOOK_RESUME, 1, 0).x[1], 1);
	assert_int_equal(call(0, TOS_PM_COUNT, TOS_HOOK_SYSTEM_OFF, TOS_ALL_CPUS, 0).x[1], 0);
	assert_int_equal(call(0, TOS_PM_COUNT, TOS_HOOK_SYSTEM_RESET, 0, 0).x[1], 1);
	assert_int_equal(call(0, TOS_PM_COUNT, TOS_HOOK_COUNT, 0, 0).x[0], S32(TOS_INVALID));
	assert_int_equal(call(0, TOS_PM_COUNT, 0, TOS_MAX_CPUS, 0).x[0], S32(TOS_INVALID));
	/* CPU_INFO answers what the last hook saw. */
	assert_int_equal(call(2, TOS_CPU_INFO, 0, 0, 0).x[1], 0x80000002);
	assert_int_equal(tos_cpu_index(0x80000003), 3);
	assert_int_equal(tos_cpu_index(0x80000100), -1);
	assert_int_equal(tos_cpu_index(0x100000000ull), -1);
	assert_int_equal(tos_cpu_index(8), -1);
}

static void timer(void **state)
{
	struct tos_regs r;

	(void)state;
	assert_int_equal(call(1, TOS_TIMER_START, TOS_TIMER_MIN_PERIOD - 1, 3, 0).x[0],
			 S32(TOS_INVALID));
	assert_int_equal(call(1, TOS_TIMER_START, 1000, 0, 0).x[0], S32(TOS_INVALID));
	assert_int_equal(arm_calls, 0);
	assert_int_equal(call(1, TOS_TIMER_START, 1000, 3, 0).x[0], TOS_OK);
	assert_int_equal(armed, 1000);
	assert_int_equal(call(1, TOS_TIMER_START, 1000, 3, 0).x[0], S32(TOS_BUSY));
	assert_int_equal(tos_timer_fired(1), 1000);
	assert_int_equal(tos_timer_fired(1), 1000);
	r = call(0, TOS_TIMER_STATUS, 1, 0, 0);
	assert_int_equal(r.x[1], 2);
	assert_int_equal(r.x[2], 1);
	assert_int_equal(tos_timer_fired(1), 0);	/* the last one: off */
	/* A late or stray one is not counted as the timer's. */
	assert_int_equal(tos_timer_fired(1), 0);
	tos_timer_other(1);
	r = call(0, TOS_TIMER_STATUS, 1, 0, 0);
	assert_int_equal(r.x[1], 3);
	assert_int_equal(r.x[2], 0);
	assert_int_equal(r.x[3], 2);
	assert_int_equal(call(0, TOS_TIMER_STATUS, 8, 0, 0).x[0], S32(TOS_INVALID));
	/* Restartable once done; CPU_OFF stops it, so does TIMER_STOP. */
	assert_int_equal(call(1, TOS_TIMER_START, 500, 10, 0).x[0], TOS_OK);
	tos_hook(1, TOS_HOOK_CPU_OFF, 1);
	assert_int_equal(armed, 0);
	assert_int_equal(call(1, TOS_TIMER_START, 500, 10, 0).x[0], TOS_OK);
	assert_int_equal(call(1, TOS_TIMER_STOP, 0, 0, 0).x[0], TOS_OK);
	assert_int_equal(armed, 0);
	assert_int_equal(call(1, TOS_TIMER_START, 500, 10, 0).x[0], TOS_OK);
	tos_hook(1, TOS_HOOK_RESUME, 1);	/* resume keeps it */
	assert_int_equal(armed, 500);
	/* Each CPU has its own. */
	assert_int_equal(call(2, TOS_TIMER_START, 700, 1, 0).x[0], TOS_OK);
	assert_int_equal(tos_timer_fired(2), 0);
	assert_int_equal(call(0, TOS_TIMER_STATUS, 2, 0, 0).x[1], 1);
	assert_int_equal(call(0, TOS_TIMER_STATUS, 1, 0, 0).x[1], 0);
}

static void faults_and_args(void **state)
{
	struct tos_regs r = { { TOS_ARGS, 11, 22, 1, 2, 3, 4, 5 } };

	(void)state;
	assert_int_equal(tos_fast_call(0, &r), TOS_ACT_ANSWER);
	assert_int_equal(r.x[0], TOS_OK);
	assert_int_equal(r.x[1], 11);
	assert_int_equal(r.x[2], 22);
	assert_int_equal(r.x[3], 1 + 4 + 9 + 16 + 25);
	for (unsigned k = 0; k < TOS_FAULT_COUNT; k++) {
		r = (struct tos_regs){ { TOS_FAULT, k } };
		assert_int_equal(tos_fast_call(0, &r), (int)k);
	}
	r = (struct tos_regs){ { TOS_FAULT, TOS_FAULT_COUNT } };
	assert_int_equal(tos_fast_call(0, &r), TOS_ACT_ANSWER);
	assert_int_equal(r.x[0], S32(TOS_INVALID));
	/* The passing-register check is the arch part's: asked of it, x0 already 0. */
	r = (struct tos_regs){ { TOS_PASSING } };
	assert_int_equal(tos_fast_call(0, &r), TOS_ACT_PASSING);
	assert_int_equal(r.x[0], TOS_OK);
}

static enum tos_std_act std(unsigned cpu, uint64_t x0, uint64_t x1, uint64_t x2, uint64_t x3,
			    struct tos_regs *r, struct tos_thread **t)
{
	*r = (struct tos_regs){ { x0, x1, x2, x3 } };
	*t = NULL;
	return tos_std_call(cpu, r, t);
}

static void yielding(void **state)
{
	struct tos_regs r;
	struct tos_thread *t, *all[TOS_THREADS];

	(void)state;
	assert_int_equal(tos_long_result(1, 0), 0x14057b7e574c5ab8ull);
	assert_int_equal(tos_long_result(1000, 42), 0xdd0b0b66a757754full);
	assert_int_equal(std(0, TOS_LONG, 0, 1, 0, &r, &t), TOS_STD_ANSWER);
	assert_int_equal(r.x[0], S32(TOS_INVALID));
	assert_int_equal(std(0, TOS_LONG, TOS_LONG_MAX_ROUNDS + 1, 1, 0, &r, &t), TOS_STD_ANSWER);
	assert_int_equal(std(0, 0x32000011, 5, 1, 0, &r, &t), TOS_STD_ANSWER);
	assert_int_equal(r.x[0], S32(TOS_UNKNOWN));
	/* Nothing to resume yet. */
	assert_int_equal(std(0, TOS_RETURN_FROM_RPC, 0, 0, 0, &r, &t), TOS_STD_ANSWER);
	assert_int_equal(r.x[0], S32(TOS_ERESUME));
	for (unsigned i = 0; i < TOS_THREADS; i++) {
		assert_int_equal(std(i % 4, TOS_LONG, 100 + i, i, 0, &r, &t), TOS_STD_START);
		assert_int_equal(t->rounds, 100 + i);
		assert_int_equal(t->seed, i);
		all[i] = t;
	}
	assert_int_equal(std(0, TOS_LONG, 5, 1, 0, &r, &t), TOS_STD_ANSWER);
	assert_int_equal(r.x[0], S32(TOS_BUSY));
	/* Preempted twice, resumed from another CPU, then done. */
	tos_thread_preempted(all[5], 0x1234);
	assert_int_equal(std(1, TOS_RETURN_FROM_RPC, 0, 0, 4, &r, &t), TOS_STD_ANSWER);
	assert_int_equal(r.x[0], S32(TOS_ERESUME));	/* 4 runs: not suspended */
	assert_int_equal(std(1, TOS_RETURN_FROM_RPC, 0, 0, 5, &r, &t), TOS_STD_RESUME);
	assert_ptr_equal(t, all[5]);
	assert_int_equal(t->frame, 0x1234);
	/* The same thread cannot be resumed twice at once. */
	assert_int_equal(std(2, TOS_RETURN_FROM_RPC, 0, 0, 5, &r, &t), TOS_STD_ANSWER);
	tos_thread_preempted(all[5], 0x5678);
	assert_int_equal(std(3, TOS_RETURN_FROM_RPC, 0, 0, 5, &r, &t), TOS_STD_RESUME);
	assert_int_equal(t->frame, 0x5678);
	tos_thread_finish(all[5], 77, &r);
	assert_int_equal(r.x[0], TOS_OK);
	assert_int_equal(r.x[1], 77);
	assert_int_equal(r.x[2], 2);
	/* Its slot is free again; an index out of range never resumes. */
	assert_int_equal(std(0, TOS_LONG, 9, 9, 0, &r, &t), TOS_STD_START);
	assert_int_equal(tos_thread_index(t), 5);
	assert_int_equal(t->preempted, 0);
	assert_int_equal(std(0, TOS_RETURN_FROM_RPC, 0, 0, TOS_THREADS, &r, &t), TOS_STD_ANSWER);
	assert_int_equal(std(0, TOS_RETURN_FROM_RPC, 0, 0, 0x100000005ull, &r, &t), TOS_STD_ANSWER);
	assert_int_equal(r.x[0], S32(TOS_ERESUME));
}

static size_t blob(const char *dts, uint8_t *out, size_t size)
{
	return simtest_dtc(dts, out, size);
}

static void dt_memory(void **state)
{
	static uint8_t b[4096];
	uint64_t m[4][2];
	size_t n;

	(void)state;
	n = blob("/dts-v1/; / { #address-cells = <2>; #size-cells = <2>;"
		 " cpus { memory@1 { reg = <0 1 0 2>; }; };"
		 " memory@40000000 { device_type = \"memory\"; reg = <0 0x40000000 0 0x40000000>; };"
		 " memory@100000000 { reg = <1 0 0 0x1000000 2 0 0 0x2000>; }; };", b, sizeof(b));
	assert_int_equal(tos_dt_memory(b, n, m, 4), 3);
	assert_int_equal(m[0][0], 0x40000000);
	assert_int_equal(m[0][1], 0x40000000);
	assert_int_equal(m[1][0], 0x100000000ull);
	assert_int_equal(m[1][1], 0x1000000);
	assert_int_equal(m[2][0], 0x200000000ull);
	assert_int_equal(m[2][1], 0x2000);
	assert_int_equal(tos_dt_memory(b, n, m, 1), 1);
	/* A blob larger than the room it may use, a bad magic, a cut one. */
	assert_int_equal(tos_dt_memory(b, n - 1, m, 4), -1);
	b[0] ^= 1;
	assert_int_equal(tos_dt_memory(b, n, m, 4), -1);
	b[0] ^= 1;
	for (size_t cut = 40; cut < n; cut += 7) {
		b[7] = (uint8_t)cut;	/* totalsize's low byte (the blob is < 256 bytes) */
		b[6] = 0;
		assert_int_equal(tos_dt_memory(b, n, m, 4) == 3, cut >= n);
	}
	n = blob("/dts-v1/; / { #address-cells = <1>; #size-cells = <1>;"
		 " memoryx { reg = <0 1>; }; memory { reg = <0x40000000 0x8000000>; }; };",
		 b, sizeof(b));
	assert_int_equal(tos_dt_memory(b, n, m, 4), 1);
	assert_int_equal(m[0][0], 0x40000000);
	assert_int_equal(m[0][1], 0x8000000);
	assert_int_equal(tos_dt_memory(NULL, n, m, 4), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(identification, setup),
		cmocka_unit_test_setup(unknown_ids, setup),
		cmocka_unit_test_setup(media, setup),
		cmocka_unit_test_setup(pm_counters, setup),
		cmocka_unit_test_setup(timer, setup),
		cmocka_unit_test_setup(faults_and_args, setup),
		cmocka_unit_test_setup(yielding, setup),
		cmocka_unit_test_setup(dt_memory, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
