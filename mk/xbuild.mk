# Proof that the calling library (with its smc/hvc conduits), the portable
# monitor and the conformance suite are freestanding: compile them for
# AArch64 and AArch32 with no libc.
O := build/xbuild
include mk/common.mk
include mk/sources.mk
# libfdt.h and fdt.h are the same on every architecture: copies of the
# host's serve, next to the freestanding libfdt_env.h in lib/fdt (no other
# host header is reachable).
FDT_INC := $(O)/fdt-include
XFLAGS := -std=c11 -Os $(WARN) -ffreestanding -nostdlib -fno-builtin -Iinclude -Ilib/fdt \
	-I$(FDT_INC) -MMD -MP

SRCS := $(LIB_C) $(MON_C) $(BACKEND_C) lib/arch/conduits.c tests/conformance/conf.c

A64_CC := aarch64-linux-gnu-gcc
A32_CC := arm-linux-gnueabihf-gcc
A64_OBJS := $(patsubst %.c,$(O)/a64/%.o,$(SRCS)) $(patsubst %.S,$(O)/a64/%.o,$(wildcard lib/arch/aarch64/*.S))
A32_OBJS := $(patsubst %.c,$(O)/a32/%.o,$(SRCS)) $(patsubst %.S,$(O)/a32/%.o,$(wildcard lib/arch/arm/*.S))

all: $(O)/a64/libs.a $(O)/a32/libs.a

$(FDT_INC)/libfdt.h:
	@mkdir -p $(FDT_INC)
	cp /usr/include/fdt.h /usr/include/libfdt.h $(FDT_INC)/

$(A64_OBJS) $(A32_OBJS): $(FDT_INC)/libfdt.h

$(O)/a64/%.o: %.c
	@mkdir -p $(dir $@)
	$(A64_CC) $(XFLAGS) -mgeneral-regs-only -c $< -o $@

$(O)/a64/%.o: %.S
	@mkdir -p $(dir $@)
	$(A64_CC) -c $< -o $@

$(O)/a32/%.o: %.c
	@mkdir -p $(dir $@)
	$(A32_CC) $(XFLAGS) -mgeneral-regs-only -marm -c $< -o $@

$(O)/a32/%.o: %.S
	@mkdir -p $(dir $@)
	$(A32_CC) -c $< -o $@

$(O)/%/libs.a:
	@rm -f $@
	ar rcs $@ $^

$(O)/a64/libs.a: $(A64_OBJS)
$(O)/a32/libs.a: $(A32_OBJS)

-include $(shell find $(O) -name '*.d' 2>/dev/null)
