// SPDX-License-Identifier: BSD-3-Clause
/*
 * The DT call-table parser: good tables give the registers the binding
 * says, and each kind of bad table is refused with an error naming the node
 * and property. Trees are compiled from DTS text with dtc.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <libfdt.h>

#include <secmon/calltab.h>
#include <secmon/conduit.h>
#include <secmon/fwops.h>
#include <secmon/service.h>

#include "simtest.h"

static char dtb[16384];

/* Compiles a whole tree, or (compile()) the inside of a call-table node, into dtb. */
static void *compile_tree(const char *fmt, const char *props, const char *body)
{
	char dts[4096];

	assert_true((size_t)snprintf(dts, sizeof(dts), fmt, props, body) < sizeof(dts));
	simtest_dtc(dts, dtb, sizeof(dtb));
	return dtb;
}

static void *compile(const char *props, const char *body)
{
	return compile_tree("/dts-v1/;\n/ { t { compatible = \"secmon,call-table\"; %s\n%s\n}; };\n",
			    props, body);
}

static int parse(const char *props, const char *body, struct secmon_calltab *t,
		 struct secmon_ct_error *err)
{
	void *fdt = compile(props, body);

	return secmon_calltab_parse(fdt, fdt_path_offset(fdt, "/t"), t, err);
}

static void expect_error(const char *props, const char *body, const char *node,
			 const char *property, const char *message)
{
	static struct secmon_calltab t;
	struct secmon_ct_error err;

	assert_int_equal(parse(props, body, &t, &err), SECMON_E_BAD_TABLE);
	assert_string_equal(err.node, node);
	assert_string_equal(err.property, property);
	assert_non_null(strstr(err.message, message));
}

static void a_good_table_gives_its_operations_calls_and_registers(void **state)
{
	static struct secmon_calltab t;
	struct secmon_ct_error err;
	const struct secmon_ct_op *op;
	const struct secmon_ct_call *c;

	(void)state;
	assert_int_equal(parse("method = \"hvc\"; abi = \"legacy\";",
			       "cpu-boot { function-id = <0xfffffffc>; id-register = <12>;"
			       " arg-names = \"cpu\", \"entry\"; arg-registers = <2 1>;"
			       " const-registers = <3>; const-values = <7>;"
			       " result-names = \"status\"; result-registers = <0>; };",
			       &t, &err),
			 SECMON_OK);
	assert_int_equal(t.method, SECMON_CT_HVC);
	assert_true(t.legacy);
	op = secmon_calltab_op(&t, "cpu-boot");
	assert_non_null(op);
	assert_int_equal(op->ncalls, 1);
	c = &t.calls[op->first_call];
	assert_int_equal(c->fid, 0xfffffffc);
	assert_int_equal(c->id_reg, 12);
	assert_false(c->smc64);
	assert_true(c->fast);
	assert_int_equal(c->nargs, 3);
	assert_string_equal(t.regs[c->first].name, "cpu");
	assert_int_equal(t.regs[c->first].reg, 2);
	assert_string_equal(t.regs[c->first + 1].name, "entry");
	assert_int_equal(t.regs[c->first + 1].reg, 1);
	assert_null(t.regs[c->first + 2].name);
	assert_int_equal(t.regs[c->first + 2].value, 7);
	assert_int_equal(c->nresults, 1);
	assert_null(secmon_calltab_op(&t, "do-idle"));
}

/* The values a marshalled call puts in its registers, in any order. */
static void recording_invoke(const struct secmon_conduit *c, const struct secmon_regs *in,
			     struct secmon_regs *out)
{
	*(struct secmon_regs *)c->ctx = *in;
	*out = *in;
	out->x[0] = 0;
}

static void a_call_puts_each_argument_in_its_register_and_refuses_one_too_wide(void **state)
{
	static struct secmon_calltab t;
	struct secmon_regs sent;
	const struct secmon_conduit rec = { .name = "rec", .invoke = recording_invoke,
					    .ctx = &sent };
	struct secmon_ct_error err;
	const struct secmon_ct_val in[] = { { "entry", 0x80001000 }, { "cpu", 3 } };
	const struct secmon_ct_val too_big[] = { { "entry", 0x180001000ull }, { "cpu", 3 } };

	(void)state;
	assert_int_equal(parse("method = \"smc\"; abi = \"legacy\";",
			       "cpu-boot { function-id = <0x104>; id-register = <12>;"
			       " arg-names = \"cpu\", \"entry\"; arg-registers = <3 0>;"
			       " const-registers = <5>; const-values = <0x55>;"
			       " result-names = \"status\"; result-registers = <0>; };",
			       &t, &err),
			 SECMON_OK);
	assert_int_equal(secmon_calltab_call(&rec, &t, secmon_calltab_op(&t, "cpu-boot"), in, 2, 0,
					     0, 0, 0),
			 SECMON_OK);
	assert_int_equal(sent.x[12], 0x104);
	assert_int_equal(sent.x[3], 3);
	assert_int_equal(sent.x[0], 0x80001000);
	assert_int_equal(sent.x[5], 0x55);
	assert_int_equal(sent.x[1], 0);
	/* An SMC32 call cannot carry a 64-bit value: refused, not truncated. */
	assert_int_equal(secmon_calltab_call(&rec, &t, secmon_calltab_op(&t, "cpu-boot"), too_big,
					     2, 0, 0, 0, 0),
			 SECMON_E_INVALID_PARAMETERS);
	/* A parameter the caller does not give is refused too. */
	assert_int_equal(secmon_calltab_call(&rec, &t, secmon_calltab_op(&t, "cpu-boot"), in, 1, 0,
					     0, 0, 0),
			 SECMON_E_INVALID_PARAMETERS);
}

static void unk_answer(const struct secmon_conduit *c, const struct secmon_regs *in,
		       struct secmon_regs *out)
{
	(void)c;
	*out = *in;
	out->x[0] = SECMON_SMC_UNK32;
}

/* SMC_UNK from SMCCC firmware is NOT_SUPPORTED even with no result named. */
static void smc_unk_is_not_supported_even_with_no_result_named(void **state)
{
	static struct secmon_calltab t;
	const struct secmon_conduit unk = { .name = "unk", .invoke = unk_answer };
	struct secmon_ct_error err;

	(void)state;
	assert_int_equal(parse("method = \"smc\";", "l2x0-init { function-id = <0x82000012>; };",
			       &t, &err),
			 SECMON_OK);
	assert_int_equal(secmon_calltab_call(&unk, &t, secmon_calltab_op(&t, "l2x0-init"), 0, 0, 0,
					     0, 0, 0),
			 SECMON_E_NOT_SUPPORTED);
}

static void an_operation_without_a_function_id_is_refused(void **state)
{
	(void)state;
	expect_error("method = \"smc\";", "do-idle { arg-names = \"mode\"; arg-registers = <1>; };",
		     "do-idle", "function-id", "missing required property");
}

/* Big-endian cell `i` of a DTB. */
static void put_cell(uint8_t *b, unsigned off, uint32_t v)
{
	b[off] = (uint8_t)(v >> 24);
	b[off + 1] = (uint8_t)(v >> 16);
	b[off + 2] = (uint8_t)(v >> 8);
	b[off + 3] = (uint8_t)v;
}

static void the_structure_check_refuses_a_cut_or_corrupt_dtb(void **state)
{
	static uint8_t copy[sizeof(dtb)];
	const uint8_t *fdt;
	unsigned size, prop;

	(void)state;
	fdt = compile("method = \"smc\";", "do-idle { function-id = <0x82000010>; };");
	size = fdt_totalsize(fdt);
	assert_int_equal(secmon_dt_check_structure(fdt, size), SECMON_OK);
	/* Cut short, or told it is smaller than its header says. */
	assert_int_equal(secmon_dt_check_structure(fdt, size - 1), SECMON_E_BAD_TABLE);
	assert_int_equal(secmon_dt_check_structure(fdt, 39), SECMON_E_BAD_TABLE);
	assert_int_equal(secmon_dt_check_structure(NULL, size), SECMON_E_BAD_TABLE);
	/* The first property (compatible of /t): lengths libfdt would follow. */
	prop = fdt_off_dt_struct(fdt) + 4 + 4 + 4 + 4;	/* BEGIN "", BEGIN "t\0\0\0" */
	memcpy(copy, fdt, size);
	assert_int_equal(copy[prop + 3], 3);		/* FDT_PROP */
	put_cell(copy, prop + 4, 0xfffffff4u);		/* -12: fdt_next_tag() stands still */
	assert_int_equal(secmon_dt_check_structure(copy, size), SECMON_E_BAD_TABLE);
	put_cell(copy, prop + 4, 0xfffffffcu);		/* -4 */
	assert_int_equal(secmon_dt_check_structure(copy, size), SECMON_E_BAD_TABLE);
	put_cell(copy, prop + 4, size);			/* past the block */
	assert_int_equal(secmon_dt_check_structure(copy, size), SECMON_E_BAD_TABLE);
	/* An unknown tag. */
	memcpy(copy, fdt, size);
	put_cell(copy, prop, 7);
	assert_int_equal(secmon_dt_check_structure(copy, size), SECMON_E_BAD_TABLE);
	/* A node left open: its END_NODE turned into a NOP. */
	memcpy(copy, fdt, size);
	put_cell(copy, fdt_off_dt_struct(fdt) + fdt_size_dt_struct(fdt) - 8, 4);
	assert_int_equal(secmon_dt_check_structure(copy, size), SECMON_E_BAD_TABLE);
}

static void name_is_matches_a_node_name_with_or_without_its_unit_address(void **state)
{
	(void)state;
	assert_true(secmon_calltab_name_is("cpu-boot", "cpu-boot"));
	assert_true(secmon_calltab_name_is("cpu-boot@1", "cpu-boot"));
	assert_false(secmon_calltab_name_is("cpu-boot", "cpu-boo"));
	assert_false(secmon_calltab_name_is("cpu-boo", "cpu-boot"));
	assert_false(secmon_calltab_name_is("cpu-boot@1", "cpu-boot@1"));
	assert_false(secmon_calltab_name_is("", "cpu-boot"));
	assert_true(secmon_calltab_name_is("@1", ""));
}

/* A node name longer than the error's field is cut, and says so. */
static void a_long_node_name_is_cut_and_says_so(void **state)
{
	(void)state;
	expect_error("method = \"smc\";",
		     "do-idle-with-a-name-much-longer-than-the-thirty-one-characters-dt-allows "
		     "{ arg-names = \"mode\"; arg-registers = <1>; };",
		     "do-idle-with-a-name-much-longer-than-the-thirty-one-characte...",
		     "function-id", "missing required property");
}

static void a_register_out_of_range_is_refused(void **state)
{
	(void)state;
	expect_error("method = \"smc\";",
		     "do-idle { function-id = <0x82000001>; arg-names = \"mode\";"
		     " arg-registers = <18>; };",
		     "do-idle", "arg-registers", "out of range");
	expect_error("method = \"smc\";", "do-idle { function-id = <0x82000001>; id-register = <31>; };",
		     "do-idle", "id-register", "out of range");
}

static void an_operation_described_twice_is_refused(void **state)
{
	(void)state;
	expect_error("method = \"smc\";",
		     "do-idle@0 { function-id = <0x82000001>; };"
		     " do-idle@1 { function-id = <0x82000002>; };",
		     "do-idle@1", "", "described twice");
}

static void two_operations_with_one_function_id_are_refused(void **state)
{
	(void)state;
	expect_error("method = \"smc\";",
		     "do-idle { function-id = <0x82000001>; };"
		     " l2x0-init { function-id = <0x82000001>; };",
		     "t", "function-id", "share one function ID");
}

static void an_unknown_parameter_name_is_refused(void **state)
{
	(void)state;
	expect_error("method = \"smc\";",
		     "cpu-boot { function-id = <0x82000001>; arg-names = \"core\";"
		     " arg-registers = <1>; };",
		     "cpu-boot", "arg-names", "unknown parameter name for this operation: core");
}

static void a_bad_method_or_argument_register_list_is_refused(void **state)
{
	(void)state;
	expect_error("", "do-idle { function-id = <0x82000001>; };", "t", "method",
		     "missing required property");
	expect_error("method = \"svc\";", "do-idle { function-id = <0x82000001>; };", "t", "method",
		     "unknown value");
	expect_error("method = \"smc\";",
		     "do-idle { function-id = <0x82000001>; arg-names = \"mode\", \"cpu\";"
		     " arg-registers = <1>; };",
		     "do-idle", "arg-registers", "one register per entry");
	expect_error("method = \"smc\";",
		     "do-idle { function-id = <0x82000001>; arg-names = \"mode\";"
		     " arg-registers = <0>; };",
		     "do-idle", "arg-registers", "used twice");
	expect_error("method = \"smc\";",
		     "l2x0-init { function-id = <0x82000001>; const-registers = <1 2>;"
		     " const-values = <5>; };",
		     "l2x0-init", "const-values", "one value per entry");
	/* SMCCC IDs must agree with their declared kind. */
	expect_error("method = \"smc\";", "do-idle { function-id = <0x02000001>; };", "do-idle",
		     "call-type", "bit 31");
	expect_error("method = \"smc\";",
		     "do-idle { function-id = <0x82000001>; convention = \"smc64\"; };", "do-idle",
		     "convention", "bit 30");
	expect_error("method = \"smc\";", "do-idle { function-id = <0x82040001>; };", "do-idle",
		     "function-id", "bits 23:17");
	expect_error("method = \"smc\";", "", "t", "", "describes no operation");
	expect_error("method = \"smc\";", "do-idle { step { function-id = <1>; }; };", "step", "",
		     "unknown child node");
	/* A sequence is call@0, call@1, ... in that order. */
	expect_error("method = \"smc\";",
		     "l2x0-init { call@1 { function-id = <0x82000001>; };"
		     " call@0 { function-id = <0x82000002>; }; };",
		     "l2x0-init/call@1", "", "in order");
	/* A typo is an error, not a silently missing result. */
	expect_error("method = \"smc\";",
		     "do-idle { function-id = <0x82000001>; result-name = \"status\";"
		     " result-registers = <0>; };",
		     "do-idle", "result-name", "unknown property");
	expect_error("method = \"smc\"; methods = \"hvc\";", "do-idle { function-id = <0x82000001>; };",
		     "t", "methods", "unknown property");
	expect_error("method = \"smc\", \"hvc\";", "do-idle { function-id = <0x82000001>; };", "t",
		     "method", "one string");
	expect_error("method = \"smc\";",
		     "get-cpu-boot-addr { function-id = <0x82000001>;"
		     " result-names = \"status\", \"entry\"; result-registers = <0 0>; };",
		     "get-cpu-boot-addr", "result-registers", "used twice");
}

/*
 * get-cpu-boot-addr whose call gives only a status has no address to give:
 * NOT_SUPPORTED, not SECMON_OK with a made-up 0.
 */
static void get_cpu_boot_addr_needs_entry(void **state)
{
	static struct secmon_calltab t;
	static const uint64_t mpidr[] = { 0, 1 };
	struct secmon_regs sent;
	const struct secmon_conduit rec = { .name = "rec", .invoke = recording_invoke,
					    .ctx = &sent };
	struct secmon_ct_error err;
	struct secmon_fwops o;
	uint64_t addr = 0x5eed;

	(void)state;
	assert_int_equal(parse("method = \"smc\";",
			       "get-cpu-boot-addr { function-id = <0x82000001>; arg-names = \"cpu\";"
			       " arg-registers = <1>; result-names = \"status\";"
			       " result-registers = <0>; };",
			       &t, &err),
			 SECMON_OK);
	assert_int_equal(secmon_fwops_init_table(&o, &rec, &t, mpidr, 2), SECMON_OK);
	assert_int_equal(secmon_fwops_get_cpu_boot_addr(&o, 1, &addr), SECMON_E_NOT_SUPPORTED);
	assert_int_equal(addr, 0x5eed);
	/* With an entry result it is read back from the firmware's answer. */
	assert_int_equal(parse("method = \"smc\";",
			       "get-cpu-boot-addr { function-id = <0x82000001>; arg-names = \"cpu\";"
			       " arg-registers = <1>; result-names = \"status\", \"entry\";"
			       " result-registers = <0 2>; };",
			       &t, &err),
			 SECMON_OK);
	assert_int_equal(secmon_fwops_init_table(&o, &rec, &t, mpidr, 2), SECMON_OK);
	assert_int_equal(secmon_fwops_get_cpu_boot_addr(&o, 1, &addr), SECMON_OK);
	assert_int_equal(addr, 0);
	assert_int_equal(sent.x[1], 1);
}

/* A bad /cpus #address-cells is reported on /cpus, not on a CPU's reg. */
static void a_bad_cpus_address_cells_is_reported_on_cpus(void **state)
{
	static struct secmon_calltab t;
	const struct secmon_conduits cs = { .smc = &secmon_conduit_none };
	struct secmon_ct_error err;
	struct secmon_fwops o;
	void *fdt;

	(void)state;
	fdt = compile_tree("/dts-v1/;\n/ { cpus { #address-cells = <3>; #size-cells = <0>;"
			   " cpu@0 { device_type = \"cpu\"; reg = <0 0 0>; }; };"
			   " t { compatible = \"secmon,call-table\"; %s %s }; };\n",
			   "method = \"smc\";", "do-idle { function-id = <0x82000001>; };");
	assert_int_equal(secmon_fwops_init_dt(&o, fdt, &cs, &t, &err), SECMON_E_BAD_TABLE);
	assert_string_equal(err.node, "cpus");
	assert_string_equal(err.property, "#address-cells");
}

/*
 * A caller without an HVC conduit (secmon.ko in a kernel that runs at EL2,
 * where an HVC traps to the kernel itself) says so with hvc = NULL: a
 * firmware table, a PSCI 1.0 or 0.1 node, or a service with method "hvc" is
 * refused on its "method", and the same with "smc" still loads.
 */
static void hvc_tables_are_refused_without_an_hvc_conduit(void **state)
{
	static struct secmon_calltab t;
	static struct secmon_service s;
	static const char *const trees[] = {
		"/dts-v1/;\n/ { cpus { #address-cells = <1>; #size-cells = <0>;"
		" cpu@0 { device_type = \"cpu\"; reg = <0>; }; };"
		" t { compatible = \"secmon,call-table\"; method = \"%s\";"
		" do-idle { function-id = <0x82000001>; }; }; };\n%s",
		"/dts-v1/;\n/ { cpus { #address-cells = <1>; #size-cells = <0>;"
		" cpu@0 { device_type = \"cpu\"; reg = <0>; }; };"
		" psci { compatible = \"arm,psci-1.0\"; method = \"%s\"; }; };\n%s",
		"/dts-v1/;\n/ { cpus { #address-cells = <1>; #size-cells = <0>;"
		" cpu@0 { device_type = \"cpu\"; reg = <0>; }; };"
		" psci { compatible = \"arm,psci\"; method = \"%s\"; cpu_on = <0x95c10000>;"
		" cpu_off = <0x95c10001>; }; };\n%s",
	};
	static const char *const names[] = { "t", "psci", "psci" };
	const struct secmon_conduits cs = { .smc = &secmon_conduit_none, .hvc = NULL };
	struct secmon_ct_error err;
	struct secmon_fwops o;
	void *fdt;

	(void)state;
	for (unsigned i = 0; i < sizeof(trees) / sizeof(trees[0]); i++) {
		fdt = compile_tree(trees[i], "hvc", "");
		assert_int_equal(secmon_fwops_init_dt(&o, fdt, &cs, &t, &err), SECMON_E_BAD_TABLE);
		assert_string_equal(err.node, names[i]);
		assert_string_equal(err.property, "method");
		fdt = compile_tree(trees[i], "smc", "");
		assert_int_equal(secmon_fwops_init_dt(&o, fdt, &cs, &t, &err), SECMON_OK);
		assert_ptr_equal(o.c, &secmon_conduit_none);
	}
	fdt = compile("method = \"hvc\";", "get-status { function-id = <0x82000103>; };");
	assert_int_equal(secmon_service_bind_node(&s, fdt, fdt_path_offset(fdt, "/t"), &cs, &err),
			 SECMON_E_BAD_TABLE);
	assert_string_equal(err.property, "method");
	fdt = compile("method = \"smc\";", "get-status { function-id = <0x82000103>; };");
	assert_int_equal(secmon_service_bind_node(&s, fdt, fdt_path_offset(fdt, "/t"), &cs, &err),
			 SECMON_OK);
	assert_ptr_equal(s.c, &secmon_conduit_none);
}

/*
 * SECMON_FWOPS_MAX_CPUS CPUs are read into o->mpidr in /cpus order; one
 * more is NO_SPACE on that CPU's node, not an invalid call table.
 */
static void one_cpu_too_many_is_no_space_on_its_node(void **state)
{
	static struct secmon_calltab t;
	static struct secmon_fwops o;
	const struct secmon_conduits cs = { .smc = &secmon_conduit_none };
	struct secmon_ct_error err;
	char cpus[SECMON_FWOPS_MAX_CPUS * 64 + 64];
	size_t len = 0;
	void *fdt;

	(void)state;
	for (unsigned i = 0; i < SECMON_FWOPS_MAX_CPUS; i++)
		len += (size_t)snprintf(cpus + len, sizeof(cpus) - len,
					" cpu@%x { device_type = \"cpu\"; reg = <0x%x>; };", i,
					0x100 + i);
	fdt = compile_tree("/dts-v1/;\n/ { cpus { #address-cells = <1>; #size-cells = <0>; %s };"
			   " psci { compatible = \"arm,psci-1.0\"; method = \"smc\"; }; %s };\n",
			   cpus, "");
	assert_int_equal(secmon_fwops_init_dt(&o, fdt, &cs, &t, &err), SECMON_OK);
	assert_int_equal(o.ncpus, SECMON_FWOPS_MAX_CPUS);
	assert_int_equal(o.mpidr[0], 0x100);
	assert_int_equal(o.mpidr[SECMON_FWOPS_MAX_CPUS - 1], 0x100 + SECMON_FWOPS_MAX_CPUS - 1);
	snprintf(cpus + len, sizeof(cpus) - len, " cpu@%x { device_type = \"cpu\"; reg = <0x%x>; };",
		 SECMON_FWOPS_MAX_CPUS, 0x100 + SECMON_FWOPS_MAX_CPUS);
	fdt = compile_tree("/dts-v1/;\n/ { cpus { #address-cells = <1>; #size-cells = <0>; %s };"
			   " psci { compatible = \"arm,psci-1.0\"; method = \"smc\"; }; %s };\n",
			   cpus, "");
	assert_int_equal(secmon_fwops_init_dt(&o, fdt, &cs, &t, &err), SECMON_E_NO_SPACE);
	assert_string_equal(err.node, "cpu@10");
	assert_string_equal(err.property, "");
	assert_string_equal(err.message, "more CPUs than SECMON_FWOPS_MAX_CPUS");
}

/*
 * do_idle's power_state is the DT's first standby idle state (neither type
 * bit, 16 nor 30, set), skipping power-down states and disabled nodes; 0
 * without one. With 0, a firmware whose StateIDs are TF-A's (core
 * retention 0x1) refuses do_idle's CPU_SUSPEND.
 */
static void do_idle_uses_the_dts_first_standby_state(void **state)
{
	static struct secmon_calltab t;
	static struct secmon_fwops o;
	const struct secmon_conduits cs = { .smc = &secmon_conduit_none };
	struct secmon_ct_error err;
	void *fdt;

	(void)state;
	fdt = compile_tree("/dts-v1/;\n/ { cpus { #address-cells = <1>; #size-cells = <0>;"
			   " cpu@0 { device_type = \"cpu\"; reg = <0>; }; idle-states {"
			   " a { compatible = \"arm,idle-state\"; arm,psci-suspend-param = <0x10002>; };"
			   " b { compatible = \"arm,idle-state\"; arm,psci-suspend-param = <0x40000003>; };"
			   " c { compatible = \"arm,idle-state\"; arm,psci-suspend-param = <0x4>;"
			   " status = \"disabled\"; };"
			   " d { compatible = \"domain-idle-state\"; arm,psci-suspend-param = <0x5>; };"
			   " e { compatible = \"arm,idle-state\"; arm,psci-suspend-param = <0x1>; };"
			   " f { compatible = \"arm,idle-state\"; arm,psci-suspend-param = <0x6>; }; }; };"
			   " psci { compatible = \"arm,psci-1.0\"; method = \"smc\"; }; %s };\n", "", "");
	assert_int_equal(secmon_fwops_init_dt(&o, fdt, &cs, &t, &err), SECMON_OK);
	assert_int_equal(o.idle_state, 0x1);
	fdt = compile_tree("/dts-v1/;\n/ { cpus { #address-cells = <1>; #size-cells = <0>;"
			   " cpu@0 { device_type = \"cpu\"; reg = <0>; }; };"
			   " psci { compatible = \"arm,psci-1.0\"; method = \"smc\"; }; %s%s };\n", "", "");
	assert_int_equal(secmon_fwops_init_dt(&o, fdt, &cs, &t, &err), SECMON_OK);
	assert_int_equal(o.idle_state, 0);
}

/*
 * The shapes the binding allows and no others: a call@N node without children,
 * unit addresses without leading zeros, string lists NUL-terminated, status
 * allowed, a disabled table passed over, one method string (docs/verification.md).
 */
static void only_the_shapes_the_binding_allows_are_accepted(void **state)
{
	static struct secmon_calltab t;
	struct secmon_ct_error err;
	void *fdt;
	int node;

	(void)state;
	/* A call@N node has no children. */
	expect_error("method = \"smc\";",
		     "l2x0-init { call@0 { function-id = <0x82000001>; junk { foo = <1>; }; }; };",
		     "l2x0-init/call@0", "", "a call@N node has none");
	/* Unit addresses without leading zeros, as the schema says. */
	expect_error("method = \"smc\";",
		     "l2x0-init { call@00 { function-id = <0x82000001>; };"
		     " call@01 { function-id = <0x82000002>; }; };",
		     "l2x0-init/call@00", "", "in order");
	/* A names list must be strings: "sta" without its NUL is not an empty list. */
	expect_error("method = \"smc\";",
		     "do-idle { function-id = <0x82000001>; result-names = [73 74 61]; };",
		     "do-idle", "result-names", "list of strings");
	expect_error("method = \"smc\";",
		     "do-idle { function-id = <0x82000001>; arg-names = [6d 6f 64 65];"
		     " arg-registers = <1>; };",
		     "do-idle", "arg-names", "list of strings");
	/* status is a table property the binding allows. */
	assert_int_equal(parse("method = \"smc\"; status = \"okay\"; secure-status = \"okay\";",
			       "do-idle { function-id = <0x82000001>; };", &t, &err),
			 SECMON_OK);
	/* A disabled table is passed over; an enabled one after it is found. */
	fdt = compile("method = \"smc\"; status = \"disabled\";",
		      "do-idle { function-id = <0x82000001>; };");
	assert_true(secmon_calltab_find(fdt, -1, "secmon,call-table") < 0);
	assert_false(secmon_dt_node_enabled(fdt, fdt_path_offset(fdt, "/t")));
	fdt = compile("method = \"smc\"; status = \"ok\";",
		      "do-idle { function-id = <0x82000001>; };");
	node = secmon_calltab_find(fdt, -1, "secmon,call-table");
	assert_int_equal(node, fdt_path_offset(fdt, "/t"));
	/* A PSCI 0.1 node's method is one string, as a table's is. */
	fdt = compile("method = \"hvc\", \"smc\"; cpu_on = <0x95c1ba60>; cpu_off = <0x95c1ba61>;", "");
	assert_int_equal(secmon_calltab_from_psci(fdt, fdt_path_offset(fdt, "/t"), &t, &err),
			 SECMON_E_BAD_TABLE);
	assert_string_equal(err.property, "method");
	assert_non_null(strstr(err.message, "one string"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_good_table_gives_its_operations_calls_and_registers),
		cmocka_unit_test(a_call_puts_each_argument_in_its_register_and_refuses_one_too_wide),
		cmocka_unit_test(smc_unk_is_not_supported_even_with_no_result_named),
		cmocka_unit_test(a_long_node_name_is_cut_and_says_so),
		cmocka_unit_test(name_is_matches_a_node_name_with_or_without_its_unit_address),
		cmocka_unit_test(the_structure_check_refuses_a_cut_or_corrupt_dtb),
		cmocka_unit_test(an_operation_without_a_function_id_is_refused),
		cmocka_unit_test(a_register_out_of_range_is_refused),
		cmocka_unit_test(an_operation_described_twice_is_refused),
		cmocka_unit_test(two_operations_with_one_function_id_are_refused),
		cmocka_unit_test(an_unknown_parameter_name_is_refused),
		cmocka_unit_test(a_bad_method_or_argument_register_list_is_refused),
		cmocka_unit_test(only_the_shapes_the_binding_allows_are_accepted),
		cmocka_unit_test(get_cpu_boot_addr_needs_entry),
		cmocka_unit_test(a_bad_cpus_address_cells_is_reported_on_cpus),
		cmocka_unit_test(hvc_tables_are_refused_without_an_hvc_conduit),
		cmocka_unit_test(one_cpu_too_many_is_no_space_on_its_node),
		cmocka_unit_test(do_idle_uses_the_dts_first_standby_state),
	};

	return cmocka_run_group_tests_name("calltab", tests, NULL, NULL);
}
