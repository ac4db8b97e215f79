// SPDX-License-Identifier: GPL-2.0-only OR BSD-3-Clause
/*
 * tos-linux-test.ko: the project's secure payload (tos/, docs/trusted-os.md)
 * called from Linux, through the kernel's SMCCC conduit (SMC), by a module
 * built against Debian's headers. tests/tos-linux/init.sh drives it through
 * debugfs: `echo TEST > /sys/kernel/debug/tos-linux/run` runs TEST, and
 * reading the same file gives its result lines:
 *
 *   ok - <what, with the numbers>      or      not ok - <what>
 *   # <detail>                          (per CPU figures)
 *   pm cpu=N index=I on=.. off=.. suspend=.. resume=..   (TEST pm only)
 *
 * calls  one kthread bound to each online CPU, all released at once: fast
 *        calls (TOS_ARGS with arguments that change each time, TOS_CPU_INFO
 *        naming the CPU the thread is bound to) and short yielding calls
 *        (TOS_LONG, resumed after every foreign-interrupt return); every
 *        answer checked, and the threads' windows must overlap.
 * long   on each online CPU at once, TOS_LONG calls with more rounds each
 *        time until one call was preempted by this kernel's interrupts at
 *        least `preempt` (100) times: the answer 0xFFFF0004 with a thread,
 *        the interrupt taken, OPTEE_SMC_CALL_RETURN_FROM_RPC with x1-x3 as
 *        returned (OP-TEE's driver, optee_smc_do_call_with_arg()). The
 *        result is recomputed here; the payload's own count of preemptions
 *        must equal the module's, and the CPU's interrupt count must have
 *        grown by at least as much.
 * timer  on each online CPU at once, the payload's secure timer for
 *        `timer_irqs` (1000) interrupts of `timer_us` (1000) us while the
 *        thread keeps the CPU busy and polls TIMER_STATUS; a pinned hrtimer
 *        of `hr_us` (1000) us counts this kernel's own timer interrupts over
 *        the same window and a while more (see timer_test() for what is
 *        asserted and why).
 * pm     the payload's PSCI hook counters (TOS_PM_COUNT) for every possible
 *        CPU, online or not, for the init to compare with what it did; every
 *        online CPU is woken first (pm_test()).
 */
#include <linux/arm-smccc.h>
#include <linux/completion.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/hrtimer.h>
#include <linux/kernel.h>
#include <linux/kernel_stat.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include <asm/cputype.h>
#include <asm/sysreg.h>

#include "tos_abi.h"

static unsigned int preempt = 100;
module_param(preempt, uint, 0444);
MODULE_PARM_DESC(preempt, "preemptions one TOS_LONG call must see (test long)");
static unsigned int fast_calls = 2000;
module_param(fast_calls, uint, 0444);
MODULE_PARM_DESC(fast_calls, "fast calls per CPU (test calls)");
static unsigned int timer_irqs = 1000;
module_param(timer_irqs, uint, 0444);
MODULE_PARM_DESC(timer_irqs, "secure timer interrupts per CPU (test timer)");
static unsigned int timer_us = 1000;
module_param(timer_us, uint, 0444);
MODULE_PARM_DESC(timer_us, "the secure timer's period in us (test timer)");
static unsigned int hr_us = 1000;
module_param(hr_us, uint, 0444);
MODULE_PARM_DESC(hr_us, "the hrtimer's period in us (test timer)");

#define OUT_SIZE	8192
#define LONG_START	(1u << 20)	/* rounds of the first call of test long */
#define SHORT_ROUNDS	20000u		/* rounds of test calls' yielding calls */
#define YIELD_EVERY	50		/* test calls: one yielding call per 50 fast ones */
#define MAX_GAP_POLLS	2000		/* test timer: see timer_test() */
#define TAIL_POLLS	(2 * MAX_GAP_POLLS)

static DEFINE_MUTEX(lock);
static char out[OUT_SIZE];
static size_t out_len;
static unsigned int failed;
static u64 mpidr_of[NR_CPUS];

static __printf(1, 2) void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	out_len += vscnprintf(out + out_len, OUT_SIZE - out_len, fmt, ap);
	va_end(ap);
}

static __printf(2, 3) void check(bool ok, const char *fmt, ...)
{
	va_list ap;

	say("%s - ", ok ? "ok" : "not ok");
	va_start(ap, fmt);
	out_len += vscnprintf(out + out_len, OUT_SIZE - out_len, fmt, ap);
	va_end(ap);
	say("\n");
	failed += !ok;
}

static u64 counter(void)
{
	isb();
	return read_sysreg(cntvct_el0);
}

static u64 counter_freq(void)
{
	return read_sysreg(cntfrq_el0);
}

static struct arm_smccc_res call8(unsigned long a0, unsigned long a1, unsigned long a2,
				  unsigned long a3, unsigned long a4, unsigned long a5,
				  unsigned long a6, unsigned long a7)
{
	struct arm_smccc_res r;

	arm_smccc_smc(a0, a1, a2, a3, a4, a5, a6, a7, &r);
	return r;
}

static struct arm_smccc_res call(unsigned long a0, unsigned long a1, unsigned long a2)
{
	return call8(a0, a1, a2, 0, 0, 0, 0, 0);
}

/* The payload's index of a CPU: Aff0, when Aff1-3 are 0 (tos/core.c). */
static int tos_index(u64 mpidr)
{
	u64 aff = mpidr & MPIDR_HWID_BITMASK;

	return aff < TOS_MAX_CPUS ? (int)aff : -1;
}

/* TOS_LONG's result as tos_abi.h defines it. */
static u64 long_result(u64 rounds, u64 seed)
{
	u64 v = seed, i;

	for (i = 0; i < rounds; i++) {
		v = v * 6364136223846793005ull + 1442695040888963407ull;
		v ^= v >> 29;
		if (!(i & 0xfffff))
			cond_resched();
	}
	return v;
}

/*
 * One TOS_LONG call to its end: every foreign-interrupt answer is resumed
 * with RETURN_FROM_RPC and x1-x3 as the payload returned them, after the
 * kernel took its interrupt (interrupts are enabled here, so the pending
 * one is taken as the SMC returns). Returns the final answer; *rpcs counts
 * the foreign-interrupt answers.
 */
static struct arm_smccc_res long_call(u64 rounds, u64 seed, u64 *rpcs)
{
	struct arm_smccc_res r = call(TOS_LONG, rounds, seed);

	*rpcs = 0;
	while (r.a0 == TOS_RPC_FOREIGN_INTR) {
		(*rpcs)++;
		cond_resched();
		r = call8(TOS_RETURN_FROM_RPC, r.a1, r.a2, r.a3, 0, 0, 0, 0);
	}
	return r;
}

/* ---- running a function on every online CPU at once, in bound kthreads */

struct per_cpu_run {
	struct completion done;
	atomic_t *ready;
	unsigned int cpu, ncpus;
	u64 start, end;
	/* results: test-specific */
	u64 n[12];
	u64 bad;
	char why[96];
};

static int (*run_fn)(struct per_cpu_run *);

static int thread_fn(void *arg)
{
	struct per_cpu_run *p = arg;

	/* Released together: every thread spins until all are on their CPU. */
	atomic_inc(p->ready);
	while (atomic_read(p->ready) < p->ncpus)
		cpu_relax();
	p->start = counter();
	run_fn(p);
	p->end = counter();
	kthread_complete_and_exit(&p->done, 0);
}

/* fn on each online CPU; returns the array (ncpus entries) or NULL. */
static struct per_cpu_run *on_every_cpu(int (*fn)(struct per_cpu_run *), unsigned int *ncpus)
{
	static atomic_t ready;
	struct per_cpu_run *runs;
	unsigned int n = 0, i, cpu;

	cpus_read_lock();
	*ncpus = num_online_cpus();
	runs = kcalloc(*ncpus, sizeof(*runs), GFP_KERNEL);
	if (!runs) {
		cpus_read_unlock();
		return NULL;
	}
	atomic_set(&ready, 0);
	run_fn = fn;
	for_each_online_cpu(cpu) {
		struct per_cpu_run *p = &runs[n++];
		struct task_struct *t;

		init_completion(&p->done);
		p->ready = &ready;
		p->cpu = cpu;
		p->ncpus = *ncpus;
		t = kthread_create(thread_fn, p, "tos-linux/%u", cpu);
		if (IS_ERR(t)) {
			/* Those started wait for a count that never comes: let them go. */
			atomic_add(*ncpus, &ready);
			n--;
			break;
		}
		kthread_bind(t, cpu);
		wake_up_process(t);
	}
	for (i = 0; i < n; i++)
		wait_for_completion(&runs[i].done);
	cpus_read_unlock();
	if (n != *ncpus) {
		kfree(runs);
		return NULL;
	}
	return runs;
}

/* Every thread ran at the same time as every other: the windows overlap. */
static bool overlapped(const struct per_cpu_run *runs, unsigned int n)
{
	u64 last_start = 0, first_end = U64_MAX;
	unsigned int i;

	for (i = 0; i < n; i++) {
		last_start = max(last_start, runs[i].start);
		first_end = min(first_end, runs[i].end);
	}
	return last_start < first_end;
}

/* ---- test calls ------------------------------------------------------------ */

/* n[0] fast calls, n[1] yielding calls, n[2] their preemptions, n[3] index. */
static int calls_fn(struct per_cpu_run *p)
{
	u64 me = read_cpuid_mpidr() & MPIDR_HWID_BITMASK;
	int want = tos_index(me);
	unsigned int i;

	p->n[3] = (u64)want;
	for (i = 0; i < fast_calls; i++) {
		u64 a = (u64)p->cpu << 32 | i, x[5] = { i, 2 * i + 1, 7 * i, p->cpu, ~a };
		struct arm_smccc_res r;

		r = call8(TOS_ARGS, a, ~a, x[0], x[1], x[2], x[3], x[4]);
		p->n[0]++;
		if (r.a0 || r.a1 != a || r.a2 != ~a ||
		    r.a3 != x[0] + 2 * x[1] + 3 * x[2] + 4 * x[3] + 5 * x[4]) {
			if (!p->bad++)
				snprintf(p->why, sizeof(p->why), "ARGS %u: x0-x3 %lx %lx %lx %lx",
					 i, r.a0, r.a1, r.a2, r.a3);
		}
		r = call(TOS_CPU_INFO, 0, 0);
		p->n[0]++;
		if (r.a0 || (r.a1 & MPIDR_HWID_BITMASK) != me || r.a2 != (u64)want) {
			if (!p->bad++)
				snprintf(p->why, sizeof(p->why),
					 "CPU_INFO on cpu%u (mpidr %llx): %lx %lx %lx", p->cpu, me,
					 r.a0, r.a1, r.a2);
		}
		if (i % YIELD_EVERY == YIELD_EVERY - 1) {
			u64 seed = a ^ 0x5eed, rpcs;

			r = long_call(SHORT_ROUNDS, seed, &rpcs);
			p->n[1]++;
			p->n[2] += rpcs;
			if (r.a0 || r.a1 != long_result(SHORT_ROUNDS, seed) || r.a2 != rpcs) {
				if (!p->bad++)
					snprintf(p->why, sizeof(p->why),
						 "LONG %u: %lx %lx %lx (%llu resumes)", i, r.a0,
						 r.a1, r.a2, rpcs);
			}
		}
		if (!(i & 63))
			cond_resched();
	}
	return 0;
}

static void calls_test(void)
{
	struct per_cpu_run *runs;
	unsigned int n, i;
	u64 fast = 0, yielding = 0, rpcs = 0, bad = 0;

	runs = on_every_cpu(calls_fn, &n);
	if (!runs) {
		check(false, "calls: a bound thread on every online CPU");
		return;
	}
	for (i = 0; i < n; i++) {
		struct per_cpu_run *p = &runs[i];

		fast += p->n[0];
		yielding += p->n[1];
		rpcs += p->n[2];
		bad += p->bad;
		say("# calls cpu%u (payload index %lld): %llu fast, %llu yielding, %llu preempted, "
		    "%llu wrong%s%s\n", p->cpu, (long long)p->n[3], p->n[0], p->n[1], p->n[2],
		    p->bad, p->bad ? ": first " : "", p->why);
	}
	check(!bad && fast == (u64)n * 2 * fast_calls && yielding == (u64)n * (fast_calls / YIELD_EVERY),
	      "calls: %u CPUs at once, %llu fast calls (ARGS, CPU_INFO) and %llu yielding calls "
	      "(TOS_LONG, preempted %llu times and resumed), %llu wrong answers", n, fast,
	      yielding, rpcs, bad);
	check(n > 1 && overlapped(runs, n), "calls: the %u CPUs' threads ran at the same time", n);
	kfree(runs);
}

/* ---- test long ------------------------------------------------------------- */

/*
 * n[0] the preemptions of the call that reached `preempt` (or of the last
 * one), n[1] the payload's count for it, n[2] its rounds, n[3] calls made,
 * n[4] interrupts the CPU took during that call, n[5] its counter ticks.
 */
static int long_fn(struct per_cpu_run *p)
{
	u64 rounds = LONG_START;

	for (;;) {
		u64 seed = 0x10c0000 + p->cpu * 1000 + p->n[3], rpcs, irqs;
		struct arm_smccc_res r;
		u64 t0 = counter();

		irqs = kstat_cpu_irqs_sum(p->cpu);
		r = long_call(rounds, seed, &rpcs);
		p->n[4] = kstat_cpu_irqs_sum(p->cpu) - irqs;
		p->n[5] = counter() - t0;
		p->n[3]++;
		p->n[0] = rpcs;
		p->n[1] = r.a2;
		p->n[2] = rounds;
		if (r.a0 || r.a1 != long_result(rounds, seed)) {
			p->bad++;
			snprintf(p->why, sizeof(p->why), "x0 %lx x1 %lx (rounds %llu seed %llx)",
				 r.a0, r.a1, rounds, seed);
			return 0;
		}
		if (rpcs >= preempt || rounds >= TOS_LONG_MAX_ROUNDS)
			return 0;
		rounds *= 2;
	}
}

static void long_test(void)
{
	struct per_cpu_run *runs;
	unsigned int n, i, reached = 0, agree = 0, irqs_ok = 0;
	u64 least = U64_MAX, bad = 0;

	runs = on_every_cpu(long_fn, &n);
	if (!runs) {
		check(false, "long: a bound thread on every online CPU");
		return;
	}
	for (i = 0; i < n; i++) {
		struct per_cpu_run *p = &runs[i];

		reached += p->n[0] >= preempt;
		agree += p->n[1] == p->n[0];
		irqs_ok += p->n[4] >= p->n[0];
		least = min(least, p->n[0]);
		bad += p->bad;
		say("# long cpu%u: call %llu of %llu rounds preempted %llu times (the payload says "
		    "%llu), %llu interrupts on the CPU meanwhile, %llu ms%s%s\n", p->cpu, p->n[3],
		    p->n[2], p->n[0], p->n[1], p->n[4], p->n[5] * 1000 / counter_freq(),
		    p->bad ? ", wrong: " : "", p->why);
	}
	check(!bad && reached == n,
	      "long: on each of %u CPUs at once a TOS_LONG call preempted >= %u times (least %llu) "
	      "by this kernel's interrupts, resumed with RETURN_FROM_RPC, right result (%llu wrong)",
	      n, preempt, least, bad);
	check(agree == n, "long: the payload counted the same preemptions as the module (%u of %u CPUs)",
	      agree, n);
	check(irqs_ok == n,
	      "long: each CPU took at least as many interrupts as its call was preempted (%u of %u CPUs)",
	      irqs_ok, n);
	kfree(runs);
}

/* ---- test timer ------------------------------------------------------------ */

/*
 * The hrtimer's callbacks against the thread's own progress: `polls` is
 * how many rounds of work (a little computation, then TIMER_STATUS) the
 * thread has done on this CPU; a callback notes the largest number of
 * rounds since the one before (timer_test() says why rounds, not time).
 */
struct hr_count {
	struct hrtimer t;
	ktime_t period;
	u64 fired, last_polls, max_gap_polls;
	u64 last, max_gap;	/* counter ticks: printed only */
	u64 polls;
};

static enum hrtimer_restart hr_fn(struct hrtimer *t)
{
	struct hr_count *h = container_of(t, struct hr_count, t);
	u64 now = counter(), polls = READ_ONCE(h->polls);

	h->fired++;
	h->max_gap_polls = max(h->max_gap_polls, polls - h->last_polls);
	h->last_polls = polls;
	h->max_gap = max(h->max_gap, now - h->last);
	h->last = now;
	hrtimer_forward_now(t, h->period);
	return HRTIMER_RESTART;
}

/* One round of the thread's work: computation, then TIMER_STATUS. */
static struct arm_smccc_res poll_round(struct hr_count *h, int idx)
{
	volatile u64 work = 0;
	struct arm_smccc_res r;
	unsigned int i;

	for (i = 0; i < 1000; i++)
		work++;
	cond_resched();
	r = call(TOS_TIMER_STATUS, idx, 0);
	WRITE_ONCE(h->polls, h->polls + 1);
	return r;
}

/*
 * n[0] secure interrupts taken, n[1] still to come, n[2] other, n[7] the
 * secure timer's window in counter ticks (TIMER_START to the last
 * TIMER_STATUS), n[3] the whole window, n[4] the hrtimer's callbacks,
 * n[5] the largest gap between them in rounds of work (the end of the
 * window included), n[8] the same in counter ticks, n[9] rounds in all,
 * n[6] TIMER_START's status.
 */
static int timer_fn(struct per_cpu_run *p)
{
	u64 freq = counter_freq(), period = freq * timer_us / 1000000, t0, deadline, i;
	struct arm_smccc_res r;
	struct hr_count h = { .period = ns_to_ktime((u64)hr_us * 1000) };
	int idx = tos_index(read_cpuid_mpidr());

	hrtimer_init(&h.t, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
	h.t.function = hr_fn;
	t0 = counter();
	h.last = t0;
	hrtimer_start(&h.t, h.period, HRTIMER_MODE_REL_PINNED_HARD);
	r = call(TOS_TIMER_START, period, timer_irqs);
	p->n[6] = r.a0;
	deadline = t0 + 30 * freq;
	/* Linux keeps the CPU busy (no idle state: a power-down's hook stops the timer). */
	do
		r = poll_round(&h, idx);
	while (!p->n[6] && !r.a0 && r.a2 && counter() < deadline);
	p->n[7] = counter() - t0;
	p->n[0] = r.a1;
	p->n[1] = r.a2;
	p->n[2] = r.a3;
	/* Linux's timer watched a while longer: a loss at the end shows as a gap too. */
	for (i = 0; i < TAIL_POLLS; i++)
		poll_round(&h, idx);
	hrtimer_cancel(&h.t);
	p->n[3] = counter() - t0;
	p->n[4] = h.fired;
	p->n[5] = max(h.max_gap_polls, h.polls - h.last_polls);
	p->n[8] = max(h.max_gap, t0 + p->n[3] - h.last);
	p->n[9] = h.polls;
	call(TOS_TIMER_STOP, 0, 0);
	return 0;
}

/*
 * Asserted, per CPU, over one window that starts before TIMER_START and
 * ends TAIL_POLLS rounds after TIMER_STATUS said none is still to come:
 * - the secure side: exactly `timer_irqs` interrupts taken, none still to
 *   come, none spurious or after the end; and the time to the last of them
 *   at least timer_irqs periods. The payload re-arms the timer from each
 *   interrupt it takes, so the count can reach timer_irqs only if no
 *   interrupt was lost (a lost one ends the chain: "still to come" stays
 *   above 0 until the 30 s deadline), and not faster than the periods allow.
 * - Linux's side: the hrtimer's callbacks are this kernel's own timer
 *   interrupts (pinned, hard). One that is lost for good (a normal-world
 *   interrupt the monitor left masked at the CPU interface, acknowledged
 *   and never ended, or taken to EL3 and dropped) stops every later one on
 *   that CPU while the thread goes on working: the gap, counted in the
 *   thread's rounds of work, then runs to the end of the window, at least
 *   TAIL_POLLS rounds, more than the bound MAX_GAP_POLLS. The gap is
 *   counted in rounds, not in time, because under TCG the counter follows
 *   the host's clock: a vCPU thread the host does not run (4 vCPUs on a
 *   loaded 2-core host) sees hundreds of ms pass with no interrupt, but
 *   does no rounds either (measured: a gap of 530 ms of counter time while
 *   the host was building; the time gap is printed, not asserted). A
 *   round is about 1000 loads and stores plus a call into the payload;
 *   with a 1 ms hrtimer a CPU that QEMU runs sees a few rounds between two
 *   callbacks, MAX_GAP_POLLS leaves room for QEMU's own timer thread
 *   raising the interrupt late.
 */
static void timer_test(void)
{
	struct per_cpu_run *runs;
	unsigned int n, i, secure_ok = 0, linux_ok = 0;
	u64 freq = counter_freq(), taken = 0, hr = 0, gap = 0, period = freq * timer_us / 1000000;

	runs = on_every_cpu(timer_fn, &n);
	if (!runs) {
		check(false, "timer: a bound thread on every online CPU");
		return;
	}
	for (i = 0; i < n; i++) {
		struct per_cpu_run *p = &runs[i];

		secure_ok += !p->n[6] && p->n[0] == timer_irqs && !p->n[1] && !p->n[2] &&
			     p->n[7] >= timer_irqs * period;
		linux_ok += p->n[4] && p->n[5] <= MAX_GAP_POLLS;
		taken += p->n[0];
		hr += p->n[4];
		gap = max(gap, p->n[5]);
		say("# timer cpu%u: start %lld, %llu secure interrupts taken, %llu to come, %llu other "
		    "in %llu ms (>= %llu ms); hrtimer: %llu callbacks in %llu ms, %llu rounds of work, "
		    "largest gap %llu rounds, %llu us\n", p->cpu, (long long)p->n[6], p->n[0], p->n[1],
		    p->n[2], p->n[7] * 1000 / freq, timer_irqs * period * 1000 / freq, p->n[4],
		    p->n[3] * 1000 / freq, p->n[9], p->n[5], p->n[8] * 1000000 / freq);
	}
	check(secure_ok == n,
	      "timer: %u CPUs at once, %u secure timer interrupts each taken while Linux ran "
	      "(%llu in all), none lost, none spurious, no faster than the period (%u of %u CPUs)",
	      n, timer_irqs, taken, secure_ok, n);
	check(linux_ok == n,
	      "timer: Linux's own timer interrupts kept coming meanwhile: %llu hrtimer callbacks, "
	      "largest gap %llu rounds of the thread's work <= %u (%u of %u CPUs)", hr, gap,
	      MAX_GAP_POLLS, linux_ok, n);
	kfree(runs);
}

/* ---- test pm --------------------------------------------------------------- */

static void nothing(void *unused)
{
}

static void pm_test(void)
{
	static const char *const names[TOS_HOOK_COUNT] = {
		"on", "off", "suspend", "resume", "system_off", "system_reset",
	};
	unsigned int cpu, h;

	/*
	 * Every online CPU runs something first: one that sleeps in a
	 * power-down idle state has its resume hook still to come, which would
	 * be counted after this snapshot and its suspend hook before.
	 */
	on_each_cpu(nothing, NULL, 1);
	for_each_possible_cpu(cpu) {
		int idx = tos_index(mpidr_of[cpu]);

		if (idx < 0)
			continue;
		say("pm cpu=%u index=%d", cpu, idx);
		for (h = 0; h < TOS_HOOK_COUNT; h++) {
			struct arm_smccc_res r = call(TOS_PM_COUNT, h, idx);

			if (r.a0)
				say(" %s=error%ld", names[h], (long)r.a0);
			else
				say(" %s=%lu", names[h], r.a1);
		}
		say("\n");
	}
}

/* ---- debugfs ---------------------------------------------------------------- */

static ssize_t run_write(struct file *f, const char __user *ubuf, size_t len, loff_t *pos)
{
	char cmd[16] = "";
	ssize_t ret = len;

	if (len >= sizeof(cmd) || copy_from_user(cmd, ubuf, len))
		return -EINVAL;
	cmd[len] = 0;
	strim(cmd);
	mutex_lock(&lock);
	out_len = 0;
	out[0] = 0;
	failed = 0;
	if (!strcmp(cmd, "calls"))
		calls_test();
	else if (!strcmp(cmd, "long"))
		long_test();
	else if (!strcmp(cmd, "timer"))
		timer_test();
	else if (!strcmp(cmd, "pm"))
		pm_test();
	else
		ret = -EINVAL;
	mutex_unlock(&lock);
	return ret;
}

static ssize_t run_read(struct file *f, char __user *ubuf, size_t len, loff_t *pos)
{
	ssize_t ret;

	mutex_lock(&lock);
	ret = simple_read_from_buffer(ubuf, len, pos, out, out_len);
	mutex_unlock(&lock);
	return ret;
}

static const struct file_operations run_fops = {
	.owner = THIS_MODULE,
	.write = run_write,
	.read = run_read,
	.llseek = default_llseek,
};

static struct dentry *dir;

static void note_mpidr(void *unused)
{
	mpidr_of[smp_processor_id()] = read_cpuid_mpidr();
}

static int __init tos_linux_init(void)
{
	struct arm_smccc_res r;
	unsigned int cpu;

	if (arm_smccc_1_1_get_conduit() != SMCCC_CONDUIT_SMC) {
		pr_err("tos-linux-test: the kernel's SMCCC conduit is not SMC\n");
		return -ENODEV;
	}
	r = call(TOS_CALLS_UID, 0, 0);
	if (r.a0 != TOS_UID_0 || r.a1 != TOS_UID_1 || r.a2 != TOS_UID_2 || r.a3 != TOS_UID_3) {
		pr_err("tos-linux-test: OEN 63's UID is not the payload's (%lx %lx %lx %lx)\n",
		       r.a0, r.a1, r.a2, r.a3);
		return -ENODEV;
	}
	/* Every possible CPU is online at load (the init loads it first). */
	for_each_possible_cpu(cpu)
		mpidr_of[cpu] = ~0ull;
	on_each_cpu(note_mpidr, NULL, 1);
	dir = debugfs_create_dir("tos-linux", NULL);
	debugfs_create_file("run", 0600, dir, NULL, &run_fops);
	pr_info("tos-linux-test: the payload answers (UID %lx-...)\n", r.a0);
	return 0;
}

static void __exit tos_linux_exit(void)
{
	debugfs_remove_recursive(dir);
}

module_init(tos_linux_init);
module_exit(tos_linux_exit);
MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("The project's secure payload called from Linux (tests/tos-linux)");
