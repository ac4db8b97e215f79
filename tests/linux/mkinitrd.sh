#!/bin/sh
# mkinitrd.sh OUTDIR INIT_SCRIPT OUT.cpio.gz - build a small initramfs.
#
#   OUTDIR       what fetch.sh left (busybox, modules/, version)
#   INIT_SCRIPT  installed as /init (a /bin/sh script; /bin/sh is busybox)
#   OUT          gzip-compressed cpio (newc), as QEMU's -initrd takes it
#
# Contents: /bin/busybox, /bin/sh -> busybox, /init, empty /proc /sys /dev
# /tmp /run /mnt /root /sbin /usr/bin /usr/sbin (the init mounts
# proc, sysfs and devtmpfs and runs `busybox --install -s` for the other
# applets), /etc/init-prelude.sh (tests/linux/init-prelude.sh: an init
# that sources it has that done) and /etc/init-pm.sh (init-pm.sh: CPU
# hotplug and suspend helpers), /dev/console and /dev/null when run as
# root (else the kernel's built-in /dev/console is used), and the kernel
# modules named in
# INITRD_MODULES (default: "virtio_mmio virtio_blk arm_smccc_trng", about
# 80 KiB, which the init loads only for tests that need a disk or TRNG) with
# their dependencies, under
# /lib/modules/RELEASE/, listed in load order in /lib/modules/load-order.
# Set INITRD_MODULES= (empty) for none. INITRD_EXTRA=DIR copies DIR's tree
# over the root as well (tests/linux/kexec.sh: kexec, its libraries, a
# kernel and an initramfs to load).
#
# Files are owned by root and dated at the epoch, so the same inputs give
# the same archive.
set -eu

if [ $# -ne 3 ]; then
	echo "usage: mkinitrd.sh OUTDIR INIT_SCRIPT OUT.cpio.gz" >&2
	exit 2
fi
OUTDIR=$1
INIT=$2
OUT=$3
MODS=${INITRD_MODULES-virtio_mmio virtio_blk arm_smccc_trng}

die() {
	echo "mkinitrd.sh: $*" >&2
	exit 1
}

[ -x "$OUTDIR/busybox" ] || die "no $OUTDIR/busybox (run tests/linux/fetch.sh)"
[ -f "$INIT" ] || die "no init script $INIT"
for tool in cpio gzip find sort; do
	command -v "$tool" >/dev/null 2>&1 || die "needs $tool"
done

STAGE=$(mktemp -d "${TMPDIR:-/tmp}/mkinitrd.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT INT TERM
R=$STAGE/root
mkdir -p "$R"
for d in bin sbin usr/bin usr/sbin proc sys dev tmp run mnt root etc lib/modules; do
	mkdir -p "$R/$d"
done
chmod 1777 "$R/tmp"
cp "$OUTDIR/busybox" "$R/bin/busybox"
chmod 755 "$R/bin/busybox"
ln -s busybox "$R/bin/sh"
cp "$INIT" "$R/init"
chmod 755 "$R/init"
cp "$(dirname "$0")/init-prelude.sh" "$R/etc/init-prelude.sh"
cp "$(dirname "$0")/init-pm.sh" "$R/etc/init-pm.sh"
if [ "$(id -u)" = 0 ]; then
	mknod -m 600 "$R/dev/console" c 5 1
	mknod -m 666 "$R/dev/null" c 1 3
fi

# Modules: name -> path through an index of the tree, dependencies from
# each module's .modinfo "depends=" (the package ships no modules.dep).
: >"$R/lib/modules/load-order"
if [ -n "$MODS" ]; then
	[ -f "$OUTDIR/version" ] || die "no $OUTDIR/version"
	KREL=$(sed -n 's/^kernel_release=//p' "$OUTDIR/version")
	MDIR=$OUTDIR/modules/$KREL
	[ -d "$MDIR" ] || die "no $MDIR"
	(cd "$MDIR" && find . -name '*.ko' | sed 's|^\./||') |
		awk '{ n = $0; sub(/.*\//, "", n); sub(/\.ko$/, "", n);
		       gsub(/-/, "_", n); print n, $0 }' >"$STAGE/index"
	: >"$STAGE/done"
	# NAME DEPTH: dependencies first, each module once. A subshell body,
	# so that recursion keeps its own variables; the state is in files.
	add_module() (
		n=$(echo "$1" | tr - _)
		[ "$2" -lt 16 ] || die "module dependency loop at $n"
		grep -qx "$n" "$STAGE/done" && return 0
		if grep -qx "$n" "$MDIR/modules.builtin.names" 2>/dev/null ||
			sed 's|.*/||; s|\.ko$||; s|-|_|g' "$MDIR/modules.builtin" |
			grep -qx "$n"; then
			echo "$n" >>"$STAGE/done" # built into the kernel
			return 0
		fi
		p=$(awk -v n="$n" '$1 == n { print $2; exit }' "$STAGE/index")
		[ -n "$p" ] || die "module $n not found under $MDIR"
		deps=$(tr '\0' '\n' <"$MDIR/$p" | sed -n 's/^depends=//p' | tr , ' ')
		for dep in $deps; do
			add_module "$dep" $(($2 + 1))
		done
		echo "$n" >>"$STAGE/done"
		mkdir -p "$R/lib/modules/$KREL/$(dirname "$p")"
		cp "$MDIR/$p" "$R/lib/modules/$KREL/$p"
		echo "/lib/modules/$KREL/$p" >>"$R/lib/modules/load-order"
	)
	for m in $MODS; do
		add_module "$m" 0
	done
fi

if [ -n "${INITRD_EXTRA:-}" ]; then
	[ -d "$INITRD_EXTRA" ] || die "no directory $INITRD_EXTRA"
	cp -a "$INITRD_EXTRA/." "$R/"
fi

find "$R" -exec touch -h -d @0 {} +
mkdir -p "$(dirname "$OUT")"
(cd "$R" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --reproducible --quiet) |
	gzip -9n >"$OUT.new.$$"
mv -f "$OUT.new.$$" "$OUT"
echo "mkinitrd.sh: $OUT ($(wc -c <"$OUT") bytes, modules: ${MODS:-none})" >&2
