#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# tests/nsk/tos-v1.sh OUT IMAGE [INIT_MEM_USAGE]: IMAGE (the project's payload,
# which runs at 0x0e100000) behind OP-TEE's header v1, as OP-TEE's
# gen_tee_bin.py writes it for tee.bin: magic "OPTE", version 1, arch 1
# (AArch64), flags 0, init_size, init_load_addr (hi, lo), init_mem_usage,
# paged_size 0; little-endian. INIT_MEM_USAGE defaults to the image's size.
set -euo pipefail
out=${1:?OUT} image=${2:?IMAGE}
size=$(stat -c %s "$image")
usage=${3:-$size}

le32() {
	local v=$(($1))
	printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((v & 255)) $((v >> 8 & 255)) \
		$((v >> 16 & 255)) $((v >> 24 & 255)))"
}

{
	printf 'OPTE\001\001\000\000'
	le32 "$size"
	le32 0
	le32 0x0e100000
	le32 "$usage"
	le32 0
	cat "$image"
} > "$out"
