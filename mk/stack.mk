# Worst-case stack depth of the AArch64 firmware (mk/qemu-virt-a64.mk).
#   make -f mk/stack.mk            build build/stack/ and run the check (TAP)
#   make -f mk/stack.mk STACK_ARGS=--limit=1024   show that the check can fail
# The firmware's C sources are compiled again, with the firmware's flags plus
# -fstack-usage -fcallgraph-info=su, into build/stack/obj/ (.o, .su, .ci);
# scripts/stack-usage.py reads those, estimates libfdt.a's frames from its
# disassembly and prints the deepest call path.
include mk/qemu-virt-a64.mk

S := build/stack
STACK_CFLAGS := $(CFLAGS) -fstack-usage -fcallgraph-info=su
STACK_SRCS := $(SRCS_C) $(LIB_C)
STACK_OBJS := $(patsubst %,$(S)/obj/%.o,$(STACK_SRCS))
STACK_ARGS ?=

.DEFAULT_GOAL := stack-check

$(S)/obj/%.c.o: %.c $(O)/cflags | $(FDT_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(STACK_CFLAGS) -c $< -o $@

$(S)/obj/$(COMMON)/libc.c.o: STACK_CFLAGS += -fno-tree-loop-distribute-patterns
$(patsubst %,$(S)/obj/%.o,$(COLD_C)): STACK_CFLAGS += -Os

stack-objs: $(STACK_OBJS)

stack-check: $(STACK_OBJS) $(O)/secmon.elf
	python3 scripts/stack-usage.py --objdir $(S)/obj \
		--elf $(O)/secmon.elf --objdump $(CROSS)objdump $(STACK_ARGS)

.PHONY: stack-objs stack-check

-include $(shell find $(S)/obj -name '*.d' 2>/dev/null)
