# The AArch32 (ARMv7 monitor mode) firmware for QEMU's virt board:
# build/qemu-virt-a32/secmon.bin, for qemu-system-arm -M virt,secure=on
# -cpu cortex-a15 -bios build/qemu-virt-a32/secmon.bin.
#   make firmware                  (builds this and the AArch64 firmware)
#   make -f mk/qemu-virt-a32.mk    this one only; VERBOSE=1: log on by default
#                                  (or at run time: -fw_cfg name=opt/secmon/verbose,string=1)
#   make -f mk/qemu-virt-a32.mk clang-check   compile every C file with clang too
O := build/qemu-virt-a32
CROSS := arm-linux-gnueabihf-
CC := $(CROSS)gcc
OBJCOPY := $(CROSS)objcopy
VERBOSE ?= 0
PLAT := monitor/plat/qemu-virt-a32
DEPS := build/deps/armhf
FDT_LIB := $(DEPS)/usr/lib/arm-linux-gnueabihf/libfdt.a
FDT_ARCH := armhf

include mk/common.mk
# ARM state, ARMv7-A with the Security and Virtualization Extensions. The
# hard-float ABI of Debian's armhf libfdt, but no FP register in the
# monitor's own code (-mgeneral-regs-only): only the cold-boot path enables
# the FPU. The MMU is off (Strongly-ordered memory): no unaligned access.
TARGET_FLAGS := -marm -march=armv7ve+fp -mfloat-abi=hard -mfpu=vfpv3-d16 -mgeneral-regs-only \
	-mno-unaligned-access -mtp=soft
CFLAGS := -std=c11 -O2 -g $(WARN) -ffreestanding -nostdlib -fno-builtin -fno-common \
	-fno-pic -fno-pie -fno-stack-protector -ffunction-sections -fdata-sections \
	-fno-asynchronous-unwind-tables -fno-unwind-tables \
	$(TARGET_FLAGS) -Iinclude -Ilib/fdt -I$(PLAT) -isystem $(DEPS)/usr/include \
	-DQV_VERBOSE_DEFAULT=$(VERBOSE) -MMD -MP
ASFLAGS := -march=armv7ve+fp -mfloat-abi=hard -Iinclude -I$(PLAT) -MMD -MP
LDFLAGS := -nostdlib -static -no-pie -Wl,--gc-sections -Wl,--build-id=none -Wl,-z,noexecstack \
	-Wl,--no-warn-rwx-segments -Wl,-T,$(O)/link.ld -Wl,-Map,$(O)/secmon.map
CLANG_FLAGS := --target=armv7a-linux-gnueabihf -march=armv7ve -std=c11 -O2 $(WARN) -ffreestanding -nostdlib \
	-fno-builtin -marm -mfloat-abi=hard -mno-unaligned-access \
	-Iinclude -Ilib/fdt -I$(PLAT) -isystem $(DEPS)/usr/include
LINK_FLAGS := $(TARGET_FLAGS)

include mk/qemu-virt-rules.mk
