# Static analysis: cppcheck and clang-tidy over the library (lib/), the
# portable monitor, its backends and the host platform (monitor/core, psci,
# services, backends, plat/host), the CLI (tools/), every firmware port's
# own code (monitor/arch, drivers, fwlib and the boards, mk/ports.mk: each
# file once, with the flags of the first port that builds it) and, with
# cppcheck only, the Linux module (linux/), and with shellcheck every shell
# script git tracks (warnings and errors; .shellcheckrc says what is off
# and why). Prints TAP, one line per tool
# and set of files or per file; any finding fails (exit status 1). Logs
# under $(O).
#   make lint            (or make -f mk/lint.mk [-j2])
#
# What each tool can analyse where:
# - the firmware's code is analysed for its own target: clang-tidy with the
#   port's clang flags (--target, the architecture's and board's headers,
#   the fetched libfdt's); cppcheck with its platform's type sizes
#   (unix64, unix32) and the same include folders. The assembly is not
#   analysed (the stack check reads it: mk/stack.mk).
# - linux/: cppcheck, without the kernel's headers (they need a configured
#   kernel tree and kbuild's flags): it analyses each function's own logic
#   with the kernel's types and macros unknown, except the list and DT
#   iterators, modelled below as the loops they are (else every variable
#   they set looks uninitialised). clang-tidy cannot parse the module
#   without those headers, and Debian's kernel headers are configured for
#   GCC (kbuild's flags, CONFIG_CC_IS_GCC), which clang rejects: the
#   module's sources are left to cppcheck and to the compilers' warnings
#   (-Werror in kbuild, `make module`). The library's sources that the
#   module also builds (lib/) are analysed above.
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
#   Given to cppcheck 2.10, which does not know C11's _Noreturn: its GNU
#   form, so that a call of a function that never returns ends the path
#   (qv_boot_failed()).
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
include mk/version.mk
include mk/sources.mk
include mk/ports.mk

LINT_SRCS := $(sort $(LIB_C) $(MON_C) $(BACKEND_C) $(SIM_C) $(wildcard tools/*.c))

include mk/version.mk
CPPCHECK_COMMON := --quiet --std=c11 --error-exitcode=1 \
	--enable=warning,portability,performance '-D_Noreturn=__attribute__((noreturn))' \
	--suppress=missingIncludeSystem \
	--template='{file}:{line}:{column}: {severity}: {message} [{id}]'
CPPCHECK_FLAGS := $(CPPCHECK_COMMON) --platform=unix64 -D_DEFAULT_SOURCE -Iinclude -Ilib \
	-DSECMON_VERSION='"$(SECMON_VERSION)"' \
	--suppress=arrayIndexOutOfBounds:lib/fwops.c \
	--suppress=arrayIndexOutOfBoundsCond:tools/cmd_call.c
CPPCHECK_FINDING := ': \(error\|warning\|style\|performance\|portability\):'

# The firmware ports' own files: each port's list and flags from
# mk/firmware.mk; a file already analysed for an earlier port of the same
# architecture and board is not analysed again (the SCMI port adds one file
# to the AArch64 port's).
port_make = $(shell $(MAKE) -s --no-print-directory -f mk/firmware.mk PORT=$(1) $(2))
define fw_port
FW_KEY.$(1) := $$(call port_make,$(1),lint-key)
FW_FILES.$(1) := $$(filter-out $$(FW_SEEN.$$(FW_KEY.$(1))),$$(call port_make,$(1),lint-files))
FW_SEEN.$$(FW_KEY.$(1)) += $$(FW_FILES.$(1))
FW_TIDY.$(1) := $$(call port_make,$(1),lint-flags)
FW_CPPCHECK.$(1) := $$(call port_make,$(1),lint-cppcheck-flags)
endef
$(foreach p,$(PORT_NAMES),$(eval $(call fw_port,$(p))))
FW_PORTS := $(foreach p,$(PORT_NAMES),$(if $(FW_FILES.$(p)),$(p)))

# linux/: the kernel's iterators as loops that set their cursor (see
# above; a -D's value cannot hold a ';', which cppcheck takes as the end of
# a configuration).
LINUX_SRCS := $(wildcard linux/*.c)
LINUX_CPPCHECK_FLAGS := $(CPPCHECK_COMMON) --platform=unix64 -D__KERNEL__ -Iinclude \
	-Ilinux/include -Ilinux/compat \
	'-Dlist_for_each_entry(p,h,m)=while ((p = (void *)(h)))' \
	'-Dlist_for_each_entry_rcu(p,h,m)=while ((p = (void *)(h)))' \
	'-Dlist_for_each_entry_safe(p,n,h,m)=while ((p = (void *)(h)) && (n = p))' \
	'-Dfor_each_child_of_node(np,c)=while ((c = (void *)(np)))'

TIDY_CHECKS := -*,clang-analyzer-*,bugprone-*,cert-*,misc-*,performance-*,portability-*,$\
	readability-misleading-indentation,$\
	-clang-analyzer-security.insecureAPI.*,-clang-analyzer-optin.performance.Padding,$\
	-bugprone-easily-swappable-parameters,-bugprone-narrowing-conversions,$\
	-bugprone-implicit-widening-of-multiplication-result,$\
	-bugprone-suspicious-string-compare,-cert-err33-c,-misc-no-recursion,$\
	-performance-no-int-to-ptr
TIDY_CFLAGS := -std=c11 -Iinclude -D_DEFAULT_SOURCE -Wall -Wextra -DSECMON_VERSION='"$(SECMON_VERSION)"'
# The library is freestanding, as mk/host.mk builds it.
tidy_flags = $(TIDY_CFLAGS) $(if $(filter lib/%,$(1)),-ffreestanding)

TIDY_LOGS := $(patsubst %.c,$(O)/tidy/%.log,$(LINT_SRCS))
FW_TIDY_LOGS := $(foreach p,$(FW_PORTS),$(patsubst %.c,$(O)/tidy-$(p)/%.log,$(FW_FILES.$(p))))
CPPCHECK_RESULTS := $(O)/cppcheck.result $(patsubst %,$(O)/cppcheck-%.result,$(FW_PORTS)) \
	$(O)/cppcheck-linux.result $(O)/shellcheck.result
SHELL_SRCS := $(shell git ls-files '*.sh' .ci/run 2>/dev/null)

.PHONY: shellcheck lint cppcheck cppcheck-host cppcheck-linux $(patsubst %,cppcheck-%,$(FW_PORTS)) tidy \
	fw-deps FORCE
lint: cppcheck tidy shellcheck
	@fail=0; for f in $(CPPCHECK_RESULTS) $(patsubst %.log,%.result,$(TIDY_LOGS) $(FW_TIDY_LOGS)); do \
		[ "$$(cat $$f)" = 0 ] || fail=1; done; \
	echo "1..$$(( $(words $(TIDY_LOGS) $(FW_TIDY_LOGS) $(CPPCHECK_RESULTS)) ))"; exit $$fail

# $(call cppcheck_run,NAME,FLAGS,FILES): one TAP line for the set.
define cppcheck_run
	@mkdir -p $(O)
	@if cppcheck $(2) $(3) >$(O)/cppcheck$(1).log 2>&1 && \
		! grep -q $(CPPCHECK_FINDING) $(O)/cppcheck$(1).log; then \
		echo 0 >$(O)/cppcheck$(1).result; \
		echo "ok - cppcheck$(1): $(words $(3)) files, no finding"; \
	else \
		echo 1 >$(O)/cppcheck$(1).result; \
		echo "not ok - cppcheck$(1): $$(grep -c $(CPPCHECK_FINDING) $(O)/cppcheck$(1).log) findings (log: $(O)/cppcheck$(1).log)"; \
		grep $(CPPCHECK_FINDING) $(O)/cppcheck$(1).log | sed 's/^/#   /'; \
	fi
endef

cppcheck: cppcheck-host $(patsubst %,cppcheck-%,$(FW_PORTS)) cppcheck-linux

cppcheck-host:
	$(call cppcheck_run,,$(CPPCHECK_FLAGS),$(LINT_SRCS))

cppcheck-linux:
	$(call cppcheck_run,-linux,$(LINUX_CPPCHECK_FLAGS),$(LINUX_SRCS))

define fw_cppcheck_rule
cppcheck-$(1): fw-deps
	$$(call cppcheck_run,-$(1),$$(CPPCHECK_COMMON) $$(FW_CPPCHECK.$(1)),$$(FW_FILES.$(1)))
endef
$(foreach p,$(FW_PORTS),$(eval $(call fw_cppcheck_rule,$(p))))

# The firmware's headers include the fetched libfdt's (scripts/fetch-libfdt.sh).
fw-deps:
	@$(foreach p,$(FW_PORTS),$(MAKE) -s --no-print-directory -f mk/firmware.mk PORT=$(p) fdt-lib &&) true

tidy: $(TIDY_LOGS) $(FW_TIDY_LOGS)

# The firmware defines names its runtime reserves (__stack_chk_fail,
# __aeabi_idiv0) and refers to its link script's (__percpu_start).
FW_TIDY_CHECKS := $(TIDY_CHECKS),-bugprone-reserved-identifier,-cert-dcl37-c,-cert-dcl51-cpp

# $(call tidy_run,FLAGS,CHECKS,WHAT): clang-tidy of $< into $@ and its
# .result; one TAP line.
define tidy_run
	@mkdir -p $(dir $@)
	@if clang-tidy --quiet --checks='$(2)' --warnings-as-errors='*' \
		--header-filter='/(include/secmon|lib|monitor|tools)/' $< -- \
		$(1) >$@ 2>&1; then \
		echo 0 >$(@:.log=.result); echo "ok - clang-tidy $<$(3)"; \
	else \
		echo 1 >$(@:.log=.result); \
		echo "not ok - clang-tidy $<$(3): $$(grep -c ': \(error\|warning\):' $@) findings (log: $@)"; \
		grep ': \(error\|warning\):' $@ | sed 's/^/#   /'; \
	fi
endef

# Always re-run: a header the file includes may have changed.
$(O)/tidy/%.log: %.c FORCE
	$(call tidy_run,$(call tidy_flags,$<),$(TIDY_CHECKS))

define fw_tidy_rule
$(O)/tidy-$(1)/%.log: %.c FORCE | fw-deps
	$$(call tidy_run,$$(FW_TIDY.$(1)),$$(FW_TIDY_CHECKS), ($(1)))
endef
$(foreach p,$(FW_PORTS),$(eval $(call fw_tidy_rule,$(p))))

FORCE:

# Every shell script: one TAP line for the set.
shellcheck: $(O)/shellcheck.result
$(O)/shellcheck.result: FORCE
	@mkdir -p $(O)
	@if shellcheck -S warning -f gcc $(SHELL_SRCS) >$(O)/shellcheck.log 2>&1; then \
		echo 0 >$@; echo "ok - shellcheck: $(words $(SHELL_SRCS)) scripts, no finding"; \
	else \
		echo 1 >$@; \
		echo "not ok - shellcheck: $$(grep -c ': \(error\|warning\):' $(O)/shellcheck.log) findings (log: $(O)/shellcheck.log)"; \
		sed 's/^/#   /' $(O)/shellcheck.log | head -40; \
	fi
