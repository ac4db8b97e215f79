# shellcheck shell=sh
# init-prelude.sh - the start every init of the project's own initramfs
# shares (busybox sh; tests/linux/mkinitrd.sh installs it as
# /etc/init-prelude.sh, the init sources it first): the busybox applets on
# PATH, /proc, /sys and /dev mounted, and the console as stdin, stdout and
# stderr (the console the kernel opened may be missing from the initramfs:
# the devtmpfs one).
PATH=/bin:/sbin:/usr/bin:/usr/sbin
export PATH
/bin/busybox mount -t proc proc /proc
/bin/busybox --install -s
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
exec </dev/console >/dev/console 2>&1
