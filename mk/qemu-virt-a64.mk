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

OPT ?= -O2
WARN := -Wall -Wextra -Werror -Wstrict-prototypes -Wmissing-prototypes -Wundef -Wshadow
# The SMC path saves only what a C call clobbers: no FP/SIMD registers, x18
# untouched. EL3 runs with the MMU off (Device memory): no unaligned access.
TARGET_FLAGS := -mgeneral-regs-only -mstrict-align -ffixed-x18 -mno-outline-atomics
CFLAGS := -std=c11 $(OPT) -g $(WARN) -ffreestanding -nostdlib -fno-builtin -fno-common \
	-fno-pic -fno-pie -fno-stack-protector -ffunction-sections -fdata-sections \
	$(TARGET_FLAGS) -Iinclude -Ilib/fdt -I$(PLAT) -isystem $(DEPS)/usr/include \
	-DQV_VERBOSE_DEFAULT=$(VERBOSE) -DQV_SCR_OFF=$(SCR_OFF) -MMD -MP
ASFLAGS := -I$(PLAT) -MMD -MP
LDFLAGS := -nostdlib -static -no-pie -Wl,--gc-sections -Wl,--emit-relocs -Wl,--build-id=none -Wl,--no-warn-rwx-segments \
	-Wl,-T,$(O)/link.ld -Wl,-Map,$(O)/secmon.map
CLANG_FLAGS := --target=aarch64-linux-gnu -std=c11 -O2 $(WARN) -ffreestanding -nostdlib \
	-fno-builtin $(TARGET_FLAGS) -Iinclude -Ilib/fdt -I$(PLAT) -isystem $(DEPS)/usr/include

# Shared with the other QEMU virt port; its "arch.h", "qv.h" and
# "platform.h" are this port's, found through -I$(PLAT).
COMMON := monitor/plat/qemu-virt-common
PLAT_C := $(wildcard $(PLAT)/*.c) $(wildcard $(COMMON)/*.c)
PLAT_S := $(wildcard $(PLAT)/*.S)
MON_C := $(wildcard monitor/core/*.c monitor/psci/*.c monitor/services/*.c)
LIB_C := $(wildcard lib/*.c)
# EXTRA_C: extra sources for local experiments (never part of the tree's build).
SRCS_C := $(PLAT_C) $(MON_C) $(EXTRA_C)

obj = $(patsubst %,$(O)/obj/%.o,$(1))
OBJS := $(call obj,$(SRCS_C) $(PLAT_S))
LIB_A := $(O)/libsecmon.a

all: $(O)/secmon.bin

$(FDT_LIB):
	@sh scripts/fetch-libfdt.sh arm64

# Rebuild everything when the flags change (VERBOSE=1, SCR_OFF=...).
$(O)/cflags: FORCE
	@mkdir -p $(O)
	@echo '$(CC) $(CFLAGS)' | cmp -s - $@ || echo '$(CC) $(CFLAGS)' > $@

$(O)/obj/%.c.o: %.c $(O)/cflags | $(FDT_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# The cold-boot part of the image (COLD_BOOT_FILES in link.ld.in) runs once:
# built for size.
COLD_C := $(PLAT)/boot.c $(COMMON)/board.c $(COMMON)/dt.c $(COMMON)/poweroff_dt.c $(COMMON)/fwcfg.c \
	monitor/core/init.c monitor/core/board_dt.c monitor/services/described_dt.c \
	lib/calltab.c lib/fwops_dt.c
$(call obj,$(COLD_C)): CFLAGS += -Os

# libc.c implements memset & co.: keep GCC from turning its loops into calls.
$(O)/obj/$(COMMON)/libc.c.o: CFLAGS += -fno-tree-loop-distribute-patterns

$(O)/obj/%.S.o: %.S
	@mkdir -p $(dir $@)
	$(CC) $(ASFLAGS) -c $< -o $@

$(LIB_A): $(call obj,$(LIB_C))
	@rm -f $@
	$(CROSS)ar rcs $@ $^

$(O)/link.ld: $(PLAT)/link.ld.in $(PLAT)/platform.h
	@mkdir -p $(dir $@)
	$(CC) -E -P -x c -I$(PLAT) $< -o $@

$(O)/secmon.elf: $(OBJS) $(LIB_A) $(FDT_LIB) $(O)/link.ld
	$(CC) $(LDFLAGS) -o $@ $(OBJS) $(LIB_A) $(FDT_LIB) -lgcc

$(O)/secmon.bin: $(O)/secmon.elf
	$(OBJCOPY) -O binary $< $@
	@echo "built $@ ($$(wc -c < $@) bytes)"

clang-check: | $(FDT_LIB)
	@for f in $(SRCS_C); do clang $(CLANG_FLAGS) -c $$f -o /dev/null || exit 1; done
	@echo "clang: $(words $(SRCS_C)) files build without warnings"

.PHONY: all clang-check FORCE
.DELETE_ON_ERROR:

-include $(shell find $(O)/obj -name '*.d' 2>/dev/null)
