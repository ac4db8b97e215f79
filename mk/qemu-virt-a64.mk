# The AArch64 EL3 firmware for QEMU's virt board: build/qemu-virt-a64/secmon.bin.
#   make firmware                  quiet monitor log
#   make firmware VERBOSE=1        log on by default (or at run time:
#                                  -fw_cfg name=opt/secmon/verbose,string=1)
#   make -f mk/qemu-virt-a64.mk clang-check   compile every C file with clang too
O := build/qemu-virt-a64
CROSS := aarch64-linux-gnu-
CC := $(CROSS)gcc
OBJCOPY := $(CROSS)objcopy
VERBOSE ?= 0
# Test builds only: SCR_EL3 bits to leave clear (see cpu.c).
SCR_OFF ?= 0
PLAT := monitor/plat/qemu-virt
DEPS := build/deps/arm64
FDT_LIB := $(DEPS)/usr/lib/aarch64-linux-gnu/libfdt.a
FDT_ARCH := arm64

# The resident part's optimisation (the cold-boot part is -Os, below).
OPT ?= -O2
include mk/common.mk
# The SMC path saves only what a C call clobbers: no FP/SIMD registers, x18
# untouched. EL3 runs with the MMU off (Device memory): no unaligned access.
TARGET_FLAGS := -mgeneral-regs-only -mstrict-align -ffixed-x18 -mno-outline-atomics
CFLAGS := -std=c11 $(OPT) -g $(WARN) -ffreestanding -nostdlib -fno-builtin -fno-common \
	-fno-pic -fno-pie -fno-stack-protector -ffunction-sections -fdata-sections \
	$(TARGET_FLAGS) -Iinclude -Ilib/fdt -I$(PLAT) -isystem $(DEPS)/usr/include \
	-DQV_VERBOSE_DEFAULT=$(VERBOSE) -DQV_SCR_OFF=$(SCR_OFF) -MMD -MP
ASFLAGS := -Iinclude -I$(PLAT) -MMD -MP
LDFLAGS := -nostdlib -static -no-pie -Wl,--gc-sections -Wl,--emit-relocs -Wl,--build-id=none -Wl,--no-warn-rwx-segments \
	-Wl,-T,$(O)/link.ld -Wl,-Map,$(O)/secmon.map
CLANG_FLAGS := --target=aarch64-linux-gnu -std=c11 -O2 $(WARN) -ffreestanding -nostdlib \
	-fno-builtin $(TARGET_FLAGS) -Iinclude -Ilib/fdt -I$(PLAT) -isystem $(DEPS)/usr/include
LINK_FLAGS :=

include mk/qemu-virt-rules.mk

# The cold-boot part of the image runs once: built for size, and linked
# apart from the resident part (COLD_BOOT_FILES in link.ld.in, made from this
# list: a file of lib/ is named inside libsecmon.a; all of libfdt is cold).
# The call-table marshaller (calltab_call.c, names.c) needs no libfdt: it is
# cold only because no resident code calls through a table yet.
COLD_C := $(PLAT)/boot.c $(COMMON)/coldboot.c $(COMMON)/board.c $(COMMON)/dt.c $(COMMON)/poweroff_dt.c $(COMMON)/payload.c \
	$(COMMON)/fwcfg.c \
	monitor/core/init.c monitor/core/fast_init.c monitor/core/os_dt.c monitor/core/trace_dt.c \
	monitor/core/dispatch_init.c monitor/psci/psci_dt.c \
	monitor/services/described_dt.c monitor/services/media_dt.c \
	monitor/services/scmi_dt.c monitor/services/scmi_model_dt.c monitor/services/off/scmi_off_dt.c \
	lib/calltab.c lib/calltab_call.c lib/names.c lib/dtnode.c lib/dtcheck.c \
	lib/fwops_dt.c lib/vocab.c
$(call obj,$(COLD_C)): CFLAGS += -Os
# Resident code that no measured fast path runs (the log and console, CPU
# set-up at reset, traps, the GIC and power code, the board's described
# calls and SiP services, TRNG's plumbing, recording) is built for size as well: the
# resident part must stay under 32 KiB (make bench). The SMC entry, the
# dispatch, PSCI, the arch service and the DRBG stay -O2.
SIZE_C := $(COMMON)/format.c $(COMMON)/console.c monitor/core/log.c $(PLAT)/cpu.c \
	$(PLAT)/traps.c $(COMMON)/workaround.c $(PLAT)/gic.c $(COMMON)/gicv2.c $(COMMON)/power.c \
	$(COMMON)/poweroff.c $(COMMON)/entropy.c monitor/services/described.c \
	monitor/services/media.c monitor/services/errata.c monitor/services/trng.c \
	monitor/core/trace.c $(PLAT)/trace.c monitor/core/services.c monitor/psci/psci_stat.c \
	monitor/psci/psci_system.c monitor/psci/psci_mode.c monitor/core/queries.c
$(call obj,$(SIZE_C)): CFLAGS += -Os
COLD_BOOT_FILES := $(foreach f,$(COLD_C),$(if $(filter lib/%,$(f)),*libsecmon.a:$(notdir $(f)).o,*$(f).o)) \
	*libfdt.a:*
LDS_FLAGS := -D'COLD_BOOT_FILES=$(COLD_BOOT_FILES)'
