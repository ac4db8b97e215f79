# SPDX-License-Identifier: BSD-3-Clause
# Fresh Debian 12 systems for tests/deb/run.sh, sourced by it (needs root).
#
# deb_base ARCH OUT.tar KEYTEXT PACKAGES   makes (or finds) a base tarball
#     with mmdebstrap from Debian's mirror: variant "apt" (Essential and apt),
#     no Recommends, PACKAGES (comma-separated) installed, the package lists
#     kept so that apt inside can resolve dependencies. The tarball is cached
#     as OUT-KEY.tar (DEB_TAR), KEY a hash of KEYTEXT and of everything that decides
#     what it contains (suite, architecture, mirrors, packages, options);
#     a different recipe makes a new one, an old one is removed. A foreign
#     ARCH runs its maintainer scripts under qemu-user-static (binfmt).
# deb_unpack TAR DIR      a fresh system in DIR from the tarball
# deb_in DIR CMD...       CMD in the system DIR (chroot), in a private mount
#     namespace with /proc and /dev mounted for it alone, so nothing stays
#     mounted when it ends; plain environment, DEBIAN_FRONTEND=noninteractive
# deb_files DIR           every path of the system DIR, sorted, less what
#     changes by itself (apt's and dpkg's own state and caches, logs, /tmp)
# deb_binfmt ARCH         qemu-user-static's binfmt handler for ARCH
#     registered (what its package does on a machine with systemd; a
#     container may need binfmt_misc mounted first)

# shellcheck shell=bash
DEB_SUITE=bookworm
DEB_MIRROR=${DEB_MIRROR:-http://deb.debian.org/debian}
DEB_SECURITY=${DEB_SECURITY:-http://deb.debian.org/debian-security}

deb_binfmt() {
	local name
	case $1 in
	arm64) name=aarch64 ;;
	armhf) name=arm ;;
	*) return 0 ;;
	esac
	[ -e "/proc/sys/fs/binfmt_misc/qemu-$name" ] && return 0
	mountpoint -q /proc/sys/fs/binfmt_misc ||
		mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc || return 1
	[ -e "/proc/sys/fs/binfmt_misc/qemu-$name" ] ||
		cat "/usr/lib/binfmt.d/qemu-$name.conf" >/proc/sys/fs/binfmt_misc/register
}

deb_base() {
	local arch=$1 out=$2 keytext=$3 pkgs=$4 key recipe
	recipe="suite=$DEB_SUITE arch=$arch variant=apt recommends=no lists=kept
mirror=$DEB_MIRROR $DEB_SUITE $DEB_SUITE-updates
security=$DEB_SECURITY $DEB_SUITE-security
include=$pkgs
$keytext"
	key=$(printf '%s\n' "$recipe" | sha256sum | cut -c1-16)
	DEB_TAR=${out%.tar}-$key.tar
	[ -s "$DEB_TAR" ] && return 0
	rm -rf "${out%.tar}"-*
	mkdir -p "$(dirname "$out")"
	printf '%s\n' "$recipe" >"${DEB_TAR%.tar}.recipe"
	deb_binfmt "$arch" || return 1
	mmdebstrap --variant=apt --arch="$arch" --include="$pkgs" --format=tar \
		--aptopt='APT::Install-Recommends "false"' --skip=cleanup/apt/lists \
		"$DEB_SUITE" "${DEB_TAR%.tar}.part.tar" \
		"deb $DEB_MIRROR $DEB_SUITE main" "deb $DEB_MIRROR $DEB_SUITE-updates main" \
		"deb $DEB_SECURITY $DEB_SUITE-security main" || {
		rm -f "${DEB_TAR%.tar}.part.tar"
		return 1
	}
	mv "${DEB_TAR%.tar}.part.tar" "$DEB_TAR"
}

deb_unpack() {
	local tar=$1 dir=$2
	rm -rf "$dir"
	mkdir -p "$dir"
	# Device nodes come from the host's /dev (deb_in), not from the tarball.
	tar -C "$dir" --exclude='./dev/*' -xf "$tar" || return 1
	cp /etc/resolv.conf "$dir/etc/resolv.conf"
}

deb_in() {
	local dir=$1
	shift
	unshare --mount --propagation private -- sh -c '
		dir=$1
		shift
		mount -t proc proc "$dir/proc" && mount --rbind /dev "$dir/dev" || exit 125
		exec chroot "$dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
			LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"' sh "$dir" "$@"
}

deb_files() {
	(cd "$1" && find . -xdev | sed 's|^\.||' | grep -v -E \
		'^(/proc|/sys|/dev|/tmp|/run|/root)(/|$)|^/var/(cache|log|lib/apt|lib/dpkg)(/|$)|^/etc/ld\.so\.cache$' |
		LC_ALL=C sort)
}
