// SPDX-License-Identifier: BSD-3-Clause
/*
 * The QEMU board's reading of its DTB (monitor/plat/qemu-virt/dt.c): the
 * CPUs it hands the monitor are numbered as the entry code numbers them
 * (the board's PLAT_CPU_INDEX_MASK and PLAT_CPU_CLUSTER, here the AArch64
 * port's), so that the monitor's CPU n is the one that runs on stack n;
 * a DTB that lists them otherwise is refused, naming the node. The file is
 * compiled into this test with the rest of the board stubbed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "../../monitor/plat/qemu-virt/dt.c"
#include "dtc.h"

static uint64_t got_mpidr[PLAT_MAX_CPUS];
static unsigned got_cpus;
static char errors[1024];

void qv_set_cpus(const uint64_t *mpidr, unsigned n)
{
	for (unsigned i = 0; i < n && i < PLAT_MAX_CPUS; i++)
		got_mpidr[i] = mpidr[i];
	got_cpus = n;
}

void qv_set_ns_memory(const struct fw_range *r, unsigned n)
{
	(void)r;
	(void)n;
}

void qv_entropy_seed(const void *seed, unsigned len)
{
	(void)seed;
	(void)len;
}

const char *qv_entropy_source(void)
{
	return "none";
}

int qv_poweroff_dt_fixup(void *fdt)
{
	(void)fdt;
	return 0;
}

void fw_info(const char *fmt, ...)
{
	(void)fmt;
}

void fw_err(const char *fmt, ...)
{
	size_t used = strlen(errors);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(errors + used, sizeof(errors) - used, fmt, ap);
	va_end(ap);
}

/* QEMU virt's DTB as far as qv_dt_scan() reads it, with these CPU nodes. */
static int scan(const char *cpus)
{
	static char dts[4096];
	static uint8_t dtb[8192];

	snprintf(dts, sizeof(dts),
		 "/dts-v1/; / { #address-cells = <2>; #size-cells = <2>;\n"
		 "memory@40000000 { device_type = \"memory\"; reg = <0 0x40000000 0 0x8000000>; };\n"
		 "cpus { #address-cells = <1>; #size-cells = <0>;\n%s}; };\n", cpus);
	simtest_dtc(dts, dtb, sizeof(dtb));
	got_cpus = 0;
	errors[0] = '\0';
	return qv_dt_scan(dtb);
}

#define CPU(n, reg) "cpu@" #n " { device_type = \"cpu\"; reg = <" #reg ">; };\n"

static void cpus_in_the_boards_order_are_taken(void **state)
{
	(void)state;
	assert_int_equal(scan(CPU(0, 0) CPU(1, 1) CPU(2, 2)), 0);
	assert_int_equal(got_cpus, 3);
	for (unsigned i = 0; i < 3; i++)
		assert_int_equal(got_mpidr[i], i);
	assert_string_equal(errors, "");
}

/* CPU 1 listed first would be the monitor's CPU 0, on CPU 0's stack. */
static void cpus_out_of_order_are_refused(void **state)
{
	(void)state;
	assert_int_equal(scan(CPU(1, 1) CPU(0, 0)), -1);
	assert_non_null(strstr(errors, "/cpus/cpu@1: reg 1 is not CPU 0"));
}

/* QEMU virt's CPUs are all in cluster 0: Aff1 = 1 is no CPU of this board. */
static void a_cpu_of_another_cluster_is_refused(void **state)
{
	(void)state;
	assert_int_equal(scan(CPU(0, 0) CPU(100, 0x100)), -1);
	assert_non_null(strstr(errors, "/cpus/cpu@100: reg 100 is not CPU 1"));
}

/* Past PLAT_MAX_CPUS the DTB's CPUs are the board's, hidden from the OS (fixup_cpus()). */
static void cpus_past_the_limit_are_not_checked(void **state)
{
	char cpus[2048] = "";

	(void)state;
	for (unsigned i = 0; i < PLAT_MAX_CPUS + 2; i++)
		snprintf(cpus + strlen(cpus), sizeof(cpus) - strlen(cpus),
			 "cpu@%x { device_type = \"cpu\"; reg = <%u>; };\n", i, i);
	assert_int_equal(scan(cpus), 0);
	assert_int_equal(got_cpus, PLAT_MAX_CPUS + 2);
	assert_non_null(strstr(errors, "this port drives the first 16"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cpus_in_the_boards_order_are_taken),
		cmocka_unit_test(cpus_out_of_order_are_refused),
		cmocka_unit_test(a_cpu_of_another_cluster_is_refused),
		cmocka_unit_test(cpus_past_the_limit_are_not_checked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
