#!/bin/sh
# Usage: scripts/fetch-libfdt.sh ARCH      (arm64, armhf)
#
# Unpacks Debian's static libfdt for a foreign architecture under
# build/deps/ARCH/ (libfdt-dev:ARCH cannot be installed next to the host's
# libfdt-dev). Prints nothing and does nothing when it is already there.
# Result: build/deps/ARCH/usr/lib/<triplet>/libfdt.a and
#         build/deps/ARCH/usr/include/{fdt.h,libfdt.h}.
set -eu

arch=${1:?usage: $0 ARCH}
cd "$(dirname "$0")/.."
dest=build/deps/$arch
stamp=$dest/.done

[ -f "$stamp" ] && exit 0

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo

# apt-get download resolves ARCH packages only when dpkg knows the
# architecture and apt has its package lists.
if ! dpkg --print-foreign-architectures | grep -qx "$arch" &&
	[ "$arch" != "$(dpkg --print-architecture)" ]; then
	$SUDO dpkg --add-architecture "$arch"
	sh scripts/apt-update.sh || echo "fetch-libfdt: going on with the indexes apt has" >&2
fi
if ! apt-cache show "libfdt-dev:$arch" >/dev/null 2>&1; then
	sh scripts/apt-update.sh || echo "fetch-libfdt: going on with the indexes apt has" >&2
fi

rm -rf "$dest"
mkdir -p "$dest/debs"
(cd "$dest/debs" && apt-get download -q -o APT::Sandbox::User=root "libfdt-dev:$arch" "libfdt1:$arch" >/dev/null)
for deb in "$dest"/debs/*.deb; do
	dpkg-deb -x "$deb" "$dest"
done

# Debian's libfdt_env.h pulls in hosted libc headers; the firmware supplies
# its own, so this one must not be found next to fdt.h.
rm -f "$dest/usr/include/libfdt_env.h"

lib=$(find "$dest/usr/lib" -name libfdt.a | head -n 1)
[ -n "$lib" ] || { echo "fetch-libfdt: no libfdt.a in libfdt-dev:$arch" >&2; exit 1; }
touch "$stamp"
