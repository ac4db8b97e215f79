// SPDX-License-Identifier: BSD-3-Clause
#include <secmon/client.h>
#include <secmon/early.h>
#include <secmon/service.h>
#include "socdrv.h"

/*
 * Polls for a booted CPU to check in: 3-6 s under QEMU TCG on a loaded
 * 2-core host, where the booted CPU's host thread may wait a good part of a
 * second to run (as the conformance suite's mailbox waits).
 */
#define WAIT_LOOPS 200000000u

static const struct socdrv_env *env;
static unsigned ntest, nfail;
static volatile uint32_t checked_in[SECMON_FWOPS_MAX_CPUS];

/* Storage the library fills: no allocation anywhere. */
static struct secmon_fwops ops;
static struct secmon_calltab table;
static struct secmon_service media;

static void out(const char *s)
{
	env->puts(s);
}

static void out_num(int64_t v)
{
	char buf[24];
	int i = (int)sizeof(buf) - 1;
	uint64_t u = v < 0 ? (uint64_t)-v : (uint64_t)v;

	buf[i] = '\0';
	do {
		buf[--i] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		buf[--i] = '-';
	out(&buf[i]);
}

static void check_int(int64_t got, int64_t want, const char *what, const char *detail)
{
	ntest++;
	nfail += got != want;
	out(got == want ? "ok " : "not ok ");
	out_num(ntest);
	out(" - ");
	out(env->name);
	out(": ");
	out(what);
	if (detail) {
		out(" ");
		out(detail);
	}
	if (got != want) {
		out(" # got ");
		out_num(got);
		out(", want ");
		out_num(want);
	}
	out("\n");
}

static void check(bool ok, const char *what, const char *detail)
{
	check_int(ok, 1, what, detail);
}

static bool wait_checkin(unsigned cpu)
{
	for (uint32_t i = 0; i < WAIT_LOOPS; i++) {
		if (__atomic_load_n(&checked_in[cpu], __ATOMIC_ACQUIRE))
			return true;
		if (env->relax)
			env->relax();
	}
	return false;
}

void socdrv_secondary(void)
{
	__atomic_store_n(&checked_in[env->self()], 1, __ATOMIC_RELEASE);
}

static void boot_secondaries(void)
{
	unsigned booted = 0, up = 0, addr_ok = 0;

	for (unsigned cpu = 0; cpu < ops.ncpus; cpu++) {
		uint64_t addr = 0;

		if (cpu == env->self())
			continue;
		if (secmon_fwops_has(&ops, SECMON_FWOP_SET_CPU_BOOT_ADDR))
			secmon_fwops_set_cpu_boot_addr(&ops, cpu, env->secondary_pc);
		if (!secmon_fwops_has(&ops, SECMON_FWOP_GET_CPU_BOOT_ADDR) ||
		    (secmon_fwops_get_cpu_boot_addr(&ops, cpu, &addr) == SECMON_OK &&
		     addr == env->secondary_pc))
			addr_ok++;
		booted += secmon_fwops_cpu_boot(&ops, cpu) == SECMON_OK;
		up += wait_checkin(cpu);
	}
	check_int(booted, ops.ncpus - 1, "cpu_boot succeeds for every secondary", 0);
	check_int(up, ops.ncpus - 1, "every secondary runs the driver's entry", 0);
	check_int(addr_ok, ops.ncpus - 1, "get_cpu_boot_addr gives back what was set", 0);
	check_int(secmon_fwops_cpu_boot(&ops, ops.ncpus), SECMON_E_INVALID_PARAMETERS,
		  "cpu_boot of a CPU that does not exist is refused", 0);
}

/* Every operation the backend lacks says so, and answers NOT_SUPPORTED. */
static void check_absent(void)
{
	unsigned wrong = 0;
	uint64_t addr;

	for (unsigned op = 0; op < SECMON_FWOP_COUNT; op++) {
		int r;

		if (secmon_fwops_has(&ops, op))
			continue;
		switch (op) {
		case SECMON_FWOP_CPU_BOOT:
			r = secmon_fwops_cpu_boot(&ops, 1);
			break;
		case SECMON_FWOP_SET_CPU_BOOT_ADDR:
			r = secmon_fwops_set_cpu_boot_addr(&ops, 1, env->secondary_pc);
			break;
		case SECMON_FWOP_GET_CPU_BOOT_ADDR:
			r = secmon_fwops_get_cpu_boot_addr(&ops, 1, &addr);
			break;
		case SECMON_FWOP_DO_IDLE:
			r = secmon_fwops_do_idle(&ops, 0);
			break;
		case SECMON_FWOP_SUSPEND:
			r = secmon_fwops_suspend(&ops, env->secondary_pc);
			break;
		case SECMON_FWOP_RESUME:
			r = secmon_fwops_resume(&ops);
			break;
		case SECMON_FWOP_L2X0_INIT:
			r = secmon_fwops_l2x0_init(&ops);
			break;
		default:
			r = secmon_fwops_c15resume(&ops, env->buffer);
			break;
		}
		wrong += r != SECMON_E_NOT_SUPPORTED;
	}
	check_int(wrong, 0, "operations the board lacks answer NOT_SUPPORTED", 0);
}

static int media_call(const char *op, uint64_t a, uint64_t b, struct secmon_ct_val *res,
		      unsigned nres)
{
	const struct secmon_ct_val in[] = {
		{ "format", a }, { "addr", a }, { "size", b }, { "handle", a },
	};

	return secmon_service_call(&media, op, in, 4, res, nres);
}

/* Protecting buffers (SMC64 in the example service): needs a 64-bit caller. */
static void media_buffers(void)
{
	struct secmon_ct_val st[] = { { "format", 99 }, { "buffers", 99 } };
	struct secmon_ct_val h[] = { { "handle", 0 } };

	if (!secmon_service_has(&media, "protect-buffer")) {
		check_int(media_call("protect-buffer", env->buffer, 4096, h, 1),
			  SECMON_E_NOT_SUPPORTED,
			  "media: protect-buffer, an SMC64 call, is NOT_SUPPORTED from AArch32", 0);
		return;
	}
	check_int(media_call("protect-buffer", env->buffer, 4096, h, 1), 0,
		  "media: protect a normal-world buffer", 0);
	check(h[0].value != 0, "media: the protected buffer has a handle", 0);
	check_int(media_call("get-status", 0, 0, st, 2), 0, "media: get-status", 0);
	check(st[0].value == 2 && st[1].value == 1, "media: status shows format 2, one buffer", 0);
	check_int(media_call("protect-buffer", env->buffer, 4096, 0, 0), SECMON_E_DENIED,
		  "media: protecting it twice is DENIED", 0);
	check_int(media_call("protect-buffer", env->bad_addr, 4096, 0, 0),
		  SECMON_E_INVALID_ADDRESS, "media: a secure buffer is INVALID_ADDRESS", 0);
	check_int(media_call("unprotect-buffer", h[0].value, 0, 0, 0), 0,
		  "media: unprotect the buffer", 0);
	check_int(media_call("unprotect-buffer", h[0].value, 0, 0, 0),
		  SECMON_E_INVALID_PARAMETERS, "media: a stale handle is INVALID_PARAMETERS", 0);
}

static void media_driver(void)
{
	struct secmon_ct_error err;
	struct secmon_ct_val st[] = { { "format", 99 }, { "buffers", 99 } };

	check_int(secmon_service_bind(&media, env->fdt, "secmon,secure-media", &env->cs, &err), 0,
		  "the media driver binds to its service", err.message);
	check_int(media_call("set-format", 2, 0, 0, 0), 0, "media: set-format 2", 0);
	check_int(media_call("get-status", 0, 0, st, 2), 0, "media: get-status", 0);
	check(st[0].value == 2 && st[1].value == 0, "media: status shows format 2, no buffer", 0);
	media_buffers();
	check_int(media_call("set-format", 99, 0, 0, 0), SECMON_E_INVALID_PARAMETERS,
		  "media: an unknown format is INVALID_PARAMETERS", 0);
	check_int(media_call("no-such-op", 0, 0, 0, 0), SECMON_E_NOT_FOUND,
		  "media: an operation the service lacks is NOT_FOUND", 0);
}

/*
 * The early-boot errata table, run twice as a boot loader and then an OS
 * would: the second run finds everything in place already.
 */
static void early_errata(void)
{
	const struct secmon_conduit *c = env->cs.smc;
	struct secmon_errata_call errata[] = {
		{ SECMON_SIP_ERRATA_APPLY, env->erratum_needed, 0, 0, 0, 1 },
		{ SECMON_SIP_ERRATA_APPLY, env->erratum_not_needed, 0, 0, -2, 1 },
	};
	int32_t ans = 0;

	if (!env->erratum_needed || !c)
		return;
	check_int(secmon_errata_apply(c, errata, 2, &ans), 2, "early errata table applies", 0);
	check_int((int32_t)secmon_call3(c, SECMON_SIP_ERRATA_STATUS, env->erratum_needed, 0, 0),
		  SECMON_ERRATUM_WAS_APPLIED, "erratum status: in place", 0);
	check_int((int32_t)secmon_call3(c, SECMON_SIP_ERRATA_APPLY, env->erratum_needed, 0, 0),
		  SECMON_ERRATUM_WAS_APPLIED, "applying it again is harmless and says so", 0);
	check_int((int32_t)secmon_call3(c, SECMON_SIP_ERRATA_STATUS, env->erratum_not_needed, 0, 0),
		  SECMON_ERRATUM_NOT_REQUIRED, "an erratum this CPU lacks is NOT_REQUIRED", 0);
	check_int((int32_t)secmon_call3(c, SECMON_SIP_ERRATA_APPLY, 0x7fff0000u, 0, 0),
		  SECMON_ERRATUM_UNKNOWN, "an unknown erratum is refused", 0);
}

int socdrv_run(const struct socdrv_env *e)
{
	struct secmon_ct_error err;
	static const char *const backends[] = { "none", "psci", "table" };

	env = e;
	ntest = nfail = 0;
	for (unsigned i = 0; i < SECMON_FWOPS_MAX_CPUS; i++)
		checked_in[i] = 0;
	check_int(secmon_fwops_init_dt(&ops, env->fdt, &env->cs, &table, &err), 0,
		  "firmware operations found in the DT", err.message);
	check(ops.backend != SECMON_FWOPS_NONE, "the board has a backend:", backends[ops.backend]);
	if (secmon_fwops_has(&ops, SECMON_FWOP_CPU_BOOT))
		boot_secondaries();
	if (secmon_fwops_has(&ops, SECMON_FWOP_DO_IDLE))
		check_int(secmon_fwops_do_idle(&ops, 0), 0, "do_idle returns after a wake-up", 0);
	if (secmon_fwops_has(&ops, SECMON_FWOP_L2X0_INIT))
		check_int(secmon_fwops_l2x0_init(&ops), 0, "l2x0_init", 0);
	check_absent();
	early_errata();
	media_driver();
	return (int)nfail;
}
