# The firmware ports, one line each: the port's name (its build is
# build/<name>/, its image build/<name>/secmon.bin) and the file with its
# settings, in its board's folder (docs/porting.md, "The build"). Everything
# that builds or checks every port reads this list: the top Makefile's
# `make firmware`, mk/stack.mk, scripts/check.sh (`make -s -f mk/ports.mk`
# prints the names).
PORTS :=
PORTS += qemu-virt-a64:monitor/plat/qemu-virt/qemu-virt-a64.mk
PORTS += qemu-virt-a32:monitor/plat/qemu-virt/qemu-virt-a32.mk
PORTS += qemu-virt-a64-scmi:monitor/plat/qemu-virt/qemu-virt-a64-scmi.mk
PORTS += qemu-virt-a64-tos:monitor/plat/qemu-virt/qemu-virt-a64-tos.mk
PORTS += exynos4210:monitor/plat/exynos4210/exynos4210.mk

PORT_NAMES := $(foreach p,$(PORTS),$(firstword $(subst :, ,$(p))))
# $(call port_settings,NAME): the port's settings file, empty for no such port.
port_settings = $(word 2,$(subst :, ,$(filter $(1):%,$(PORTS))))

ifeq ($(firstword $(MAKEFILE_LIST)),mk/ports.mk)
names:
	@echo $(PORT_NAMES)
.PHONY: names
endif
