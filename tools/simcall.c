// SPDX-License-Identifier: BSD-3-Clause
/*
 * One call on the host simulator: boot a simulated system (with a board DT
 * for the monitor to serve, if given), make the call, or run the caller's
 * body of calls, from CPU 0's normal-world entry, record what came back and
 * which CPUs entered the normal world afterwards (a CPU_ON's target, CPU 0
 * resuming from a power-down suspend), and run until the simulation ends.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <secmon/trace.h>
#include "../monitor/monitor.h"
#include "../monitor/plat.h"
#include "../monitor/plat/host/sim.h"
#include "cli.h"
#include "json.h"
#include "simcall.h"

/* Where CPU 0 boots: inside the simulator's default normal-world memory. */
#define BOOT_PC 0x80000000u

static pthread_mutex_t events_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t console_mu = PTHREAD_MUTEX_INITIALIZER;
static bool called;	/* touched only by CPU 0's thread */
static size_t console_len;

static void record(struct simcall *sc, unsigned cpu, uint64_t pc, uint64_t ctx)
{
	pthread_mutex_lock(&events_mu);
	if (sc->nevents < SIMCALL_MAX_EVENTS)
		sc->events[sc->nevents++] = (struct simcall_event){
			.cpu = cpu, .mpidr = sim_mpidr(cpu), .pc = pc, .context_id = ctx
		};
	else
		sc->events_lost = true;
	pthread_mutex_unlock(&events_mu);
}

/* Normal-world code of every simulated CPU; returning is a CPU_OFF. */
static void entry(unsigned cpu, uint64_t pc, uint64_t ctx, void *arg)
{
	struct simcall *sc = arg;
	const struct secmon_conduit *c = sc->aarch32 ? &secmon_conduit_sim32 : &secmon_conduit_sim;

	if (cpu == 0 && !called) {
		called = true;
		if (sc->trace_file) {
			struct secmon_regs on = { .x = { SECMON_SIP_TRACE_CTL, 1, 1 } }, r;

			secmon_invoke(c, &on, &r);
		}
		if (sc->body)
			sc->body(sc, c);
		else
			secmon_invoke(c, &sc->in, &sc->out);
		/* Not reached when a call powers CPU 0 or the system down. */
		sc->returned = true;
		return;
	}
	record(sc, cpu, pc, ctx);
}

/* The monitor's console, from any CPU's thread or from sim_run's. */
static void console(char ch, void *arg)
{
	struct simcall *sc = arg;

	pthread_mutex_lock(&console_mu);
	if (console_len + 1 < sizeof(sc->console))
		sc->console[console_len++] = ch;
	else
		sc->console_lost = true;
	sc->console[console_len] = '\0';
	pthread_mutex_unlock(&console_mu);
}

static void trace(unsigned cpu, const struct secmon_regs *in, const struct secmon_regs *out,
		  void *arg)
{
	struct simcall *sc = arg;

	sc->trace(cpu, in, out, sc->body_arg);
}

static void on_alarm(int sig)
{
	static const char msg[] = "secmon call: the simulation did not end in time; giving up\n";
	ssize_t n;

	(void)sig;
	n = write(STDERR_FILENO, msg, sizeof(msg) - 1);
	(void)n;
	_exit(CLI_EXIT_FAIL);
}

/* Every record of the run that ended, after a trace file header. */
static int write_trace(struct simcall *sc, char *err, size_t errlen)
{
	enum { CHUNK = 256 };
	struct secmon_trace_record *recs = 0;
	struct secmon_trace_header h = {
		.magic = SECMON_TRACE_MAGIC,
		.version = SECMON_TRACE_VERSION,
		.record_size = sizeof(struct secmon_trace_record),
		.counter_hz = plat_counter_hz(),
		.cpu_count = sc->ncpus,
	};
	uint64_t lost, waiting;
	unsigned n = 0, got;
	FILE *f;

	do {
		struct secmon_trace_record *more = realloc(recs, (n + CHUNK) * sizeof(*recs));

		if (!more) {
			free(recs);
			snprintf(err, errlen, "out of memory for the trace");
			return -1;
		}
		recs = more;
		got = mon_trace_drain((volatile uint64_t *)(recs + n), CHUNK, UINT64_MAX, &lost,
				      &waiting);
		n += got;
		h.lost += lost;
	} while (got || waiting);
	h.count = n;
	f = fopen(sc->trace_file, "wb");
	if (!f || fwrite(&h, sizeof(h), 1, f) != 1 ||
	    (n && fwrite(recs, sizeof(*recs), n, f) != n) || fclose(f) != 0) {
		snprintf(err, errlen, "cannot write the trace to %s: %s", sc->trace_file,
			 strerror(errno));
		free(recs);
		return -1;
	}
	free(recs);
	sc->trace_records = n;
	return 0;
}

unsigned simcall_max_cpus(void)
{
	return SIM_MAX_CPUS;
}

int simcall_run(struct simcall *sc, char *err, size_t errlen)
{
	struct sim_config cfg = {
		.ncpus = sc->ncpus,
		.aarch32 = sc->aarch32,
		.entry = entry,
		.arg = sc,
		.board_dtb = sc->board_dtb,
		.console = sc->capture_console ? console : 0,
		.trace = sc->trace ? trace : 0,
	};
	struct sigaction sa;
	int end;

	sc->returned = false;
	sc->refused = false;
	sc->nevents = 0;
	sc->events_lost = false;
	sc->console[0] = '\0';
	sc->console_lost = false;
	memset(&sc->out, 0, sizeof(sc->out));
	called = false;
	console_len = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, 0);
	alarm(sc->timeout_s ? sc->timeout_s : 10);
	end = sim_run(&cfg, BOOT_PC, 0);
	alarm(0);
	if (end >= 0 && sc->trace_file && write_trace(sc, err, errlen))
		return -1;

	switch (end) {
	case SIM_END_ALL_OFF:
		sc->end = SIMCALL_ALL_OFF;
		return 0;
	case SIM_END_SYSTEM_OFF:
		sc->end = SIMCALL_SYSTEM_OFF;
		return 0;
	case SIM_END_SYSTEM_RESET:
		sc->end = SIMCALL_SYSTEM_RESET;
		return 0;
	case SIM_END_RESET2:
		sc->end = SIMCALL_SYSTEM_RESET2;
		sim_last_reset2(&sc->reset2_type, &sc->reset2_cookie);
		return 0;
	default:
		/* The configuration was checked: only the monitor's start can fail. */
		if (sc->board_dtb && sc->ncpus >= 1 && sc->ncpus <= simcall_max_cpus()) {
			sc->refused = true;
			snprintf(err, errlen, "the simulated monitor refused to start with the "
					      "board DT");
		} else {
			snprintf(err, errlen, "the simulator refused the configuration (%u CPUs)",
				 sc->ncpus);
		}
		return -1;
	}
}

const char *simcall_end_text(enum simcall_end e)
{
	switch (e) {
	case SIMCALL_ALL_OFF:
		return "all CPUs off";
	case SIMCALL_SYSTEM_OFF:
		return "system powered off";
	case SIMCALL_SYSTEM_RESET:
		return "system reset";
	case SIMCALL_SYSTEM_RESET2:
		return "system reset (SYSTEM_RESET2, vendor-specific)";
	}
	return "?";
}

const char *simcall_end_key(enum simcall_end e)
{
	switch (e) {
	case SIMCALL_ALL_OFF:
		return "all_cpus_off";
	case SIMCALL_SYSTEM_OFF:
		return "system_off";
	case SIMCALL_SYSTEM_RESET:
		return "system_reset";
	case SIMCALL_SYSTEM_RESET2:
		return "system_reset2";
	}
	return "?";
}

void simcall_json_outcome(struct json *j, const struct simcall *sc)
{
	json_key(j, "events");
	json_arr(j);
	for (unsigned n = 0; n < sc->nevents; n++) {
		json_obj(j);
		json_key(j, "cpu");
		json_uint(j, sc->events[n].cpu);
		json_key(j, "mpidr");
		json_hex(j, sc->events[n].mpidr);
		json_key(j, "pc");
		json_hex(j, sc->events[n].pc);
		json_key(j, "context_id");
		json_hex(j, sc->events[n].context_id);
		json_end(j);
	}
	json_end(j);
	json_key(j, "end");
	json_str(j, simcall_end_key(sc->end));
	json_key(j, "end_text");
	json_str(j, simcall_end_text(sc->end));
}
