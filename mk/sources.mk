# The monitor's and the library's sources, and the per-file flags of the
# firmware, stated once for every build that compiles them: the firmware
# and its stack check (mk/firmware.mk), the host build (mk/host.mk), the
# fuzzers (mk/fuzz.mk), the freestanding cross-build (mk/xbuild.mk) and the
# static analysis (mk/lint.mk). An architecture's own files and flags are in
# its monitor/arch/<arch>/arch.mk, a board's in its folder
# (monitor/plat/<board>/board.mk and one file a port, mk/ports.mk).

# The calling library (lib/); its architecture parts are lib/arch/.
LIB_C := $(wildcard lib/*.c)

# The portable monitor: the core, PSCI and the services.
MON_C := $(wildcard monitor/core/*.c monitor/psci/*.c monitor/services/*.c)
# Board backends the simulator and the QEMU ports share: the SCMI server's
# model of clocks, domains, resets, performance domains and sensors.
BACKEND_C := $(wildcard monitor/backends/*.c)
# The SCMI server (docs/scmi.md): its files, and the stubs that take their
# place in a firmware built without it (SCMI=0).
MON_SCMI_C := $(filter monitor/services/scmi%,$(MON_C)) $(filter monitor/backends/scmi%,$(BACKEND_C))
MON_SCMI_OFF_C := monitor/services/off/scmi_off.c monitor/services/off/scmi_off_dt.c
# The trusted-OS dispatcher (docs/trusted-os.md): its files, built into a
# port with TOSD=1 (qemu-virt-a64-tos), and the stubs that take their place
# in every other firmware (TOSD=0, the default: no trusted OS is hosted).
MON_TOSD_C := monitor/services/tosd.c monitor/services/tosd_boot.c
MON_TOSD_OFF_C := monitor/services/off/tosd_off.c monitor/services/off/tosd_off_boot.c

# The host simulator (monitor/plat/host).
SIM_C := $(wildcard monitor/plat/host/*.c)

# What every firmware links besides its architecture and board: the shared
# drivers a board picks from (monitor/drivers), and the freestanding support
# (monitor/fwlib: string functions for libfdt, the log and its formatting).
DRIVERS_DIR := monitor/drivers
FWLIB_C := $(wildcard monitor/fwlib/*.c)
# What every architecture layer shares (monitor/arch/*.c, with each
# architecture's own in monitor/arch/<arch>): the ARCH_WORKAROUND calls'
# decision, recording's switch of the vectors' frames.
ARCH_SHARED_C := $(wildcard monitor/arch/*.c)

# The firmware's cold-boot code: what only the boot CPU runs, once, before
# the normal world starts (DT parsing and fix-up, the call-table parser),
# built with the port's OPT_COLD and, where the architecture's link script
# splits the image (monitor/arch/aarch64/link.ld.in), linked apart from the
# resident part; with the architecture's and the board's own (ARCH_COLD_C,
# BOARD_COLD_C). The call-table marshaller (calltab_call.c, names.c) needs no
# libfdt: it is cold only because no resident code calls through a table yet.
MON_COLD_C := monitor/core/init.c monitor/core/fast_init.c monitor/core/os_dt.c \
	monitor/core/trace_dt.c monitor/core/dispatch_init.c monitor/psci/psci_dt.c \
	monitor/services/described_dt.c monitor/services/media_dt.c monitor/services/scmi_dt.c \
	monitor/services/tosd_boot.c monitor/services/off/tosd_off_boot.c \
	monitor/backends/scmi_model_dt.c monitor/services/off/scmi_off_dt.c
LIB_COLD_C := lib/calltab.c lib/calltab_call.c lib/names.c lib/dtnode.c lib/dtcheck.c \
	lib/fwops_dt.c lib/vocab.c
# The stack protector's hook: only libfdt, all of it cold, calls it.
FWLIB_COLD_C := monitor/fwlib/stack_protector.c
# Resident code that no measured fast path runs (the log, the board's
# described calls and SiP services, TRNG's plumbing, recording, the drivers,
# the service table's power hooks, the general queries, PSCI's statistics,
# system calls and suspend mode),
# built with the port's OPT_SIZE: the AArch64 resident part is held under
# 32 KiB (make bench); with the architecture's and the board's own
# (ARCH_SIZE_C, BOARD_SIZE_C). The SMC entry, the C dispatch and PSCI's
# fast calls stay at the port's OPT; PSCI's slow paths (psci.c, CPU_ON), the
# arch service (ARCH_FEATURES and the workarounds have their fast path in
# the vector) and the DRBG are built for size too: make bench holds every
# figure they reach to its baseline.
MON_SIZE_C := monitor/core/log.c monitor/services/described.c monitor/services/media.c \
	monitor/services/errata.c monitor/services/trng.c monitor/core/trace.c \
	monitor/core/services.c monitor/core/queries.c monitor/psci/psci_stat.c \
	monitor/psci/psci_system.c monitor/psci/psci_mode.c monitor/services/tosd.c \
	monitor/services/off/tosd_off.c monitor/services/arch_svc.c monitor/core/drbg.c \
	monitor/psci/psci.c monitor/psci/psci_onoff.c
FWLIB_SIZE_C := monitor/fwlib/format.c monitor/fwlib/log.c
ARCH_SHARED_SIZE_C := $(ARCH_SHARED_C)
DRIVERS_SIZE_C := $(wildcard $(DRIVERS_DIR)/*.c)
# Loops GCC must not turn into calls of memset & co.: libc.c implements
# them, boot_memory.c runs before .data and .bss are set up.
NO_LIBCALL_C := monitor/fwlib/libc.c monitor/arch/boot_memory.c
