# The concurrency stress test (tests/stress/), built beside a host build:
# this file adds $(O)/stress to mk/host.mk's targets, with the same compiler,
# flags and sanitizer (O, CC and SAN as mk/host.mk takes them).
#   make -f mk/stress.mk O=build/host CC=gcc SAN=1        ASan + UBSan
#   make -f mk/stress.mk O=build/host-tsan CC=clang SAN=thread
#   make -f mk/stress.mk O=build/stress-nosan CC=gcc SAN=0
include mk/host.mk

STRESS := $(O)/stress

all: $(STRESS)

$(STRESS): $(call obj,tests/stress/stress.c) $(MON_A) $(LIB_A)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)
