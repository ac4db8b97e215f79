#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The QEMU firmwares' link layout (monitor/plat/qemu-virt*/link.ld.in), for
# both ports, after `make firmware`. TAP.
#  - _start (entry.S) is at the reset vector, the flash base, in the image
#    and in a relink with a C function named `reset` planted
#    (tests/link/reset_named.c): -ffunction-sections gives it a section
#    .text.reset, which a link script that places that section by its name
#    alone puts at address 0, ahead of the reset code.
#  - the trace rings' records (.noinit) are as many as the port drives CPUs
#    (QV_MAX_CPUS, its platform.h), MON_TRACE_RECORDS (monitor.h) each.
set -u
cd "$(dirname "$0")/../.."
. tests/tap.sh

# A constant of the port's platform.h or of monitor.h, as the C preprocessor gives it.
constant() {
	local cc=$1 plat=$2 name=$3
	printf '#include "platform.h"\n#include "monitor/monitor.h"\n%s\n' "$name" |
		$cc -E -P -x c -ffreestanding -I"$plat" -I. -Iinclude - | tail -n 1 | tr -d '()' |
		sed 's/[uUlL]*$//'
}

# The address of a symbol of an ELF, as a number.
addr() {
	local nm=$1 elf=$2 sym=$3
	local a
	a=$($nm "$elf" | awk -v s="$sym" '$3 == s { print $1; exit }')
	[ -n "$a" ] && echo $((16#$a))
}

for port in a64 a32; do
	if [ $port = a64 ]; then
		cross=aarch64-linux-gnu- plat=monitor/plat/qemu-virt
	else
		cross=arm-linux-gnueabihf- plat=monitor/plat/qemu-virt-a32
	fi
	o=build/qemu-virt-$port
	base=$(($(constant ${cross}gcc $plat QV_FLASH_BASE)))
	cpus=$(($(constant ${cross}gcc $plat QV_MAX_CPUS)))
	records=$(($(constant ${cross}gcc $plat MON_TRACE_RECORDS)))
	want=$((cpus * records * 128))
	got=$(${cross}size -A $o/secmon.elf | awk '$1 == ".noinit" { print $2 }')
	if [ "${got:-0}" -eq "$want" ]; then
		tap_ok "$port: the trace rings are $cpus of $records records ($want bytes), one per CPU the port drives"
	else
		tap_not_ok "$port: the trace rings take ${got:-no} bytes, not $want ($cpus CPUs the port drives, $records records of 128 bytes each)"
	fi
	if ! make -s -f mk/qemu-virt-$port.mk $o/linkcheck.elf >/dev/null; then
		tap_not_ok "$port: relink with a function named reset planted"
		continue
	fi
	for elf in $o/secmon.elf $o/linkcheck.elf; do
		start=$(addr ${cross}nm $elf _start)
		if [ "${start:-none}" = "$base" ]; then
			tap_ok "$port $(basename $elf): _start at the reset vector ($(printf 0x%x $base))"
		else
			tap_not_ok "$port $(basename $elf): _start at ${start:-nowhere}, not at the reset vector ($(printf 0x%x $base)); at it: $(${cross}nm -n $elf | awk -v b=$(printf %x $base) '$1 ~ "^0*"b"$" { print $3 }' | tr '\n' ' ')"
		fi
	done
done
tap_plan
tap_status
