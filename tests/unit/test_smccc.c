// SPDX-License-Identifier: BSD-3-Clause
/*
 * The shared SMCCC/PSCI definitions: function-ID layout, the SOC_ID version
 * word, error strings, power_state encodings and which PSCI functions have
 * an SMC64 form. Values are pinned against the specs (DEN0028, DEN0022) as
 * summarised in SPEC-NOTES.md.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <secmon/error.h>
#include <secmon/psci.h>
#include <secmon/smccc.h>

/* ---- function IDs ---------------------------------------------------- */

static void fid_field_masks_partition_the_word(void **state)
{
	const uint32_t fields[] = {
		SECMON_FID_FAST,
		SECMON_FID_SMC64,
		SECMON_FID_OEN_MASK << SECMON_FID_OEN_SHIFT,
		SECMON_FID_MBZ,
		SECMON_FID_SVE_HINT,
		SECMON_FID_NUM_MASK,
	};
	uint32_t all = 0;
	unsigned i;

	(void)state;
	assert_int_equal(SECMON_FID_FAST, 0x80000000u);
	assert_int_equal(SECMON_FID_SMC64, 0x40000000u);
	assert_int_equal(SECMON_FID_OEN_MASK << SECMON_FID_OEN_SHIFT, 0x3f000000u);
	assert_int_equal(SECMON_FID_MBZ, 0x00fe0000u);
	assert_int_equal(SECMON_FID_SVE_HINT, 0x00010000u);
	assert_int_equal(SECMON_FID_NUM_MASK, 0x0000ffffu);
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		assert_int_equal(all & fields[i], 0);
		all |= fields[i];
	}
	assert_int_equal(all, 0xffffffffu);
}

static void fid_encodes_known_ids(void **state)
{
	(void)state;
	assert_int_equal(secmon_fid(true, false, SECMON_OEN_ARCH, 0), SECMON_SMCCC_VERSION);
	assert_int_equal(secmon_fid(true, false, SECMON_OEN_ARCH, 1), SECMON_SMCCC_ARCH_FEATURES);
	assert_int_equal(secmon_fid(true, false, SECMON_OEN_ARCH, 0x8000),
			 SECMON_SMCCC_ARCH_WORKAROUND_1);
	assert_int_equal(secmon_fid(true, false, SECMON_OEN_STD, 0), 0x84000000u);
	assert_int_equal(secmon_fid(true, true, SECMON_OEN_STD, 3), 0xc4000003u);
	assert_int_equal(secmon_fid(true, false, SECMON_OEN_SIP, 0xff01), 0x8200ff01u);
	assert_int_equal(secmon_fid(true, true, SECMON_OEN_OEM, 0x10), 0xc3000010u);
	assert_int_equal(secmon_fid(true, false, SECMON_OEN_VEN_EL3, 0), 0x87000000u);
	assert_int_equal(secmon_fid(false, false, SECMON_OEN_TOS_FIRST, 1), 0x32000001u);
	assert_int_equal(secmon_fid(false, true, SECMON_OEN_TOS_LAST, 0xffff), 0x7f00ffffu);
	assert_int_equal(secmon_fid(true, false, SECMON_OEN_TAPP_FIRST, 0), 0xb0000000u);
	assert_int_equal(secmon_fid(false, false, 0, 0), 0);
}

static void fid_round_trips_every_field(void **state)
{
	static const unsigned nums[] = { 0, 1, 0x7f, 0x8000, 0xfeff, 0xff00, 0xffff };
	unsigned oen, n, f;

	(void)state;
	for (oen = 0; oen < 64; oen++)
		for (n = 0; n < sizeof(nums) / sizeof(nums[0]); n++)
			for (f = 0; f < 4; f++) {
				bool fast = f & 1, smc64 = f & 2;
				uint32_t fid = secmon_fid(fast, smc64, oen, nums[n]);

				assert_int_equal(secmon_fid_is_fast(fid), fast);
				assert_int_equal(secmon_fid_is_smc64(fid), smc64);
				assert_int_equal(secmon_fid_oen(fid), oen);
				assert_int_equal(secmon_fid_num(fid), nums[n]);
				/* An encoded ID never sets the MBZ or SVE-hint bits. */
				assert_int_equal(fid & (SECMON_FID_MBZ | SECMON_FID_SVE_HINT), 0);
			}
}

static void fid_masks_out_of_range_fields(void **state)
{
	(void)state;
	/* An OEN or number too wide must not spill into other fields. */
	assert_int_equal(secmon_fid(false, false, 0x40 | 5, 0), 0x05000000u);
	assert_int_equal(secmon_fid(false, false, 0xffffffffu, 0), 0x3f000000u);
	assert_int_equal(secmon_fid(true, false, 4, 0x1ffff), 0x8400ffffu);
	assert_int_equal(secmon_fid(true, false, 4, 0xfffe0000u | 3), 0x84000003u);
}

static void fid_accessors_ignore_sve_hint_and_mbz(void **state)
{
	uint32_t fid = 0x84000003u | SECMON_FID_SVE_HINT;

	(void)state;
	assert_true(secmon_fid_is_fast(fid));
	assert_false(secmon_fid_is_smc64(fid));
	assert_int_equal(secmon_fid_oen(fid), SECMON_OEN_STD);
	assert_int_equal(secmon_fid_num(fid), 3);

	fid = 0xc0000002u | SECMON_FID_MBZ | SECMON_FID_SVE_HINT;
	assert_true(secmon_fid_is_fast(fid));
	assert_true(secmon_fid_is_smc64(fid));
	assert_int_equal(secmon_fid_oen(fid), SECMON_OEN_ARCH);
	assert_int_equal(secmon_fid_num(fid), 2);

	/* Yielding call: bit 31 clear. */
	fid = 0x3f00ffffu;
	assert_false(secmon_fid_is_fast(fid));
	assert_false(secmon_fid_is_smc64(fid));
	assert_int_equal(secmon_fid_oen(fid), 63);
	assert_int_equal(secmon_fid_num(fid), 0xffff);
}

static void the_oen_constants_are_the_specs_values(void **state)
{
	(void)state;
	assert_int_equal(SECMON_OEN_ARCH, 0);
	assert_int_equal(SECMON_OEN_CPU, 1);
	assert_int_equal(SECMON_OEN_SIP, 2);
	assert_int_equal(SECMON_OEN_OEM, 3);
	assert_int_equal(SECMON_OEN_STD, 4);
	assert_int_equal(SECMON_OEN_STD_HYP, 5);
	assert_int_equal(SECMON_OEN_VEN_HYP, 6);
	assert_int_equal(SECMON_OEN_VEN_EL3, 7);
	assert_int_equal(SECMON_OEN_TAPP_FIRST, 48);
	assert_int_equal(SECMON_OEN_TAPP_LAST, 49);
	assert_int_equal(SECMON_OEN_TOS_FIRST, 50);
	assert_int_equal(SECMON_OEN_TOS_LAST, 63);
}

static void arch_ids_and_return_codes(void **state)
{
	(void)state;
	assert_int_equal(SECMON_SMCCC_VERSION, 0x80000000u);
	assert_int_equal(SECMON_SMCCC_ARCH_FEATURES, 0x80000001u);
	assert_int_equal(SECMON_SMCCC_ARCH_SOC_ID, 0x80000002u);
	assert_int_equal(SECMON_SMCCC_ARCH_FEATURE_AVAILABILITY, 0x80000003u);
	assert_int_equal(SECMON_SMCCC_ARCH_WORKAROUND_1, 0x80008000u);
	assert_int_equal(SECMON_SMCCC_ARCH_WORKAROUND_2, 0x80007fffu);
	assert_int_equal(SECMON_SMCCC_ARCH_WORKAROUND_3, 0x80003fffu);
	assert_int_equal(SECMON_SMCCC_ARCH_WORKAROUND_4, 0x80000004u);
	assert_int_equal(SECMON_SOC_ID_VERSION, 0);
	assert_int_equal(SECMON_SOC_ID_REVISION, 1);
	assert_int_equal(SECMON_SOC_ID_NAME, 2);
	assert_int_equal(SECMON_FN_CALL_COUNT, 0xff00);
	assert_int_equal(SECMON_FN_CALL_UID, 0xff01);
	assert_int_equal(SECMON_FN_REVISION, 0xff03);

	/* SMC_UNK is -1 in the width of the call. */
	assert_int_equal(SECMON_SMC_UNK32, (uint32_t)-1);
	assert_true(SECMON_SMC_UNK64 == (uint64_t)(int64_t)-1);
	assert_int_equal(SECMON_SMCCC_SUCCESS, 0);
	assert_int_equal(SECMON_SMCCC_NOT_SUPPORTED, -1);
	assert_int_equal(SECMON_SMCCC_NOT_REQUIRED, -2);
	assert_int_equal(SECMON_SMCCC_INVALID_PARAMETER, -3);

	assert_int_equal(SECMON_NREGS, 18);
}

static void the_smccc_version_words_are_the_specs_and_ordered(void **state)
{
	(void)state;
	assert_int_equal(SECMON_SMCCC_VERSION_1_0, 0x10000u);
	assert_int_equal(SECMON_SMCCC_VERSION_1_1, 0x10001u);
	assert_int_equal(SECMON_SMCCC_VERSION_1_2, 0x10002u);
	assert_int_equal(SECMON_SMCCC_VERSION_MAKE(1, 5), 0x10005u);
	assert_int_equal(SECMON_SMCCC_VERSION_MAKE(0x7fff, 0xffff), 0x7fffffffu);
	/* Ordered comparisons work on the word, as callers rely on. */
	assert_true(SECMON_SMCCC_VERSION_MAKE(2, 0) > SECMON_SMCCC_VERSION_MAKE(1, 0xffff));
}

/* ---- SOC_ID version word --------------------------------------------- */

static void soc_id_version_layout(void **state)
{
	(void)state;
	/* Bank (continuation count) 30:24, JEP-106 code 23:16, SoC ID 15:0. */
	assert_int_equal(secmon_soc_id_version(0, 0, 0), 0);
	assert_int_equal(secmon_soc_id_version(0x5e, 0x8c, 0x5ec0), 0x5e8c5ec0u);
	assert_int_equal(secmon_soc_id_version(1, 0, 0), 0x01000000u);
	assert_int_equal(secmon_soc_id_version(0x7f, 0, 0), 0x7f000000u);
	assert_int_equal(secmon_soc_id_version(0, 1, 0), 0x00010000u);
	assert_int_equal(secmon_soc_id_version(0, 0xff, 0), 0x00ff0000u);
	assert_int_equal(secmon_soc_id_version(0, 0, 1), 0x00000001u);
	assert_int_equal(secmon_soc_id_version(0, 0, 0xffff), 0x0000ffffu);
	/* Arm Ltd: bank 4 (continuation 0x7f x4), code 0x3b. */
	assert_int_equal(secmon_soc_id_version(4, 0x3b, 0x1234), 0x043b1234u);
}

static void soc_id_version_never_sets_bit31_or_spills(void **state)
{
	(void)state;
	/* Bit 31 must be zero: a set bit would read as a negative error. */
	assert_int_equal(secmon_soc_id_version(0xff, 0xff, 0xffff), 0x7fffffffu);
	assert_int_equal(secmon_soc_id_version(0x80, 0, 0), 0);
	assert_int_equal(secmon_soc_id_version(0, 0x1ff, 0), 0x00ff0000u);
	assert_int_equal(secmon_soc_id_version(0, 0, 0x12345), 0x00002345u);
}

/* ---- error strings ---------------------------------------------------- */

static void error_codes_are_psci_codes(void **state)
{
	(void)state;
	/* -1..-9 are PSCI's own codes, so PSCI answers map onto themselves. */
	assert_int_equal(SECMON_E_NOT_SUPPORTED, SECMON_PSCI_NOT_SUPPORTED);
	assert_int_equal(SECMON_E_INVALID_PARAMETERS, SECMON_PSCI_INVALID_PARAMETERS);
	assert_int_equal(SECMON_E_DENIED, SECMON_PSCI_DENIED);
	assert_int_equal(SECMON_E_ALREADY_ON, SECMON_PSCI_ALREADY_ON);
	assert_int_equal(SECMON_E_ON_PENDING, SECMON_PSCI_ON_PENDING);
	assert_int_equal(SECMON_E_INTERNAL_FAILURE, SECMON_PSCI_INTERNAL_FAILURE);
	assert_int_equal(SECMON_E_NOT_PRESENT, SECMON_PSCI_NOT_PRESENT);
	assert_int_equal(SECMON_E_DISABLED, SECMON_PSCI_DISABLED);
	assert_int_equal(SECMON_E_INVALID_ADDRESS, SECMON_PSCI_INVALID_ADDRESS);
	assert_int_equal(SECMON_PSCI_INVALID_ADDRESS, -9);
	assert_int_equal(SECMON_E_NOT_FOUND, -SECMON_E_MAX);
}

static void strerror_names_every_code(void **state)
{
	const char *unknown = secmon_strerror(1);
	const char *seen[SECMON_E_MAX + 1];
	int e, j;

	(void)state;
	assert_non_null(unknown);
	for (e = 0; e <= SECMON_E_MAX; e++) {
		const char *s = secmon_strerror(-e);

		assert_non_null(s);
		assert_true(strlen(s) > 0);
		assert_string_not_equal(s, unknown);
		for (j = 0; j < e; j++)
			assert_string_not_equal(s, seen[j]);
		seen[e] = s;
	}
	assert_string_equal(secmon_strerror(SECMON_OK), "success");
	assert_string_equal(secmon_strerror(SECMON_E_NOT_SUPPORTED), "not supported");
	assert_string_equal(secmon_strerror(SECMON_E_INVALID_ADDRESS), "invalid address");
	assert_string_equal(secmon_strerror(SECMON_E_NOT_FOUND), "not found");
}

static void strerror_out_of_range(void **state)
{
	static const int bad[] = { 1, 2, 15, 16, -16, -17, -1000, INT_MAX, INT_MIN, INT_MIN + 1 };
	const char *unknown = secmon_strerror(-(SECMON_E_MAX + 1));
	unsigned i;

	(void)state;
	assert_non_null(unknown);
	assert_string_equal(unknown, "unknown error");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_string_equal(secmon_strerror(bad[i]), unknown);
}

/* ---- PSCI ------------------------------------------------------------- */

static void psci_ids_and_codes(void **state)
{
	(void)state;
	assert_int_equal(SECMON_PSCI_FN32(SECMON_PSCI_FN_VERSION), 0x84000000u);
	assert_int_equal(SECMON_PSCI_FN64(SECMON_PSCI_FN_CPU_ON), 0xc4000003u);
	assert_int_equal(SECMON_PSCI_FN32(SECMON_PSCI_FN_SYSTEM_RESET2), 0x84000012u);
	assert_int_equal(SECMON_PSCI_FN_MEM_PROTECT_CHECK_RANGE, 0x14);
	assert_int_equal(SECMON_PSCI_FN_SYSTEM_OFF2, 0x15);
	assert_int_equal(SECMON_PSCI_OFF2_HIBERNATE, 1);
	assert_int_equal(SECMON_PSCI_FN_FEATURES, 0x0a);
	assert_int_equal(SECMON_PSCI_FN_SET_SUSPEND_MODE, 0x0f);
	assert_int_equal(SECMON_PSCI_VERSION_MAKE(1, 1), 0x10001u);
	assert_int_equal(SECMON_PSCI_VERSION_MAKE(0, 2), 0x2u);
	assert_int_equal(SECMON_PSCI_AFF_ON, 0);
	assert_int_equal(SECMON_PSCI_AFF_OFF, 1);
	assert_int_equal(SECMON_PSCI_AFF_ON_PENDING, 2);
	assert_int_equal(SECMON_PSCI_HW_ON, 0);
	assert_int_equal(SECMON_PSCI_HW_OFF, 1);
	assert_int_equal(SECMON_PSCI_HW_STANDBY, 2);
	assert_int_equal(SECMON_PSCI_TOS_NOT_PRESENT, 2);
	assert_int_equal(SECMON_PSCI_FEAT_OSI, 1);
	assert_int_equal(SECMON_PSCI_FEAT_EXT_STATE, 2);
	assert_int_equal(SECMON_PSCI_MODE_PC, 0);
	assert_int_equal(SECMON_PSCI_MODE_OSI, 1);
	assert_int_equal(SECMON_PSCI_RESET2_VENDOR, 0x80000000u);
	assert_int_equal(SECMON_PSCI_RESET2_WARM, 0);
}

/* The SPEC-NOTES table, column "64-bit". */
static void the_psci_functions_with_an_smc64_form_are_the_specs(void **state)
{
	static const bool has64[SECMON_PSCI_FN_COUNT] = {
		[0x01] = true, [0x03] = true, [0x04] = true, [0x05] = true, [0x07] = true,
		[0x0c] = true, [0x0d] = true, [0x0e] = true, [0x10] = true, [0x11] = true,
		[0x12] = true, [0x14] = true, [0x15] = true,
	};
	unsigned fn;

	(void)state;
	assert_int_equal(SECMON_PSCI_FN_COUNT, 0x16);
	for (fn = 0; fn < SECMON_PSCI_FN_COUNT; fn++) {
		if (secmon_psci_fn_has_smc64(fn) != has64[fn])
			fail_msg("PSCI function 0x%02x: has_smc64 %d, want %d", fn,
				 secmon_psci_fn_has_smc64(fn), has64[fn]);
	}
	/* Nothing beyond the table, nor a number with high bits set. */
	for (fn = 0x16; fn < 0x40; fn++)
		assert_false(secmon_psci_fn_has_smc64(fn));
	assert_false(secmon_psci_fn_has_smc64(0x10001));
	assert_false(secmon_psci_fn_has_smc64(0xffffffffu));
}

static void power_state_original_round_trip(void **state)
{
	static const uint32_t ids[] = { 0, 1, 0x1234, 0xffff };
	unsigned type, level, i;

	(void)state;
	for (type = 0; type < 2; type++)
		for (level = 0; level < 4; level++)
			for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
				struct secmon_power_state in = { type, level, ids[i] }, out;
				uint32_t v = secmon_psci_ps_make(&in);

				assert_int_equal(v, ids[i] | type << 16 | level << 24);
				memset(&out, 0xa5, sizeof(out));
				assert_true(secmon_psci_ps_parse(v, &out));
				assert_int_equal(out.type, type);
				assert_int_equal(out.level, level);
				assert_int_equal(out.state_id, ids[i]);
			}
	/* The monitor's own states, as named in SPEC-NOTES. */
	assert_int_equal(secmon_psci_ps_make(&(struct secmon_power_state){ 1, 1, 0 }),
			 0x01010000u);
}

static void power_state_original_reserved_bits(void **state)
{
	struct secmon_power_state ps;
	unsigned bit;

	(void)state;
	for (bit = 0; bit < 32; bit++) {
		bool reserved = (bit >= 17 && bit <= 23) || bit >= 26;

		if (secmon_psci_ps_parse(1u << bit, &ps) == reserved)
			fail_msg("original power_state bit %u: accepted %d, reserved %d", bit,
				 !reserved, reserved);
	}
	assert_false(secmon_psci_ps_parse(0xffffffffu, &ps));
	assert_true(secmon_psci_ps_parse(0x0301ffffu, &ps));
	/* Making never sets a reserved bit, whatever the fields hold. */
	ps = (struct secmon_power_state){ 0xffffffffu, 0xffffffffu, 0xffffffffu };
	assert_int_equal(secmon_psci_ps_make(&ps), 0x0301ffffu);
}

static void power_state_extended_round_trip(void **state)
{
	static const uint32_t ids[] = { 0, 1, 0x12345, 0x0fffffff };
	unsigned type, i;

	(void)state;
	for (type = 0; type < 2; type++)
		for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
			struct secmon_power_state in = { type, 3, ids[i] }, out;
			uint32_t v = secmon_psci_ps_ext_make(&in);

			/* No power level field in the extended format. */
			assert_int_equal(v, ids[i] | type << 30);
			memset(&out, 0xa5, sizeof(out));
			assert_true(secmon_psci_ps_ext_parse(v, &out));
			assert_int_equal(out.type, type);
			assert_int_equal(out.level, 0);
			assert_int_equal(out.state_id, ids[i]);
		}
}

static void power_state_extended_reserved_bits(void **state)
{
	struct secmon_power_state ps;
	unsigned bit;

	(void)state;
	for (bit = 0; bit < 32; bit++) {
		bool reserved = bit == 28 || bit == 29 || bit == 31;

		if (secmon_psci_ps_ext_parse(1u << bit, &ps) == reserved)
			fail_msg("extended power_state bit %u: accepted %d, reserved %d", bit,
				 !reserved, reserved);
	}
	assert_true(secmon_psci_ps_ext_parse(0x4fffffffu, &ps));
	assert_false(secmon_psci_ps_ext_parse(0xffffffffu, &ps));
	ps = (struct secmon_power_state){ 0xffffffffu, 0xffffffffu, 0xffffffffu };
	assert_int_equal(secmon_psci_ps_ext_make(&ps), 0x4fffffffu);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fid_field_masks_partition_the_word),
		cmocka_unit_test(fid_encodes_known_ids),
		cmocka_unit_test(fid_round_trips_every_field),
		cmocka_unit_test(fid_masks_out_of_range_fields),
		cmocka_unit_test(fid_accessors_ignore_sve_hint_and_mbz),
		cmocka_unit_test(the_oen_constants_are_the_specs_values),
		cmocka_unit_test(arch_ids_and_return_codes),
		cmocka_unit_test(the_smccc_version_words_are_the_specs_and_ordered),
		cmocka_unit_test(soc_id_version_layout),
		cmocka_unit_test(soc_id_version_never_sets_bit31_or_spills),
		cmocka_unit_test(error_codes_are_psci_codes),
		cmocka_unit_test(strerror_names_every_code),
		cmocka_unit_test(strerror_out_of_range),
		cmocka_unit_test(psci_ids_and_codes),
		cmocka_unit_test(the_psci_functions_with_an_smc64_form_are_the_specs),
		cmocka_unit_test(power_state_original_round_trip),
		cmocka_unit_test(power_state_original_reserved_bits),
		cmocka_unit_test(power_state_extended_round_trip),
		cmocka_unit_test(power_state_extended_reserved_bits),
	};

	return cmocka_run_group_tests_name("smccc", tests, NULL, NULL);
}
