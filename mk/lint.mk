# Static analysis: cppcheck and clang-tidy over the library (lib/), the
# portable monitor and the host platform (monitor/core, psci, services,
# plat/host) and the CLI (tools/). Prints TAP, one line per tool and file;
# any finding fails (exit status 1). Logs under $(O).
#   make lint            (or make -f mk/lint.mk [-j2])
#
# The check set aims at bugs, not style:
#
# cppcheck --enable=warning,portability,performance (errors are always on):
#   out-of-bounds indexing, uninitialised or null use, leaks, printf
#   argument types, undefined shifts and casts, sizeof mistakes. Style,
#   unusedFunction and inconclusive results are off. Suppressed, each a
#   checked false positive:
#     arrayIndexOutOfBounds:lib/fwops.c   table_call() indexes mpidr[cpu]
#       only when cpu < o->ncpus, and set_cpus() keeps ncpus <= 16; cppcheck
#       follows callers that pass cpu = SECMON_FWOPS_MAX_CPUS into the
#       guarded branch.
#     arrayIndexOutOfBoundsCond:tools/cmd_call.c   reg_shown(n) is only
#       called with n < SECMON_NREGS.
#     missingIncludeSystem   system headers are not given to cppcheck.
#
# clang-tidy: clang-analyzer-* (the static analyser: null and
#   uninitialised values, dead stores, leaks, API misuse), bugprone-*,
#   cert-*, misc-*, performance-*, portability-*, and
#   readability-misleading-indentation. Left out, as noise for this code:
#     clang-analyzer-security.insecureAPI.*  (asks for C11 Annex K *_s
#       functions, which glibc does not have, instead of memset/snprintf)
#     clang-analyzer-optin.performance.Padding  (struct layout advice)
#     bugprone-easily-swappable-parameters, bugprone-narrowing-conversions,
#     bugprone-implicit-widening-of-multiplication-result,
#     bugprone-suspicious-string-compare  (style of correct code)
#     cert-err33-c  (every printf's result unchecked)
#     misc-no-recursion  (copy_node() recurses over a DT's depth, by design)
#     performance-no-int-to-ptr  (the simulator passes a CPU number as a
#       thread argument)
O ?= build/lint
include mk/sources.mk

LINT_SRCS := $(sort $(LIB_C) $(MON_C) $(BACKEND_C) $(SIM_C) $(wildcard tools/*.c))

CPPCHECK_FLAGS := --quiet --std=c11 --platform=unix64 --error-exitcode=1 \
	--enable=warning,portability,performance -D_DEFAULT_SOURCE -Iinclude -Ilib \
	--suppress=missingIncludeSystem \
	--suppress=arrayIndexOutOfBounds:lib/fwops.c \
	--suppress=arrayIndexOutOfBoundsCond:tools/cmd_call.c \
	--template='{file}:{line}:{column}: {severity}: {message} [{id}]'

TIDY_CHECKS := -*,clang-analyzer-*,bugprone-*,cert-*,misc-*,performance-*,portability-*,$\
	readability-misleading-indentation,$\
	-clang-analyzer-security.insecureAPI.*,-clang-analyzer-optin.performance.Padding,$\
	-bugprone-easily-swappable-parameters,-bugprone-narrowing-conversions,$\
	-bugprone-implicit-widening-of-multiplication-result,$\
	-bugprone-suspicious-string-compare,-cert-err33-c,-misc-no-recursion,$\
	-performance-no-int-to-ptr
TIDY_CFLAGS := -std=c11 -Iinclude -D_DEFAULT_SOURCE -Wall -Wextra
# The library is freestanding, as mk/host.mk builds it.
tidy_flags = $(TIDY_CFLAGS) $(if $(filter lib/%,$(1)),-ffreestanding)

TIDY_LOGS := $(patsubst %.c,$(O)/tidy/%.log,$(LINT_SRCS))

.PHONY: lint cppcheck tidy FORCE
lint: cppcheck tidy
	@fail=0; for f in $(O)/cppcheck.result $(patsubst %.log,%.result,$(TIDY_LOGS)); do \
		[ "$$(cat $$f)" = 0 ] || fail=1; done; \
	echo "1..$$(( $(words $(TIDY_LOGS)) + 1 ))"; exit $$fail

cppcheck:
	@mkdir -p $(O)
	@if cppcheck $(CPPCHECK_FLAGS) $(LINT_SRCS) >$(O)/cppcheck.log 2>&1 && \
		! grep -q ': \(error\|warning\|style\|performance\|portability\):' $(O)/cppcheck.log; then \
		echo 0 >$(O)/cppcheck.result; \
		echo "ok - cppcheck: $(words $(LINT_SRCS)) files, no finding"; \
	else \
		echo 1 >$(O)/cppcheck.result; \
		echo "not ok - cppcheck: $$(grep -c ': \(error\|warning\|style\|performance\|portability\):' $(O)/cppcheck.log) findings (log: $(O)/cppcheck.log)"; \
		grep ': \(error\|warning\|style\|performance\|portability\):' $(O)/cppcheck.log | sed 's/^/#   /'; \
	fi

tidy: $(TIDY_LOGS)

# Always re-run: a header the file includes may have changed.
$(O)/tidy/%.log: %.c FORCE
	@mkdir -p $(dir $@)
	@if clang-tidy --quiet --checks='$(TIDY_CHECKS)' --warnings-as-errors='*' \
		--header-filter='/(include/secmon|lib|monitor|tools)/' $< -- \
		$(call tidy_flags,$<) >$@ 2>&1; then \
		echo 0 >$(@:.log=.result); echo "ok - clang-tidy $<"; \
	else \
		echo 1 >$(@:.log=.result); \
		echo "not ok - clang-tidy $<: $$(grep -c ': \(error\|warning\):' $@) findings (log: $@)"; \
		grep ': \(error\|warning\):' $@ | sed 's/^/#   /'; \
	fi

FORCE:
