// SPDX-License-Identifier: BSD-3-Clause
/*
 * bk: the bench kernel. Boots like the nsk (it links the nsk's head.S,
 * console, DT walker and wake-up timer) and measures, from the normal world,
 * what firmware calls cost in instructions, under QEMU run with
 * `-icount shift=0,sleep=off`: one instruction per nanosecond of virtual
 * time, and idle time skipped, so every run of the same firmware gives the
 * same figures. It prints one `BK ...` line per measurement (raw counter
 * deltas: bench/bench.py does the arithmetic) and powers off.
 *
 * Options (/chosen/bootargs, QEMU's -append):
 *   bk.el=1     leave EL2 for EL1 first (CPU_ON targets and resumed CPUs too)
 *   bk.n=N      calls per loop (default 4096)
 *   bk.phases=P repetitions of single events, P <= 16 (default 16)
 *   bk.tos=1    only the calibration and the trusted OS's calls (OEN 50 and
 *               63, OP-TEE's IDs; docs/trusted-os.md), e.g. under TF-A
 */
#include <secmon/early.h>
#include <secmon/psci.h>
#include <secmon/smccc.h>
#include <secmon/trace.h>
#include "dt.h"
#include "nsk.h"

#define HCR_EL2_RW		(1ull << 31)
#define SCTLR_EL2_RES1		0x30c50830ull
#define SCTLR_EL1_RES1		0x30d00800ull
#define CPTR_EL2_NO_TRAPS	0x32ffull
#define BK_RESUMED		0xbe5e005eull

/* The calls the loops make. */
#define FID_UNKNOWN_SIP		0x82000042u	/* no SiP service of secmon's has it */
#define FID_NEGATIVE_SET_BOOT	0xffffff9bu	/* boards/legacy-negative.dts */
#define FID_NEGATIVE_GET_BOOT	0xffffff9au
#define FID_MEDIA_STATUS	0x82000103u	/* boards/secure-media.dtsi */
#define FID_TRNG_RND64		0xc4000053u	/* 192 bits: a full TRNG call */
/* secmon's power states, original format, TF-A's QEMU StateIDs (states.c). */
#define PSCI_STANDBY		0x00000001u	/* core retention */
#define PSCI_POWERDOWN		0x00010002u	/* core power-down */
#define PSCI_CLUSTER_POWERDOWN	0x01010022u	/* cluster power-down */
#define PSCI_SYSTEM_POWERDOWN	0x02010222u	/* system power-down */
/*
 * A power_state no platform table has: StateID 0xfff (no state at any level)
 * and bit 17, which the original format keeps zero (QEMU's own PSCI refuses
 * it too, where another power_state would suspend the caller).
 */
#define PSCI_BAD_STATE		0x00020fffu
#define FID_TRNG_VERSION	0x84000050u

uint64_t nsk_mpidr[NSK_MAX_CPUS];
uint32_t nsk_ncpus;
uint8_t nsk_stacks[(NSK_MAX_CPUS + 1) * NSK_STACK_SIZE] __attribute__((aligned(16)));

/* bk.S */
uint64_t bk_loop_smc(uint64_t n, const uint64_t a[4], uint64_t out[4]);
uint64_t bk_loop_hvc(uint64_t n, const uint64_t a[4], uint64_t out[4]);
uint64_t bk_loop_movs(uint64_t n, const uint64_t a[4], uint64_t out[4]);
uint64_t bk_loop_empty(uint64_t n, const uint64_t a[4], uint64_t out[4]);
uint64_t bk_pmu_loop(uint64_t n);
uint64_t bk_cnt_loop(uint64_t n);

struct bk_ctx {
	uint64_t sp, t0, t1;
};
uint64_t bk_timed_smc(struct bk_ctx *ctx, uint64_t pad, const uint64_t a[4], bool idle);
uint64_t bk_timed_hvc(struct bk_ctx *ctx, uint64_t pad, const uint64_t a[4], bool idle);
extern char bk_resume[], bk_on_entry[];
void bk_resume_fixup(void);

/* What a CPU that CPU_ON starts at bk_on_entry writes (x0 points here). */
struct bk_on {
	volatile uint64_t t1;
	uint64_t hvc;
};

static struct dtb dt;
static struct nsk_gic gic;
static bool use_hvc, want_el1, tos_only;
static unsigned boot_el, n_iter = 4096, phases = 16;
static uint64_t freq;
static struct bk_on on_rec __attribute__((aligned(16)));
static struct bk_ctx ctx __attribute__((aligned(16)));

/* ---- console helpers ---- */

static bool word_is(const char *w, size_t n, const char *s)
{
	return strlen(s) == n && strncmp(w, s, n) == 0;
}

static bool parse_uint(const char *s, const char *end, unsigned *out)
{
	unsigned v = 0;

	if (s >= end)
		return false;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9')
			return false;
		v = v * 10 + (unsigned)(*s - '0');
	}
	*out = v;
	return true;
}

static void parse_bootargs(void)
{
	int len;
	const char *s = dt_prop(&dt, dt_path(&dt, "/chosen"), "bootargs", &len);

	for (int i = 0; s && i < len && s[i];) {
		int n = 0, k = 0;
		unsigned v;

		while (s[i] == ' ')
			i++;
		while (i + n < len && s[i + n] && s[i + n] != ' ')
			n++;
		while (k < n && s[i + k] != '=')
			k++;
		if (k < n && k > 3 && strncmp(s + i, "bk.", 3) == 0 &&
		    parse_uint(s + i + k + 1, s + i + n, &v)) {
			if (word_is(s + i + 3, (size_t)k - 3, "el"))
				want_el1 = v == 1;
			else if (word_is(s + i + 3, (size_t)k - 3, "n") && v > 0)
				n_iter = v;
			else if (word_is(s + i + 3, (size_t)k - 3, "phases") && v > 0 && v <= 16)
				phases = v;
			else if (word_is(s + i + 3, (size_t)k - 3, "tos"))
				tos_only = v == 1;
		}
		i += n;
	}
}

/* ---- the machine ---- */

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

static void find_cpus(void)
{
	int cpus = dt_path(&dt, "/cpus");
	uint64_t me = my_mpidr();

	nsk_mpidr[0] = me;
	nsk_ncpus = 1;
	for (int c = dt_first_child(&dt, cpus); c >= 0; c = dt_next_sibling(&dt, c)) {
		uint64_t reg, unused;

		if (!dt_prop_has_string(&dt, c, "device_type", "cpu") || !dt_available(&dt, c) ||
		    !dt_reg(&dt, c, 0, &reg, &unused))
			continue;
		reg &= NSK_MPIDR_MASK;
		if (reg != me && nsk_ncpus < NSK_MAX_CPUS)
			nsk_mpidr[nsk_ncpus++] = reg;
	}
}

static void find_gic(void)
{
	uint64_t size;
	int len, n;

	for (n = dt_next_node(&dt, -1); n >= 0; n = dt_next_node(&dt, n)) {
		if (!dt_has_prop(&dt, n, "interrupt-controller") || !dt_available(&dt, n))
			continue;
		if (dt_compatible(&dt, n, "arm,gic-v3")) {
			gic.version = 3;
			dt_reg(&dt, n, 0, &gic.dist, &size);
			if (dt_reg(&dt, n, 1, &gic.redist[0], &gic.redist_size[0]))
				gic.nredist = 1;
			break;
		}
		if (dt_compatible(&dt, n, "arm,cortex-a15-gic")) {
			gic.version = 2;
			dt_reg(&dt, n, 0, &gic.dist, &size);
			dt_reg(&dt, n, 1, &gic.cpuif, &size);
			break;
		}
	}
	n = dt_find_compatible(&dt, -1, "arm,armv8-timer");
	const uint32_t *irq = dt_prop(&dt, n, "interrupts", &len);

	if (irq && len >= 9 * 4)
		gic.timer_intid = dt_cell(irq, 7) + (dt_cell(irq, 6) == 1 ? 16 : 32);
}

static bool find_conduit(void)
{
	static const char *const compat[] = { "arm,psci-1.0", "arm,psci-0.2", "arm,psci" };
	const char *method;
	int n = -1, len;

	for (unsigned i = 0; i < 3 && n < 0; i++)
		n = dt_find_compatible(&dt, -1, compat[i]);
	method = n >= 0 ? dt_prop(&dt, n, "method", &len) : 0;
	if (!method)
		return false;
	use_hvc = strcmp(method, "hvc") == 0;
	return use_hvc || strcmp(method, "smc") == 0;
}

/* ---- EL state ---- */

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

/* EL2 set up for a plain EL1 guest, then down to EL1 on the same stack. */
static void leave_el2(void)
{
	sysreg_write(vpidr_el2, sysreg_read(midr_el1));
	sysreg_write(vmpidr_el2, sysreg_read(mpidr_el1));
	sysreg_write(cnthctl_el2, 3);
	sysreg_write(cntvoff_el2, 0);
	sysreg_write(cptr_el2, CPTR_EL2_NO_TRAPS);
	sysreg_write(hstr_el2, 0);
	sysreg_write(vttbr_el2, 0);
	sysreg_write(mdcr_el2, sysreg_read(mdcr_el2) & 0x1f);	/* HPMN kept, no traps */
	if (gic.version == 3) {
		sysreg_write(ICC_SRE_EL2, 0xf);
		isb();
		sysreg_write(ICH_HCR_EL2, 0);
	}
	sysreg_write(sctlr_el1, SCTLR_EL1_RES1);
	sysreg_write(vbar_el1, (uintptr_t)nsk_vectors);
	sysreg_write(hcr_el2, HCR_EL2_RW);
	isb();
	nsk_eret_to_el1();
}

/* After a power-down suspend the firmware enters at EL2 (when it exists). */
void bk_resume_fixup(void)
{
	nsk_cpu_early_init();
	if (want_el1 && current_el() == 2)
		leave_el2();
}

void nsk_secondary_main(uint64_t context_id, uint64_t slot)
{
	(void)context_id;
	(void)slot;
	nsk_halt();
}

void nsk_exception(uint64_t kind)
{
	uint64_t esr, elr;

	if (current_el() == 2) {
		esr = sysreg_read(esr_el2);
		elr = sysreg_read(elr_el2);
	} else {
		esr = sysreg_read(esr_el1);
		elr = sysreg_read(elr_el1);
	}
	con_printf("BK error exception kind=%lu el=%u esr=0x%lx elr=0x%lx\n", kind, current_el(),
		   esr, elr);
	nsk_halt();
}

/* ---- measuring ---- */

static uint64_t call(uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3)
{
	const uint64_t a[4] = { a0, a1, a2, a3 };
	uint64_t out[4];

	(use_hvc ? bk_loop_hvc : bk_loop_smc)(1, a, out);
	return out[0];
}

static void loop(const char *name, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3)
{
	const uint64_t a[4] = { a0, a1, a2, a3 };
	uint64_t out[4], none[4], t, e;

	t = (use_hvc ? bk_loop_hvc : bk_loop_smc)(n_iter, a, out);
	e = bk_loop_empty(n_iter, a, none);
	con_printf("BK loop name=%s n=%u ticks=%lu empty=%lu x0=0x%lx x1=0x%lx\n", name, n_iter,
		   t, e, out[0], out[1]);
}

/* ---- SCMI (the SCMI=1 firmware) ---- */

/* The channel, the "arm,scmi-smc" node's shmem; NULL without one. */
static volatile uint32_t *scmi_shm;
static uint32_t scmi_fid;

static void find_scmi(void)
{
	int node = dt_find_compatible(&dt, -1, "arm,scmi-smc"), mem = -1, len;
	const uint32_t *id = node >= 0 ? dt_prop(&dt, node, "arm,smc-id", &len) : 0;
	const uint32_t *ph = node >= 0 ? dt_prop(&dt, node, "shmem", &len) : 0;
	uint64_t base, size;

	if (!id || !ph)
		return;
	while ((mem = dt_find_compatible(&dt, mem, "arm,scmi-shmem")) >= 0) {
		const uint32_t *mph = dt_prop(&dt, mem, "phandle", &len);

		if (mph && dt_cell(mph, 0) == dt_cell(ph, 0) && dt_reg(&dt, mem, 0, &base, &size) &&
		    size >= 0x100) {
			scmi_shm = (volatile uint32_t *)(uintptr_t)base;
			scmi_fid = dt_cell(id, 0);
			return;
		}
	}
}

static uint64_t ticks_now(void)
{
	isb();
	return sysreg_read(cntvct_el0);
}

/*
 * SCMI round trips as an OS's SMC transport makes them: the message
 * written into the channel (status busy, flags, length, header, payload),
 * the SMC, the status and first answer word read back. The empty loop does
 * the same with bk_loop_empty in place of the SMC, so the difference is the
 * monitor's part: the SMC, the copy-in, the protocol and the copy-out.
 */
static void scmi_loop(const char *name, uint32_t proto, uint32_t msg, unsigned nin, uint32_t arg)
{
	const uint64_t a[4] = { scmi_fid, 0, 0, 0 };
	const uint32_t header = proto << 10 | msg;
	uint64_t out[4] = { 0 }, none[4], t[2];
	uint32_t st = 0, w = 0;

	if (!scmi_shm)
		return;
	for (unsigned pass = 0; pass < 2; pass++) {
		uint64_t t0 = ticks_now();

		for (unsigned i = 0; i < n_iter; i++) {
			scmi_shm[1] = 0;
			scmi_shm[4] = 0;
			scmi_shm[5] = 4 + 4 * nin;
			scmi_shm[6] = header;
			scmi_shm[7] = arg;
			__asm__ volatile("dsb sy" : : : "memory");
			if (pass == 0)
				(use_hvc ? bk_loop_hvc : bk_loop_smc)(1, a, out);
			else
				bk_loop_empty(1, a, none);
			st = scmi_shm[7];
			w = scmi_shm[8];
		}
		t[pass] = ticks_now() - t0;
		if (pass == 0 && (out[0] || st || (scmi_shm[1] & 3) != 1)) {
			con_printf("BK error %s: x0=0x%lx status %d channel 0x%x\n", name, out[0],
				   (int32_t)st, scmi_shm[1]);
			return;
		}
	}
	con_printf("BK loop name=%s n=%u ticks=%lu empty=%lu x0=0x%lx x1=0x%x\n", name, n_iter,
		   t[0], t[1], out[0], w);
}

/* A pending wake-up that stays pending: the virtual timer, due now. */
static void wake_pending(void)
{
	wake_arm();
	sysreg_write(cntv_tval_el0, 0);
	isb();
}

static void wait_a_little(void)
{
	wake_arm();
	__asm__ volatile("dsb sy; wfi" : : : "memory");
	wake_disarm();
}

/* PMCR_EL0.E, where the CPU has a PMU. */
static void pmu_enable(bool on)
{
	unsigned pmuver = (unsigned)(sysreg_read(id_aa64dfr0_el1) >> 8) & 0xf;

	if (pmuver == 0 || pmuver == 0xf)
		return;
	sysreg_write(pmcr_el0, (sysreg_read(pmcr_el0) & ~1ull) | (on ? 1 : 0));
	isb();
}

static void calibrate(void)
{
	uint64_t a[4] = { 0, 0, 0, 0 }, out[4], dfr = sysreg_read(id_aa64dfr0_el1);
	unsigned pmuver = (unsigned)(dfr >> 8) & 0xf;

	con_printf("BK calib what=nops n=%u ticks=%lu per=10\n", n_iter, bk_cnt_loop(n_iter));
	con_printf("BK calib what=movs n=%u ticks=%lu empty=%lu per=5\n", n_iter,
		   bk_loop_movs(n_iter, a, out), bk_loop_empty(n_iter, a, out));
	if (pmuver == 0 || pmuver == 0xf)
		return;
	/* PMCR_EL0: E, C reset; cycle counter on; count at EL1, EL2 (NSH) and EL3. */
	sysreg_write(pmccfiltr_el0, 1ull << 27);
	sysreg_write(pmcntenset_el0, 1ull << 31);
	sysreg_write(pmcr_el0, (sysreg_read(pmcr_el0) & ~0x8ull) | 0x5);
	isb();
	con_printf("BK calib what=pmccntr n=%u cycles=%lu per=10\n", n_iter, bk_pmu_loop(n_iter));
	/* The same call loop timed by both counters: does PMCCNTR see EL3? */
	{
		const uint64_t v[4] = { SECMON_SMCCC_VERSION, 0, 0, 0 };
		uint64_t c0, c1, ticks;

		__asm__ volatile("isb; mrs %0, pmccntr_el0" : "=r"(c0));
		ticks = (use_hvc ? bk_loop_hvc : bk_loop_smc)(n_iter, v, out);
		__asm__ volatile("isb; mrs %0, pmccntr_el0" : "=r"(c1));
		con_printf("BK calib what=pmccntr-smc n=%u cycles=%lu ticks=%lu\n", n_iter, c1 - c0,
			   ticks);
	}
}

/* CPU_ON of `target` timed to its first instruction, once per phase. */
static void cpu_on_latency(void)
{
	uint64_t target = nsk_mpidr[1];
	const uint64_t a[4] = { SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_ON), target,
				(uintptr_t)bk_on_entry, (uintptr_t)&on_rec };

	for (unsigned p = 0; p < phases; p++) {
		uint64_t ret;
		unsigned spins = 0;

		on_rec.t1 = 0;
		on_rec.hvc = use_hvc;
		wake_arm();	/* ends the WFI that follows the call */
		ret = (use_hvc ? bk_timed_hvc : bk_timed_smc)(&ctx, p, a, true);
		wake_disarm();
		while (!on_rec.t1 && spins++ < 1000)
			wait_a_little();
		con_printf("BK single name=cpu_on pad=%u t0=%lu t1=%lu x0=0x%lx\n", p, ctx.t0,
			   on_rec.t1, ret);
		/* Off again before the next one. */
		while (call(SECMON_PSCI_FN64(SECMON_PSCI_FN_AFFINITY_INFO), target, 0, 0) !=
			       SECMON_PSCI_AFF_OFF &&
		       spins++ < 2000)
			wait_a_little();
		if (!on_rec.t1 || spins >= 2000) {
			con_printf("BK error cpu_on target did not start and stop (x0=0x%lx)\n", ret);
			return;
		}
	}
}

/*
 * A suspend timed from the call to the first instruction at the resume entry
 * point, once per phase: CPU_SUSPEND(state) or, with state ~0,
 * SYSTEM_SUSPEND. The pending virtual timer ends the monitor's wait. The
 * other CPUs are off, so the cluster and system states are granted.
 */
static bool suspend_event(const char *name, uint32_t state)
{
	const uint64_t cs[4] = { SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_SUSPEND), state,
				 (uintptr_t)bk_resume, (uintptr_t)&ctx };
	const uint64_t ss[4] = { SECMON_PSCI_FN64(SECMON_PSCI_FN_SYSTEM_SUSPEND),
				 (uintptr_t)bk_resume, (uintptr_t)&ctx, 0 };

	for (unsigned p = 0; p < phases; p++) {
		uint64_t ret;

		ctx.t1 = 0;
		wake_pending();
		ret = (use_hvc ? bk_timed_hvc : bk_timed_smc)(&ctx, p, state == ~0u ? ss : cs,
							      false);
		wake_disarm();
		con_printf("BK single name=%s pad=%u t0=%lu t1=%lu x0=0x%lx\n", name, p, ctx.t0,
			   ctx.t1, ret);
		if (ret != BK_RESUMED)
			return false;
	}
	return true;
}

/*
 * Every power-down state the platform offers (plat_power_states(),
 * monitor/plat/qemu-virt/states.c; the standby state is looped in
 * measure()), the cluster state in OS-initiated mode too, and
 * SYSTEM_SUSPEND: the figures docs/porting.md's latency rule starts from.
 */
static void suspend_states(void)
{
	uint64_t ret;

	/* First: PSCI refuses OS-initiated mode once a CPU suspended in PC mode. */
	ret = call(SECMON_PSCI_FN32(SECMON_PSCI_FN_SET_SUSPEND_MODE), SECMON_PSCI_MODE_OSI, 0, 0);
	if (ret == 0) {
		suspend_event("suspend_cluster_osi", PSCI_CLUSTER_POWERDOWN);
		call(SECMON_PSCI_FN32(SECMON_PSCI_FN_SET_SUSPEND_MODE), SECMON_PSCI_MODE_PC, 0, 0);
	} else {
		con_printf("BK info set_suspend_mode_osi x0=0x%lx\n", ret);
	}
	suspend_event("suspend_powerdown", PSCI_POWERDOWN);
	suspend_event("suspend_cluster", PSCI_CLUSTER_POWERDOWN);
	suspend_event("suspend_system", PSCI_SYSTEM_POWERDOWN);
	suspend_event("system_suspend", ~0u);
}

/*
 * The unknown-ID sweep: IDs no service answers, in every
 * owning entity secmon serves (arch 0, SiP 2, standard 4, the board's legacy
 * IDs in 63), SMC32 and SMC64, fast and yielding. The function numbers are
 * the ones a filter keyed on a few bits would let through: neighbours and
 * bit-for-bit look-alikes of served IDs (0x82000F00 shares bits 11:0 with
 * the call count 0x8200FF00). bench.py takes the most expensive.
 */
static const uint16_t sweep_fns[] = {
	0x0f00, 0x0f01, 0x0f03, 0x0042, 0x0060, 0x00c0, 0x0104, 0x0fc0, 0x0f20, 0x0f21,
	0x1000, 0x3ffe, 0x7ffe, 0x8001, 0x8040, 0xff02, 0xff04, 0xff40, 0xfeff, 0xffff,
};
static const uint8_t sweep_oens[] = { 0, 2, 4, 63 };
/* Look-alikes of the board's legacy IDs (0xffffff9a-0xfffffffd), all in OEN 63. */
static const uint32_t sweep_extra[] = { 0xffffff9cu, 0xffffff99u, 0xfffeff9au, 0xfffffff0u,
					0x7fffff9au, 0xbfffff9bu };

static void sweep_one(uint32_t fid, unsigned n)
{
	const uint64_t a[4] = { fid, 0, 0, 0 };
	uint64_t out[4], none[4], t, e;

	t = (use_hvc ? bk_loop_hvc : bk_loop_smc)(n, a, out);
	e = bk_loop_empty(n, a, none);
	con_printf("BK unk fid=0x%x n=%u ticks=%lu empty=%lu x0=0x%lx x1=0x%lx\n", fid, n, t, e,
		   out[0], out[1]);
}

static void unknown_sweep(void)
{
	static const uint32_t kinds[] = { 0x80000000u, 0xc0000000u, 0x00000000u, 0x40000000u };
	unsigned n = n_iter < 256 ? n_iter : 256;

	for (unsigned o = 0; o < sizeof(sweep_oens); o++)
		for (unsigned k = 0; k < 4; k++)
			for (unsigned f = 0; f < sizeof(sweep_fns) / sizeof(sweep_fns[0]); f++)
				sweep_one(kinds[k] | (uint32_t)sweep_oens[o] << 24 | sweep_fns[f], n);
	for (unsigned i = 0; i < sizeof(sweep_extra) / sizeof(sweep_extra[0]); i++)
		sweep_one(sweep_extra[i], n);
}

static void measure(void)
{
	uint64_t other = nsk_ncpus > 1 ? nsk_mpidr[1] : nsk_mpidr[0];
	uint64_t cpu = nsk_ncpus > 1 ? 1 : 0;

	calibrate();
	if (tos_only) {
		/* A trusted OS's own answers: OP-TEE's CALLS_UID, GET_OS_REVISION. */
		loop("smccc_version", SECMON_SMCCC_VERSION, 0, 0, 0);
		loop("tos_calls_count", 0xbf00ff00u, 0, 0, 0);
		loop("tos_calls_uid", 0xbf00ff01u, 0, 0, 0);
		loop("tos_calls_revision", 0xbf00ff03u, 0, 0, 0);
		loop("tos_os_revision", 0xb2000001u, 0, 0, 0);
		/* The payload's LONG (tos/tos_abi.h), one round: a yielding call that finishes. */
		loop("tos_yield", 0x32000010u, 1, 7, 0);
		return;
	}
	/*
	 * The calls are measured with the cycle counter stopped, as an OS keeps
	 * it while no perf session runs; psci_version_pmu is PSCI_VERSION with
	 * it running, which adds the monitor's PMCR_EL0.DP set and restore.
	 */
	pmu_enable(false);
	loop("smccc_version", SECMON_SMCCC_VERSION, 0, 0, 0);
	loop("arch_features", SECMON_SMCCC_ARCH_FEATURES, SECMON_SMCCC_ARCH_WORKAROUND_1, 0, 0);
	loop("arch_workaround_1", SECMON_SMCCC_ARCH_WORKAROUND_1, 0, 0, 0);
	loop("arch_workaround_2", SECMON_SMCCC_ARCH_WORKAROUND_2, 1, 0, 0);
	loop("arch_workaround_3", SECMON_SMCCC_ARCH_WORKAROUND_3, 0, 0, 0);
	loop("arch_workaround_4", SECMON_SMCCC_ARCH_WORKAROUND_4, 0, 0, 0);
	loop("psci_version", SECMON_PSCI_FN32(SECMON_PSCI_FN_VERSION), 0, 0, 0);
	loop("psci_features", SECMON_PSCI_FN32(SECMON_PSCI_FN_FEATURES),
	     SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_ON), 0, 0);
	loop("affinity_info", SECMON_PSCI_FN64(SECMON_PSCI_FN_AFFINITY_INFO), other, 0, 0);
	/* Refused: INVALID_PARAMETERS, the CPU does not suspend. */
	loop("cpu_suspend_bad", SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_SUSPEND), PSCI_BAD_STATE,
	     (uintptr_t)bk_on_entry, 0);
	loop("trng_version", FID_TRNG_VERSION, 0, 0, 0);
	pmu_enable(true);
	loop("psci_version_pmu", SECMON_PSCI_FN32(SECMON_PSCI_FN_VERSION), 0, 0, 0);
	pmu_enable(false);
	loop("unknown_sip", FID_UNKNOWN_SIP, 0, 0, 0);
	unknown_sweep();
	loop("sip_errata_status", SECMON_SIP_ERRATA_STATUS, 0, 0, 0);
	loop("trng_rnd64", FID_TRNG_RND64, 192, 0, 0);
	loop("sip_media_status", FID_MEDIA_STATUS, 0, 0, 0);
	/* Base PROTOCOL_VERSION and CLOCK_RATE_GET of clock 0 (the SCMI=1 firmware). */
	scmi_loop("scmi_base_version", 0x10, 0, 0, 0);
	scmi_loop("scmi_clock_rate_get", 0x14, 6, 1, 0);
	/*
	 * Recording on, where the firmware has it (docs/trace.md):
	 * every call then takes mon_smc() and writes a record; the rings are
	 * full after the first 256 calls, so this is the steady state.
	 */
	if (call(SECMON_SIP_TRACE_CTL, 1, 1, 0) == 0) {
		loop("psci_version_traced", SECMON_PSCI_FN32(SECMON_PSCI_FN_VERSION), 0, 0, 0);
		loop("smccc_version_traced", SECMON_SMCCC_VERSION, 0, 0, 0);
		call(SECMON_SIP_TRACE_CTL, 0, 1, 0);
	}
	/* The legacy call reads back what its sibling set. */
	con_printf("BK info legacy_set x0=0x%lx\n",
		   call(FID_NEGATIVE_SET_BOOT, cpu, (uintptr_t)bk_on_entry, 0));
	loop("legacy_dt", FID_NEGATIVE_GET_BOOT, cpu, 0, 0);
	suspend_states();
	wake_pending();
	loop("suspend_standby", SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_SUSPEND), PSCI_STANDBY, 0, 0);
	wake_disarm();
	if (nsk_ncpus > 1)
		cpu_on_latency();
}

void nsk_main(uint64_t dtb, uint64_t base)
{
	/* The generic counter since reset: the firmware's cold boot (bench.py). */
	uint64_t boot_ticks;

	__asm__ volatile("isb" ::: "memory");
	boot_ticks = sysreg_read(cntpct_el0);
	if (dt_open(&dt, dtb) != 0)
		nsk_halt();
	con_init(find_console());
	boot_el = current_el();
	parse_bootargs();
	find_gic();
	wake_init(&gic);
	find_cpus();
	if (!find_conduit()) {
		con_printf("BK error no psci node with method smc or hvc\n");
		nsk_halt();
	}
	find_scmi();
	if (want_el1 && boot_el == 2)
		leave_el2();
	freq = sysreg_read(cntfrq_el0) & 0xffffffffu;
	con_printf("BK info freq=%lu el=%u ncpus=%u conduit=%s gic=%u image=0x%lx midr=0x%lx\n",
		   freq, current_el(), nsk_ncpus, use_hvc ? "hvc" : "smc", gic.version, base,
		   sysreg_read(midr_el1));
	con_printf("BK boot ticks=%lu\n", boot_ticks);
	measure();
	con_printf("BK done\n");
	call(SECMON_PSCI_FN32(SECMON_PSCI_FN_SYSTEM_OFF), 0, 0, 0);
	con_printf("BK error SYSTEM_OFF returned\n");
	nsk_halt();
}
