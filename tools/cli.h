/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The `secmon` command-line tool: what its source files share.
 *
 *   main.c      the command table, global help, dispatch
 *   errors.c    error messages and exit statuses
 *   numparse.c  numbers as the command line gives them
 *   json.c      a small JSON writer
 *   fid.c       SMCCC function-ID knowledge: fields, owning entities, names
 *   result.c    what a returned x0..x3 means for a given function
 *   simcall.c   one call (or a run of calls) on the host simulator
 *   dtfile.c    a DT from the command line: a DTB, or a .dts through dtc
 *   dtscan.c    the call tables and PSCI node of a DT, as the library reads them
 *   call_dtb.c  `call --dtb`: operations of a board DT's tables on the simulator
 *   call_dtb_report.c  their text and JSON reports
 *   scmi_msgs.c SCMI's protocols, messages and answer layouts
 *   trace.c     a trace file: read, checked, merged, each record in words
 *   trace_svg.c the timeline of a trace as SVG
 *   cmd_*.c     one file per command
 *
 * A command is one entry in cli_cmds[] (main.c): adding one means writing
 * its run() and help() and adding a line there.
 */
#ifndef SECMON_TOOLS_CLI_H
#define SECMON_TOOLS_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <secmon/calltab.h>
#include <secmon/smccc.h>
#include <secmon/tracefile.h>

/* Exit statuses. */
#define CLI_EXIT_OK	0
#define CLI_EXIT_FAIL	1	/* the tool could not do what was asked */
#define CLI_EXIT_USAGE	2	/* bad usage or input */

#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))

/* ---- commands ------------------------------------------------------- */

struct cli_cmd {
	const char *name;
	const char *synopsis;	/* after "secmon <name> " */
	const char *summary;	/* one line for `secmon --help` */
	/* argv[0] is the command's name; returns an exit status. */
	int (*run)(int argc, char **argv);
	void (*help)(FILE *f);
};

extern const struct cli_cmd cli_cmds[];
extern const unsigned cli_ncmds;

int cmd_decode(int argc, char **argv);
void cmd_decode_help(FILE *f);
int cmd_call(int argc, char **argv);
void cmd_call_help(FILE *f);
int cmd_list(int argc, char **argv);
void cmd_list_help(FILE *f);
int cmd_dt(int argc, char **argv);
void cmd_dt_help(FILE *f);
int cmd_scmi(int argc, char **argv);
void cmd_scmi_help(FILE *f);
int cmd_trace(int argc, char **argv);
void cmd_trace_help(FILE *f);

/* ---- errors --------------------------------------------------------- */

/* "secmon <cmd>: <message>" and a pointer to --help on stderr; returns 2. */
int cli_usage(const char *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);
/* "secmon <cmd>: <message>" on stderr; returns 1. */
int cli_fail(const char *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);
/* "secmon <cmd>: <message>" on stderr, no pointer to --help; returns 2. */
int cli_bad_input(const char *cmd, const char *fmt, ...) CLI_PRINTF(2, 3);

/* True for "--help" and "-h". */
bool cli_is_help(const char *arg);

/* ---- numbers -------------------------------------------------------- */

enum cli_num {
	CLI_NUM_OK,
	CLI_NUM_EMPTY,
	CLI_NUM_SYNTAX,		/* not 0x<hex> or <decimal> */
	CLI_NUM_RANGE,		/* does not fit in 64 bits */
};

/* 0x<hex> (0X too) or <decimal>, at most 64 bits, nothing else. */
enum cli_num cli_parse_u64(const char *s, uint64_t *v);
/* As cli_parse_u64, and also -<decimal> (two's complement, >= INT64_MIN). */
enum cli_num cli_parse_reg(const char *s, uint64_t *v);
/* Why s failed to parse, for a message: "is not a number", ... */
const char *cli_num_why(enum cli_num e);
/* True when s looks like a number attempt (starts with a digit or '-'). */
bool cli_looks_numeric(const char *s);

/* ---- JSON ----------------------------------------------------------- */

/*
 * One JSON value written to a FILE, pretty-printed with two-space indents.
 * Calls nest: json_obj/json_arr open, json_end closes; inside an object
 * every value is preceded by json_key.
 */
#define JSON_MAX_DEPTH 16

struct json {
	FILE *f;
	unsigned depth;
	bool first[JSON_MAX_DEPTH];
	bool in_obj[JSON_MAX_DEPTH];
	bool after_key;
};

void json_begin(struct json *j, FILE *f);
void json_finish(struct json *j);	/* writes the final newline */
void json_obj(struct json *j);
void json_arr(struct json *j);
void json_end(struct json *j);
void json_key(struct json *j, const char *key);
void json_str(struct json *j, const char *s);	/* NULL writes null */
void json_strf(struct json *j, const char *fmt, ...) CLI_PRINTF(2, 3);
void json_hex(struct json *j, uint64_t v);	/* "0x..." string */
void json_uint(struct json *j, uint64_t v);
void json_int(struct json *j, int64_t v);
void json_real(struct json *j, double v, int decimals);	/* a finite number */
void json_bool(struct json *j, bool v);
void json_null(struct json *j);

/* ---- function IDs --------------------------------------------------- */

/* How a function's answer is read (result.c). */
enum res_kind {
	RES_NONE,		/* unknown function: only SMC_UNK is recognised */
	RES_PSCI_STATUS,	/* 0 or a PSCI error */
	RES_PSCI_VERSION,
	RES_PSCI_AFFINITY,	/* AFFINITY_INFO */
	RES_PSCI_MIGRATE_TYPE,
	RES_PSCI_MPIDR,		/* MIGRATE_INFO_UP_CPU */
	RES_PSCI_FEATURES,
	RES_PSCI_HW_STATE,	/* NODE_HW_STATE */
	RES_PSCI_STAT,		/* an unsigned count or residency, no errors */
	RES_PSCI_MEM_PROTECT,
	RES_SMCCC_VERSION,
	RES_ARCH_FEATURES,
	RES_SOC_ID,		/* SMC32: version or revision word; SMC64: name */
	RES_ARCH_AVAIL,		/* FEATURE_AVAILABILITY: status, bitmask in x1 */
	RES_WORKAROUND,		/* no result: every register preserved */
	RES_TRNG_VERSION,
	RES_TRNG_FEATURES,
	RES_TRNG_UUID,
	RES_TRNG_RND,
	RES_CALL_COUNT,
	RES_CALL_UID,
	RES_REVISION,
};

/* One known function ID. */
struct fid_known {
	uint32_t fid;
	char name[40];		/* the spec's name, e.g. "CPU_ON", "SIP_CALL_UID" */
	const char *service;	/* "PSCI", "SMCCC", "TRNG", "general query" */
	const char *since;	/* e.g. "PSCI 0.2"; never NULL */
	enum res_kind kind;
	bool has_other;		/* a form in the other convention exists */
	uint32_t other;		/* its ID */
};

/* The known function with exactly this ID (SVE hint included). */
bool fid_lookup(uint32_t fid, struct fid_known *k);

/* Iterates over every known ID in table order; false past the end. */
bool fid_known_at(unsigned i, struct fid_known *k);

/* Owning-entity names for 0..63, e.g. "standard secure service". */
const char *fid_oen_name(unsigned oen);

#define FID_MAX_NOTES 6
#define FID_NOTE_LEN 200

/* Every field of one function ID, and what is wrong with it. */
struct fid_decode {
	uint32_t fid;
	bool fast, smc64, sve_hint;
	unsigned oen, reserved, num;	/* reserved: bits 23:17, shifted down */
	const char *oen_name;
	bool known;
	struct fid_known k;
	bool malformed;			/* the firmware must answer SMC_UNK */
	unsigned nanomalies;
	char anomalies[FID_MAX_NOTES][FID_NOTE_LEN];
};

void fid_decode(uint32_t fid, struct fid_decode *d);

enum fid_width {
	FID_WIDTH_DEFAULT,	/* SMC64 where a form exists, unless prefer32 */
	FID_WIDTH_32,
	FID_WIDTH_64,
};

enum fid_resolve {
	FID_RESOLVED,
	FID_NO_SUCH_NAME,
	FID_AMBIGUOUS,		/* msg lists the candidates */
	FID_NO_SUCH_FORM,	/* the name exists, not in the width asked for */
};

/*
 * A name (case-insensitive, '-' for '_', optional service prefix such as
 * PSCI_ or SMCCC_ARCH_, optional 32/64 suffix) to a known function ID.
 * prefer32: the caller runs AArch32, so the default is the SMC32 form.
 * *width_given says whether the name itself chose a width.
 * On failure msg (msglen bytes) says why.
 */
enum fid_resolve fid_by_name(const char *name, enum fid_width width, bool prefer32,
			     struct fid_known *k, bool *width_given, char *msg, size_t msglen);

/*
 * A command-line function ID: 0x<hex> or <decimal> up to 32 bits, or a name
 * as for fid_by_name. On failure prints a message naming what was wrong
 * and returns CLI_EXIT_USAGE; otherwise 0. *named says a name was given.
 */
int cli_fid_arg(const char *cmd, const char *arg, enum fid_width width, bool prefer32,
		uint32_t *fid, bool *named, bool *width_given);

/* ---- results -------------------------------------------------------- */

/* How the answer of one call reads. */
struct res_decode {
	bool error;		/* the function reported an error or SMC_UNK */
	bool smc_unk;		/* x0 was SMC_UNK and this is an unknown function */
	int64_t value;		/* x0 as a signed value in the width of the call */
	char text[160];		/* x0, e.g. "PSCI 1.1", "-2 INVALID_PARAMETERS" */
	char code[32];		/* the symbolic code, e.g. "SUCCESS", "SMC_UNK", "" */
	char extra[320];	/* what x1..x17 carry, e.g. a UUID or SoC name; "" */
	char anomaly[160];	/* an answer outside the spec; "" */
};

/*
 * in: registers sent, out: registers received; k: the function, or NULL
 * when unknown; wide: the call ran as SMC64 (an SMC64 ID from an AArch64
 * caller).
 */
void res_decode(const struct fid_known *k, const struct secmon_regs *in,
		const struct secmon_regs *out, bool wide, struct res_decode *r);

/* ---- device trees and their call tables ------------------------------ */

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

/* The text "node X, property Y: message" of a refused table. */
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

/* ---- the simulator -------------------------------------------------- */

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

/* ---- SCMI (scmi_msgs.c) ----------------------------------------------- */

struct scmi_proto {
	uint8_t id;
	const char *key;	/* "clock": how the command line names it */
	const char *title;	/* "Clock management" */
	const char *prefix;	/* of its messages' names, "CLOCK_" */
	const char *prefix2;	/* another one a name may leave out, or NULL */
};

/* How an answer's words read. */
enum scmi_fkind {
	SCMI_F_U32,
	SCMI_F_HEX,
	SCMI_F_VERSION,		/* major 31:16, minor 15:0 */
	SCMI_F_NAME,		/* 16 bytes, 4 words */
	SCMI_F_U64,		/* low word, high word */
	SCMI_F_S64,
	SCMI_F_LO16,		/* bits 15:0 */
	SCMI_F_COUNT16,		/* a count in bits 15:0 */
	SCMI_F_POWER_STATE,	/* ON 0, OFF 0x40000000 */
	SCMI_F_BASE_ATTR,	/* agents 15:8, protocols 7:0 */
	SCMI_F_LIST,		/* returned 11:0, remaining 31:16: `entry` follows that often */
	SCMI_F_PROTOCOLS,	/* a count, then that many bytes packed in words */
};

struct scmi_field {
	enum scmi_fkind kind;
	const char *name;
};

#define SCMI_MAX_PARAMS 6
#define SCMI_MAX_FIELDS 6

struct scmi_msgdesc {
	uint8_t proto;		/* 0: every protocol's */
	uint8_t id;
	const char *name;	/* the specification's, "CLOCK_RATE_GET" */
	const char *params[SCMI_MAX_PARAMS];	/* the payload words' names, in order */
	struct scmi_field out[SCMI_MAX_FIELDS];	/* the answer after the status */
	struct scmi_field entry[SCMI_MAX_FIELDS];	/* one entry of an SCMI_F_LIST */
};

const struct scmi_proto *scmi_proto_by_id(uint8_t id);
/* "clock", "CLOCK", "perf", ... (case-insensitive); NULL when none. */
const struct scmi_proto *scmi_proto_by_name(const char *s);
bool scmi_proto_at(unsigned i, const struct scmi_proto **p);
/* The protocol's own description of message id, else the common one, else NULL. */
const struct scmi_msgdesc *scmi_msg_by_id(uint8_t proto, uint8_t id);
/*
 * A message name of protocol p: case-insensitive, '-' read as '_', the
 * "PROTOCOL_" or protocol prefix optional ("version", "rate-get"); the
 * whole name wins. NULL when none, or several (why says which; else "").
 */
const struct scmi_msgdesc *scmi_msg_by_name(const struct scmi_proto *p, const char *s,
					    char *why, size_t len);
bool scmi_msg_at(unsigned i, const struct scmi_msgdesc **m);
unsigned scmi_msg_nparams(const struct scmi_msgdesc *m);
/* "DENIED" for -3; NULL for a status SCMI does not define. */
const char *scmi_status_name(int32_t st);

struct scmi_value {
	const struct scmi_field *f;
	uint64_t u;		/* the word(s), a 64-bit value joined */
	char name[17];		/* SCMI_F_NAME */
	char text[48];		/* what it means, "" when nothing more than the number */
};

#define SCMI_MAX_ENTRIES 16

/* A SUCCESS answer read with its message's layout. */
struct scmi_answer {
	unsigned nv;
	struct scmi_value v[SCMI_MAX_FIELDS];
	unsigned nprotocols;
	uint8_t protocols[16];
	unsigned nentries;
	struct scmi_value entries[SCMI_MAX_ENTRIES][SCMI_MAX_FIELDS];
	bool entries_lost;	/* more entries than SCMI_MAX_ENTRIES */
	bool short_answer;	/* fewer words than the layout needs */
	unsigned extra;		/* words after the layout */
};

void scmi_decode(const struct scmi_msgdesc *m, const uint32_t *w, unsigned n,
		 struct scmi_answer *a);
/* "200000000", "0x1", "2.0 (0x20000)", "\"secmon\"", "0x0 (ON)". */
void scmi_value_text(const struct scmi_value *v, char *buf, size_t len);
void scmi_value_json(struct json *j, const struct scmi_value *v);
/* ---- traces (trace.c, trace_svg.c) ---------------------------------- */

/* A trace file, checked and merged into one timeline. */
struct trace_doc {
	void *buf;		/* the file (malloc'd) */
	size_t len;
	struct secmon_trace_file f;
	uint32_t *order;	/* record indices by time (secmon_trace_order) */
	int64_t *gap;		/* per record (file index): records its CPU lost just
				   before it (not those a CLEARED record says TRACE_CTL
				   discarded); negative: its seq went back */
	uint32_t *prev_seq;	/* per record: its CPU's previous seq, when gap != 0 */
	uint64_t t0;		/* the first record's entry time */
	uint64_t t_end;		/* the latest exit time */
};

/*
 * Reads and checks the trace in `paths` (n >= 1 files: successive reads of
 * one machine's trace, concatenated). 0, or an exit status after a message
 * naming the file, the offset and the bad field.
 */
int trace_load(const char *cmd, const char *const *paths, unsigned n, struct trace_doc *d);
/* The same for d->buf and d->len (malloc'd; freed on failure) already filled in. */
int trace_parse(const char *cmd, const char *path, struct trace_doc *d);
void trace_free(struct trace_doc *d);
/* Microseconds from the first record. */
double trace_us(const struct trace_doc *d, uint64_t t);
const char *trace_event_name(uint32_t ev);	/* "CPU_ON", ... */
const char *trace_level_name(uint64_t level);	/* "core", "cluster", "system" */

/* One record in words. */
struct trace_desc {
	bool smc;		/* an SMC record; else a power event or (cleared) not */
	bool cleared;		/* a CLEARED record: TRACE_CTL emptied the ring */
	bool known;		/* SMC: the function is in the tool's table */
	struct fid_known k;
	char name[64];		/* "PSCI CPU_ON" as `secmon decode` names it; the event */
	char conv[32];		/* SMC: "SMC64 EL2", "HVC32 EL1 AArch32" */
	char detail[256];	/* SMC: "x1=0x1 x2=...", power: the event's arguments,
				   cleared: how many records, which seq */
	char result[512];	/* SMC: "0 SUCCESS", "-4 ALREADY_ON", "PSCI 1.3" ... */
	bool error;		/* SMC: the result is an error */
	struct res_decode r;
};

void trace_describe(const struct secmon_trace_record *r, struct trace_desc *t);

/* The timeline of d as a standalone SVG document. */
void trace_svg(const struct trace_doc *d, FILE *f);

#endif
