/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Device trees on the `secmon` command line: a file (dtfile.c), its call
 * tables and PSCI node as the library reads them (dtscan.c), and
 * `call --sim --dtb` on them (call_dtb.c).
 */
#ifndef SECMON_TOOLS_DT_H
#define SECMON_TOOLS_DT_H

#include <stdbool.h>
#include <stddef.h>
#include <secmon/calltab.h>

/* A DT named on the command line (dtfile.c). */
struct dtfile {
	const char *path;	/* as given */
	char *fdt;		/* the DTB (malloc'd) */
	size_t size;
	bool compiled;		/* a .dts compiled with dtc */
};

/*
 * Reads a DTB, or compiles a .dts with dtc ($SECMON_DTC, else dtc on the
 * PATH; the file's directory is the include path), and checks the result.
 * Returns 0, or an exit status after printing why: CLI_EXIT_USAGE for a
 * bad file, CLI_EXIT_FAIL when dtc cannot be run.
 */
int dtfile_load(const char *cmd, const char *path, struct dtfile *f);
void dtfile_free(struct dtfile *f);

#define DT_MAX_TABLES 16
#define DT_PATH_LEN 256

/* What a node describes (dtscan.c). */
enum dt_kind {
	DT_FWOPS,		/* compatible "secmon,call-table": firmware operations */
	DT_SERVICE,		/* "<vendor>,<service>", "secmon,call-table" */
	DT_PSCI01,		/* "arm,psci" alone: PSCI 0.1's custom IDs, a table */
	DT_PSCI,		/* "arm,psci-0.2" or "arm,psci-1.0": standard PSCI */
};

struct dt_entry {
	enum dt_kind kind;
	int node;
	char path[DT_PATH_LEN];
	const char *compatible;	/* the first one */
	const char *service;	/* DT_SERVICE: `compatible` without its vendor prefix */
	const char *method;	/* the "method" string, or NULL */
	int rc;			/* the parser's verdict (tables): SECMON_OK or an error */
	struct secmon_ct_error err;
	char err_path[DT_PATH_LEN];	/* the refused node's path, "" when unsure */
	struct secmon_calltab t;	/* when rc is SECMON_OK and kind is not DT_PSCI */
};

struct dt_scan {
	unsigned n;
	bool overflow;		/* more than DT_MAX_TABLES nodes: the rest left out */
	int fwops;		/* the entry the library's firmware operations use, or -1 */
	int nbad;		/* entries the parser refused */
	struct dt_entry e[DT_MAX_TABLES];
};

/*
 * Every call-table and PSCI node of `fdt` in document order, each table
 * parsed as the library parses it, and which one secmon_fwops_init_dt()
 * would use. Names in the tables point into fdt.
 */
void dt_scan(const void *fdt, struct dt_scan *s);

const char *dt_kind_key(enum dt_kind k);	/* "firmware-operations", ... */

/* "x3" (or "r3" for an AArch32 caller). */
const char *dt_reg_name(unsigned reg, bool aarch32, char *buf, size_t len);

/* Indices of call `c`'s arguments (or results), in register order; returns how many. */
unsigned dt_args_sorted(const struct secmon_calltab *t, const struct secmon_ct_call *c,
			unsigned *idx);
unsigned dt_results_sorted(const struct secmon_calltab *t, const struct secmon_ct_call *c,
			   unsigned *idx);

/*
 * The operation a command line names: "<operation>" in the firmware-
 * operations table, "<service>/<operation>" in a service, <service> being
 * its compatible with or without the vendor prefix. On failure msg says why
 * and lists what exists; returns false.
 */
bool dt_find_op(const struct dt_scan *s, const char *name, const struct dt_entry **e,
		const struct secmon_ct_op **op, char *msg, size_t msglen);

/*
 * The text "node X, property Y: message" of a refused table; buffers of
 * DT_ERROR_TEXT_MAX bytes hold it whole (each field of struct
 * secmon_ct_error at its longest).
 */
#define DT_ERROR_TEXT_MAX 300
void dt_error_text(const struct dt_entry *e, char *buf, size_t len);

/* `call --sim --dtb`: operations of a board DT's tables (call_dtb.c). */
struct call_dtb_req {
	const char *file;	/* the board DT: .dtb or .dts */
	unsigned cpus;
	bool aarch32;
	unsigned timeout_s;
	bool json;
	const char *trace;	/* --trace FILE, or NULL */
	/* <operation> [name=value...], operations separated by NULL ("--" or ";"). */
	const char *const *words;
	unsigned nwords;
};

int call_dtb_run(const struct call_dtb_req *r);

#endif
