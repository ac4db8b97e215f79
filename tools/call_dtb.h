/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * `secmon call --sim --dtb`: what the planning and running steps
 * (call_dtb.c) hand to the reports (call_dtb_report.c).
 */
#ifndef SECMON_CALL_DTB_H
#define SECMON_CALL_DTB_H

#include "../monitor/plat/host/sim.h"
#include "dt.h"
#include "simcall.h"

#define MAX_OPS 8
#define MAX_PARAMS 8
#define NAME_LEN 64

struct traced {
	struct secmon_regs in, out;
};

struct planned {
	const char *word;		/* the operation as typed */
	char names[MAX_PARAMS][NAME_LEN];
	const char *values[MAX_PARAMS];	/* as typed */
	struct secmon_ct_val in[MAX_PARAMS];
	unsigned nin;
	const struct dt_entry *e;
	const struct secmon_ct_op *op;
	struct secmon_ct_val out[SECMON_CT_MAX_ARGS];
	unsigned nout;
	unsigned nnotes;
	char notes[4][160];
	/* What happened. */
	bool started, finished;
	int rc;				/* secmon_calltab_call's answer */
	struct secmon_regs sent, received;	/* its last call, as it reports them */
	unsigned ncalls;
	bool calls_lost;
	struct traced calls[SECMON_CT_MAX_CALLS];
};

struct run {
	struct planned ops[MAX_OPS];
	unsigned nops;
	int cur;			/* the operation in progress on CPU 0, or -1 */
};

/* The parameter called `name` as given on the command line, or NULL. */
const struct secmon_ct_val *call_dtb_given(const struct planned *p, const char *name);

/* Reports, on stdout (call_dtb_report.c). */
void call_dtb_print_text(const struct run *run, const struct call_dtb_req *r,
			 const struct dtfile *f, const struct simcall *sc);
void call_dtb_print_json(const struct run *run, const struct call_dtb_req *r,
			 const struct dtfile *f, const struct simcall *sc);
/* The monitor refused the board DT: its console says why. Returns the exit status. */
int call_dtb_report_refused(const struct call_dtb_req *r, const struct dtfile *f,
			    const struct simcall *sc);
/* Tables of the normal world's DT that the library refuses. Returns the exit status. */
int call_dtb_report_bad_tables(const struct call_dtb_req *r, const struct dtfile *f,
			       const struct dt_scan *scan);

#endif
