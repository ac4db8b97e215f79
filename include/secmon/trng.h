/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Arm True Random Number Generator firmware interface (DEN0098 1.0): function
 * IDs in the standard secure service (OEN 4) and status codes. Freestanding.
 */
#ifndef SECMON_TRNG_H
#define SECMON_TRNG_H

#define SECMON_TRNG_VERSION	0x84000050u
#define SECMON_TRNG_FEATURES	0x84000051u	/* x1: the ID asked about */
#define SECMON_TRNG_GET_UUID	0x84000052u	/* UUID in w0-w3 */
#define SECMON_TRNG_RND32	0x84000053u	/* x1: bits, 1..96; entropy in w1-w3 */
#define SECMON_TRNG_RND64	0xc4000053u	/* x1: bits, 1..192; entropy in x1-x3 */

#define SECMON_TRNG_RND32_MAX_BITS	96
#define SECMON_TRNG_RND64_MAX_BITS	192

/* TRNG_VERSION: 1.0, as SMCCC_VERSION encodes versions. */
#define SECMON_TRNG_VERSION_1_0	0x10000u

#define SECMON_TRNG_SUCCESS		0
#define SECMON_TRNG_NOT_SUPPORTED	(-1)
#define SECMON_TRNG_INVALID_PARAMETERS	(-2)
#define SECMON_TRNG_NO_ENTROPY		(-3)

#endif
