#!/bin/bash
# tests/deb/run.sh [--armhf] - the Debian packages end to end (issue 27,
# docs/packaging.md). Prints TAP lines; exits 1 when one fails.
#
#  1. `make deb` (scripts/deb.sh: dpkg-buildpackage as the user nobody when
#     run by root); the four packages and their version; lintian reports no
#     error, and every warning it gives is listed in docs/packaging.md;
#     `make uninstall` removes all that `make install` put in debian/tmp.
#  2. A fresh Debian 12 amd64 system (mmdebstrap from Debian's mirror, the
#     base cached outside the tree, in $SECMON_CACHE/deb/, tests/deb/chroot.sh): `apt-get
#     install` of secmon-tools, libsecmon-dev and secmon-firmware-qemu
#     resolves their dependencies from Debian; then, in that system:
#     `secmon --version`, `decode`, `call --sim`, `dt` on an installed board;
#     the man page renders without a warning and has every command; the bash
#     completion completes commands, options and names; the README's example,
#     built with `pkg-config --cflags --libs secmon`, prints what the README
#     says; freestanding programs built (by the host's cross compilers, the
#     system as sysroot) against secmon-aarch64 and secmon-armhf run under
#     qemu-user and link without a warning; every /usr/share/secmon path that
#     README.Debian names is there.
#  3. `make run` with the installed /usr/share/secmon/qemu-virt-a64/secmon.bin
#     and Debian's kernel package (scripts/run.sh with BIOS=).
#  4. A fresh Debian 12 arm64 system, run under qemu-user-static, with dkms
#     and linux-headers-RELEASE of the kernel the tests boot (cached base):
#     `apt-get install` of secmon-dkms has DKMS build and install both
#     modules for those headers; they are kept; `apt-get purge` removes them,
#     DKMS's tree and the sources, and leaves no file that was not there
#     before (depmod's index files aside).
#  5. The Linux module suite (tests/linux-module/run.sh --modules) with the
#     modules DKMS built, under the installed firmware images: fw-psci (the
#     example driver, and the API test module against DKMS's secmon.ko) and
#     fw-scmi (the SCMI image).
#  6. `apt-get purge --autoremove` of the three amd64 packages: dpkg knows
#     none of them, /usr/share/secmon is gone, and the system's files are
#     those it had before the installation.
# --armhf: 4 again in an armhf system for the armmp kernel's headers, and 5
# with those modules in the armmp kernel (fw-psci, fw-negative) under the
# installed AArch32 firmware (not in `make check`: docs/packaging.md gives
# its time). --no-build: the packages that build/deb already has (a rerun
# while working on the tests).
# Needs root (chroots, mounts); otherwise it runs itself through `sudo -n`.
# Logs: build/deb/test/.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HERE=$ROOT/tests/deb
cd "$ROOT" || exit 2
ARMHF=0
BUILD=1
for a in "$@"; do
	case $a in
	--armhf) ARMHF=1 ;;
	--no-build) BUILD=0 ;;
	*) echo "usage: tests/deb/run.sh [--armhf] [--no-build]" >&2; exit 2 ;;
	esac
done

if [ "$(id -u)" != 0 ]; then
	exec sudo -n bash "$0" "$@" || {
		echo "not ok - deb: needs root for its chroots (run as root or with passwordless sudo)"
		exit 1
	}
fi

# shellcheck source=tests/deb/chroot.sh
. "$HERE/chroot.sh"

T=build/deb/test
# The bases outside the tree, as scripts/qemu-exynos.sh keeps its QEMU: a
# clean clone (CI's) reuses them; their names hold what they were made from.
CACHE=${SECMON_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/secmon}/deb
TAP_PREFIX="deb: "
# shellcheck source=tests/tap.sh
. tests/tap.sh
tap() { # ok|not-ok DESCRIPTION [DETAIL-FILE]: the detail's last 25 lines on a failure
	if [ "$1" = ok ]; then
		tap_ok "$2"
	else
		tap_not_ok "$2"
		[ -z "${3:-}" ] || tap_file "$3" 25
	fi
}
check() { # DESCRIPTION DETAIL-FILE COMMAND...: ok when COMMAND succeeds
	local what=$1 detail=$2
	shift 2
	if "$@"; then tap ok "$what"; else tap not-ok "$what" "$detail"; fi
}
# Adds TAP lines another script printed (each "ok"/"not ok" counted).
count() {
	tap_count "$1"
}
summary() {
	echo "# $((TAP_COUNT - TAP_FAILED)) passed, $TAP_FAILED failed"
}
started=$SECONDS
# CPU seconds (user and system) of everything this script has run so far:
# on a loaded host the wall-clock time says little.
# (`times` in this shell, not in a subshell, which would count its own.)
CPU=0
cpu() {
	local f
	f=$(mktemp)
	times >"$f"
	CPU=$(sed -n 2p "$f" | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/)
		printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
	rm -f "$f"
}
step() {
	cpu
	echo "# ---- $1 ($((SECONDS - started)) s so far, CPU $CPU s)"
}

VERSION=$(sed -n '1s/^secmon (\([^)]*\)).*/\1/p' debian/changelog)
D=build/deb

# ---- 1. make deb, lintian -----------------------------------------------------

step "make deb"
rm -rf "$T"
if [ "$BUILD" = 0 ] && [ -f "$D/lintian.txt" ]; then
	echo "== --no-build: the packages built before" >"$D.log"
	echo "# --no-build: the packages in $D, built before"
elif sh scripts/deb.sh >"$D.log" 2>&1; then
	tap ok "make deb: dpkg-buildpackage$(grep -q 'as the user nobody' "$D.log" && echo ' as the user nobody')"
else
	tap not-ok "make deb" "$D.log"
	summary
	exit 1
fi
mkdir -p "$T"
mv "$D.log" "$T/make-deb.log"
deb() { echo "$D/${1}_${VERSION}_$2.deb"; }
TOOLS=$(deb secmon-tools amd64) DEV=$(deb libsecmon-dev amd64)
FW=$(deb secmon-firmware-qemu all) DKMS=$(deb secmon-dkms all)
missing=
for f in "$TOOLS" "$DEV" "$FW" "$DKMS"; do
	[ -f "$f" ] && [ "$(dpkg-deb -f "$f" Version)" = "$VERSION" ] || missing="$missing $f"
done
check "the four packages, version $VERSION from debian/changelog" /dev/null test -z "$missing"
[ -z "$missing" ] || echo "#   missing or another version:$missing"

grep -E '^[EW]: ' "$D/lintian.txt" >"$T/lintian-ew.txt"
check "lintian: no error ($(grep -c '^E: ' "$D/lintian.txt") errors, $(grep -c '^W: ' "$D/lintian.txt") warnings, $(grep -c '^I: ' "$D/lintian.txt") notes)" \
	"$T/lintian-ew.txt" sh -c "! grep -q '^E: ' $D/lintian.txt"
# docs/packaging.md lists each warning that stays, as `tag` in its table.
undocumented=$(sed -n 's/^W: [^:]*: \([a-z0-9-]*\).*/\1/p' "$D/lintian.txt" | sort -u |
	while read -r tag; do grep -q "^| \`$tag\`" docs/packaging.md || echo "$tag"; done)
echo "$undocumented" >"$T/lintian-undocumented.txt"
check "lintian: every warning is listed in docs/packaging.md" "$T/lintian-undocumented.txt" \
	test -z "$undocumented"

# make install's counterpart, in the tree dpkg-buildpackage ran in: the
# packaging installed everything into debian/tmp with it.
STAGE=$D/secmon-$VERSION
n=$(find "$STAGE/debian/tmp" \( -type f -o -type l \) 2>/dev/null | wc -l)
if [ "$n" -gt 0 ]; then
	make -s -C "$STAGE" -f mk/install.mk uninstall PREFIX=/usr \
		LIBDIR=/usr/lib/"$(dpkg-architecture -qDEB_HOST_MULTIARCH)" DESTDIR="$PWD/$STAGE/debian/tmp" \
		>"$T/uninstall.log" 2>&1
	find "$STAGE/debian/tmp" \( -type f -o -type l \) >>"$T/uninstall.log"
	check "make uninstall removes the $n files make install put in debian/tmp" "$T/uninstall.log" \
		test -z "$(find "$STAGE/debian/tmp" \( -type f -o -type l \))"
fi

# ---- 2. a fresh amd64 system ------------------------------------------------------

step "Debian 12 amd64: base"
A=$T/root-amd64
if deb_base amd64 "$CACHE/bookworm-amd64.tar" "for: gcc and pkg-config (tests)" \
	gcc,libc6-dev,pkg-config >"$T/base-amd64.log" 2>&1 && deb_unpack "$DEB_TAR" "$A"; then
	tap ok "fresh Debian 12 amd64 system (base $(basename "$DEB_TAR"))"
else
	tap not-ok "fresh Debian 12 amd64 system" "$T/base-amd64.log"
	summary
	exit 1
fi
deb_files "$A" >"$T/amd64-before.txt"
mkdir -p "$A/tmp/debs"
cp "$TOOLS" "$DEV" "$FW" "$A/tmp/debs/"
in_a() { deb_in "$A" "$@"; }
apt_install() { # ROOT DEBS...: apt-get install; once more after apt-get update
	local r=$1
	shift
	deb_in "$r" apt-get install -y "$@" || { deb_in "$r" apt-get update && deb_in "$r" apt-get install -y "$@"; }
}
step "Debian 12 amd64: apt-get install"
if apt_install "$A" "/tmp/debs/$(basename "$TOOLS")" "/tmp/debs/$(basename "$DEV")" \
	"/tmp/debs/$(basename "$FW")" >"$T/install-amd64.log" 2>&1; then
	tap ok "apt-get install secmon-tools libsecmon-dev secmon-firmware-qemu"
else
	tap not-ok "apt-get install secmon-tools libsecmon-dev secmon-firmware-qemu" "$T/install-amd64.log"
fi
st=$(in_a dpkg-query -W -f='${Status}' libfdt-dev 2>&1)
check "libfdt-dev came from Debian as libsecmon-dev's dependency ($st)" "$T/install-amd64.log" \
	grep -q '^Unpacking libfdt-dev' "$T/install-amd64.log"

# The tool, as installed.
out() { # NAME COMMAND...: the command's output in $T/NAME.out, status returned
	local name=$1
	shift
	"$@" >"$T/$name.out" 2>&1
}
out version in_a secmon --version
check "secmon --version: secmon $VERSION" "$T/version.out" grep -qx "secmon $VERSION" "$T/version.out"
out decode in_a secmon decode 0xC4000003
check "secmon decode 0xC4000003: PSCI CPU_ON, SMC64" "$T/decode.out" \
	sh -c "grep -q '^name  *PSCI CPU_ON\$' $T/decode.out && grep -q '^convention  *SMC64' $T/decode.out"
out call in_a secmon call --sim PSCI_VERSION
check "secmon call --sim PSCI_VERSION: 1.3 from the simulated monitor" "$T/call.out" \
	grep -q 'x0 *= *0x10003' "$T/call.out"
out dt in_a secmon dt /usr/share/secmon/boards/legacy-negative.dtb
check "secmon dt on the installed legacy-negative.dtb: its firmware operations" "$T/dt.out" \
	grep -q 'cpu-boot' "$T/dt.out"

# The man page: no warning from man/groff, every command a section.
man1=$A/usr/share/man/man1/secmon.1.gz
MANWIDTH=80 man --warnings -E UTF-8 -l "$man1" >"$T/man.txt" 2>"$T/man.err"
missing=$(in_a secmon --help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p' |
	while read -r c; do grep -qx "   $c" "$T/man.txt" || echo "$c"; done)
check "man secmon: renders without a warning, a section for each command" "$T/man.err" \
	sh -c "[ ! -s $T/man.err ] && [ -z '$missing' ] && grep -q '^SYNOPSIS' $T/man.txt"

# The bash completion, in the system's bash.
complete_words() { # WORDS...: what the completion offers for the last word
	in_a bash -c '. /usr/share/bash-completion/completions/secmon
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _secmon; echo "${COMPREPLY[*]}"' sh "$@"
}
{
	echo "secmon d -> $(complete_words secmon d)"
	echo "secmon call --s -> $(complete_words secmon call --s)"
	echo "secmon decode CPU_O -> $(complete_words secmon decode CPU_O)"
	echo "secmon help tr -> $(complete_words secmon help tr)"
} >"$T/completion.out"
check "bash completion: commands, a command's options, function names" "$T/completion.out" \
	sh -c "grep -qx 'secmon d -> decode dt' $T/completion.out &&
		grep -qx 'secmon call --s -> --sim --smc32 --smc64' $T/completion.out &&
		grep -qx 'secmon decode CPU_O -> CPU_OFF CPU_ON' $T/completion.out &&
		grep -qx 'secmon help tr -> trace' $T/completion.out"

# The README's example with pkg-config, and the output the README shows.
sed -n '/^<!-- tests\/deb: probe.c -->$/,/^```$/p' README.md | sed '1,2d;$d' >"$A/tmp/probe.c"
sed -n '/^\$ cc probe.c/,/^```$/p' README.md | sed '1d;$d' >"$T/probe.want"
out probe-build in_a sh -c 'cd /tmp && cc -std=c11 -Wall -Wextra -Werror -o probe probe.c $(pkg-config --cflags --libs secmon)'
check "the README's example builds with pkg-config --cflags --libs secmon" "$T/probe-build.out" \
	test -x "$A/tmp/probe"
out probe in_a /tmp/probe
check "it runs and prints what the README says" "$T/probe.out" \
	sh -c "[ -s $T/probe.want ] && cmp -s $T/probe.want $T/probe.out"

# The freestanding libraries, through their pkg-config files, the system as sysroot.
for t in aarch64:aarch64-linux-gnu:qemu-aarch64-static:0xc4000003:0:AArch64 \
	armhf:arm-linux-gnueabihf:qemu-arm-static:0x84000003:1:AArch32; do
	IFS=: read -r n triplet qemu fid a32 what <<<"$t"
	flags=$(PKG_CONFIG_SYSROOT_DIR=$A PKG_CONFIG_LIBDIR=$A/usr/share/pkgconfig pkg-config \
		--cflags --libs "secmon-$n")
	# shellcheck disable=SC2086
	out "xprobe-$n-build" "$triplet-gcc" -std=c11 -O2 -Wall -Wextra -Werror -ffreestanding -nostdlib \
		-static -fno-pie -no-pie -fno-stack-protector -Wl,--fatal-warnings \
		-o "$T/xprobe-$n" "$HERE/xprobe.c" $flags -lgcc
	check "secmon-$n: a freestanding program links with it, without a warning" \
		"$T/xprobe-$n-build.out" test -x "$T/xprobe-$n"
	out "xprobe-$n" "$qemu" "$T/xprobe-$n"
	check "secmon-$n: it runs: the smc conduit of an $what caller, CPU_ON $fid" "$T/xprobe-$n.out" \
		grep -qx "conduits smc hvc aarch32=$a32 CPU_ON=$fid -9=invalid address" "$T/xprobe-$n.out"
done

# README.Debian's paths.
readme=$A/usr/share/doc/secmon-firmware-qemu/README.Debian
grep -o '/usr/share/secmon/[A-Za-z0-9_./*-]*' "$readme" | sort -u >"$T/readme-paths.txt"
absent=$(while read -r p; do
	compgen -G "$A$p" >/dev/null || echo "$p"
done <"$T/readme-paths.txt")
echo "$absent" >"$T/readme-absent.txt"
check "README.Debian: its $(wc -l <"$T/readme-paths.txt") /usr/share/secmon paths are installed" \
	"$T/readme-absent.txt" sh -c "[ -s $T/readme-paths.txt ] && [ -z '$absent' ]"

# ---- 3. make run with the installed firmware ----------------------------------------

step "make run with /usr/share/secmon/qemu-virt-a64/secmon.bin"
FWA64=$A/usr/share/secmon/qemu-virt-a64/secmon.bin
BIOS=$FWA64 LOG=$T/run-a64.log bash scripts/run.sh >"$T/run-a64.out" 2>&1
count "$T/run-a64.out"
check "make run BIOS=/usr/share/secmon/qemu-virt-a64/secmon.bin: Linux on 4 CPUs, powered off" \
	"$T/run-a64.out" grep -q '^== Linux brought up 4 CPUs under secmon' "$T/run-a64.out"

# ---- 4. DKMS in an arm64 system -----------------------------------------------------

dkms_test() { # ARCH (arm64|armhf): DKMS builds the modules for Debian's headers
	local arch=$1 flavour uname r krel kver ko status
	case $arch in
	arm64) flavour=arm64 uname=aarch64 ;;
	armhf) flavour=armmp uname=armv7l ;;
	esac
	r=$T/root-$arch
	step "Debian 12 $arch: base with dkms and the $flavour headers"
	if ! sh tests/linux/fetch.sh "$arch" "build/linux/$arch" >"$T/fetch-$arch.log" 2>&1; then
		tap not-ok "$arch: Debian's kernel resolved (tests/linux/fetch.sh)" "$T/fetch-$arch.log"
		return
	fi
	krel=$(sed -n 's/^kernel_release=//p' "build/linux/$arch/version")
	kver=$(sed -n 's/^kernel_version=//p' "build/linux/$arch/version")
	if deb_base "$arch" "$CACHE/bookworm-$arch.tar" "headers: linux-headers-$krel $kver" \
		"dkms,linux-headers-$krel" >"$T/base-$arch.log" 2>&1 && deb_unpack "$DEB_TAR" "$r"; then
		tap ok "fresh Debian 12 $arch system with dkms and linux-headers-$krel (base $(basename "$DEB_TAR"))"
	else
		tap not-ok "fresh Debian 12 $arch system with dkms and linux-headers-$krel" "$T/base-$arch.log"
		return
	fi
	check "$arch: its linux-headers-$krel is $kver, the kernel the tests boot" "$T/base-$arch.log" \
		test "$(deb_in "$r" dpkg-query -W -f='${Version}' "linux-headers-$krel")" = "$kver"
	deb_files "$r" >"$T/$arch-before.txt"
	mkdir -p "$r/tmp/debs"
	cp "$DKMS" "$r/tmp/debs/"
	step "Debian 12 $arch: apt-get install secmon-dkms (DKMS builds under qemu-user)"
	apt_install "$r" "/tmp/debs/$(basename "$DKMS")" >"$T/install-dkms-$arch.log" 2>&1
	status=$(deb_in "$r" dkms status secmon 2>&1)
	echo "$status" >>"$T/install-dkms-$arch.log"
	check "$arch: apt-get install secmon-dkms: DKMS built and installed secmon/$VERSION for $krel" \
		"$T/install-dkms-$arch.log" grep -qx "secmon/$VERSION, $krel, $uname: installed" <<<"$status"
	mkdir -p "$T/dkms-$arch"
	for ko in secmon secmon-media-example; do
		cp "$r/lib/modules/$krel/updates/dkms/$ko.ko" "$T/dkms-$arch/" 2>/dev/null
	done
	check "$arch: both modules in /lib/modules/$krel/updates/dkms" "$T/install-dkms-$arch.log" \
		test -f "$T/dkms-$arch/secmon.ko" -a -f "$T/dkms-$arch/secmon-media-example.ko"
	deb_in "$r" apt-get purge -y secmon-dkms >"$T/purge-dkms-$arch.log" 2>&1
	# depmod's index files, which DKMS's depmod made and its last one leaves
	# (as for any module package), are not the package's.
	deb_files "$r" | grep -v -E "^(/usr)?/lib/modules/$krel/modules\.[a-z.]+\$" >"$T/$arch-after.txt"
	diff "$T/$arch-before.txt" "$T/$arch-after.txt" >"$T/$arch-left.txt"
	status=$(deb_in "$r" dkms status secmon 2>&1)
	echo "dkms status secmon: $status" >>"$T/$arch-left.txt"
	check "$arch: apt-get purge secmon-dkms leaves nothing (modules, DKMS tree, sources)" \
		"$T/$arch-left.txt" sh -c "! grep -q '^[<>]' $T/$arch-left.txt &&
			! grep -q secmon $T/$arch-after.txt && [ -z '$status' ]"
}
dkms_test arm64
[ "$ARMHF" = 1 ] && dkms_test armhf

# ---- 5. the module suite with DKMS's modules ------------------------------------------

step "the Linux module suite with DKMS's modules"
if [ -f "$T/dkms-arm64/secmon.ko" ]; then
	bash tests/linux-module/run.sh --modules "$T/dkms-arm64" --bios "$FWA64" --only fw-psci,fw-scmi \
		>"$T/module-suite.out" 2>&1
	count "$T/module-suite.out"
else
	tap not-ok "the Linux module suite with DKMS's modules: no modules"
fi
if [ "$ARMHF" = 1 ]; then
	if [ -f "$T/dkms-armhf/secmon.ko" ]; then
		bash tests/linux-module/run.sh --arch armhf --modules "$T/dkms-armhf" \
			--bios "$A/usr/share/secmon/qemu-virt-a32/secmon.bin" --only fw-psci,fw-negative \
			>"$T/module-suite-armhf.out" 2>&1
		count "$T/module-suite-armhf.out"
	else
		tap not-ok "the armhf module suite with DKMS's modules: no modules"
	fi
fi

# ---- 6. removal ----------------------------------------------------------------------

step "Debian 12 amd64: apt-get purge --autoremove"
in_a apt-get purge -y --autoremove secmon-tools libsecmon-dev secmon-firmware-qemu \
	>"$T/purge-amd64.log" 2>&1
known=$(in_a dpkg-query -W -f='${Package} ${Status}\n' 2>/dev/null | grep -E '^(secmon|libsecmon|libfdt)')
echo "$known" >>"$T/purge-amd64.log"
check "apt-get purge --autoremove: dpkg knows none of the packages or their libfdt" \
	"$T/purge-amd64.log" test -z "$known"
deb_files "$A" >"$T/amd64-after.txt"
diff "$T/amd64-before.txt" "$T/amd64-after.txt" >"$T/amd64-left.txt"
check "nothing is left: no /usr/share/secmon, the same files as before the installation" \
	"$T/amd64-left.txt" sh -c "[ ! -s $T/amd64-left.txt ] && [ ! -e $A/usr/share/secmon ]"

rm -rf "$A" "$T/root-arm64" "$T/root-armhf"
cpu
echo "# deb: $((SECONDS - started)) s, CPU $CPU s"
summary
tap_status
