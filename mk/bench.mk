# Benchmarks (bench/, docs/performance.md). Invoked by the top Makefile:
#   make bench                      everything: build/bench/results.json, .svg, the table
#   make -f mk/bench.mk check       the instruction counts against bench/baseline.json (TAP)
#   make -f mk/bench.mk bk          the bench kernels alone (build/bench/bk/bk.bin, idlestates.bin)
#   make -f mk/bench.mk baseline    rewrite bench/baseline.json from a fresh run
#   make -f mk/bench.mk boot        the Linux-boot benchmark's initramfs alone
#   make -f mk/bench.mk xen         Debian's Xen for the Xen-boot benchmark (tests/xen/fetch.sh)
# Outputs go under build/bench/ and build/host-rel/.
O := build/bench
PY := python3

# ---- bk, the bench kernel: the nsk's boot code, console, DT walker and
# wake-up timer (tests/nsk) with its own main; flags as in mk/nsk.mk.
BK := $(O)/bk
# The nsk's C library also serves libfdt (freestanding libfdt_env.h in lib/fdt).
FDT_INC := $(BK)/fdt-include
CC := aarch64-linux-gnu-gcc
OBJCOPY := aarch64-linux-gnu-objcopy
READELF := aarch64-linux-gnu-readelf
include mk/common.mk
BK_CFLAGS := -std=gnu11 -O2 -g $(WARN) -ffreestanding -nostdlib -fno-builtin \
	-fno-tree-loop-distribute-patterns -fno-stack-protector -fPIE \
	-mgeneral-regs-only -mstrict-align -mno-outline-atomics -mbranch-protection=none \
	-fno-asynchronous-unwind-tables -fno-unwind-tables \
	-Iinclude -Ilib/fdt -I$(FDT_INC) -Itests/nsk -MMD -MP
BK_ASFLAGS := -g -Itests/nsk -MMD -MP
BK_LDFLAGS := -nostdlib -static -Wl,-pie -Wl,--no-dynamic-linker -Wl,-z,norelro \
	-Wl,-z,noexecstack -Wl,--build-id=none -Wl,--no-warn-rwx-segments \
	-Wl,-z,max-page-size=4096 -Wl,-T,tests/nsk/nsk.lds
BK_SRCS := bench/bk.c bench/bk.S $(addprefix tests/nsk/,head.S console.c dt.c libc.c wake.c)
BK_OBJS := $(patsubst %,$(BK)/obj/%.o,$(BK_SRCS))
# idlestates, a separate kernel that prints the idle states of the DT the
# firmware hands the OS (bench/idlestates.c), built the same way.
IDLE_SRCS := bench/idlestates.c $(addprefix tests/nsk/,head.S console.c dt.c libc.c)
IDLE_OBJS := $(patsubst %,$(BK)/obj/%.o,$(IDLE_SRCS))

# ---- the release host flavour: mk/host.mk's library and simulator archives,
# without sanitizers, at -O2 (CFLAGS replaces host.mk's own, as a command-line
# variable does).
REL := build/host-rel
REL_CFLAGS := -std=c11 -g -O2 $(WARN) -Iinclude -MMD -MP
SIMBENCH := $(O)/simbench
HOSTCC := gcc

.PHONY: all run check bk boot xen rel prereq baseline clean
all: run

bk: $(BK)/bk.bin $(BK)/idlestates.bin $(O)/boards/legacy-negative.dtb

$(FDT_INC)/libfdt.h:
	@mkdir -p $(FDT_INC)
	cp /usr/include/fdt.h /usr/include/libfdt.h $(FDT_INC)/

$(BK_OBJS) $(IDLE_OBJS): $(FDT_INC)/libfdt.h

$(BK)/obj/%.c.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(BK_CFLAGS) -c $< -o $@

$(BK)/obj/%.S.o: %.S
	@mkdir -p $(dir $@)
	$(CC) $(BK_ASFLAGS) -c $< -o $@

# The image relocates itself: only R_AARCH64_RELATIVE relocations.
define bk_link
	$(CC) $(BK_CFLAGS) $(BK_LDFLAGS) -o $@ $(1)
	@if $(READELF) -rW $@ | grep -E '^[0-9a-f]+ +[0-9a-f]+ R_' | \
		grep -v -E 'R_AARCH64_(RELATIVE|NONE)'; then \
		echo "$@: relocations other than R_AARCH64_RELATIVE" >&2; rm -f $@; exit 1; fi
endef

$(BK)/bk.elf: $(BK_OBJS) tests/nsk/nsk.lds
	$(call bk_link,$(BK_OBJS))

$(BK)/idlestates.elf: $(IDLE_OBJS) tests/nsk/nsk.lds
	$(call bk_link,$(IDLE_OBJS))

$(BK)/%.bin: $(BK)/%.elf
	$(OBJCOPY) -O binary $< $@

$(O)/boards/%.dtb: boards/%.dts $(wildcard boards/*.dtsi)
	@mkdir -p $(dir $@)
	dtc -q -I dts -O dtb -o $@ $<

# ---- the Linux-boot benchmark (bench.py linux_boot()): Debian's kernel and
# busybox (tests/linux/fetch.sh) with bench/boot-init.sh as /init and
# bench/bootclock, a static program without a C library, as /bin/bootclock.
LINUX := build/linux/arm64
BOOTROOT := $(O)/linux/root
BOOT_INITRD := $(O)/linux/initrd.cpio.gz
BOOTCLOCK_CFLAGS := -std=c11 -O2 $(WARN) -ffreestanding -nostdlib -static -fno-stack-protector \
	-fno-pie -no-pie -mgeneral-regs-only -Wl,--build-id=none

boot: $(BOOT_INITRD)

# The Xen-boot benchmark (bench/benchkit/xenboot.py) boots Debian's Xen with the same
# initramfs as dom0's.
xen:
	sh tests/xen/fetch.sh build/xen >/dev/null

$(BOOTROOT)/bin/bootclock: bench/bootclock.c
	@mkdir -p $(dir $@)
	$(CC) $(BOOTCLOCK_CFLAGS) -o $@ $<

$(BOOT_INITRD): bench/boot-init.sh $(BOOTROOT)/bin/bootclock tests/linux/mkinitrd.sh
	sh tests/linux/fetch.sh arm64 $(LINUX) >/dev/null
	INITRD_MODULES= INITRD_EXTRA=$(BOOTROOT) sh tests/linux/mkinitrd.sh $(LINUX) bench/boot-init.sh $@

BOARD_DTBS := $(patsubst boards/%.dts,$(O)/boards/%.dtb,$(wildcard boards/*.dts))
FASTCHECK := $(O)/fastcheck
HOST_LINK := $(REL)/libsecmon-sim.a $(REL)/libsecmon.a -lfdt -pthread

# host.mk's own rules, only for the two archives (the release build has no tests).
rel:
	@$(MAKE) -f mk/host.mk O=$(REL) CC=$(HOSTCC) SAN=0 CFLAGS='$(REL_CFLAGS)' \
		$(REL)/libsecmon.a $(REL)/libsecmon-sim.a

$(SIMBENCH) $(FASTCHECK): $(O)/%: bench/%.c rel
	@mkdir -p $(O)
	$(HOSTCC) $(REL_CFLAGS) -D_DEFAULT_SOURCE -pthread -Imonitor/plat/host -o $@ $< $(HOST_LINK)

# The firmware is built by its own makefile; a run copies it first.
prereq:
	@$(MAKE) -f mk/firmware.mk PORT=qemu-virt-a64
	@$(MAKE) -f mk/firmware.mk PORT=qemu-virt-a64-tos
	@$(MAKE) -f mk/tos.mk
	@$(MAKE) -f mk/firmware.mk PORT=qemu-virt-a64-scmi
	@$(MAKE) -f mk/bench.mk bk $(BOARD_DTBS) $(FASTCHECK)

run: prereq $(SIMBENCH) $(BOOT_INITRD) xen
	@$(MAKE) -f mk/xbuild.mk
	$(PY) bench/bench.py run

check: prereq
	@$(FASTCHECK) $(BOARD_DTBS)
	@$(PY) bench/bench.py check

baseline: prereq
	$(PY) bench/bench.py baseline

clean:
	rm -rf $(O) $(REL)

-include $(shell find $(BK)/obj $(O) -name '*.d' 2>/dev/null)
