#!/usr/bin/env bash
# hibernate.sh FIRMWARE OUTDIR - Linux's hibernation on secmon, two QEMU runs
# on one virtio-blk disk image made here (256 MiB, sparse):
#   1. secmon.test=hibernate: swap on the disk, a random value in tmpfs,
#      `echo disk > /sys/power/state`; the kernel writes its image and powers
#      off through PSCI SYSTEM_OFF (the other CPUs went down with CPU_OFF);
#   2. secmon.test=resume: the disk's device to /sys/power/resume; the kernel
#      restores the image and the first run's init goes on: the value is
#      there, every CPU online (CPU_ON), and it powers off.
# Prints TAP; exits non-zero when a check failed.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
FW=$1
OUT=$2
img=$OUT/hibernate.img
mkdir -p "$OUT"
TAP_PREFIX="linux hibernate: "
. tests/tap.sh
rm -f "$img"
truncate -s 256M "$img" || { tap_not_ok "cannot make $img"; exit 1; }
disk=(-drive "if=none,id=hib,format=raw,file=${img//,/,,}" -device virtio-blk-device,drive=hib)

run() { # NAME ACTION
	bash tests/linux/boot.sh --bios "$FW" --smp 4 --gic 3 --quiet --timeout 180 \
		--log "$OUT/hibernate-$1.log" --append "secmon.test=$2" -- "${disk[@]}" >/dev/null 2>&1
}

run write hibernate
log1=$OUT/hibernate-write.log
v=$(tr -d '\r' <"$log1" | sed -n 's/.*SECMON-TEST hibernate writing value=\([0-9a-f]*\).*/\1/p' | tail -n 1)
after=$(tr -d '\r' <"$log1" | grep -c -e 'SECMON-TEST hibernate resumed' -e 'SECMON-TEST hibernate fail')
[ -n "$v" ] && [ "$after" = 0 ]
tap_result $? "the image is written and the machine powers off (value ${v:-none})" \
	"no 'hibernate writing', or the write returned (see $log1)"
tap_suite bash tests/linux/check-boot.sh --name "linux hibernate write:" "$log1" cpus=4 nopanic \
	poweroff

run resume resume
log2=$OUT/hibernate-resume.log
l=$(tr -d '\r' <"$log2" | sed -n 's/.*SECMON-TEST \(hibernate resumed .*\)/\1/p' | tail -n 1)
[ -n "$v" ] && [ "$l" = "hibernate resumed value=$v cpus=0-3" ]
tap_result $? "the second run restores it: the tmpfs value, every CPU (got ${l:-none})" \
	"expected 'hibernate resumed value=$v cpus=0-3' (see $log2)"
tap_suite bash tests/linux/check-boot.sh --name "linux hibernate resume:" "$log2" cpus=4 splats=0 nopanic \
	poweroff
rm -f "$img"
tap_status
