#!/usr/bin/env bash
# Where secmon puts an arm64 Image, as its header asks, through fw_cfg's
# kernel slot and through opt/secmon/payload, with the nsk's Image header
# patched: a text_offset past 2 MiB boots where the header says; one that
# is not a multiple of 4 KiB, or that wraps the address space ("negative":
# it once put the image on the fw_cfg DMA control block below the slot), or
# that runs past the end of RAM, stops the boot with a message that names
# the reason, and QEMU powers off.
#
# Usage: tests/nsk/loader.sh [FIRMWARE]   (default build/qemu-virt-a64/secmon.bin)
# Prints TAP; logs in build/nsk-a64/loader/.
set -u
cd "$(dirname "$0")/../.." || exit 2
fw=${1:-build/qemu-virt-a64/secmon.bin}
nsk=build/nsk-a64/nsk.bin
out=build/nsk-a64/loader
[ -f "$nsk" ] || { echo "Bail out! loader.sh: no $nsk: run 'make nsk' first"; exit 2; }
[ -f "$fw" ] || { echo "Bail out! loader.sh: no firmware $fw"; exit 2; }
mkdir -p "$out"
TAP_PREFIX="loader: "
. tests/tap.sh

# A copy of the nsk whose Image header says text_offset $1.
patched() {
	local f=$out/nsk-$1.bin
	python3 - "$nsk" "$f" "$1" <<'EOF'
import struct, sys
data = bytearray(open(sys.argv[1], 'rb').read())
data[8:16] = struct.pack('<Q', int(sys.argv[3], 0) & (2**64 - 1))
open(sys.argv[2], 'wb').write(data)
EOF
	echo "$f"
}

# Boots $2 as the kernel (or, with $1 = payload, as opt/secmon/payload);
# expects QEMU to power off by itself and the firmware to say $3.
refused() {
	local how=$1 img=$2 want=$3 what=$4 tag rc
	tag=$(basename "$img" .bin)-$how
	local args=(-kernel "$img")
	[ "$how" = payload ] && args=(-fw_cfg "name=opt/secmon/payload,file=$img")
	timeout 30 qemu-system-aarch64 -M virt,secure=on,virtualization=on -cpu cortex-a57 -smp 1 \
		-m 512M -display none -monitor none -nic none -serial "file:$out/$tag.log" \
		-serial "file:$out/$tag.fw.log" -bios "$fw" "${args[@]}"
	rc=$?
	grep -qF "$want" "$out/$tag.fw.log" && [ "$rc" = 0 ] && ! grep -q 'nsk:' "$out/$tag.log"
	tap_result $? "$what" "QEMU exit $rc; $(grep -o 'cannot boot.*' "$out/$tag.fw.log" | head -n 1)"
}

# A text_offset past 2 MiB, 4 KiB aligned, in RAM: entered there.
img=$(patched 0x1280000)
log=$(bash tests/nsk/run.sh --bios "$fw" --smp 1 --gic 2 --kernel "$img" 2>&1)
echo "$log" | grep -qF '# nsk: entered at EL2, image at 0x41480000' &&
	echo "$log" | grep -q 'run.sh: .*PASS'
tap_result $? "kernel slot, text_offset 0x1280000: entered at 0x40200000 + 0x1280000" \
	"$(echo "$log" | grep -m1 -o 'nsk: entered at.*')"

refused kernel "$(patched 0x1001)" \
	"cannot boot: the kernel (arm64 Image, $(stat -c %s "$nsk") bytes) cannot be placed: its text_offset is not a multiple of 4 KiB" \
	"kernel slot, text_offset 0x1001: refused (not a multiple of 4 KiB)"
refused kernel "$(patched -0x1000)" \
	"cannot boot: the kernel (arm64 Image, $(stat -c %s "$nsk") bytes) cannot be placed: its text_offset takes it past the end of the address space" \
	"kernel slot, text_offset -0x1000 (onto the fw_cfg DMA control block): refused"
refused kernel "$(patched 0x3fe00000)" \
	"cannot boot: the kernel (arm64 Image, $(stat -c %s "$nsk") bytes) at 80000000-" \
	"kernel slot, text_offset 0x3fe00000 (past the end of 512 MiB of RAM): refused"
refused payload "$(patched -0x1000)" \
	"cannot boot: the payload (arm64 Image, $(stat -c %s "$nsk") bytes) cannot be placed: its text_offset takes it past the end of the address space" \
	"payload, text_offset -0x1000: refused"
refused payload "$(patched 0x1001)" \
	"cannot boot: the payload (arm64 Image, $(stat -c %s "$nsk") bytes) cannot be placed: its text_offset is not a multiple of 4 KiB" \
	"payload, text_offset 0x1001: refused"
tap_plan
tap_status
