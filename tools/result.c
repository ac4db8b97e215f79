// SPDX-License-Identifier: BSD-3-Clause
/* What a call's answer means, function by function. */
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

#include <secmon/psci.h>
#include "cli.h"
#include "fid.h"

static void put(char *buf, size_t len, const char *fmt, ...) CLI_PRINTF(3, 4);

static void put(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
}

#define TEXT(r, ...) put((r)->text, sizeof((r)->text), __VA_ARGS__)
#define EXTRA(r, ...) put((r)->extra, sizeof((r)->extra), __VA_ARGS__)
#define ANOMALY(r, ...) put((r)->anomaly, sizeof((r)->anomaly), __VA_ARGS__)

static void code(struct res_decode *r, const char *c)
{
	put(r->code, sizeof(r->code), "%s", c);
}

/* A value with a symbolic name: "<v> <NAME>" and, for errors, r->error. */
static void named(struct res_decode *r, const char *name, bool error)
{
	TEXT(r, "%" PRId64 " %s", r->value, name);
	code(r, name);
	r->error = error;
}

static const char *psci_err_name(int64_t v)
{
	static const char *const names[] = {
		"SUCCESS", "NOT_SUPPORTED", "INVALID_PARAMETERS", "DENIED", "ALREADY_ON",
		"ON_PENDING", "INTERNAL_FAILURE", "NOT_PRESENT", "DISABLED", "INVALID_ADDRESS",
	};

	return v <= 0 && v >= -9 ? names[-v] : 0;
}

static const char *arch_err_name(int64_t v)
{
	static const char *const names[] = {
		"SUCCESS", "NOT_SUPPORTED", "NOT_REQUIRED", "INVALID_PARAMETER",
	};

	return v <= 0 && v >= -3 ? names[-v] : 0;
}

static const char *trng_err_name(int64_t v)
{
	static const char *const names[] = {
		"SUCCESS", "NOT_SUPPORTED", "INVALID_PARAMETERS", "NO_ENTROPY",
	};

	return v <= 0 && v >= -3 ? names[-v] : 0;
}

/*
 * A negative answer: a named error, or an answer outside the spec. Returns
 * true when handled (the value was negative).
 */
static bool negative(struct res_decode *r, const char *(*err_name)(int64_t))
{
	const char *n;

	if (r->value >= 0)
		return false;
	n = err_name(r->value);
	if (n) {
		named(r, n, true);
	} else {
		TEXT(r, "%" PRId64, r->value);
		r->error = true;
		ANOMALY(r, "%" PRId64 " is not an error code this function defines", r->value);
	}
	return true;
}

/* A status: 0 SUCCESS or a named error. */
static void status(struct res_decode *r, const char *(*err_name)(int64_t))
{
	if (negative(r, err_name))
		return;
	if (r->value == 0) {
		named(r, "SUCCESS", false);
		return;
	}
	TEXT(r, "%" PRId64, r->value);
	ANOMALY(r, "a status answer must be 0 or a negative error code");
}

/* One of a few small enumerated answers, or an error. */
static void enumerated(struct res_decode *r, const char *const *names, unsigned n)
{
	if (negative(r, psci_err_name))
		return;
	if (r->value < (int64_t)n) {
		named(r, names[r->value], false);
		return;
	}
	TEXT(r, "%" PRId64, r->value);
	ANOMALY(r, "%" PRId64 " is not an answer this function defines", r->value);
}

static void version(struct res_decode *r, const char *what)
{
	uint32_t v = (uint32_t)r->value;

	TEXT(r, "%s %" PRIu32 ".%" PRIu32, what, (v >> 16) & 0x7fff, v & 0xffff);
}

static void uuid(struct res_decode *r, const struct secmon_regs *out, const char *what)
{
	uint8_t b[16];
	unsigned i;

	/* SMCCC: byte 0 of the UUID in bits 7:0 of w0, byte 4 in w1, ... */
	for (i = 0; i < 16; i++)
		b[i] = (uint8_t)(out->x[i / 4] >> (8 * (i % 4)));
	EXTRA(r,
	      "%s %02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x "
	      "(w0..w3 = 0x%08" PRIx32 " 0x%08" PRIx32 " 0x%08" PRIx32 " 0x%08" PRIx32 ")",
	      what, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],
	      b[12], b[13], b[14], b[15], (uint32_t)out->x[0], (uint32_t)out->x[1],
	      (uint32_t)out->x[2], (uint32_t)out->x[3]);
}

static bool is_workaround(uint32_t fid)
{
	return fid == SECMON_SMCCC_ARCH_WORKAROUND_1 || fid == SECMON_SMCCC_ARCH_WORKAROUND_2 ||
	       fid == SECMON_SMCCC_ARCH_WORKAROUND_3 || fid == SECMON_SMCCC_ARCH_WORKAROUND_4;
}

static void psci_features(struct res_decode *r, uint32_t asked)
{
	uint32_t f = (uint32_t)r->value;

	if (negative(r, psci_err_name))
		return;
	if ((asked & ~SECMON_FID_SMC64) == SECMON_PSCI_FN32(SECMON_PSCI_FN_CPU_SUSPEND)) {
		TEXT(r, "0x%" PRIx32 ": CPU_SUSPEND supported; %s power_state format; "
			"OS-initiated mode %s",
		     f, f & SECMON_PSCI_FEAT_EXT_STATE ? "extended" : "original",
		     f & SECMON_PSCI_FEAT_OSI ? "supported" : "not supported");
		code(r, "SUCCESS");
		if (f & ~(SECMON_PSCI_FEAT_EXT_STATE | SECMON_PSCI_FEAT_OSI))
			ANOMALY(r, "reserved feature flags set: 0x%" PRIx32,
				f & ~(SECMON_PSCI_FEAT_EXT_STATE | SECMON_PSCI_FEAT_OSI));
		return;
	}
	if ((asked & ~SECMON_FID_SMC64) == SECMON_PSCI_FN32(SECMON_PSCI_FN_SYSTEM_OFF2)) {
		/* PSCI 1.3: the off types offered, bit 0 HIBERNATE_OFF. */
		TEXT(r, "0x%" PRIx32 ": SYSTEM_OFF2 supported; HIBERNATE_OFF %s", f,
		     f & SECMON_PSCI_OFF2_HIBERNATE ? "supported" : "not supported");
		code(r, "SUCCESS");
		if (f & ~SECMON_PSCI_OFF2_HIBERNATE)
			ANOMALY(r, "unknown off types set: 0x%" PRIx32, f & ~SECMON_PSCI_OFF2_HIBERNATE);
		return;
	}
	if (f == 0) {
		TEXT(r, "0 SUCCESS: implemented");
		code(r, "SUCCESS");
		return;
	}
	TEXT(r, "0x%" PRIx32 ": implemented, feature flags 0x%" PRIx32, f, f);
	code(r, "SUCCESS");
}

static void arch_features(struct res_decode *r, uint32_t asked)
{
	if (is_workaround(asked)) {
		if (r->value == 0) {
			TEXT(r, "0: implemented and needed on this CPU");
			code(r, "SUCCESS");
			return;
		}
		if (r->value == 1) {
			TEXT(r, "1: implemented, not needed on this CPU");
			code(r, "SUCCESS");
			return;
		}
		if (r->value == SECMON_SMCCC_NOT_REQUIRED) {
			named(r, "NOT_REQUIRED", true);
			put(r->text + strlen(r->text), sizeof(r->text) - strlen(r->text),
			    ": no CPU in the system needs it; do not call it");
			return;
		}
	}
	if (negative(r, arch_err_name))
		return;
	if (r->value == 0) {
		TEXT(r, "0 SUCCESS: implemented");
		code(r, "SUCCESS");
		return;
	}
	TEXT(r, "0x%" PRIx64 ": implemented, feature flags 0x%" PRIx64, r->value, r->value);
	code(r, "SUCCESS");
}

static void soc_id(struct res_decode *r, const struct secmon_regs *in,
		   const struct secmon_regs *out, bool wide)
{
	uint32_t which = (uint32_t)in->x[1], v = (uint32_t)r->value;
	char name[8 * (SECMON_NREGS - 1) + 1];
	unsigned i;

	if (negative(r, arch_err_name))
		return;
	if (wide) {
		status(r, arch_err_name);
		for (i = 0; i < sizeof(name) - 1; i++) {
			name[i] = (char)(out->x[1 + i / 8] >> (8 * (i % 8)));
			if (!name[i])
				break;
		}
		name[i] = '\0';
		for (i = 0; name[i]; i++)
			if ((unsigned char)name[i] < 0x20 || (unsigned char)name[i] > 0x7e)
				name[i] = '?';
		EXTRA(r, "SoC name \"%s\" (x1..x17)", name);
		return;
	}
	code(r, "SUCCESS");
	if (which == SECMON_SOC_ID_VERSION)
		TEXT(r, "SoC version: JEP-106 bank 0x%02" PRIx32 ", identity code 0x%02" PRIx32
			", SoC 0x%04" PRIx32,
		     (v >> 24) & 0x7f, (v >> 16) & 0xff, v & 0xffff);
	else if (which == SECMON_SOC_ID_REVISION)
		TEXT(r, "SoC revision 0x%" PRIx32, v);
	else
		TEXT(r, "0x%" PRIx32 " (x1 = %" PRIu32 " asks for nothing SMC32 defines)", v,
		     which);
}

/* Unknown functions and general queries: -1 is SMC_UNK. */
static bool smc_unk(struct res_decode *r)
{
	if (r->value != -1)
		return false;
	TEXT(r, "SMC_UNK");
	code(r, "SMC_UNK");
	r->error = true;
	r->smc_unk = true;
	return true;
}

void res_decode(const struct fid_known *k, const struct secmon_regs *in,
		const struct secmon_regs *out, bool wide, struct res_decode *r)
{
	static const char *const affinity[] = { "ON", "OFF", "ON_PENDING" };
	static const char *const hw[] = { "HW_ON", "HW_OFF", "HW_STANDBY" };
	static const char *const tos[] = {
		"TOS_UP_MIGRATE", "TOS_UP_NO_MIGRATE", "TOS_NOT_PRESENT",
	};
	uint64_t x0 = out->x[0];

	memset(r, 0, sizeof(*r));
	r->value = wide ? (int64_t)x0 : (int64_t)(int32_t)(uint32_t)x0;
	if (wide && x0 == SECMON_SMC_UNK32) {
		ANOMALY(r, "SMC_UNK not sign-extended: an SMC64 call must get 0xffffffffffffffff");
		r->value = -1;
	}
	if (!k || k->kind == RES_NONE) {
		smc_unk(r);
		return;
	}
	switch (k->kind) {
	case RES_NONE:
		break;
	case RES_PSCI_STATUS:
		status(r, psci_err_name);
		break;
	case RES_PSCI_VERSION:
		if (!negative(r, psci_err_name))
			version(r, "PSCI");
		break;
	case RES_PSCI_AFFINITY:
		enumerated(r, affinity, 3);
		break;
	case RES_PSCI_MIGRATE_TYPE:
		enumerated(r, tos, 3);
		break;
	case RES_PSCI_HW_STATE:
		enumerated(r, hw, 3);
		break;
	case RES_PSCI_MPIDR:
		/* An MPIDR; only -1 and -2 (in the low word) are errors. */
		if ((int32_t)x0 == -1 || (int32_t)x0 == -2) {
			r->value = (int32_t)x0;
			negative(r, psci_err_name);
		} else {
			TEXT(r, "MPIDR 0x%" PRIx64, wide ? x0 : (uint32_t)x0);
		}
		break;
	case RES_PSCI_FEATURES:
		psci_features(r, (uint32_t)in->x[1]);
		break;
	case RES_PSCI_STAT:
		/* No error codes: an unsigned count in the width of the call. */
		r->value = (int64_t)(wide ? x0 : (uint32_t)x0);
		if (!strcmp(k->name, "PSCI_STAT_RESIDENCY"))
			TEXT(r, "%" PRIu64 " microseconds", wide ? x0 : (uint32_t)x0);
		else
			TEXT(r, "%" PRIu64 " times", wide ? x0 : (uint32_t)x0);
		break;
	case RES_PSCI_MEM_PROTECT:
		if (negative(r, psci_err_name))
			break;
		TEXT(r, "%" PRId64 ": memory protection was %s", r->value,
		     r->value ? "enabled" : "disabled");
		if (r->value > 1)
			ANOMALY(r, "MEM_PROTECT answers 0 or 1");
		break;
	case RES_SMCCC_VERSION:
		if (r->value == -1) {
			named(r, "NOT_SUPPORTED", true);
			put(r->text + strlen(r->text), sizeof(r->text) - strlen(r->text),
			    ": SMCCC 1.0");
		} else if (!negative(r, arch_err_name)) {
			version(r, "SMCCC");
		}
		break;
	case RES_ARCH_FEATURES:
		arch_features(r, (uint32_t)in->x[1]);
		break;
	case RES_SOC_ID:
		soc_id(r, in, out, wide);
		break;
	case RES_ARCH_AVAIL:
		status(r, arch_err_name);
		if (!r->error)
			EXTRA(r, "feature bitmask x1 = 0x%" PRIx64, out->x[1]);
		break;
	case RES_WORKAROUND:
		if (x0 == in->x[0]) {
			TEXT(r, "no result: the workaround ran, registers preserved");
			code(r, "SUCCESS");
		} else {
			status(r, arch_err_name);
		}
		break;
	case RES_TRNG_VERSION:
		if (!negative(r, trng_err_name))
			version(r, "TRNG");
		break;
	case RES_TRNG_FEATURES:
		if (negative(r, trng_err_name))
			break;
		code(r, "SUCCESS");
		if (r->value == 0)
			TEXT(r, "0 SUCCESS: implemented");
		else
			TEXT(r, "0x%" PRIx64 ": implemented, feature flags 0x%" PRIx64, r->value,
			     r->value);
		break;
	case RES_TRNG_UUID:
		if ((int32_t)x0 < 0 && (int32_t)x0 >= -3) {
			r->value = (int32_t)x0;
			negative(r, trng_err_name);
		} else {
			TEXT(r, "UUID in x0..x3");
			code(r, "SUCCESS");
			uuid(r, out, "TRNG back end");
		}
		break;
	case RES_TRNG_RND:
		status(r, trng_err_name);
		if (!r->error)
			EXTRA(r, "entropy x1..x3 = 0x%" PRIx64 " 0x%" PRIx64 " 0x%" PRIx64, out->x[1],
			      out->x[2], out->x[3]);
		break;
	case RES_CALL_COUNT:
		if (!smc_unk(r))
			TEXT(r, "%" PRIu64 " calls", (uint64_t)(uint32_t)x0);
		break;
	case RES_CALL_UID:
		if (!smc_unk(r)) {
			TEXT(r, "UID in x0..x3");
			uuid(r, out, "UID");
		}
		break;
	case RES_REVISION:
		if (!smc_unk(r))
			TEXT(r, "revision %" PRIu32 ".%" PRIu32, (uint32_t)x0,
			     (uint32_t)out->x[1]);
		break;
	}
}
