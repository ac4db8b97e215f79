# Worst-case stack depth of the QEMU virt firmwares (mk/qemu-virt-a64.mk,
# mk/qemu-virt-a32.mk).
#   make -f mk/stack.mk            both ports (TAP), what make check runs
#   make -f mk/stack.mk PORT=a32   one port: build build/stack/PORT/ and check it
#   make -f mk/stack.mk PORT=a64 STACK_ARGS=--limit=1024   show that the check can fail
# The firmware's C sources are compiled again, with the firmware's flags plus
# -fstack-usage -fcallgraph-info=su, into build/stack/PORT/obj/ (.o, .su, .ci);
# scripts/stack-usage.py reads those, estimates libfdt.a's frames from its
# disassembly and prints the deepest call paths.
ifeq ($(PORT),)

.DEFAULT_GOAL := stack-check
stack-check:
	@rc=0; for p in a64 a32; do $(MAKE) --no-print-directory -f mk/stack.mk PORT=$$p || rc=1; done; exit $$rc
.PHONY: stack-check

else

include mk/qemu-virt-$(PORT).mk

S := build/stack/$(PORT)
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
	python3 scripts/stack-usage.py --port $(PORT) --objdir $(S)/obj \
		--elf $(O)/secmon.elf --objdump $(CROSS)objdump $(STACK_ARGS)

.PHONY: stack-objs stack-check

-include $(shell find $(S)/obj -name '*.d' 2>/dev/null)

endif
