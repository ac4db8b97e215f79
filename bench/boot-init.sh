#!/bin/sh
# The /init of the Linux-boot benchmark (bench/bench.py, docs/performance.md):
# the boot's clock first (bench/bootclock.c), then power-off (PSCI SYSTEM_OFF).
/bin/busybox mount -t devtmpfs devtmpfs /dev 2>/dev/null
exec </dev/console >/dev/console 2>&1
/bin/bootclock
/bin/busybox poweroff -f
