# nsk: the bare-metal normal-world test kernel for QEMU virt (tests/nsk/).
# Links the conformance suite, the test SoC driver (tests/socdrv/socdrv.c),
# the calling library and its smc/hvc conduits, and Debian's arm64 libfdt
# into build/nsk-a64/nsk.elf and the raw arm64 Image build/nsk-a64/nsk.bin.
# Run it with tests/nsk/run.sh (conformance) or tests/nsk/socdrv.sh.
O := build/nsk-a64
CC := aarch64-linux-gnu-gcc
OBJCOPY := aarch64-linux-gnu-objcopy
READELF := aarch64-linux-gnu-readelf

# libfdt: Debian's static arm64 library (scripts/fetch-libfdt.sh arm64), for
# the library's DT parts that the SoC driver uses (the nsk's own reading of
# the DT stays in tests/nsk/dt.c). It uses FP/SIMD registers, which the nsk
# enables at EL2 and EL1 (main.c); it needs the string functions of libc.c.
# lib/fdt comes first for the freestanding libfdt_env.h.
DEPS := build/deps/arm64
FDT_LIB := $(DEPS)/usr/lib/aarch64-linux-gnu/libfdt.a
include mk/common.mk
include mk/sources.mk
# -mstrict-align: with the MMU off every data access is Device memory.
# -mno-outline-atomics: no libgcc helpers. -fPIE: runs at any load address.
CFLAGS := -std=gnu11 -O2 -g $(WARN) -ffreestanding -nostdlib -fno-builtin \
	-fno-tree-loop-distribute-patterns -fno-stack-protector -fPIE \
	-mgeneral-regs-only -mstrict-align -mno-outline-atomics -mbranch-protection=none \
	-fno-asynchronous-unwind-tables -fno-unwind-tables \
	-Iinclude -Ilib/fdt -isystem $(DEPS)/usr/include -Itests/conformance -Itests/socdrv \
	-Itests/nsk -MMD -MP
ASFLAGS := -g -Itests/nsk -MMD -MP
LDFLAGS := -nostdlib -static -Wl,-pie -Wl,--no-dynamic-linker -Wl,-z,norelro \
	-Wl,-z,noexecstack -Wl,--build-id=none -Wl,--no-warn-rwx-segments -Wl,-z,max-page-size=4096 \
	-Wl,-T,tests/nsk/nsk.lds

NSK_SRCS := $(wildcard tests/nsk/*.c) tests/conformance/conf.c tests/socdrv/socdrv.c
LIB_SRCS := $(LIB_C) lib/arch/conduits.c
OBJS := $(patsubst %.c,$(O)/obj/%.o,$(NSK_SRCS)) $(patsubst %.S,$(O)/obj/%.o,$(wildcard tests/nsk/*.S))
LIB_OBJS := $(patsubst %.c,$(O)/obj/%.o,$(LIB_SRCS)) $(O)/obj/lib/arch/aarch64/conduit.o
LIB_A := $(O)/libsecmon.a

all: $(O)/nsk.bin

$(FDT_LIB):
	@sh scripts/fetch-libfdt.sh arm64

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

# The only dynamic relocations head.S knows how to apply are RELATIVE ones
# (and NONE, which it skips).
$(LIB_A): $(LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(O)/nsk.elf: $(OBJS) $(LIB_A) $(FDT_LIB) tests/nsk/nsk.lds
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJS) $(LIB_A) $(FDT_LIB)
	@if $(READELF) -rW $@ | grep -E '^[0-9a-f]+ +[0-9a-f]+ R_' | \
		grep -v -E 'R_AARCH64_(RELATIVE|NONE)'; then \
		echo "nsk.elf: relocations other than R_AARCH64_RELATIVE" >&2; rm -f $@; exit 1; fi

$(O)/nsk.bin: $(O)/nsk.elf
	$(OBJCOPY) -O binary $< $@

clean:
	rm -rf $(O)

.PHONY: all clean FORCE
-include $(shell find $(O)/obj -name '*.d' 2>/dev/null)
