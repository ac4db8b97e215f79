// SPDX-License-Identifier: BSD-3-Clause
/*
 * The payload's call handling, portable: what each normal-world call does
 * (tos_abi.h), the state it keeps in the payload's secure memory (the
 * secure-media buffers, the PSCI hook counters, the secure timer's counts,
 * the yielding calls' threads), and nothing of how the CPU gets here.
 */
#include "core.h"

#define PAGE		4096u
#define FORMAT_MAX	3	/* 0 none, 1 H.264, 2 HEVC, 3 AV1 */
#define MEDIA_BUFFERS	8

/* A handle: bits 7:0 the slot + 1, bits 23:8 how often the slot was used. */
struct media_buffer {
	uint64_t addr, size;
	uint32_t handle;	/* 0: free */
	uint16_t uses;
};

struct tos_cpu tos_cpus[TOS_MAX_CPUS];
uint64_t tos_entered_el1h;
struct tos_thread tos_threads[TOS_THREADS];

static struct media_buffer buffers[MEDIA_BUFFERS];
static uint64_t media_format;
static uint64_t ns_ram[TOS_MAX_NS_RANGES][2];
static unsigned ns_count;

void tos_core_init(const uint64_t (*ns)[2], unsigned n_ns)
{
	for (unsigned i = 0; i < TOS_MAX_CPUS; i++)
		tos_cpus[i] = (struct tos_cpu){ 0 };
	for (unsigned i = 0; i < TOS_THREADS; i++)
		tos_threads[i] = (struct tos_thread){ 0 };
	for (unsigned i = 0; i < MEDIA_BUFFERS; i++)
		buffers[i] = (struct media_buffer){ 0 };
	media_format = 0;
	ns_count = 0;
	for (unsigned i = 0; i < n_ns && ns_count < TOS_MAX_NS_RANGES; i++) {
		if (!ns[i][1] || ns[i][0] + ns[i][1] < ns[i][0])
			continue;
		ns_ram[ns_count][0] = ns[i][0];
		ns_ram[ns_count][1] = ns[i][1];
		ns_count++;
	}
}

int tos_cpu_index(uint64_t mpidr)
{
	uint64_t aff = mpidr & 0xff00ffffffull;

	return aff < TOS_MAX_CPUS ? (int)aff : -1;
}

static uint64_t status(int64_t s)
{
	return (uint64_t)s;
}

static bool in_ns_ram(uint64_t addr, uint64_t size)
{
	for (unsigned i = 0; i < ns_count; i++)
		if (addr >= ns_ram[i][0] && size <= ns_ram[i][1] &&
		    addr - ns_ram[i][0] <= ns_ram[i][1] - size)
			return true;
	return false;
}

static int64_t media_set_format(uint32_t f)
{
	if (f > FORMAT_MAX)
		return TOS_INVALID;
	tos_arch_lock();
	media_format = f;
	tos_arch_unlock();
	return TOS_OK;
}

static bool overlaps(const struct media_buffer *b, uint64_t addr, uint64_t size)
{
	return b->handle && addr < b->addr + b->size && b->addr < addr + size;
}

static int64_t media_protect(uint64_t addr, uint64_t size, uint64_t *handle)
{
	struct media_buffer *free = 0;
	int64_t ret = TOS_OK;

	if (!size || (addr | size) & (PAGE - 1))
		return TOS_INVALID;
	if (!in_ns_ram(addr, size))
		return TOS_INVALID_ADDRESS;
	tos_arch_lock();
	for (unsigned i = 0; i < MEDIA_BUFFERS; i++) {
		if (overlaps(&buffers[i], addr, size))
			ret = TOS_DENIED;
		if (!buffers[i].handle && !free)
			free = &buffers[i];
	}
	if (!ret && !free)
		ret = TOS_DENIED;
	if (!ret) {
		free->addr = addr;
		free->size = size;
		free->handle = (uint32_t)free->uses << 8 | (uint32_t)(free - buffers + 1);
		free->uses++;
		*handle = free->handle;
	}
	tos_arch_unlock();
	return ret;
}

static int64_t media_unprotect(uint32_t handle)
{
	uint32_t slot = (handle & 0xff) - 1;
	int64_t ret = TOS_INVALID;

	if (slot >= MEDIA_BUFFERS)
		return ret;
	tos_arch_lock();
	if (buffers[slot].handle == handle) {
		buffers[slot].handle = 0;
		ret = TOS_OK;
	}
	tos_arch_unlock();
	return ret;
}

static void media_status(struct tos_regs *r)
{
	uint64_t n = 0;

	tos_arch_lock();
	for (unsigned i = 0; i < MEDIA_BUFFERS; i++)
		n += buffers[i].handle != 0;
	r->x[1] = media_format;
	tos_arch_unlock();
	r->x[0] = TOS_OK;
	r->x[2] = n;
}

static void pm_count(struct tos_regs *r)
{
	uint32_t hook = (uint32_t)r->x[1], cpu = (uint32_t)r->x[2];
	uint64_t n = 0;

	if (hook >= TOS_HOOK_COUNT || (cpu >= TOS_MAX_CPUS && cpu != TOS_ALL_CPUS)) {
		r->x[0] = status(TOS_INVALID);
		return;
	}
	tos_arch_lock();
	for (unsigned i = 0; i < TOS_MAX_CPUS; i++)
		if (cpu == TOS_ALL_CPUS || cpu == i)
			n += tos_cpus[i].hooks[hook];
	tos_arch_unlock();
	r->x[0] = TOS_OK;
	r->x[1] = n;
}

static int64_t timer_start(unsigned cpu, uint32_t period, uint32_t count)
{
	struct tos_cpu *c = &tos_cpus[cpu];

	if (period < TOS_TIMER_MIN_PERIOD || !count)
		return TOS_INVALID;
	if (c->timer_period)
		return TOS_BUSY;
	tos_arch_lock();
	c->timer_period = period;
	c->timer_left = count;
	c->timer_hits = 0;
	c->timer_other = 0;
	tos_arch_unlock();
	tos_arch_timer_arm(period);
	return TOS_OK;
}

static void timer_stop(unsigned cpu)
{
	tos_arch_timer_off();
	tos_arch_lock();
	tos_cpus[cpu].timer_period = 0;
	tos_arch_unlock();
}

static void timer_status(struct tos_regs *r)
{
	uint32_t cpu = (uint32_t)r->x[1];

	if (cpu >= TOS_MAX_CPUS) {
		r->x[0] = status(TOS_INVALID);
		return;
	}
	tos_arch_lock();
	r->x[1] = tos_cpus[cpu].timer_hits;
	r->x[2] = tos_cpus[cpu].timer_left;
	r->x[3] = tos_cpus[cpu].timer_other;
	tos_arch_unlock();
	r->x[0] = TOS_OK;
}

uint64_t tos_timer_fired(unsigned cpu)
{
	struct tos_cpu *c = &tos_cpus[cpu];
	uint64_t next = 0;

	tos_arch_lock();
	if (!c->timer_period) {
		c->timer_other++;	/* it fired after TIMER_STOP: not counted */
	} else {
		c->timer_hits++;
		if (--c->timer_left)
			next = c->timer_period;
		else
			c->timer_period = 0;
	}
	tos_arch_unlock();
	return next;
}

void tos_timer_other(unsigned cpu)
{
	tos_arch_lock();
	tos_cpus[cpu].timer_other++;
	tos_arch_unlock();
}

void tos_cpu_boot(unsigned cpu, uint64_t mpidr)
{
	tos_arch_lock();
	tos_cpus[cpu].mpidr = mpidr;
	tos_cpus[cpu].seen = true;
	tos_arch_unlock();
}

void tos_hook(unsigned cpu, unsigned hook, uint64_t mpidr)
{
	struct tos_cpu *c = &tos_cpus[cpu];

	if (hook != TOS_HOOK_CPU_ON && hook != TOS_HOOK_RESUME)
		timer_stop(cpu);
	tos_arch_lock();
	c->hooks[hook]++;
	c->mpidr = mpidr;
	c->seen = hook != TOS_HOOK_CPU_OFF;
	tos_arch_unlock();
}

uint64_t tos_long_result(uint64_t rounds, uint64_t seed)
{
	uint64_t v = seed;

	for (uint64_t i = 0; i < rounds; i++) {
		v = v * 6364136223846793005ull + 1442695040888963407ull;
		v ^= v >> 29;
	}
	return v;
}

int tos_fast_call(unsigned cpu, struct tos_regs *r)
{
	uint32_t fid = (uint32_t)r->x[0];
	uint64_t handle = 0;

	switch (fid) {
	case TOS_CALLS_COUNT:
		r->x[0] = TOS_CALL_NUMBER;
		break;
	case TOS_CALLS_UID:
	case TOS_GET_OS_UUID:
		r->x[0] = TOS_UID_0;
		r->x[1] = TOS_UID_1;
		r->x[2] = TOS_UID_2;
		r->x[3] = TOS_UID_3;
		break;
	case TOS_CALLS_REVISION:
	case TOS_GET_OS_REVISION:
		r->x[0] = TOS_REVISION_MAJOR;
		r->x[1] = TOS_REVISION_MINOR;
		r->x[2] = 0;
		break;
	case TOS_MEDIA_SET_FORMAT:
		r->x[0] = status(media_set_format((uint32_t)r->x[1]));
		break;
	case TOS_MEDIA_PROTECT:
		r->x[0] = status(media_protect(r->x[1], r->x[2], &handle));
		r->x[1] = handle;
		break;
	case TOS_MEDIA_UNPROTECT:
		r->x[0] = status(media_unprotect((uint32_t)r->x[1]));
		break;
	case TOS_MEDIA_STATUS:
		media_status(r);
		break;
	case TOS_PM_COUNT:
		pm_count(r);
		break;
	case TOS_TIMER_START:
		r->x[0] = status(timer_start(cpu, (uint32_t)r->x[1], (uint32_t)r->x[2]));
		break;
	case TOS_TIMER_STATUS:
		timer_status(r);
		break;
	case TOS_TIMER_STOP:
		timer_stop(cpu);
		r->x[0] = TOS_OK;
		break;
	case TOS_FAULT:
		if ((uint32_t)r->x[1] < TOS_FAULT_COUNT)
			return (int)(uint32_t)r->x[1];
		r->x[0] = status(TOS_INVALID);
		break;
	case TOS_ARGS:
		r->x[3] = r->x[3] + 2 * r->x[4] + 3 * r->x[5] + 4 * r->x[6] + 5 * r->x[7];
		r->x[0] = TOS_OK;
		break;
	case TOS_CPU_INFO:
		r->x[0] = TOS_OK;
		r->x[1] = tos_cpus[cpu].mpidr;
		r->x[2] = cpu;
		r->x[3] = __atomic_load_n(&tos_entered_el1h, __ATOMIC_RELAXED);
		break;
	case TOS_FP_DIRTY:
		r->x[0] = TOS_OK;
		return TOS_ACT_FP_DIRTY;
	case TOS_PASSING:
		r->x[0] = TOS_OK;
		return TOS_ACT_PASSING;
	default:
		r->x[0] = status(TOS_UNKNOWN);
		break;
	}
	return TOS_ACT_ANSWER;
}

unsigned tos_thread_index(const struct tos_thread *t)
{
	return (unsigned)(t - tos_threads);
}

enum tos_std_act tos_std_call(unsigned cpu, struct tos_regs *r, struct tos_thread **thread)
{
	uint32_t fid = (uint32_t)r->x[0];
	enum tos_std_act act = TOS_STD_ANSWER;

	(void)cpu;
	if (fid == TOS_RETURN_FROM_RPC) {
		uint64_t t = r->x[3];

		r->x[0] = status(TOS_ERESUME);
		if (t >= TOS_THREADS)
			return act;
		tos_arch_lock();
		if (tos_threads[t].state == TOS_THREAD_SUSPENDED) {
			tos_threads[t].state = TOS_THREAD_RUNNING;
			*thread = &tos_threads[t];
			act = TOS_STD_RESUME;
		}
		tos_arch_unlock();
		return act;
	}
	if (fid != TOS_LONG) {
		r->x[0] = status(TOS_UNKNOWN);
		return act;
	}
	if (!r->x[1] || r->x[1] > TOS_LONG_MAX_ROUNDS) {
		r->x[0] = status(TOS_INVALID);
		return act;
	}
	r->x[0] = status(TOS_BUSY);
	tos_arch_lock();
	for (unsigned i = 0; i < TOS_THREADS; i++) {
		struct tos_thread *t = &tos_threads[i];

		if (t->state != TOS_THREAD_FREE)
			continue;
		t->state = TOS_THREAD_RUNNING;
		t->preempted = 0;
		t->rounds = r->x[1];
		t->seed = r->x[2];
		t->frame = 0;
		*thread = t;
		act = TOS_STD_START;
		break;
	}
	tos_arch_unlock();
	return act;
}

void tos_thread_preempted(struct tos_thread *t, uint64_t frame)
{
	tos_arch_lock();
	t->frame = frame;
	t->preempted++;
	t->state = TOS_THREAD_SUSPENDED;
	tos_arch_unlock();
}

void tos_thread_finish(struct tos_thread *t, uint64_t result, struct tos_regs *r)
{
	tos_arch_lock();
	r->x[0] = TOS_OK;
	r->x[1] = result;
	r->x[2] = t->preempted;
	r->x[3] = 0;
	t->state = TOS_THREAD_FREE;
	tos_arch_unlock();
}
