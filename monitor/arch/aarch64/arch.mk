# AArch64 at EL3 (monitor/arch/aarch64): the compiler, the flags and the
# files of every port on this architecture. mk/firmware.mk includes this for
# a port whose ARCH is aarch64.
ARCH_DIR := monitor/arch/aarch64
CROSS := aarch64-linux-gnu-
# Debian's libfdt-dev for it (scripts/fetch-libfdt.sh ARCH, its library folder).
FDT_ARCH := arm64
FDT_TRIPLET := aarch64-linux-gnu
# The SMC path saves only what a C call clobbers: no FP/SIMD registers, x18
# untouched. EL3 runs with the MMU off (Device memory): no unaligned access.
ARCH_FLAGS := -mgeneral-regs-only -mstrict-align -ffixed-x18 -mno-outline-atomics
ARCH_ASFLAGS :=
# cppcheck's model of this target's type sizes (mk/lint.mk).
ARCH_CPPCHECK := --platform=unix64
CLANG_ARCH_FLAGS := --target=aarch64-linux-gnu $(ARCH_FLAGS)
# Test builds only: SCR_EL3 bits to leave clear (cpu.c).
SCR_OFF ?= 0
ARCH_DEFS := -DA64_SCR_OFF=$(SCR_OFF)
# Every relocation kept in the ELF, for scripts/boot-split.py.
ARCH_LDFLAGS := -Wl,--emit-relocs
# The link script (link.ld.in) puts the cold-boot code apart from the
# resident part: `make -f mk/firmware.mk boot-split` checks the split.
ARCH_BOOT_SPLIT := 1

ARCH_C := $(wildcard $(ARCH_DIR)/*.c)
ARCH_S := $(wildcard $(ARCH_DIR)/*.S)
ARCH_COLD_C := $(ARCH_DIR)/coldboot.c
# Resident, but on no measured fast path: CPU set-up at reset, traps
# (mk/sources.mk; the workaround decision and recording's switch are shared).
ARCH_SIZE_C := $(ARCH_DIR)/cpu.c $(ARCH_DIR)/traps.c $(ARCH_DIR)/tos.c
# The trusted OS's world switch: built only with TOSD=1 (mk/firmware.mk).
ARCH_TOSD_C := $(ARCH_DIR)/tos.c
ARCH_TOSD_S := $(ARCH_DIR)/tos.S
