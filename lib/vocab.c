// SPDX-License-Identifier: BSD-3-Clause
/*
 * The firmware operations' vocabulary (<secmon/calltab.h>): each operation's
 * node name, the parameters and results it may name and, for PSCI 0.1's,
 * the "arm,psci" property and standard PSCI function. The call-table parser,
 * the library's firmware operations and the monitor's described calls read it.
 */
#include <secmon/calltab.h>
#include <secmon/psci.h>
#include "internal.h"

const struct secmon_ct_vocab secmon_ct_fw_vocab[SECMON_CT_FW_OPS] = {
	[SECMON_CT_CPU_BOOT] = { .op = "cpu-boot",
				 .params = { "cpu", "mpidr", "entry", "context" },
				 .results = { "status" } },
	[SECMON_CT_SET_CPU_BOOT_ADDR] = { .op = "set-cpu-boot-addr",
					  .params = { "cpu", "mpidr", "entry" },
					  .results = { "status" } },
	[SECMON_CT_GET_CPU_BOOT_ADDR] = { .op = "get-cpu-boot-addr",
					  .params = { "cpu", "mpidr" },
					  .results = { "status", "entry" } },
	[SECMON_CT_DO_IDLE] = { .op = "do-idle",
				.params = { "mode", "cpu", "mpidr", "entry", "context" },
				.results = { "status" } },
	[SECMON_CT_SUSPEND] = { .op = "suspend", .params = { "entry", "context" },
				.results = { "status" } },
	[SECMON_CT_RESUME] = { .op = "resume", .params = { "entry" }, .results = { "status" } },
	[SECMON_CT_L2X0_INIT] = { .op = "l2x0-init", .results = { "status" } },
	[SECMON_CT_C15RESUME] = { .op = "c15resume", .params = { "regs" },
				  .results = { "status" } },
	[SECMON_CT_CPU_SUSPEND] = { .op = "cpu-suspend",
				    .params = { "power-state", "entry", "context" },
				    .results = { "status" }, .psci01_prop = "cpu_suspend",
				    .psci_fn = SECMON_PSCI_FN_CPU_SUSPEND },
	[SECMON_CT_CPU_OFF] = { .op = "cpu-off", .params = { "state" }, .results = { "status" },
				.psci01_prop = "cpu_off", .psci_fn = SECMON_PSCI_FN_CPU_OFF },
	[SECMON_CT_CPU_ON] = { .op = "cpu-on", .params = { "mpidr", "entry", "context" },
			       .results = { "status" }, .psci01_prop = "cpu_on",
			       .psci_fn = SECMON_PSCI_FN_CPU_ON },
	[SECMON_CT_MIGRATE] = { .op = "migrate", .params = { "mpidr" }, .results = { "status" },
				.psci01_prop = "migrate", .psci_fn = SECMON_PSCI_FN_MIGRATE },
	[SECMON_CT_SYSTEM_OFF] = { .op = "system-off", .results = { "status" } },
	[SECMON_CT_SYSTEM_RESET] = { .op = "system-reset", .results = { "status" } },
};

const struct secmon_ct_vocab *secmon_ct_fw_vocab_of(const char *name)
{
	for (unsigned i = 0; i < SECMON_CT_FW_OPS; i++)
		if (secmon_name_eq(secmon_ct_fw_vocab[i].op, name))
			return &secmon_ct_fw_vocab[i];
	return 0;
}
