// SPDX-License-Identifier: BSD-3-Clause
/*
 * The QEMU board's power-off mailbox (monitor/plat/qemu-virt/poweroff.c,
 * compiled into this test with a host sysreg.h, tests/unit/host-arch/) on the
 * simulator: the watch's tick, run on the boot CPU between its SMCs as the
 * secure timer's FIQ runs it, reads the word a PSCI 0.1 normal world wrote
 * and powers off or resets through the monitor, which records the request
 * like SYSTEM_OFF and SYSTEM_RESET (docs/trace.md): it once went straight
 * to the platform and left no record.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <secmon/trace.h>
#include "simtest.h"

#include "../../monitor/plat/qemu-virt/poweroff.c"

uint64_t host_sec_timer;

/* What poweroff.c needs of the rest of the port. */
void qv_gic_secure_ppi(unsigned intid)
{
	(void)intid;
}

void fw_info(const char *fmt, ...)
{
	(void)fmt;
}

/* The normal world's mailbox page: the word a syscon-poweroff/-reboot driver writes. */
static volatile uint32_t mailbox[QV_MAILBOX_SIZE / 4];
static uint32_t request;

/* Boot CPU: a call, then the word written and the watch's tick, which does not return. */
static void sc_mailbox(unsigned cpu, uint64_t pc, uint64_t ctx)
{
	(void)cpu, (void)pc, (void)ctx;
	EXPECT_EQ(smc(SECMON_SIP_TRACE_CTL, 1, 1, 0), 0);
	EXPECT_EQ(SMC0(P32(VERSION)), SECMON_PSCI_VERSION_MAKE(1, 3));
	mailbox[0] = 0;
	qv_mailbox_base = (uintptr_t)mailbox;
	qv_poweroff_enabled = true;
	qv_poweroff_tick();		/* nothing written: the watch re-arms */
	EXPECT_EQ(host_sec_timer, 1);
	mailbox[0] = request;
	qv_poweroff_tick();
	atomic_store(&S.returned, 1);
}

/* The run's records: the PSCI_VERSION call, then the event `ev`, asked through the platform. */
static void check_recorded(uint32_t ev)
{
	static struct secmon_trace_record rec[8];
	uint64_t lost, waiting;
	unsigned n;

	n = mon_trace_drain((volatile uint64_t *)rec, 8, UINT64_MAX, &lost, &waiting);
	assert_int_equal(lost, 0);
	if (n != 2)
		fail_msg("%u records, want the PSCI_VERSION call and the %s event", n,
			 ev == SECMON_TRACE_EV_SYSTEM_OFF ? "SYSTEM_OFF" : "SYSTEM_RESET");
	assert_int_equal(rec[0].type, SECMON_TRACE_SMC);
	assert_int_equal(rec[0].fid, P32(VERSION));
	assert_int_equal(rec[1].type, SECMON_TRACE_POWER);
	assert_int_equal(rec[1].fid, ev);
	assert_int_equal(rec[1].cpu, QV_BOOT_CPU);
	assert_int_equal(rec[1].nargs, 1);
	assert_int_equal(rec[1].arg[0], SECMON_TRACE_ASKED_PLATFORM);
}

static void mailbox_off_recorded(void **state)
{
	(void)state;
	host_sec_timer = 1;
	tval = 1;
	request = QV_MAILBOX_OFF;
	run(sc_mailbox, (struct sim_config){ .ncpus = 2 }, SIM_END_SYSTEM_OFF);
	check_recorded(SECMON_TRACE_EV_SYSTEM_OFF);
}

static void mailbox_reset_recorded(void **state)
{
	(void)state;
	host_sec_timer = 1;
	tval = 1;
	request = QV_MAILBOX_RESET;
	run(sc_mailbox, (struct sim_config){ .ncpus = 2 }, SIM_END_SYSTEM_RESET);
	check_recorded(SECMON_TRACE_EV_SYSTEM_RESET);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mailbox_off_recorded),
		cmocka_unit_test(mailbox_reset_recorded),
	};

	return cmocka_run_group_tests_name("poweroff", tests, NULL, NULL);
}
