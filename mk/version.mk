# The version of secmon, kept in one place: the top entry of debian/changelog
# ("secmon (0.1.0) bookworm; urgency=medium"; a release is a new entry, made
# with dch). `secmon --version`, secmon.pc, dkms.conf, the man page and the
# Debian packages all take it from there (docs/packaging.md).
SECMON_VERSION := $(shell sed -n '1s/^secmon [(]\([0-9][^ ]*\)[)] .*/\1/p' debian/changelog)
ifeq ($(SECMON_VERSION),)
$(error no version in debian/changelog: its first line must be "secmon (VERSION) ...")
endif
