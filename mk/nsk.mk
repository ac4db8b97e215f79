# nsk: the bare-metal normal-world test kernel for QEMU virt (tests/nsk/).
# Links the conformance suite, the calling library and its smc/hvc conduits
# into build/nsk-a64/nsk.elf and the raw arm64 Image build/nsk-a64/nsk.bin.
# Run it with tests/nsk/run.sh.
O := build/nsk-a64
CC := aarch64-linux-gnu-gcc
OBJCOPY := aarch64-linux-gnu-objcopy
READELF := aarch64-linux-gnu-readelf

# libfdt.h and fdt.h for the library's DT parts, as in mk/xbuild.mk (the nsk
# itself reads the DT with its own walker, tests/nsk/dt.c, and links no libfdt:
# lib/ is an archive, so only the objects the suite uses are linked).
FDT_INC := $(O)/fdt-include
WARN := -Wall -Wextra -Werror -Wstrict-prototypes -Wmissing-prototypes -Wundef -Wshadow
# -mstrict-align: with the MMU off every data access is Device memory.
# -mno-outline-atomics: no libgcc helpers. -fPIE: runs at any load address.
CFLAGS := -std=gnu11 -O2 -g $(WARN) -ffreestanding -nostdlib -fno-builtin \
	-fno-tree-loop-distribute-patterns -fno-stack-protector -fPIE \
	-mgeneral-regs-only -mstrict-align -mno-outline-atomics -mbranch-protection=none \
	-fno-asynchronous-unwind-tables -fno-unwind-tables \
	-Iinclude -Ilib/fdt -I$(FDT_INC) -Itests/conformance -Itests/nsk -MMD -MP
ASFLAGS := -g -Itests/nsk -MMD -MP
LDFLAGS := -nostdlib -static -Wl,-pie -Wl,--no-dynamic-linker -Wl,-z,norelro \
	-Wl,-z,noexecstack -Wl,--build-id=none -Wl,--no-warn-rwx-segments -Wl,-z,max-page-size=4096 \
	-Wl,-T,tests/nsk/nsk.lds

NSK_SRCS := $(wildcard tests/nsk/*.c) tests/conformance/conf.c
LIB_SRCS := $(wildcard lib/*.c) lib/arch/conduits.c
OBJS := $(patsubst %.c,$(O)/obj/%.o,$(NSK_SRCS)) $(O)/obj/tests/nsk/head.o
LIB_OBJS := $(patsubst %.c,$(O)/obj/%.o,$(LIB_SRCS)) $(O)/obj/lib/arch/aarch64/conduit.o
LIB_A := $(O)/libsecmon.a

all: $(O)/nsk.bin

$(FDT_INC)/libfdt.h:
	@mkdir -p $(FDT_INC)
	cp /usr/include/fdt.h /usr/include/libfdt.h $(FDT_INC)/

$(OBJS) $(LIB_OBJS): $(FDT_INC)/libfdt.h

$(O)/obj/%.o: %.c
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

$(O)/nsk.elf: $(OBJS) $(LIB_A) tests/nsk/nsk.lds
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJS) $(LIB_A)
	@if $(READELF) -rW $@ | grep -E '^[0-9a-f]+ +[0-9a-f]+ R_' | \
		grep -v -E 'R_AARCH64_(RELATIVE|NONE)'; then \
		echo "nsk.elf: relocations other than R_AARCH64_RELATIVE" >&2; rm -f $@; exit 1; fi

$(O)/nsk.bin: $(O)/nsk.elf
	$(OBJCOPY) -O binary $< $@

clean:
	rm -rf $(O)

.PHONY: all clean
-include $(shell find $(O)/obj -name '*.d' 2>/dev/null)
