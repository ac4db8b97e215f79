#!/usr/bin/env bash
# The stress suite of `make check`: builds tests/stress/stress.c beside the
# ASan + UBSan host build (build/host), then runs it three times: a million
# PSCI operations from 8 simulated CPUs, a shorter run that mixes in the
# negative-ID example board's legacy calls and the secure-media service, and one
# that ends with SYSTEM_OFF while the other CPUs keep calling. Under
# ASan a million operations take about 11 s on 2 cores, so no separate
# unsanitised build is needed. Prints TAP. Usage: run.sh [OPERATIONS [LEGACY_OPERATIONS]]
set -u
cd "$(dirname "$0")/../.." || exit 1
ops=${1:-1000000}
legacy_ops=${2:-300000}
. tests/tap.sh
if make -f mk/stress.mk O=build/host CC=gcc SAN=1 >build/stress-build.log 2>&1; then
	tap_ok "build stress (gcc asan+ubsan)"
else
	tap_not_ok "build stress (gcc asan+ubsan)"
	tap_file build/stress-build.log
	exit 1
fi
tap_suite build/host/stress -n "$ops"
tap_suite build/host/stress -n "$legacy_ops" -x build/host/boards/legacy-negative.dtb
tap_suite build/host/stress -n 100000 -o
tap_status
