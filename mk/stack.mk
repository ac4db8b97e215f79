# Worst-case stack depth of every firmware port (mk/ports.mk).
#   make -f mk/stack.mk                   every port (TAP), what make check runs
#   make -f mk/stack.mk PORT=qemu-virt-a32    one port
#   make -f mk/stack.mk PORT=qemu-virt-a64 STACK_ARGS=--limit=1024   show that the check can fail
# After the ports, the first port again with a limit too small and with an
# indirect call's sources dropped (--forget): both must fail.
# Each port is built again into build/stack/PORT/ by mk/firmware.mk, with the
# same rules and per-file flags as the shipped image plus -fstack-usage
# -fcallgraph-info=su, which change no code: the check first holds the image
# it built to the shipped one (build/PORT/secmon.bin, built first), byte for
# byte, so it measures the code that ships. scripts/stack-usage.py reads the
# .su and .ci files, estimates the frames of libfdt.a and the assembly from
# the disassembly and prints the deepest call paths.
include mk/ports.mk
STACK_PORTS := $(if $(PORT),$(PORT),$(PORT_NAMES))
STACK_ARGS ?=
FW := $(MAKE) --no-print-directory -s -f mk/firmware.mk

stack-check:
	@rc=0; for p in $(STACK_PORTS); do \
		s=build/stack/$$p; \
		$(FW) PORT=$$p >/dev/null && \
		$(FW) PORT=$$p O=$$s EXTRA_CFLAGS='-fstack-usage -fcallgraph-info=su' $$s/secmon.bin \
			>/dev/null || { echo "not ok - stack: $$p does not build"; rc=1; continue; }; \
		if cmp -s $$s/secmon.bin build/$$p/secmon.bin; then \
			echo "ok - stack: $$s/secmon.bin is the shipped build/$$p/secmon.bin"; \
		else \
			echo "not ok - stack: $$s/secmon.bin is not the shipped build/$$p/secmon.bin"; rc=1; \
		fi; \
		$(FW) PORT=$$p O=$$s EXTRA_CFLAGS='-fstack-usage -fcallgraph-info=su' \
			STACK_ARGS='$(STACK_ARGS)' stack-check || rc=1; \
	done; \
	p=$(firstword $(STACK_PORTS)); s=build/stack/$$p; \
	for bad in '--limit=1024:not ok - stack: runtime stack' \
		'--forget=psci_handle:# psci_handle calls through a pointer'; do \
		if $(FW) PORT=$$p O=$$s EXTRA_CFLAGS='-fstack-usage -fcallgraph-info=su' \
			STACK_ARGS="$${bad%%:*}" stack-check 2>&1 | grep -q "^$${bad#*:}"; then \
			echo "ok - stack: $$p with $${bad%%:*} fails ($${bad#*:})"; \
		else echo "not ok - stack: $$p with $${bad%%:*} does not fail"; rc=1; fi; \
	done; exit $$rc

.PHONY: stack-check
