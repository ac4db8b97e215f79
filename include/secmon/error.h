/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * One error type for the whole library: 0 or a negative SECMON_E_* value.
 * -1 to -9 are PSCI's own codes, so a PSCI answer maps onto itself.
 */
#ifndef SECMON_ERROR_H
#define SECMON_ERROR_H

enum secmon_err {
	SECMON_OK = 0,
	SECMON_E_NOT_SUPPORTED = -1,
	SECMON_E_INVALID_PARAMETERS = -2,
	SECMON_E_DENIED = -3,
	SECMON_E_ALREADY_ON = -4,
	SECMON_E_ON_PENDING = -5,
	SECMON_E_INTERNAL_FAILURE = -6,
	SECMON_E_NOT_PRESENT = -7,
	SECMON_E_DISABLED = -8,
	SECMON_E_INVALID_ADDRESS = -9,
	SECMON_E_NOT_REQUIRED = -10,	/* SMCCC arch call: not needed here */
	SECMON_E_NO_ENTROPY = -11,	/* TRNG */
	SECMON_E_BAD_ANSWER = -12,	/* the firmware answered outside the spec */
	SECMON_E_BAD_TABLE = -13,	/* a DT call table failed validation */
	SECMON_E_NO_SPACE = -14,	/* caller-provided storage too small */
	SECMON_E_NOT_FOUND = -15,	/* no such operation, service or parameter */
	SECMON_E_MAX = 15,
};

/* A short constant string for any value, including unknown ones. */
const char *secmon_strerror(int err);

#endif
