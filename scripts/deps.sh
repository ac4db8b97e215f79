#!/bin/sh
# Installs every Debian package the build and tests need. Idempotent: does
# nothing when everything is already there. (libfdt for arm64/armhf cannot
# be installed next to the host's; scripts/fetch-libfdt.sh unpacks it under
# build/ instead.) The last line builds and checks the Debian packages (make
# deb, tests/deb): dpkg-buildpackage with debhelper and dh-dkms, help2man for
# the man page, lintian, mmdebstrap (with arch-test, which it needs to build
# a system of another architecture) for the fresh Debian systems.
set -eu

PKGS="make gcc clang llvm lld libclang-rt-14-dev
gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf binutils-aarch64-linux-gnu
binutils-arm-linux-gnueabihf qemu-system-arm qemu-user-static device-tree-compiler
libfdt-dev libcmocka-dev dt-schema
cpio xz-utils zstd e2fsprogs cppcheck clang-tidy shellcheck python3 libelf1 libssl3 librsvg2-bin
dpkg-dev debhelper dh-dkms help2man lintian mmdebstrap arch-test pkg-config man-db"

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "deps: installing$missing"
for a in arm64 armhf; do
	dpkg --print-foreign-architectures | grep -qx "$a" || $SUDO dpkg --add-architecture "$a"
done
# Another apt run (a second checkout's make, unattended upgrades) may hold
# dpkg's lock: wait for it rather than fail.
lock="-o DPkg::Lock::Timeout=600"
# apt-update.sh tries three times (a mirror in the middle of a sync); if
# all fail, install from the indexes apt has (the install says clearly if a
# package is not in them).
sh "$(dirname "$0")/apt-update.sh" ||
	echo "deps: installing from the indexes apt has" >&2
DEBIAN_FRONTEND=noninteractive $SUDO apt-get $lock install -y -qq --no-install-recommends $missing >/dev/null
