/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * DT-described call tables: a board's secure-monitor ABI, read from a node
 * compatible with "secmon,call-table" (docs/bindings/secmon,call-table.yaml)
 * into a validated table in caller-provided storage, then used to marshal
 * calls by operation name with named arguments.
 *
 * Names in the table point into the DTB, which must outlive the table.
 * Parsing needs libfdt; calling does not.
 */
#ifndef SECMON_CALLTAB_H
#define SECMON_CALLTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <secmon/conduit.h>
#include <secmon/error.h>

#define SECMON_CT_MAX_OPS	24
#define SECMON_CT_MAX_CALLS	32	/* over all operations */
#define SECMON_CT_MAX_ARGS	96	/* arguments and results over all calls */
#define SECMON_CT_MAX_REGS	8	/* arguments of one call */
#define SECMON_CT_MAX_RESULTS	4	/* results of one call */
#define SECMON_CT_MAX_WORDS	16	/* memory words, over all operations */

enum secmon_ct_method { SECMON_CT_SMC, SECMON_CT_HVC };

/* One register of a call: a named parameter, a constant, or a result. */
struct secmon_ct_reg {
	const char *name;	/* NULL for a constant */
	uint32_t value;		/* the constant */
	uint8_t reg;		/* 0..17 (x0-x17 / r0-r12) */
};

struct secmon_ct_call {
	uint32_t fid;
	uint8_t id_reg;
	bool smc64;
	bool native;		/* width is the caller's own (PSCI 0.1), not smc64 */
	bool fast;
	uint8_t nargs, nresults;
	uint16_t first;		/* args then results, in secmon_calltab.regs */
	/*
	 * entry-address: the normal-world word (32 bits, little-endian) that
	 * holds the entry this call starts a CPU at, written by the caller
	 * before the call (Samsung's SYSRAM boot address); 0: none.
	 */
	uint64_t entry_addr;
};

/*
 * A 32-bit little-endian word at a physical address that the caller writes
 * before an operation's first call (word-names, word-addresses,
 * word-const-addresses, word-const-values): Samsung's SYSRAM mailbox. The
 * value is the parameter `name`'s, or the constant when `name` is NULL.
 */
struct secmon_ct_word {
	uint64_t addr;
	const char *name;
	uint32_t value;
};

/*
 * An operation: its calls, and the words written before them (it may have
 * only words). resume_word (resume-word): 0, or 1 + the index among the
 * operation's words of the one that holds the address its call resumes the
 * caller at: the call powers the caller down and does not return.
 */
struct secmon_ct_op {
	const char *name;
	uint16_t first_call;
	uint8_t ncalls;
	uint8_t first_word, nwords;
	uint8_t resume_word;
};

struct secmon_calltab {
	const char *path_name;	/* the node's name, for messages */
	enum secmon_ct_method method;
	bool legacy;		/* IDs need not follow SMCCC's layout */
	uint8_t nops, ncalls, nwords;
	uint16_t nregs;
	struct secmon_ct_op ops[SECMON_CT_MAX_OPS];
	struct secmon_ct_call calls[SECMON_CT_MAX_CALLS];
	struct secmon_ct_reg regs[SECMON_CT_MAX_ARGS];
	struct secmon_ct_word words[SECMON_CT_MAX_WORDS];
};

/*
 * Why a table was refused: the node, the property, and what is wrong. A
 * string too long for its field is cut and ends in "...".
 */
struct secmon_ct_error {
	char node[64];
	char property[32];
	char message[96];
};

/*
 * Parses the call-table node at `node` of `fdt`. Returns SECMON_OK, or
 * SECMON_E_BAD_TABLE / SECMON_E_NO_SPACE with `err` filled in. Like every
 * function here that reads a tree, it expects one that
 * secmon_dt_check_structure() accepts.
 */
int secmon_calltab_parse(const void *fdt, int node, struct secmon_calltab *t,
			 struct secmon_ct_error *err);

/*
 * The offset of the next enabled node after `from` (-1: from the start)
 * that is compatible with `compatible`, or a negative libfdt error when none
 * is left. Nodes whose "status" is not "okay" are passed over, as the OS
 * passes over a disabled device.
 */
int secmon_calltab_find(const void *fdt, int from, const char *compatible);

/* A node without "status", or with "okay" (or "ok"). */
bool secmon_dt_node_enabled(const void *fdt, int node);

/*
 * SECMON_OK when the `size` bytes at `fdt` hold a flattened device tree whose
 * structure block can be walked to its end: version 16 or later, every tag
 * known, every name and property inside the block, nodes balanced. libfdt's walks (fdt_check_full()
 * too) trust property lengths and can loop for ever on a tree that fails
 * this; check a tree from outside here first. SECMON_E_BAD_TABLE otherwise.
 */
int secmon_dt_check_structure(const void *fdt, size_t size);

/* A node's name for messages: "/" for the root, "?" if it has none. */
const char *secmon_calltab_node_name(const void *fdt, int node);

/* Whether a node's name less its unit address is `name` ("cpu-boot@1" is "cpu-boot"). */
bool secmon_calltab_name_is(const char *node_name, const char *name);

/* The operation named `name`, or NULL. */
const struct secmon_ct_op *secmon_calltab_op(const struct secmon_calltab *t, const char *name);

/*
 * Can `c` make every call of `op`? An AArch32 caller cannot make SMC64
 * calls: such an operation is absent for it.
 */
bool secmon_calltab_op_usable(const struct secmon_calltab *t, const struct secmon_ct_op *op,
			      const struct secmon_conduit *c);

/*
 * The firmware operations a call table may describe: the binding's closed
 * vocabulary (docs/bindings/secmon,call-table.yaml), stated once here for
 * the parser (which refuses a parameter or result the operation does not
 * have), the library's firmware operations (<secmon/fwops.h>, whose enum
 * secmon_fwop is the first SECMON_FWOP_COUNT of these) and the monitor's
 * described calls. PSCI 0.1's operations come with the "arm,psci" node's
 * property that gives their ID and the standard PSCI function they are;
 * their parameters are in PSCI's register order (x1, x2, x3).
 */
enum secmon_ct_fw_op {
	SECMON_CT_CPU_BOOT,
	SECMON_CT_SET_CPU_BOOT_ADDR,
	SECMON_CT_GET_CPU_BOOT_ADDR,
	SECMON_CT_DO_IDLE,
	SECMON_CT_SUSPEND,
	SECMON_CT_RESUME,
	SECMON_CT_L2X0_INIT,
	SECMON_CT_C15RESUME,
	SECMON_CT_CPU_SUSPEND,	/* PSCI 0.1's, in PSCI's function order */
	SECMON_CT_CPU_OFF,
	SECMON_CT_CPU_ON,
	SECMON_CT_MIGRATE,
	SECMON_CT_SYSTEM_OFF,
	SECMON_CT_SYSTEM_RESET,
	SECMON_CT_FW_OPS,
};

#define SECMON_CT_VOCAB_PARAMS	6
#define SECMON_CT_VOCAB_RESULTS	3

struct secmon_ct_vocab {
	const char *op;					/* its node name, e.g. "cpu-boot" */
	const char *params[SECMON_CT_VOCAB_PARAMS];	/* NULL after the last */
	const char *results[SECMON_CT_VOCAB_RESULTS];
	const char *psci01_prop;	/* PSCI 0.1's property ("cpu_on"), or NULL */
	unsigned psci_fn;		/* with psci01_prop: SECMON_PSCI_FN_* */
};

/* lib/vocab.c, indexed by enum secmon_ct_fw_op. */
extern const struct secmon_ct_vocab secmon_ct_fw_vocab[SECMON_CT_FW_OPS];

/* The operation named `name` ("cpu-boot@1" too), or NULL. */
const struct secmon_ct_vocab *secmon_ct_fw_vocab_of(const char *name);

/*
 * Physical memory the caller reaches without a call: the words a table says
 * the caller writes or reads itself (entry-address, word-*). The library is
 * freestanding and maps nothing, so its user supplies these: each reads or
 * writes the aligned 32-bit little-endian word at physical address `pa` and
 * returns SECMON_OK, or SECMON_E_INVALID_ADDRESS when the user has no
 * mapping for it (nothing done). They may be called with the user's locks
 * held and interrupts off (secmon.ko): map ahead (secmon_calltab_mem_words()
 * lists the words), never sleep.
 */
struct secmon_ct_mem {
	int (*read32)(void *ctx, uint64_t pa, uint32_t *value);
	int (*write32)(void *ctx, uint64_t pa, uint32_t value);
	void *ctx;
};

/*
 * The distinct physical words `t` names (every call's entry-address and
 * every operation's words), the first `max` of them into pa[]; returns how
 * many there are.
 */
unsigned secmon_calltab_mem_words(const struct secmon_calltab *t, uint64_t *pa, unsigned max);

/* mem's read32/write32; SECMON_E_NOT_SUPPORTED when `mem` or the function is NULL. */
int secmon_ct_mem_read32(const struct secmon_ct_mem *mem, uint64_t pa, uint32_t *value);
int secmon_ct_mem_write32(const struct secmon_ct_mem *mem, uint64_t pa, uint32_t value);

/* A named value: an argument in, or a result out. */
struct secmon_ct_val {
	const char *name;
	uint64_t value;
};

/*
 * Runs every call of `op` through `c`. Each named parameter takes its value
 * from `in` (SECMON_E_INVALID_PARAMETERS when one is missing or does not fit
 * the call's width); each result named in the table is written to the entry
 * of `out` with that name, when there is one. A result named "status" is the
 * call's status: 0 or positive is success, -1..-9 are the library's errors.
 * In an SMCCC table (not abi = "legacy") a call answered with SMC_UNK gives
 * SECMON_E_NOT_SUPPORTED, and so does an operation `c` cannot make at all
 * (secmon_calltab_op_usable). `sent` and `received`, when not NULL, get the
 * registers of the last call made.
 */
int secmon_calltab_call(const struct secmon_conduit *c, const struct secmon_calltab *t,
			const struct secmon_ct_op *op, const struct secmon_ct_val *in, unsigned nin,
			struct secmon_ct_val *out, unsigned nout, struct secmon_regs *sent,
			struct secmon_regs *received);

/*
 * Writes the words of `op` (none: SECMON_OK at once) with the values of its
 * named parameters from `in`: SECMON_E_INVALID_PARAMETERS when one is missing
 * or does not fit 32 bits, SECMON_E_NOT_SUPPORTED when `mem` cannot write,
 * in both cases before anything is written; else the first error of
 * mem->write32(). The order of the writes is not part of the binding (the
 * firmware reads them once called).
 */
int secmon_calltab_write_words(const struct secmon_calltab *t, const struct secmon_ct_op *op,
			       const struct secmon_ct_val *in, unsigned nin,
			       const struct secmon_ct_mem *mem);

/* Whether some call or word of `op` takes the parameter `name`. */
bool secmon_calltab_op_takes(const struct secmon_calltab *t, const struct secmon_ct_op *op,
			     const char *name);

#endif
