# What the two QEMU virt firmwares (mk/qemu-virt-a64.mk, mk/qemu-virt-a32.mk)
# build alike. The including file sets O, CROSS, CC, OBJCOPY, PLAT, DEPS,
# FDT_LIB, FDT_ARCH (scripts/fetch-libfdt.sh's name for it), CFLAGS,
# ASFLAGS, LDFLAGS, LINK_FLAGS (the target flags the link needs),
# CLANG_FLAGS and, if its link script needs any, LDS_FLAGS (preprocessor
# definitions for link.ld.in). SCMI=1 builds the SCMI server in.

# Shared with the other QEMU virt port; its "arch.h", "qv.h" and
# "platform.h" are this port's, found through -I$(PLAT).
COMMON := monitor/plat/qemu-virt-common
PLAT_C := $(wildcard $(PLAT)/*.c) $(wildcard $(COMMON)/*.c)
PLAT_S := $(wildcard $(PLAT)/*.S)
MON_C := $(wildcard monitor/core/*.c monitor/psci/*.c monitor/services/*.c)
# The SCMI server (docs/scmi.md) is built in with SCMI=1; without it (the
# default: its resident code would not fit the 32 KiB the resident part is
# held to) the stubs in monitor/services/off/ take its place.
SCMI ?= 0
ifneq ($(SCMI),1)
SCMI_C := $(wildcard monitor/services/scmi*.c) $(COMMON)/scmi.c
PLAT_C := $(filter-out $(SCMI_C),$(PLAT_C))
MON_C := $(filter-out $(SCMI_C),$(MON_C)) monitor/services/off/scmi_off.c \
	monitor/services/off/scmi_off_dt.c
endif
LIB_C := $(wildcard lib/*.c)
# EXTRA_C: extra sources for local experiments (never part of the tree's build).
SRCS_C := $(PLAT_C) $(MON_C) $(EXTRA_C)

obj = $(patsubst %,$(O)/obj/%.o,$(1))
OBJS := $(call obj,$(SRCS_C) $(PLAT_S))
LIB_A := $(O)/libsecmon.a

all: $(O)/secmon.bin

$(FDT_LIB):
	@sh scripts/fetch-libfdt.sh $(FDT_ARCH)

# Rebuild everything when the flags change (VERBOSE=1, ...).
$(O)/cflags: FORCE
	@mkdir -p $(O)
	@echo '$(CC) $(CFLAGS)' | cmp -s - $@ || echo '$(CC) $(CFLAGS)' > $@

$(O)/obj/%.c.o: %.c $(O)/cflags | $(FDT_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# libc.c implements memset & co.: keep GCC from turning its loops into calls.
$(O)/obj/$(COMMON)/libc.c.o: CFLAGS += -fno-tree-loop-distribute-patterns

$(O)/obj/%.S.o: %.S
	@mkdir -p $(dir $@)
	$(CC) $(ASFLAGS) -c $< -o $@

$(LIB_A): $(call obj,$(LIB_C))
	@rm -f $@
	$(CROSS)ar rcs $@ $^

$(O)/link.ld: $(PLAT)/link.ld.in $(PLAT)/platform.h $(MAKEFILE_LIST)
	@mkdir -p $(dir $@)
	$(CC) -E -P -x c -I$(PLAT) $(LDS_FLAGS) $< -o $@

$(O)/secmon.elf: $(OBJS) $(LIB_A) $(FDT_LIB) $(O)/link.ld
	$(CC) $(LINK_FLAGS) $(LDFLAGS) -o $@ $(OBJS) $(LIB_A) $(FDT_LIB) -lgcc

# tests/link/check.sh: the image relinked with a C function named `reset`
# planted (tests/link/reset_named.c) ahead of every object, as the C files
# are: it must not move the reset code.
$(O)/linkcheck.elf: $(O)/obj/tests/link/reset_named.c.o $(OBJS) $(LIB_A) $(FDT_LIB) $(O)/link.ld
	$(CC) $(LINK_FLAGS) $(subst secmon.map,linkcheck.map,$(LDFLAGS)) -o $@ $(filter %.o,$^) \
		$(LIB_A) $(FDT_LIB) -lgcc

$(O)/secmon.bin: $(O)/secmon.elf
	$(OBJCOPY) -O binary $< $@
	@echo "built $@ ($$(wc -c < $@) bytes)"

clang-check: | $(FDT_LIB)
	@for f in $(SRCS_C); do clang $(CLANG_FLAGS) -c $$f -o /dev/null || exit 1; done
	@echo "clang: $(words $(SRCS_C)) files build without warnings"

.PHONY: all clang-check FORCE
.DELETE_ON_ERROR:

-include $(shell find $(O)/obj -name '*.d' 2>/dev/null)
