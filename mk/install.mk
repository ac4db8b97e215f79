# `make install`: what the Debian packages ship (docs/packaging.md), for any
# distribution, built for release and copied under $(DESTDIR)$(PREFIX).
# debian/rules runs the same targets with PREFIX=/usr DESTDIR=debian/tmp.
#
#   make install [PREFIX=/usr/local] [DESTDIR=]   everything below
#   make -f mk/install.mk install-tools | install-dev | install-firmware | install-dkms
#   make -f mk/install.mk build-arch | build-indep   build only (tools and dev |
#                                                     firmware; dkms builds nothing)
#   make uninstall [PREFIX=...] [DESTDIR=]        removes what install put there
#
#   tools     $(BINDIR)/secmon, $(MANDIR)/man1/secmon.1 (help2man, from the
#             tool's own help), $(COMPLETIONDIR)/secmon (bash)
#   dev       $(INCLUDEDIR)/secmon/*.h; $(LIBDIR)/libsecmon.a and
#             $(PKGCONFIGDIR)/secmon.pc for this machine; freestanding AArch64
#             and AArch32 libraries with the smc and hvc conduits,
#             $(XLIBDIR)/aarch64/libsecmon.a and $(XLIBDIR)/armhf/libsecmon.a,
#             with $(DATADIR)/pkgconfig/secmon-aarch64.pc and secmon-armhf.pc
#             (their include path, $(XLIBDIR)/include, holds only secmon/,
#             a link to $(INCLUDEDIR)/secmon: no host header reaches a cross build)
#   firmware  $(FWDIR)/qemu-virt-a64/secmon.bin, qemu-virt-a32/secmon.bin,
#             qemu-virt-a64-scmi/secmon.bin, qemu-virt-a64-tos/secmon.bin;
#             $(FWDIR)/boards/*.dtb and their sources
#   dkms      $(SRCDIR)/secmon-$(SECMON_VERSION)/: secmon.ko and
#             secmon-media-example.ko's sources and dkms.conf
#
# CC is the host compiler (default gcc); CFLAGS, CPPFLAGS and LDFLAGS are
# added to the host build's own flags (Debian passes dpkg-buildflags' here).
# The firmware and the freestanding libraries keep their own flags.
include mk/common.mk
include mk/version.mk
include mk/ports.mk

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
COMPLETIONDIR ?= $(DATADIR)/bash-completion/completions
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
XLIBDIR ?= $(PREFIX)/lib/secmon
FWDIR ?= $(DATADIR)/secmon
SRCDIR ?= $(PREFIX)/src
D := $(DESTDIR)

ifeq ($(origin CC),default)
CC := gcc
endif
INSTALL ?= install
# The user's command-line variables (CFLAGS=...) are this file's business:
# the firmware's and the host build's makefiles get only what is passed below.
MAKEOVERRIDES :=

P := build/pkg
REL_CFLAGS := -std=c11 -O2 -g $(WARN) -Iinclude -MMD -MP $(CPPFLAGS) $(CFLAGS)
HOST_BUILD := -f mk/host.mk O=$(P)/host CC='$(CC)' SAN=0 CFLAGS='$(REL_CFLAGS)' \
	LDFLAGS='$(LDFLAGS)'

# ---- the freestanding libraries: lib/ with the smc and hvc conduits, as
# mk/xbuild.mk compiles them (no host header: lib/fdt's libfdt_env.h, and
# copies of libfdt.h and fdt.h, which are the same on every architecture).
X_SRCS := $(wildcard lib/*.c) lib/arch/conduits.c
X_FLAGS := -std=c11 -O2 $(WARN) -ffreestanding -nostdlib -fno-builtin -ffunction-sections \
	-fdata-sections -mgeneral-regs-only -Iinclude -Ilib/fdt -I$(P)/fdt-include
aarch64_CC := aarch64-linux-gnu-gcc
aarch64_AR := aarch64-linux-gnu-ar
aarch64_FLAGS := $(X_FLAGS) -mstrict-align
aarch64_ASM := $(wildcard lib/arch/aarch64/*.S)
armhf_CC := arm-linux-gnueabihf-gcc
armhf_AR := arm-linux-gnueabihf-ar
armhf_FLAGS := $(X_FLAGS) -marm -mno-unaligned-access
armhf_ASM := $(wildcard lib/arch/arm/*.S)
XTARGETS := aarch64 armhf
xobjs = $(patsubst %,$(P)/$(1)/obj/%.o,$(X_SRCS) $($(1)_ASM))

BOARDS_DTS := $(wildcard boards/*.dts)
BOARDS_SRC := $(BOARDS_DTS) $(wildcard boards/*.dtsi)
BOARDS_DTB := $(patsubst boards/%.dts,$(P)/boards/%.dtb,$(BOARDS_DTS))
# secmon-firmware-qemu's images: mk/ports.mk's QEMU ports.
FIRMWARES := $(filter qemu-%,$(PORT_NAMES))

# The DKMS tree: linux/Makefile's staged layout, as files.
DKMS_DIR := $(SRCDIR)/secmon-$(SECMON_VERSION)
DKMS_TOP := linux/Kbuild linux/Kconfig $(wildcard linux/*.c linux/*.S linux/*.h)

.PHONY: all build-arch build-indep tools dev firmware install install-tools install-dev \
	install-firmware install-dkms uninstall clean FORCE
all: build-arch build-indep
build-arch: tools dev
build-indep: firmware

# ---- build ---------------------------------------------------------------------

tools: $(P)/secmon.1
$(P)/host/secmon $(P)/host/libsecmon.a &: FORCE
	@$(MAKE) $(HOST_BUILD) $(P)/host/secmon $(P)/host/libsecmon.a

$(P)/secmon.1: $(P)/host/secmon scripts/man.sh
	sh scripts/man.sh $(P)/host/secmon $@

dev: $(P)/host/libsecmon.a $(foreach t,$(XTARGETS),$(P)/$(t)/libsecmon.a) \
	$(P)/secmon.pc $(foreach t,$(XTARGETS),$(P)/secmon-$(t).pc)

$(P)/fdt-include/libfdt.h:
	@mkdir -p $(dir $@)
	cp /usr/include/fdt.h /usr/include/libfdt.h $(dir $@)

define xlib
$(P)/$(1)/obj/%.c.o: %.c $(P)/fdt-include/libfdt.h
	@mkdir -p $$(dir $$@)
	$($(1)_CC) $($(1)_FLAGS) -c $$< -o $$@
$(P)/$(1)/obj/%.S.o: %.S
	@mkdir -p $$(dir $$@)
	$($(1)_CC) -Iinclude -c $$< -o $$@
$(P)/$(1)/libsecmon.a: $(call xobjs,$(1))
	@rm -f $$@
	$($(1)_AR) rcsD $$@ $$^
endef
$(foreach t,$(XTARGETS),$(eval $(call xlib,$(t))))

# The .pc files hold the paths without DESTDIR (made afresh: PREFIX may change).
$(P)/secmon.pc: lib/secmon.pc.in FORCE
	sed -e 's|@VERSION@|$(SECMON_VERSION)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
		-e 's|@LIBDIR@|$(LIBDIR)|' $< >$@
$(P)/secmon-%.pc: lib/secmon-cross.pc.in FORCE
	sed -e 's|@VERSION@|$(SECMON_VERSION)|' -e 's|@TARGET@|$*|' \
		-e 's|@INCLUDEDIR@|$(XLIBDIR)/include|' -e 's|@LIBDIR@|$(XLIBDIR)/$*|' $< >$@

firmware: $(BOARDS_DTB)
	@$(foreach f,$(FIRMWARES),$(MAKE) -f mk/firmware.mk PORT=$(f) &&) true

$(P)/boards/%.dtb: boards/%.dts $(wildcard boards/*.dtsi)
	@mkdir -p $(dir $@)
	dtc -q -i boards -I dts -O dtb -o $@ $<

# ---- install -----------------------------------------------------------------

install: install-tools install-dev install-firmware install-dkms

install-tools: tools
	$(INSTALL) -d $(D)$(BINDIR) $(D)$(MANDIR)/man1 $(D)$(COMPLETIONDIR)
	$(INSTALL) -m 755 $(P)/host/secmon $(D)$(BINDIR)/secmon
	$(INSTALL) -m 644 $(P)/secmon.1 $(D)$(MANDIR)/man1/secmon.1
	$(INSTALL) -m 644 tools/secmon.bash-completion $(D)$(COMPLETIONDIR)/secmon

install-dev: dev
	$(INSTALL) -d $(D)$(INCLUDEDIR)/secmon $(D)$(LIBDIR) $(D)$(PKGCONFIGDIR) \
		$(D)$(DATADIR)/pkgconfig $(D)$(XLIBDIR)/include
	$(INSTALL) -m 644 include/secmon/*.h $(D)$(INCLUDEDIR)/secmon/
	$(INSTALL) -m 644 $(P)/host/libsecmon.a $(D)$(LIBDIR)/libsecmon.a
	$(INSTALL) -m 644 $(P)/secmon.pc $(D)$(PKGCONFIGDIR)/secmon.pc
	set -e; for t in $(XTARGETS); do \
		$(INSTALL) -d $(D)$(XLIBDIR)/$$t; \
		$(INSTALL) -m 644 $(P)/$$t/libsecmon.a $(D)$(XLIBDIR)/$$t/libsecmon.a; \
		$(INSTALL) -m 644 $(P)/secmon-$$t.pc $(D)$(DATADIR)/pkgconfig/secmon-$$t.pc; \
	done
	ln -sfnr $(D)$(INCLUDEDIR)/secmon $(D)$(XLIBDIR)/include/secmon

install-firmware: firmware
	set -e; for f in $(FIRMWARES); do \
		$(INSTALL) -d $(D)$(FWDIR)/$$f; \
		$(INSTALL) -m 644 build/$$f/secmon.bin $(D)$(FWDIR)/$$f/secmon.bin; \
	done
	$(INSTALL) -d $(D)$(FWDIR)/boards
	$(INSTALL) -m 644 $(BOARDS_DTB) $(BOARDS_SRC) $(D)$(FWDIR)/boards/

install-dkms:
	$(INSTALL) -d $(D)$(DKMS_DIR)/compat $(D)$(DKMS_DIR)/kinclude/linux \
		$(D)$(DKMS_DIR)/include/secmon $(D)$(DKMS_DIR)/lib
	$(INSTALL) -m 644 $(DKMS_TOP) $(D)$(DKMS_DIR)/
	$(INSTALL) -m 644 linux/compat/*.h $(D)$(DKMS_DIR)/compat/
	$(INSTALL) -m 644 linux/include/linux/*.h $(D)$(DKMS_DIR)/kinclude/linux/
	$(INSTALL) -m 644 include/secmon/*.h $(D)$(DKMS_DIR)/include/secmon/
	$(INSTALL) -m 644 lib/*.c lib/*.h $(D)$(DKMS_DIR)/lib/
	sed 's/#MODULE_VERSION#/$(SECMON_VERSION)/' linux/dkms.conf >$(D)$(DKMS_DIR)/dkms.conf
	chmod 644 $(D)$(DKMS_DIR)/dkms.conf

# Removes the files install puts, then the directories that were only secmon's.
HEADERS := $(notdir $(wildcard include/secmon/*.h))
uninstall:
	rm -f $(D)$(BINDIR)/secmon $(D)$(MANDIR)/man1/secmon.1 $(D)$(COMPLETIONDIR)/secmon \
		$(D)$(LIBDIR)/libsecmon.a $(D)$(PKGCONFIGDIR)/secmon.pc \
		$(addprefix $(D)$(INCLUDEDIR)/secmon/,$(HEADERS)) \
		$(foreach t,$(XTARGETS),$(D)$(DATADIR)/pkgconfig/secmon-$(t).pc \
			$(D)$(XLIBDIR)/$(t)/libsecmon.a) $(D)$(XLIBDIR)/include/secmon \
		$(foreach f,$(FIRMWARES),$(D)$(FWDIR)/$(f)/secmon.bin) \
		$(addprefix $(D)$(FWDIR)/boards/,$(notdir $(BOARDS_DTB) $(BOARDS_SRC)))
	rm -rf $(D)$(DKMS_DIR)
	rmdir $(D)$(INCLUDEDIR)/secmon $(foreach t,$(XTARGETS) include,$(D)$(XLIBDIR)/$(t)) \
		$(D)$(XLIBDIR) $(foreach f,$(FIRMWARES) boards,$(D)$(FWDIR)/$(f)) $(D)$(FWDIR) 2>/dev/null || true

clean:
	rm -rf $(P)
