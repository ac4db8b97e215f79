/* SPDX-License-Identifier: BSD-3-Clause */
/* One call, or a run of calls, on the host simulator (simcall.c). */
#ifndef SECMON_TOOLS_SIMCALL_H
#define SECMON_TOOLS_SIMCALL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <secmon/smccc.h>
#include "json.h"

#define SIMCALL_MAX_EVENTS 32

/* A simulated CPU entering the normal world after the call was made. */
struct simcall_event {
	unsigned cpu;
	uint64_t mpidr;
	uint64_t pc;
	uint64_t context_id;
};

enum simcall_end {
	SIMCALL_ALL_OFF,
	SIMCALL_SYSTEM_OFF,
	SIMCALL_SYSTEM_RESET,
	SIMCALL_SYSTEM_RESET2,
};

struct secmon_conduit;

#define SIMCALL_CONSOLE_MAX 4096

struct simcall {
	/* In. */
	unsigned ncpus;
	bool aarch32;
	unsigned timeout_s;
	struct secmon_regs in;
	/* In, optional (all zero: one call of `in`, no board DT). */
	const void *board_dtb;	/* the board DT the monitor serves (sim_config.board_dtb) */
	/*
	 * Run on CPU 0 instead of the one call `in`, with the caller's conduit
	 * (sim, or sim32 with aarch32); `returned` then says it returned.
	 */
	void (*body)(struct simcall *sc, const struct secmon_conduit *c);
	void *body_arg;
	/* Each SMC that returned, on any CPU (sim_config.trace); gets body_arg. */
	void (*trace)(unsigned cpu, const struct secmon_regs *in, const struct secmon_regs *out,
		      void *arg);
	bool capture_console;	/* the monitor's console into console[], not stderr */
	/*
	 * Record the run (docs/trace.md): recording on before CPU 0's call, and
	 * afterwards a trace file (struct secmon_trace_header, the records) here.
	 */
	const char *trace_file;
	/* Out. */
	unsigned trace_records;	/* written to trace_file */
	bool refused;		/* the monitor refused to start (console[] says why) */
	char console[SIMCALL_CONSOLE_MAX];	/* NUL-terminated */
	bool console_lost;	/* more console output than console[] holds */
	bool returned;		/* the call (or body) came back on CPU 0 */
	struct secmon_regs out;
	enum simcall_end end;
	uint32_t reset2_type;	/* when end == SIMCALL_SYSTEM_RESET2 */
	uint64_t reset2_cookie;
	unsigned nevents;
	bool events_lost;
	struct simcall_event events[SIMCALL_MAX_EVENTS];
};

/*
 * Boots a simulated system of sc->ncpus CPUs, makes the call sc->in (or
 * runs sc->body) on CPU 0 and runs until the simulation ends. Returns 0, or
 * -1 with a message in err (a bad configuration; with a board DT, the
 * monitor refusing it: sc->refused, its reason in sc->console).
 */
int simcall_run(struct simcall *sc, char *err, size_t errlen);

/* The largest --cpus. */
unsigned simcall_max_cpus(void);

const char *simcall_end_text(enum simcall_end e);
const char *simcall_end_key(enum simcall_end e);
/* "events" (each CPU start: cpu, mpidr, pc, context_id), "end" and "end_text". */
void simcall_json_outcome(struct json *j, const struct simcall *sc);

#endif
