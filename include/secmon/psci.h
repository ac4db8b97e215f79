/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * PSCI (DEN0022) function IDs, return codes and power_state encodings.
 * Shared by the calling library and the monitor.
 */
#ifndef SECMON_PSCI_H
#define SECMON_PSCI_H

#include <stdbool.h>
#include <stdint.h>

#define SECMON_PSCI_FN32(n) (0x84000000u | (n))
#define SECMON_PSCI_FN64(n) (0xc4000000u | (n))

enum secmon_psci_fn {
	SECMON_PSCI_FN_VERSION = 0x00,
	SECMON_PSCI_FN_CPU_SUSPEND = 0x01,
	SECMON_PSCI_FN_CPU_OFF = 0x02,
	SECMON_PSCI_FN_CPU_ON = 0x03,
	SECMON_PSCI_FN_AFFINITY_INFO = 0x04,
	SECMON_PSCI_FN_MIGRATE = 0x05,
	SECMON_PSCI_FN_MIGRATE_INFO_TYPE = 0x06,
	SECMON_PSCI_FN_MIGRATE_INFO_UP_CPU = 0x07,
	SECMON_PSCI_FN_SYSTEM_OFF = 0x08,
	SECMON_PSCI_FN_SYSTEM_RESET = 0x09,
	SECMON_PSCI_FN_FEATURES = 0x0a,
	SECMON_PSCI_FN_CPU_FREEZE = 0x0b,
	SECMON_PSCI_FN_CPU_DEFAULT_SUSPEND = 0x0c,
	SECMON_PSCI_FN_NODE_HW_STATE = 0x0d,
	SECMON_PSCI_FN_SYSTEM_SUSPEND = 0x0e,
	SECMON_PSCI_FN_SET_SUSPEND_MODE = 0x0f,
	SECMON_PSCI_FN_STAT_RESIDENCY = 0x10,
	SECMON_PSCI_FN_STAT_COUNT = 0x11,
	SECMON_PSCI_FN_SYSTEM_RESET2 = 0x12,
	SECMON_PSCI_FN_MEM_PROTECT = 0x13,
	SECMON_PSCI_FN_MEM_PROTECT_CHECK_RANGE = 0x14,
	SECMON_PSCI_FN_SYSTEM_OFF2 = 0x15,	/* PSCI 1.3 */
	SECMON_PSCI_FN_COUNT = 0x16,
};

/* PSCI functions that have an SMC64 form. */
static inline bool secmon_psci_fn_has_smc64(unsigned fn)
{
	switch (fn) {
	case SECMON_PSCI_FN_CPU_SUSPEND:
	case SECMON_PSCI_FN_CPU_ON:
	case SECMON_PSCI_FN_AFFINITY_INFO:
	case SECMON_PSCI_FN_MIGRATE:
	case SECMON_PSCI_FN_MIGRATE_INFO_UP_CPU:
	case SECMON_PSCI_FN_CPU_DEFAULT_SUSPEND:
	case SECMON_PSCI_FN_NODE_HW_STATE:
	case SECMON_PSCI_FN_SYSTEM_SUSPEND:
	case SECMON_PSCI_FN_STAT_RESIDENCY:
	case SECMON_PSCI_FN_STAT_COUNT:
	case SECMON_PSCI_FN_SYSTEM_RESET2:
	case SECMON_PSCI_FN_MEM_PROTECT_CHECK_RANGE:
	case SECMON_PSCI_FN_SYSTEM_OFF2:
		return true;
	default:
		return false;
	}
}

/* Return codes. */
#define SECMON_PSCI_SUCCESS		0
#define SECMON_PSCI_NOT_SUPPORTED	(-1)
#define SECMON_PSCI_INVALID_PARAMETERS	(-2)
#define SECMON_PSCI_DENIED		(-3)
#define SECMON_PSCI_ALREADY_ON		(-4)
#define SECMON_PSCI_ON_PENDING		(-5)
#define SECMON_PSCI_INTERNAL_FAILURE	(-6)
#define SECMON_PSCI_NOT_PRESENT		(-7)
#define SECMON_PSCI_DISABLED		(-8)
#define SECMON_PSCI_INVALID_ADDRESS	(-9)

/* PSCI_VERSION answers: major in bits 31:16, minor in 15:0. */
#define SECMON_PSCI_VERSION_MAKE(maj, min) ((uint32_t)(((maj) << 16) | (min)))

/* AFFINITY_INFO answers. */
#define SECMON_PSCI_AFF_ON		0
#define SECMON_PSCI_AFF_OFF		1
#define SECMON_PSCI_AFF_ON_PENDING	2

/* NODE_HW_STATE answers. */
#define SECMON_PSCI_HW_ON	0
#define SECMON_PSCI_HW_OFF	1
#define SECMON_PSCI_HW_STANDBY	2

/* MIGRATE_INFO_TYPE answers. */
#define SECMON_PSCI_TOS_UP_MIGRATE	0
#define SECMON_PSCI_TOS_UP_NO_MIGRATE	1
#define SECMON_PSCI_TOS_NOT_PRESENT	2

/* PSCI_FEATURES(CPU_SUSPEND) flags. */
#define SECMON_PSCI_FEAT_OSI		0x1u
#define SECMON_PSCI_FEAT_EXT_STATE	0x2u

/* PSCI_SET_SUSPEND_MODE modes. */
#define SECMON_PSCI_MODE_PC	0
#define SECMON_PSCI_MODE_OSI	1

/* SYSTEM_RESET2 reset types. */
#define SECMON_PSCI_RESET2_VENDOR	0x80000000u
#define SECMON_PSCI_RESET2_WARM		0

/*
 * SYSTEM_OFF2 (PSCI 1.3) off types. PSCI_FEATURES(SYSTEM_OFF2) answers the
 * types offered, one bit each (bit 0: HIBERNATE_OFF). DEN0022F.b has callers
 * write HIBERNATE_OFF as 1 or 0 alike; the cookie (x2) must be zero.
 */
#define SECMON_PSCI_OFF2_HIBERNATE	0x1u
#define SECMON_PSCI_OFF2_HIBERNATE_ALT	0x0u

/*
 * power_state. Original format: StateID 15:0, type 16, power level 25:24,
 * everything else zero. Extended format: StateID 27:0, type 30.
 */
#define SECMON_PSCI_PS_TYPE_POWERDOWN	1

struct secmon_power_state {
	unsigned type;		/* 0 standby/retention, 1 power-down */
	unsigned level;		/* original format only */
	uint32_t state_id;
};

static inline uint32_t secmon_psci_ps_make(const struct secmon_power_state *ps)
{
	return (ps->state_id & 0xffffu) | ((uint32_t)(ps->type & 1) << 16) |
	       ((uint32_t)(ps->level & 3) << 24);
}

static inline bool secmon_psci_ps_parse(uint32_t v, struct secmon_power_state *ps)
{
	ps->state_id = v & 0xffffu;
	ps->type = (v >> 16) & 1;
	ps->level = (v >> 24) & 3;
	return (v & 0xfcfe0000u) == 0;
}

static inline uint32_t secmon_psci_ps_ext_make(const struct secmon_power_state *ps)
{
	return (ps->state_id & 0x0fffffffu) | ((uint32_t)(ps->type & 1) << 30);
}

static inline bool secmon_psci_ps_ext_parse(uint32_t v, struct secmon_power_state *ps)
{
	ps->state_id = v & 0x0fffffffu;
	ps->type = (v >> 30) & 1;
	ps->level = 0;
	return (v & 0xb0000000u) == 0;
}

#endif
