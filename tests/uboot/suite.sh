#!/usr/bin/env bash
# The bootloader tests of `make check`: Debian's U-Boot (u-boot-qemu,
# qemu_arm64/u-boot.bin, byte for byte as the package ships it) as the
# normal-world payload of secmon (fw_cfg opt/secmon/payload), 4 CPUs:
#   bytes       the u-boot.bin booted is the package's (its md5sums, and
#               sha256 against the .deb's data read afresh)
#   qfw         U-Boot's own default boot: `qfw load` of fw_cfg's kernel and
#               initrd, booti; Linux: PSCI 1.3, SMCCC 1.5, every CPU,
#               power-off
#   bootefi     from a virtio disk made here (mke2fs -d, no root): load the
#               Image, bootefi; the EFI stub loads the initrd; Linux as above
#   mailbox     with the PSCI 0.1 board, the monitor's mailbox page is in
#               U-Boot's DT as reserved-memory no-map, in U-Boot's lmb, and
#               below U-Boot's early stack
#   reset       `reset` typed at the U-Boot prompt restarts the machine
#               (U-Boot's banner again), then `poweroff` ends it (status 0)
#   image       an arm64 Image as the payload is entered; fw_cfg's kernel,
#               initrd and command line are not handed to it
#   not-an-image a payload that is neither an Image nor a raw image: the
#               monitor says so on the console and powers off (and the
#               AArch32 firmware, given an arm64 Image, likewise)
# Prints TAP lines; exits non-zero when any failed.
#   bash tests/uboot/suite.sh [FIRMWARE [AARCH32-FIRMWARE]]
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
FW=${1:-build/qemu-virt-a64/secmon.bin}
OUT=build/check/uboot
UDIR=build/uboot
LDIR=build/linux/arm64
UB=$UDIR/root/usr/lib/u-boot/qemu_arm64/u-boot.bin
mkdir -p "$OUT"

# The TAP lines (tests/tap.sh). tap OK NAME [COMMENT]: "ok - uboot NAME
# (COMMENT)" when OK is 0, else "not ok - ...".
. tests/tap.sh
tap() {
	tap_result "$1" "uboot $2${3:+ ($3)}"
}

[ -f "$FW" ] || { tap_not_ok "uboot: firmware $FW is missing"; exit 1; }
sh tests/uboot/fetch.sh "$UDIR" >/dev/null || { tap_not_ok "uboot: fetching u-boot-qemu failed"; exit 1; }
sh tests/linux/fetch.sh arm64 "$LDIR" >/dev/null || { tap_not_ok "uboot: fetching Debian's kernel failed"; exit 1; }
stale=0
[ -s "$LDIR/initrd.cpio.gz" ] || stale=1
for f in tests/linux/init-summary.sh tests/linux/init-prelude.sh tests/linux/init-pm.sh \
	tests/linux/mkinitrd.sh; do
	[ "$f" -nt "$LDIR/initrd.cpio.gz" ] && stale=1
done
if [ "$stale" = 1 ]; then
	sh tests/linux/mkinitrd.sh "$LDIR" tests/linux/init-summary.sh "$LDIR/initrd.cpio.gz" >/dev/null 2>&1
fi

# bytes: the package's md5sums, and the .deb's own data, read again.
rel=usr/lib/u-boot/qemu_arm64/u-boot.bin
want_md5=$(awk -v f="$rel" '$2 == f { print $1 }' "$UDIR/control/md5sums")
got_md5=$(md5sum <"$UB" | cut -d' ' -f1)
deb_sha=$(dpkg-deb --fsys-tarfile "$UDIR"/u-boot-qemu_*.deb | tar -xOf - "./$rel" | sha256sum | cut -d' ' -f1)
got_sha=$(sha256sum <"$UB" | cut -d' ' -f1)
[ -n "$want_md5" ] && [ "$want_md5" = "$got_md5" ] && [ "$deb_sha" = "$got_sha" ]
tap $? "bytes: $UB is the package's" "md5 $got_md5, sha256 $got_sha"

QEMU=(qemu-system-aarch64 -M virt,secure=on,virtualization=on,gic-version=3 -cpu cortex-a57
	-smp 4 -m 1G -nographic -monitor none -serial stdio -serial null -bios "$FW" -nic none
	-accel tcg,thread=multi -fw_cfg "name=opt/secmon/payload,file=$UB")
LINUX="cpus=4 psci=1.3 smccc=1.5 soc_id warnings=0 splats=0 nopanic poweroff"

# The log shows that U-Boot ran and did NAME's part (not the monitor booting
# the kernel itself).
saw() {	# saw NAME LOG REGEX...
	local name=$1 log=$2 rx
	shift 2
	for rx in "$@"; do
		grep -Eq "$rx" "$log" || { tap 1 "$name: the log shows /$rx/"; return; }
	done
	tap 0 "$name: U-Boot ran" "$(grep -Ec "$1" "$log") banner(s)"
}

# qfw: no key pressed, U-Boot's default boot command.
log=$OUT/qfw.log
bash tests/linux/boot.sh --bios "$FW" --smp 4 --gic 3 --quiet --timeout 120 --log "$log" \
	-- -accel tcg,thread=multi -fw_cfg "name=opt/secmon/payload,file=$UB" >/dev/null 2>&1
saw qfw "$log" '^U-Boot 20' 'loading kernel to address' 'Starting kernel'
tap_suite bash tests/linux/check-boot.sh --name "uboot qfw:" "$log" $LINUX

# bootefi from an ext2 virtio disk (whole disk, no partition table).
disk=$OUT/disk.img
rm -rf "$OUT/disk" "$disk"
mkdir -p "$OUT/disk"
cp "$LDIR/Image" "$OUT/disk/Image"
cp "$LDIR/initrd.cpio.gz" "$OUT/disk/initrd"
mke2fs -q -t ext2 -L secmon -d "$OUT/disk" "$disk" 80M >/dev/null 2>&1
log=$OUT/bootefi.log
python3 tests/uboot/console.py --log "$log" --timeout 90 \
	'expect:Hit any key' 'key: ' 'expect:=> ' 'send:virtio scan' 'expect:=> ' \
	'send:setenv bootargs "initrd=initrd console=ttyAMA0 panic=-1"' 'expect:=> ' \
	'send:load virtio 0 ${kernel_addr_r} Image' 'expect:bytes read.*\n=> ' \
	'send:bootefi ${kernel_addr_r} ${fdtcontroladdr}' 'expect:SECMON-TEST end' 'exit:0' \
	-- "${QEMU[@]}" -no-reboot -drive "if=none,file=$disk,format=raw,id=d0" \
	-device virtio-blk-device,drive=d0 2>/dev/null
saw bootefi "$log" '^U-Boot 20' 'EFI stub: Booting Linux Kernel' 'EFI stub: Loaded initrd'
tap_suite bash tests/linux/check-boot.sh --name "uboot bootefi:" "$log" $LINUX
rm -rf "$OUT/disk" "$disk"

# reset, then poweroff, typed at the prompt (no -no-reboot: reset restarts).
log=$OUT/reset.log
python3 tests/uboot/console.py --log "$log" --timeout 30 \
	'expect:Hit any key' 'key: ' 'expect:=> ' 'send:reset' 'expect:resetting' \
	'expect:U-Boot 20' 'expect:Hit any key' 'key: ' 'expect:=> ' 'send:poweroff' 'exit:0' \
	-- "${QEMU[@]}" 2>/dev/null
tap $? "reset then poweroff at the prompt" "$(grep -c '^U-Boot 20' "$log") banners, $(grep -o 'console=.*' "$log" | tail -n 1)"

# PSCI 0.1 board: the monitor's mailbox page is in the DT U-Boot got, as
# reserved-memory with no-map, U-Boot's lmb keeps out of it, and it is clear
# of U-Boot's early stack, gd and early malloc (the 64 KiB below 0x40200000).
board=$OUT/psci-0.1-custom.dtb
dtc -q -I dts -O dtb -o "$board" boards/psci-0.1-custom.dts
log=$OUT/mailbox.log
python3 tests/uboot/console.py --log "$log" --timeout 30 \
	'expect:Hit any key' 'key: ' 'expect:=> ' 'send:fdt addr ${fdtcontroladdr}' 'expect:=> ' \
	'send:fdt print /reserved-memory' 'expect:=> ' 'send:bdinfo' 'expect:Early malloc' \
	-- "${QEMU[@]}" -no-reboot -fw_cfg "name=opt/secmon/board.dtb,file=$board" 2>/dev/null
mb=$(sed -n 's/^[[:space:]]*secmon-mailbox@\([0-9a-f]*\) {$/\1/p' "$log" | head -n 1)
ok=1
if [ -n "$mb" ] && sed -n "/secmon-mailbox@$mb {/,/};/p" "$log" | grep -q 'no-map;' &&
	grep -Eq "reserved\[[0-9]+\][[:space:]]+\[0x0*$mb-" "$log" &&
	[ $((0x$mb + 0x1000)) -le $((0x40200000 - 0x10000)) ]; then
	ok=0
fi
tap $ok "PSCI 0.1 board: the mailbox is reserved-memory no-map, in U-Boot's lmb, clear of its early stack" \
	"mailbox at ${mb:-none}"

# An arm64 Image as the payload: entered at its text_offset, and given none
# of fw_cfg's kernel, initrd or command line (its command line is empty, it
# finds no root file system).
log=$OUT/image-payload.log
python3 tests/uboot/console.py --log "$log" --timeout 60 \
	'expect:Booting Linux on physical CPU' 'expect:psci: PSCIv1.3 detected' \
	'expect:Kernel command line: *\n' 'expect:Kernel panic - not syncing: VFS' \
	-- "${QEMU[@]/file=$UB/file=$LDIR/Image}" -no-reboot -kernel "$LDIR/Image" \
	-initrd "$LDIR/initrd.cpio.gz" -append "for-the-payload-only" 2>/dev/null
tap $? "an arm64 Image payload is entered, with none of fw_cfg's kernel, initrd, command line" \
	"$(grep -o 'console=.*' "$log" | tail -n 1)"

# A payload that is no image at all (the initrd): a clear refusal.
log=$OUT/not-an-image.log
python3 tests/uboot/console.py --log "$log" --timeout 30 \
	'expect:cannot boot: the payload \(fw_cfg opt/secmon/payload, [0-9]+ bytes\) is not an arm64 Image' \
	'exit:0' -- "${QEMU[@]/file=$UB/file=$LDIR/initrd.cpio.gz}" -no-reboot 2>/dev/null
tap $? "a payload that is no image is refused by name" "$(grep -o 'cannot boot.*' "$log" | head -n 1)"
# The AArch32 firmware takes a zImage or a raw A32 image; an arm64 Image is
# refused by name.
FW32=${2:-build/qemu-virt-a32/secmon.bin}
log=$OUT/a32-not-an-image.log
python3 tests/uboot/console.py --log "$log" --timeout 30 \
	'expect:cannot boot: the payload \(fw_cfg opt/secmon/payload, [0-9]+ bytes\) is not a little-endian zImage' \
	'exit:0' -- qemu-system-arm -M virt,secure=on -cpu cortex-a15 -m 1G -nographic -monitor none \
	-serial stdio -bios "$FW32" -nic none -no-reboot \
	-fw_cfg "name=opt/secmon/payload,file=$LDIR/Image" 2>/dev/null
tap $? "AArch32 firmware: an arm64 Image payload is refused by name" "$(grep -o 'cannot boot.*' "$log" | head -n 1)"
tap_status
