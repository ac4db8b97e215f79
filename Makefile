# secmon: top-level build. Every output goes under build/<target>/.
#   make            host library, simulator, CLI and tests (build/host), and
#                   the secure payload (build/tos/tos.bin, docs/trusted-os.md)
#   make check      install deps, build everything, run every test
#   make run        build the firmware and boot Linux under it on QEMU
#                   (ARCH=a32: the AArch32 firmware and Debian's armmp kernel;
#                   TRACE=1: switch the firmware's recording on for that boot,
#                   build/run/trace.svg; BIOS=FILE: boot that firmware image,
#                   e.g. the secmon-firmware-qemu package's, instead of building;
#                   TOS=FILE: a trusted OS in the secure world, e.g. build/tos/tos.bin)
#   make firmware   every port of mk/ports.mk: build/<port>/secmon.bin (qemu-virt-a64,
#                   qemu-virt-a32, qemu-virt-a64-scmi: the SCMI server built in)
#   make nsk        the normal-world test kernel, build/nsk-a64 and build/nsk-a32
#   make tos        the secure payload alone (tos/, build/tos/tos.bin)
#   make bench      benchmarks          make fuzz   long fuzzing runs
#   make deps       install the Debian packages the build and tests need
#   make install    the tool, library, firmware and DKMS sources under
#                   $(DESTDIR)$(PREFIX) (default /usr/local; mk/install.mk)
#   make uninstall  removes them again (same PREFIX and DESTDIR)
#   make deb        the Debian packages, in build/deb/ (docs/packaging.md)

.DEFAULT_GOAL := all
MAKEFLAGS += --no-print-directory
export LC_ALL := C

HOST_FLAVOURS := host host-clang
include mk/ports.mk

.PHONY: all deps host host-clang xbuild check run firmware tos bench fuzz lint clean install uninstall deb

all: host tos

deps:
	@sh scripts/deps.sh

host:
	@$(MAKE) -f mk/host.mk O=build/host CC=gcc SAN=1

host-clang:
	@$(MAKE) -f mk/host.mk O=build/host-clang CC=clang SAN=1

xbuild:
	@$(MAKE) -f mk/xbuild.mk

firmware:
	@$(foreach p,$(PORT_NAMES),$(MAKE) -f mk/firmware.mk PORT=$(p) &&) true

tos:
	@$(MAKE) -f mk/tos.mk

nsk:
	@$(MAKE) -f mk/nsk.mk
	@$(MAKE) -f mk/nsk-a32.mk

module:
	@$(MAKE) -f linux/Makefile KARCH=arm64
	@$(MAKE) -f linux/Makefile KARCH=armhf

fuzz: ; @$(MAKE) -f mk/fuzz.mk run

lint: ; @$(MAKE) -j2 -f mk/lint.mk

# Instruction counts, footprint, Linux boot time, simulator speed (docs/performance.md).
bench: ; @$(MAKE) -f mk/bench.mk run

.PHONY: tsan
tsan: ; @$(MAKE) -f mk/stress.mk O=build/host-tsan CC=clang SAN=thread && bash tests/stress/tsan.sh build/host-tsan

check: deps
	@bash scripts/check.sh

run: deps
	@ARCH=$(ARCH) BOOT=$(BOOT) TRACE=$(TRACE) BIOS=$(BIOS) TOS=$(TOS) bash scripts/run.sh

install uninstall:
	@$(MAKE) -f mk/install.mk $@

deb:
	@sh scripts/deb.sh

clean:
	rm -rf build

