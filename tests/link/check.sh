#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The firmware ports' link layout (monitor/arch/<arch>/link.ld.in), for every
# port of mk/ports.mk, after `make firmware`. TAP.
#  - the reset vector, the image's base (PLAT_CODE_BASE, the board's
#    platform.h), is _start (the architecture's entry.S) or, on AArch64,
#    where the EL3 vector table sits, its first slot: a branch to _start.
#    In the image and in a relink with C functions named `reset` and
#    `vectors` planted (tests/link/reset_named.c): -ffunction-sections gives
#    them sections .text.reset and .text.vectors, which a link script that
#    places those sections by their names alone puts at the base, ahead of
#    the reset code or the vector table.
#  - the trace rings (the board's trace_records, in .trace_rings, last in
#    secure RAM so that a trusted OS can have its end, or in .noinit) hold
#    as many records as the port drives CPUs (PLAT_MAX_CPUS),
#    MON_TRACE_RECORDS (monitor.h) each.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/tap.sh

# A constant of the port's platform.h or of monitor.h, as the C preprocessor gives it.
# shellcheck disable=SC2154 # cross and includes: the port's facts, set by eval below
constant() {
	local name=$1
	printf '#include "platform.h"\n#include "monitor/monitor.h"\n%s\n' "$name" |
		${cross}gcc -E -P -x c -ffreestanding $includes -I. -Iinclude - | tail -n 1 |
		tr -d '()' | sed 's/[uUlL]*$//'
}

# The address of a symbol of an ELF, as a number.
addr() {
	local nm=$1 elf=$2 sym=$3
	local a
	a=$($nm "$elf" | awk -v s="$sym" '$3 == s { print $1; exit }')
	[ -n "$a" ] && echo $((16#$a))
}

for port in $(make --no-print-directory -s -f mk/ports.mk); do
	eval "$(make --no-print-directory -s -f mk/firmware.mk PORT=$port port-facts)"
	o=build/$port
	base=$(($(constant PLAT_CODE_BASE)))
	cpus=$(($(constant PLAT_MAX_CPUS)))
	records=$(($(constant MON_TRACE_RECORDS)))
	want=$((cpus * records * 128))
	# The rings' address and size, and their section's extent (hexadecimal).
	read -r at got < <(${cross}nm -S $o/secmon.elf | awk '$4 == "trace_records" { print $1, $2; exit }')
	sec=.noinit
	${cross}readelf -SW $o/secmon.elf | grep -q ' \.trace_rings ' && sec=.trace_rings
	read -r lo size < <(${cross}readelf -SW $o/secmon.elf |
		awk -v s=$sec '{ sub(/^ *\[ *[0-9]+\]/, "") } $1 == s { print $3, $5 }')
	at=$((16#${at:-0})) got=$((16#${got:-0})) lo=$((16#${lo:-0})) size=$((16#${size:-0}))
	if [ $got -eq $want ] && [ $size -gt 0 ] && [ $at -ge $lo ] && [ $((at + got)) -le $((lo + size)) ]; then
		tap_ok "$port: the trace rings are $cpus of $records records ($want bytes), one per CPU the port drives, in $sec"
	else
		tap_not_ok "$port: the trace rings take $got bytes at $(printf 0x%x $at), not $want ($cpus CPUs the port drives, $records records of 128 bytes each) inside $sec ($(printf 0x%x $lo), $size bytes)"
	fi
	# Last in secure RAM: nothing of the monitor's after them.
	if [ $sec = .trace_rings ]; then
		end=$(addr ${cross}nm $o/secmon.elf __secram_end)
		if [ "${end:-0}" -eq $((lo + size)) ]; then
			tap_ok "$port: the trace rings end the monitor's secure RAM"
		else
			tap_not_ok "$port: the trace rings end at $(printf 0x%x $((lo + size))), secure RAM at $(printf 0x%x ${end:-0})"
		fi
	fi
	if ! make -s -f mk/firmware.mk PORT=$port $o/linkcheck.elf >/dev/null; then
		tap_not_ok "$port: relink with a function named reset planted"
		continue
	fi
	for elf in $o/secmon.elf $o/linkcheck.elf; do
		start=$(addr ${cross}nm $elf _start)
		# The instruction at the base, as "b <_start>" when it branches there.
		first=$(${cross}objdump -d --start-address=$base --stop-address=$((base + 4)) $elf |
			awk '/^ *[0-9a-f]+:/ { print $3, $5; exit }')
		if [ "${start:-none}" = "$base" ]; then
			tap_ok "$port $(basename $elf): _start at the reset vector ($(printf 0x%x $base))"
		elif [ "$first" = "b <_start>" ]; then
			tap_ok "$port $(basename $elf): the reset vector ($(printf 0x%x $base)) branches to _start ($(printf 0x%x $start))"
		else
			tap_not_ok "$port $(basename $elf): _start at ${start:-nowhere}, neither at the reset vector ($(printf 0x%x $base)) nor branched to from it (${first:-no instruction}); at it: $(${cross}nm -n $elf | awk -v b="$(printf %x "$base")" '$1 ~ "^0*"b"$" { print $3 }' | tr '\n' ' ')"
		fi
	done
done
tap_plan
tap_status
