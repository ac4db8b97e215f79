# Host build of the library, the portable monitor on the simulated platform,
# the CLI and the tests. Invoked by the top Makefile with O, CC and SAN.
O ?= build/host
CC ?= gcc
SAN ?= 1

include mk/common.mk
include mk/version.mk
include mk/sources.mk
CFLAGS := -std=c11 -g -O1 $(WARN) -Iinclude -fno-omit-frame-pointer -MMD -MP
# The debug build: the monitor's MON_ASSERT() checks (monitor/core/log.h).
CFLAGS += -DMON_DEBUG=1
ifeq ($(SAN),1)
CFLAGS += -fsanitize=address,undefined -fno-sanitize-recover=all
LDFLAGS += -fsanitize=address,undefined
endif
ifeq ($(SAN),thread)
CFLAGS += -fsanitize=thread
LDFLAGS += -fsanitize=thread
endif
HOST_CFLAGS := $(CFLAGS) -D_DEFAULT_SOURCE -pthread
LDLIBS := -lfdt -pthread

LIB_SRCS := $(LIB_C)
MON_SRCS := $(MON_C) $(BACKEND_C)
SIM_SRCS := $(SIM_C)
CLI_SRCS := $(wildcard tools/*.c)
CONF_SRCS := $(wildcard tests/conformance/*.c)
SOCDRV_SRCS := $(wildcard tests/socdrv/*.c)
BOARDS := $(patsubst boards/%.dts,$(O)/boards/%.dtb,$(wildcard boards/*.dts))
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
# The unit tests' harnesses, an archive linked into every unit-test binary:
# the simulator's (simtest.c) and the calling library's fake conduit
# (fakeconduit.c). A test that does not use one (test_payload defines its own
# plat_* functions) does not pull it, or the simulator, in through it.
UNIT_HARNESS := tests/unit/simtest.c tests/unit/fakeconduit.c

obj = $(patsubst %.c,$(O)/obj/%.o,$(1))

LIB_A := $(O)/libsecmon.a
MON_A := $(O)/libsecmon-sim.a
SIMTEST_A := $(O)/libsimtest.a
CLI := $(O)/secmon
CONF := $(O)/conformance
SOCDRV := $(O)/socdrv
UNITS := $(patsubst tests/unit/%.c,$(O)/tests/%,$(UNIT_SRCS))
# Writes trace files from text with the library's encoder (tests/cli).
MKTRACE := $(O)/mktrace

all: $(LIB_A) $(MON_A) $(if $(CLI_SRCS),$(CLI)) $(if $(CONF_SRCS),$(CONF)) $(UNITS) \
	$(SOCDRV) $(BOARDS) $(MKTRACE)

$(O)/boards/%.dtb: boards/%.dts $(wildcard boards/*.dtsi)
	@mkdir -p $(dir $@)
	dtc -q -I dts -O dtb -o $@ $<

$(O)/obj/lib/%.o: lib/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -ffreestanding -c $< -o $@

$(O)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -c $< -o $@

$(LIB_A): $(call obj,$(LIB_SRCS))
	@rm -f $@
	ar rcs $@ $^

$(MON_A): $(call obj,$(MON_SRCS) $(SIM_SRCS))
	@rm -f $@
	ar rcs $@ $^

$(SIMTEST_A): $(call obj,$(UNIT_HARNESS))
	@rm -f $@
	ar rcs $@ $^

$(CLI): $(call obj,$(CLI_SRCS)) $(MON_A) $(LIB_A)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(CONF): $(call obj,$(CONF_SRCS)) $(MON_A) $(LIB_A)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(SOCDRV): $(call obj,$(SOCDRV_SRCS)) $(MON_A) $(LIB_A)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(MKTRACE): $(call obj,tests/cli/mktrace.c) $(LIB_A)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# `secmon --version` (tools/main.c).
$(O)/obj/tools/main.o: HOST_CFLAGS += -DSECMON_VERSION='"$(SECMON_VERSION)"'
$(O)/obj/tools/main.o: debian/changelog

# test_payload.c and test_qv_dt.c compile the QEMU board's payload.c and
# dt.c, which include the AArch64 port's platform.h (and dt.c the
# architecture's interface).
$(O)/obj/tests/unit/test_payload.o $(O)/obj/tests/unit/test_qv_dt.o: HOST_CFLAGS += \
	-Imonitor/plat/qemu-virt/a64 -Imonitor/arch/aarch64
# test_poweroff.c compiles the QEMU board's poweroff.c with a host sysreg.h
# (tests/unit/host-arch) in the architecture's place.
$(O)/obj/tests/unit/test_poweroff.o: HOST_CFLAGS += -Itests/unit/host-arch \
	-Imonitor/plat/qemu-virt/a64
# test_fwlib_libc.c compiles the firmware's libc.c the way the firmware does:
# loops that must not become calls to the functions they implement.
$(O)/obj/tests/unit/test_fwlib_libc.o: HOST_CFLAGS += -fno-builtin \
	$(if $(findstring clang,$(notdir $(CC))),,-fno-tree-loop-distribute-patterns)

$(O)/tests/%: $(O)/obj/tests/unit/%.o $(SIMTEST_A) $(MON_A) $(LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ -lcmocka $(LDLIBS)

-include $(shell find $(O)/obj -name '*.d' 2>/dev/null)
