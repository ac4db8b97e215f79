# Any firmware port: its architecture (monitor/arch/<arch>), its board
# (monitor/plat/<board>), the shared drivers and freestanding support it
# uses and the portable monitor, linked into build/<port>/secmon.bin. The
# ports are listed in mk/ports.mk, each one's settings in its board's folder;
# `make firmware` builds every one.
#   make -f mk/firmware.mk PORT=NAME               build/NAME/secmon.bin, .elf, .map
#   make -f mk/firmware.mk PORT=NAME clang-check   every C file compiled with clang too
#   make -f mk/firmware.mk PORT=NAME boot-split    the resident part never refers to the
#                                                  cold-boot part (scripts/boot-split.py;
#                                                  ports whose link splits them)
#   make -f mk/firmware.mk PORT=NAME stack-check   the worst-case stack depth (mk/stack.mk
#                                                  builds with the stack flags first)
#   make -f mk/firmware.mk PORT=NAME build/NAME/linkcheck.elf   for tests/link/check.sh
# Options: VERBOSE=1 (the monitor's log on by default; at run time:
# -fw_cfg name=opt/secmon/verbose,string=1), SCMI=1 (the SCMI server built
# in: docs/scmi.md), TOSD=1 (the trusted-OS dispatcher built in:
# docs/trusted-os.md), O (the output folder), EXTRA_C (more sources, for
# local experiments, never part of the tree's build), EXTRA_CFLAGS, and the
# architecture's own (monitor/arch/<arch>/arch.mk).
#
# A port's settings file sets ARCH (a folder of monitor/arch), BOARD_DIR,
# BOARD_INC (the folder of the board's platform.h for this architecture),
# BOARD_C, BOARD_SCMI_C (its files that only SCMI=1 builds), BOARD_TOSD_C
# (its files that only TOSD=1 builds), BOARD_DRIVERS
# (names in monitor/drivers), BOARD_COLD_C, BOARD_SIZE_C, and its
# optimisation: OPT (default -O2), OPT_COLD for cold-boot code, OPT_SIZE for
# resident code that no measured fast path runs (mk/sources.mk lists both).
include mk/ports.mk
PORT ?=
PORT_FILE := $(call port_settings,$(PORT))
ifeq ($(PORT_FILE),)
$(error PORT=$(PORT): not one of mk/ports.mk's ports: $(PORT_NAMES))
endif
O ?= build/$(PORT)
# A port's settings may add rules (PORT_IMAGES: more images of the build).
.DEFAULT_GOAL := all
PORT_IMAGES :=
VERBOSE ?= 0
OPT ?= -O2
include $(PORT_FILE)
SCMI ?= 0
TOSD ?= 0
include monitor/arch/$(ARCH)/arch.mk
include mk/common.mk
include mk/sources.mk

CC := $(CROSS)gcc
OBJCOPY := $(CROSS)objcopy
DEPS := build/deps/$(FDT_ARCH)
FDT_LIB := $(DEPS)/usr/lib/$(FDT_TRIPLET)/libfdt.a

# The SCMI server is built in with SCMI=1; without it (the default: its
# resident code would not fit the 32 KiB the AArch64 resident part is held
# to) the stubs in monitor/services/off/ take its place.
ifeq ($(SCMI),1)
FW_MON_C := $(MON_C) $(BACKEND_C)
FW_BOARD_C := $(BOARD_C)
else
FW_MON_C := $(filter-out $(MON_SCMI_C),$(MON_C) $(BACKEND_C)) $(MON_SCMI_OFF_C)
FW_BOARD_C := $(filter-out $(BOARD_SCMI_C),$(BOARD_C))
endif
# The trusted-OS dispatcher is built in with TOSD=1 (an architecture that
# hosts one lists its world switch in ARCH_TOSD_C and ARCH_TOSD_S); without
# it (the default: the AArch64 resident part is held to 32 KiB, 36 KiB with
# it) the stubs in monitor/services/off/ take its place.
ifeq ($(TOSD),1)
FW_ARCH_C := $(ARCH_C)
FW_ARCH_S := $(ARCH_S)
else
FW_ARCH_C := $(filter-out $(ARCH_TOSD_C),$(ARCH_C))
FW_ARCH_S := $(filter-out $(ARCH_TOSD_S),$(ARCH_S))
FW_MON_C := $(filter-out $(MON_TOSD_C),$(FW_MON_C)) $(MON_TOSD_OFF_C)
FW_BOARD_C := $(filter-out $(BOARD_TOSD_C),$(FW_BOARD_C))
endif
DRIVERS_C := $(patsubst %,$(DRIVERS_DIR)/%.c,$(BOARD_DRIVERS))
SRCS_C := $(FW_BOARD_C) $(FW_ARCH_C) $(ARCH_SHARED_C) $(DRIVERS_C) $(FWLIB_C) $(FW_MON_C) $(EXTRA_C)
SRCS_S := $(FW_ARCH_S)

INCLUDES := -Iinclude -Ilib/fdt -I$(ARCH_DIR) -I$(BOARD_INC) -isystem $(DEPS)/usr/include
CFLAGS := -std=c11 $(OPT) -g $(WARN) -ffreestanding -nostdlib -fno-builtin -fno-common \
	-fno-pic -fno-pie -fno-stack-protector -ffunction-sections -fdata-sections \
	$(ARCH_FLAGS) $(INCLUDES) $(ARCH_DEFS) -DFW_VERBOSE_DEFAULT=$(VERBOSE) -MMD -MP \
	$(EXTRA_CFLAGS)
ASFLAGS := $(ARCH_ASFLAGS) -Iinclude -I$(ARCH_DIR) -I$(BOARD_INC) -MMD -MP
LDFLAGS := -nostdlib -static -no-pie -Wl,--gc-sections -Wl,--build-id=none -Wl,-z,noexecstack \
	-Wl,--no-warn-rwx-segments $(ARCH_LDFLAGS) -Wl,-T,$(O)/link.ld -Wl,-Map,$(O)/secmon.map
CLANG_FLAGS := $(CLANG_ARCH_FLAGS) -std=c11 -O2 $(WARN) -ffreestanding -nostdlib -fno-builtin \
	$(INCLUDES) $(ARCH_DEFS)

obj = $(patsubst %,$(O)/obj/%.o,$(1))
OBJS := $(call obj,$(SRCS_C) $(SRCS_S))
LIB_A := $(O)/libsecmon.a

# The per-file flags (mk/sources.mk, the architecture's and the board's
# lists), in OBJ_CFLAGS: CFLAGS stays the same for every file, and so does
# the record of it that rebuilds everything when it changes.
COLD_C := $(filter $(SRCS_C) $(LIB_C),$(MON_COLD_C) $(LIB_COLD_C) $(FWLIB_COLD_C) $(ARCH_COLD_C) \
	$(BOARD_COLD_C))
SIZE_C := $(filter $(SRCS_C),$(MON_SIZE_C) $(FWLIB_SIZE_C) $(DRIVERS_SIZE_C) $(ARCH_SHARED_SIZE_C) \
	$(ARCH_SIZE_C) $(BOARD_SIZE_C))
$(call obj,$(COLD_C)): OBJ_CFLAGS += $(OPT_COLD)
$(call obj,$(SIZE_C)): OBJ_CFLAGS += $(OPT_SIZE)
$(call obj,$(NO_LIBCALL_C)): OBJ_CFLAGS += -fno-tree-loop-distribute-patterns
# The link script's name for each cold-boot file (a file of lib/ is named
# inside libsecmon.a; all of libfdt is cold).
COLD_BOOT_FILES := $(foreach f,$(COLD_C),$(if $(filter lib/%,$(f)),*libsecmon.a:$(notdir $(f)).o,*$(f).o)) \
	*libfdt.a:*

all: $(O)/secmon.bin $(PORT_IMAGES)

$(FDT_LIB):
	@sh scripts/fetch-libfdt.sh $(FDT_ARCH)

# Rebuild everything when the flags change (VERBOSE=1, a file moved to
# another list of mk/sources.mk or a settings file, ...): the record holds
# the per-file flags too.
FLAGS_RECORD := $(CC) $(CFLAGS) / $(OPT_COLD): $(COLD_C) / $(OPT_SIZE): $(SIZE_C) / \
	$(NO_LIBCALL_C)
$(O)/cflags: FORCE
	@mkdir -p $(O)
	@echo '$(FLAGS_RECORD)' | cmp -s - $@ || echo '$(FLAGS_RECORD)' > $@

$(O)/obj/%.c.o: %.c $(O)/cflags | $(FDT_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(OBJ_CFLAGS) -c $< -o $@

$(O)/obj/%.S.o: %.S $(O)/cflags
	@mkdir -p $(dir $@)
	$(CC) $(ASFLAGS) -c $< -o $@

$(LIB_A): $(call obj,$(LIB_C))
	@rm -f $@
	$(CROSS)ar rcs $@ $^

$(O)/link.ld: $(ARCH_DIR)/link.ld.in $(BOARD_INC)/platform.h $(MAKEFILE_LIST)
	@mkdir -p $(dir $@)
	$(CC) -E -P -x c -I$(ARCH_DIR) -I$(BOARD_INC) -D'COLD_BOOT_FILES=$(COLD_BOOT_FILES)' $< -o $@

$(O)/secmon.elf: $(OBJS) $(LIB_A) $(FDT_LIB) $(O)/link.ld
	$(CC) $(ARCH_FLAGS) $(LDFLAGS) -o $@ $(OBJS) $(LIB_A) $(FDT_LIB) -lgcc
ifneq ($(ARCH_ABSENT_INSNS),)
	@if $(CROSS)objdump -d $@ | grep -wE '$(subst $(eval) ,|,$(ARCH_ABSENT_INSNS))'; then \
		echo "$@: instructions a core of $(ARCH) may lack (ARCH_ABSENT_INSNS)" >&2; \
		rm -f $@; exit 1; fi
endif

# tests/link/check.sh: the image relinked with a C function named `reset`
# planted (tests/link/reset_named.c) ahead of every object, as the C files
# are: it must not move the reset code.
$(O)/linkcheck.elf: $(O)/obj/tests/link/reset_named.c.o $(OBJS) $(LIB_A) $(FDT_LIB) $(O)/link.ld
	$(CC) $(ARCH_FLAGS) $(subst secmon.map,linkcheck.map,$(LDFLAGS)) -o $@ $(filter %.o,$^) \
		$(LIB_A) $(FDT_LIB) -lgcc

$(O)/secmon.bin: $(O)/secmon.elf
	$(OBJCOPY) -O binary $< $@
	@echo "built $@ ($$(wc -c < $@) bytes)"

clang-check: | $(FDT_LIB)
	@for f in $(SRCS_C); do clang $(CLANG_FLAGS) -c $$f -o /dev/null || exit 1; done
	@echo "clang: $(words $(SRCS_C)) files build without warnings"

boot-split: $(O)/secmon.elf
ifeq ($(ARCH_BOOT_SPLIT),1)
	@python3 scripts/boot-split.py --readelf $(CROSS)readelf $<
endif

# The stack sizes as the board's platform.h and the architecture's frame.h state them.
HASH := \#
STACK_SIZES = $(shell printf '$(HASH)include "platform.h"\n$(HASH)include "frame.h"\n%s\n' \
	'PLAT_STACK_SIZE PLAT_COLD_STACK_SIZE ARCH_FRAME_SIZE' | \
	$(CC) -E -P -x assembler-with-cpp -Iinclude -I$(ARCH_DIR) -I$(BOARD_INC) - | tail -n 1)
STACK_ARGS ?=
stack-check: $(O)/secmon.elf
	python3 scripts/stack-usage.py --arch $(ARCH) \
		$(foreach v,$(join stack-size= cold-stack-size= frame-size=,$(STACK_SIZES)),--$(v)) \
		--objdir $(O)/obj --elf $< --objdump $(CROSS)objdump $(STACK_ARGS)

# For mk/lint.mk: the port's own C files (its architecture's, its board's,
# the drivers and the freestanding support; the host build's lint covers the
# portable monitor and the library) and clang's flags for them.
lint-files:
	@echo $(filter-out $(MON_C) $(BACKEND_C) $(LIB_C),$(SRCS_C))
lint-key:
	@echo $(subst /,.,$(ARCH_DIR)+$(BOARD_INC))
lint-flags:
	@echo $(CLANG_FLAGS)
lint-cppcheck-flags:
	@echo $(ARCH_CPPCHECK) $(filter-out -isystem $(DEPS)/usr/include,$(INCLUDES)) $(ARCH_DEFS)
fdt-lib: | $(FDT_LIB)
# For tests that look inside a port's image (tests/link/check.sh): its tools'
# prefix and the include path of its platform.h, as shell assignments.
port-facts:
	@echo 'cross=$(CROSS) includes="-I$(ARCH_DIR) -I$(BOARD_INC)"'

.PHONY: all clang-check boot-split stack-check lint-files lint-key lint-flags lint-cppcheck-flags fdt-lib \
	port-facts FORCE
.DELETE_ON_ERROR:

-include $(shell find $(O)/obj -name '*.d' 2>/dev/null)
