# The project's secure payload (tos/, docs/trusted-os.md): secure EL1,
# AArch64, freestanding; build/tos/tos.elf and the raw image build/tos/tos.bin
# that a monitor loads at 0x0e100000. Invoked by the top Makefile (`make tos`,
# and `make` builds it with the host code).
O := build/tos
CC := aarch64-linux-gnu-gcc
OBJCOPY := aarch64-linux-gnu-objcopy
include mk/common.mk
# -mstrict-align: the cold boot runs C with the MMU off (Device memory).
CFLAGS := -std=gnu11 -O2 -g $(WARN) -ffreestanding -nostdlib -fno-builtin \
	-fno-stack-protector -fno-pie -mgeneral-regs-only -mstrict-align \
	-mno-outline-atomics -mbranch-protection=none \
	-fno-asynchronous-unwind-tables -fno-unwind-tables -Itos -MMD -MP
ASFLAGS := -g -Itos -MMD -MP
LDFLAGS := -nostdlib -static -no-pie -Wl,--build-id=none -Wl,--no-warn-rwx-segments \
	-Wl,-z,max-page-size=4096 -Wl,-T,tos/tos.lds

SRCS := tos/core.c tos/dt.c tos/arch.c tos/entry.S
OBJS := $(patsubst tos/%,$(O)/obj/%.o,$(SRCS))

all: $(O)/tos.bin

$(O)/obj/%.c.o: tos/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(O)/obj/%.S.o: tos/%.S
	@mkdir -p $(dir $@)
	$(CC) $(ASFLAGS) -c $< -o $@

$(O)/tos.elf: $(OBJS) tos/tos.lds
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJS)

$(O)/tos.bin: $(O)/tos.elf
	$(OBJCOPY) -O binary $< $@

.PHONY: all
-include $(wildcard $(O)/obj/*.d)
