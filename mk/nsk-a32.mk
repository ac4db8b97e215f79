# nsk for AArch32: the bare-metal normal-world test kernel (tests/nsk/) built
# for ARMv7-A, to run under secmon's AArch32 monitor on qemu-system-arm -M
# virt,secure=on -cpu cortex-a15 (or QEMU's own PSCI). Links the conformance
# suite, the test SoC driver (tests/socdrv/socdrv.c, nsk.test=socdrv), the
# calling library and its AArch32 smc/hvc conduits
# (lib/arch/arm/conduit.S, r0-r12) into build/nsk-a32/nsk.elf and
# build/nsk-a32/nsk.bin, a zImage-style image. Run it with tests/nsk/run-a32.sh.
# The AArch32 parts are in tests/nsk/a32/; dt.c, console.c, libc.c, boot.c
# (options, the machine from the DT) and drv.c (nsk.test=socdrv) are the
# AArch64 nsk's, built again.
O := build/nsk-a32
CROSS := arm-linux-gnueabihf-
CC := $(CROSS)gcc
OBJCOPY := $(CROSS)objcopy
READELF := $(CROSS)readelf
DEPS := build/deps/armhf
FDT_LIB := $(DEPS)/usr/lib/arm-linux-gnueabihf/libfdt.a

include mk/common.mk
include mk/sources.mk
# ARM state, hard-float ABI (the toolchain's) without FP registers; with the
# MMU off every data access is Strongly-ordered: no unaligned access.
# -fPIE: runs at any load address.
TARGET_FLAGS := -marm -march=armv7ve+fp -mfloat-abi=hard -mgeneral-regs-only \
	-mno-unaligned-access -mtp=soft
CFLAGS := -std=gnu11 -O2 -g $(WARN) -ffreestanding -nostdlib -fno-builtin \
	-fno-tree-loop-distribute-patterns -fno-stack-protector -fPIE $(TARGET_FLAGS) \
	-fno-asynchronous-unwind-tables -fno-unwind-tables \
	-Iinclude -Ilib/fdt -isystem $(DEPS)/usr/include -Itests/conformance -Itests/socdrv -Itests/nsk \
	-Itests/nsk/a32 -MMD -MP
ASFLAGS := -g -march=armv7ve+fp -mfloat-abi=hard -Itests/nsk -Itests/nsk/a32 -MMD -MP
LDFLAGS := -nostdlib -static -Wl,-pie -Wl,--no-dynamic-linker -Wl,-z,norelro \
	-Wl,-z,noexecstack -Wl,--build-id=none -Wl,--no-warn-rwx-segments -Wl,-z,max-page-size=4096 \
	-Wl,-T,tests/nsk/a32/nsk.lds

NSK_SRCS := $(wildcard tests/nsk/a32/*.c) \
	$(addprefix tests/nsk/,dt.c console.c libc.c boot.c drv.c secrets.c hostile.c sysstress.c \
	trace.c) \
	tests/conformance/conf.c tests/socdrv/socdrv.c
LIB_SRCS := $(LIB_C) lib/arch/conduits.c
OBJS := $(patsubst %.c,$(O)/obj/%.o,$(NSK_SRCS)) $(O)/obj/tests/nsk/a32/head.o \
	$(O)/obj/tests/nsk/a32/hismc.o $(O)/obj/tests/nsk/a32/besmc.o
LIB_OBJS := $(patsubst %.c,$(O)/obj/%.o,$(LIB_SRCS)) $(O)/obj/lib/arch/arm/conduit.o
LIB_A := $(O)/libsecmon.a

all: $(O)/nsk.bin

# Debian's armhf libfdt, for the library's DT parts the SoC driver uses (the
# nsk's own reading of the DT stays in tests/nsk/dt.c). It is hard-float
# Thumb-2 code but has no FP instruction; libc.c has its string functions.
$(FDT_LIB):
	@sh scripts/fetch-libfdt.sh armhf

$(OBJS) $(LIB_OBJS): | $(FDT_LIB)

# Rebuild everything when the compiler or its flags change.
$(O)/cflags: FORCE
	@mkdir -p $(O)
	@echo '$(CC) $(CFLAGS)' | cmp -s - $@ || echo '$(CC) $(CFLAGS)' > $@

$(O)/obj/%.o: %.c $(O)/cflags
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(O)/obj/%.o: %.S
	@mkdir -p $(dir $@)
	$(CC) $(ASFLAGS) -c $< -o $@

$(LIB_A): $(LIB_OBJS)
	@rm -f $@
	$(CROSS)ar rcs $@ $^

# The only dynamic relocations head.S applies are R_ARM_RELATIVE (and NONE).
$(O)/nsk.elf: $(OBJS) $(LIB_A) $(FDT_LIB) tests/nsk/a32/nsk.lds
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJS) $(LIB_A) $(FDT_LIB) -lgcc
	@if $(READELF) -rW $@ | grep -E '^[0-9a-f]+ +[0-9a-f]+ R_' | \
		grep -v -E 'R_ARM_(RELATIVE|NONE)'; then \
		echo "nsk.elf: relocations other than R_ARM_RELATIVE" >&2; rm -f $@; exit 1; fi

$(O)/nsk.bin: $(O)/nsk.elf
	$(OBJCOPY) -O binary $< $@

clean:
	rm -rf $(O)

.PHONY: all clean FORCE
-include $(shell find $(O)/obj -name '*.d' 2>/dev/null)
