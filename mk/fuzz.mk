# libFuzzer targets (tests/fuzz/), built with clang and ASan + UBSan.
#   make -f mk/fuzz.mk            the fuzzers and their seed corpora
#   make -f mk/fuzz.mk run        fuzz each target FUZZ_SECONDS (default 60)
#   make -f mk/fuzz.mk check      the short pass `make check` runs (TAP)
# Every output goes under $(O); no corpus file is committed in binary form.
# The dispatch corpus is written by tests/fuzz/seeds.py, the SCMI one by
# tests/fuzz/scmi_seeds.py, the trace one by tests/fuzz/trace_seeds.py; the DT corpus is
# built from boards/*.dts, tests/fuzz/corpus/dt/*.dts (regressions and
# hand-made seeds), tests/fuzz/mkdtb.py (regressions dtc cannot express) and
# the DTBs QEMU's virt machine gives its firmware.
O ?= build/fuzz
CC := clang
FUZZ_SECONDS ?= 60
CHECK_SECONDS ?= 12

include mk/common.mk
include mk/sources.mk
SAN := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
CFLAGS := -std=c11 -g -O1 $(WARN) -Iinclude -fno-omit-frame-pointer -MMD -MP $(SAN)
HOST_CFLAGS := $(CFLAGS) -D_DEFAULT_SOURCE
LDLIBS := -lfdt

LIB_SRCS := $(LIB_C)
MON_SRCS := $(MON_C) $(BACKEND_C)
COMMON_SRCS := $(LIB_SRCS) $(MON_SRCS) tests/fuzz/fplat.c
BOARD_DTS := $(wildcard boards/*.dts)
FUZZ_BOARD_DTS := $(wildcard tests/fuzz/boards/*.dts)
# A real SoC's board DT (boards/soc/), after the examples and the fuzzer's own.
SOC_BOARD_DTS := $(wildcard boards/soc/*.dts)
BOARD_DTBS := $(patsubst boards/%.dts,$(O)/boards/%.dtb,$(BOARD_DTS)) \
	$(patsubst tests/fuzz/boards/%.dts,$(O)/boards/%.dtb,$(FUZZ_BOARD_DTS)) \
	$(patsubst boards/soc/%.dts,$(O)/boards/%.dtb,$(SOC_BOARD_DTS))
DT_SEED_DTS := $(wildcard tests/fuzz/corpus/dt/*.dts)
QEMU_DTBS := $(O)/seeds/dt/qemu-virt-a64.dtb $(O)/seeds/dt/qemu-virt-a64-smp4-el2.dtb \
	$(O)/seeds/dt/qemu-virt-a32.dtb
DT_SEEDS := $(patsubst boards/%.dts,$(O)/seeds/dt/board-%.dtb,$(BOARD_DTS)) \
	$(patsubst tests/fuzz/boards/%.dts,$(O)/seeds/dt/board-%.dtb,$(FUZZ_BOARD_DTS)) \
	$(patsubst boards/soc/%.dts,$(O)/seeds/dt/board-%.dtb,$(SOC_BOARD_DTS)) \
	$(patsubst tests/fuzz/corpus/dt/%.dts,$(O)/seeds/dt/%.dtb,$(DT_SEED_DTS))

obj = $(patsubst %.c,$(O)/obj/%.o,$(1))

# The trace decoder: the library's, and the CLI's files that read a trace.
TRACE_SRCS := $(LIB_SRCS) tools/trace.c tools/trace_svg.c tools/fid.c tools/result.c \
	tools/errors.c tools/numparse.c tests/fuzz/fuzz_trace.c

TARGETS := $(O)/fuzz-dispatch $(O)/fuzz-dt $(O)/fuzz-scmi $(O)/fuzz-trace

.PHONY: all corpus run check
all: $(TARGETS) corpus

$(O)/obj/lib/%.o: lib/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -ffreestanding -c $< -o $@

$(O)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -c $< -o $@

$(O)/boards/%.dtb: boards/%.dts $(wildcard boards/*.dtsi)
	@mkdir -p $(dir $@)
	dtc -q -I dts -O dtb -o $@ $<

$(O)/boards/%.dtb: tests/fuzz/boards/%.dts $(wildcard boards/*.dtsi)
	@mkdir -p $(dir $@)
	dtc -q -I dts -O dtb -i boards -o $@ $<

$(O)/boards/%.dtb: boards/soc/%.dts
	@mkdir -p $(dir $@)
	dtc -q -Wno-unit_address_vs_reg -I dts -O dtb -o $@ $<

$(O)/gen/boards.c: $(BOARD_DTBS) tests/fuzz/embed.sh
	@mkdir -p $(dir $@)
	sh tests/fuzz/embed.sh $@ $(BOARD_DTBS)

$(O)/obj/gen/boards.o: $(O)/gen/boards.c
	@mkdir -p $(dir $@)
	$(CC) $(HOST_CFLAGS) -Itests/fuzz -c $< -o $@

$(O)/fuzz-dispatch: $(call obj,$(COMMON_SRCS) tests/fuzz/fuzz_dispatch.c) $(O)/obj/gen/boards.o
	$(CC) $(SAN) -o $@ $^ $(LDLIBS)

$(O)/fuzz-dt: $(call obj,$(COMMON_SRCS) tests/fuzz/fuzz_dt.c)
	$(CC) $(SAN) -o $@ $^ $(LDLIBS)

$(O)/fuzz-scmi: $(call obj,$(COMMON_SRCS) tests/fuzz/fuzz_scmi.c)
	$(CC) $(SAN) -o $@ $^ $(LDLIBS)

$(O)/fuzz-trace: $(call obj,$(TRACE_SRCS))
	$(CC) $(SAN) -o $@ $^ $(LDLIBS)

# The DT corpus: the boards (the examples and the fuzz-only ones in
# tests/fuzz/boards/), hand-made seeds and regressions, QEMU's. QEMU pads its DTB to 1 MiB: dtc writes it back at its size.
corpus: $(DT_SEEDS) $(QEMU_DTBS) $(O)/seeds/dt/.mkdtb $(O)/seeds/dispatch/.seeds \
	$(O)/seeds/scmi/.seeds $(O)/seeds/trace/.seeds

$(O)/seeds/dt/.mkdtb: tests/fuzz/mkdtb.py
	@mkdir -p $(dir $@)
	python3 $< $(dir $@)
	@touch $@

$(O)/seeds/dispatch/.seeds: tests/fuzz/seeds.py $(BOARD_DTS) $(FUZZ_BOARD_DTS)
	rm -rf $(dir $@)
	python3 $< $(dir $@)
	@touch $@

$(O)/seeds/scmi/.seeds: tests/fuzz/scmi_seeds.py
	rm -rf $(dir $@)
	python3 $< $(dir $@)
	@touch $@

$(O)/seeds/trace/.seeds: tests/fuzz/trace_seeds.py
	rm -rf $(dir $@)
	python3 $< $(dir $@)
	@touch $@

$(O)/seeds/dt/board-%.dtb: $(O)/boards/%.dtb
	@mkdir -p $(dir $@)
	cp $< $@

$(O)/seeds/dt/%.dtb: tests/fuzz/corpus/dt/%.dts $(wildcard tests/fuzz/corpus/dt/*.dtsi) $(BOARD_DTS)
	@mkdir -p $(dir $@)
	dtc -q -I dts -O dtb -i boards -o $@ $<

QEMU_DUMP = $(1) -net none -display none -machine dumpdtb=$@.full >/dev/null 2>&1 && \
	dtc -q -I dtb -O dtb -o $@ $@.full && rm -f $@.full || \
	{ rm -f $@.full; echo "fuzz: no QEMU DTB seed $(notdir $@) ($(word 1,$(1)) failed)"; }

$(O)/seeds/dt/qemu-virt-a64.dtb:
	@mkdir -p $(dir $@)
	@$(call QEMU_DUMP,qemu-system-aarch64 -M virt$(,)secure=on)

$(O)/seeds/dt/qemu-virt-a64-smp4-el2.dtb:
	@mkdir -p $(dir $@)
	@$(call QEMU_DUMP,qemu-system-aarch64 -M virt$(,)secure=on$(,)virtualization=on \
		-cpu cortex-a57 -smp 4 -m 1G)

$(O)/seeds/dt/qemu-virt-a32.dtb:
	@mkdir -p $(dir $@)
	@$(call QEMU_DUMP,qemu-system-arm -M virt$(,)secure=on -cpu cortex-a15 -smp 2)

, := ,

run: all
	@bash tests/fuzz/run.sh run $(O) $(FUZZ_SECONDS)

check: all
	@bash tests/fuzz/run.sh check $(O) $(CHECK_SECONDS)

-include $(shell find $(O)/obj -name '*.d' 2>/dev/null)
