# ARMv7-A in Monitor mode (monitor/arch/arm): the compiler, the flags and
# the files of every port on this architecture. mk/firmware.mk includes this
# for a port whose ARCH is arm.
ARCH_DIR := monitor/arch/arm
CROSS := arm-linux-gnueabihf-
# Debian's libfdt-dev for it (scripts/fetch-libfdt.sh ARCH, its library folder).
FDT_ARCH := armhf
FDT_TRIPLET := arm-linux-gnueabihf
# ARM state, ARMv7-A with the Security Extensions: a core without the
# Virtualization Extensions (Cortex-A9) runs it too, so no integer divide
# instruction (armv7ve's) and no Hyp-mode instruction; Hyp mode's registers
# are reached by mcr/mrc only when ID_PFR1 says the CPU has it (cpu.c). The
# hard-float ABI of Debian's armhf libfdt, but no FP register in the
# monitor's own code (-mgeneral-regs-only): only the cold-boot path enables
# the FPU. The MMU is off (Strongly-ordered memory): no unaligned access.
ARCH_FLAGS := -marm -march=armv7-a+fp -mfloat-abi=hard -mfpu=vfpv3-d16 -mgeneral-regs-only \
	-mno-unaligned-access -mtp=soft -fno-asynchronous-unwind-tables -fno-unwind-tables
ARCH_ASFLAGS := -march=armv7-a+fp -mfloat-abi=hard
# cppcheck's model of this target's type sizes (mk/lint.mk).
ARCH_CPPCHECK := --platform=unix32
CLANG_ARCH_FLAGS := --target=armv7a-linux-gnueabihf -march=armv7-a -marm -mfloat-abi=hard \
	-mno-unaligned-access
ARCH_DEFS :=
ARCH_LDFLAGS :=
# What a core of this architecture may lack (a Cortex-A9: the integer
# divide, Hyp mode's instructions and banked registers): the link fails
# when the image holds one (objdump's mnemonics and register names).
ARCH_ABSENT_INSNS := udiv sdiv hvc eret elr_hyp sp_hyp spsr_hyp
# One image part: the link script keeps the cold boot in .text.
ARCH_BOOT_SPLIT :=

ARCH_C := $(wildcard $(ARCH_DIR)/*.c)
ARCH_S := $(wildcard $(ARCH_DIR)/*.S)
ARCH_COLD_C := $(ARCH_DIR)/coldboot.c
ARCH_SIZE_C := $(ARCH_DIR)/cpu.c $(ARCH_DIR)/traps.c
