#!/usr/bin/env bash
# Tests of the `secmon` command-line tool. Prints one TAP line per case,
# "ok - <name>" or "not ok - <name>", and a plan at the end; exits 1 when a
# case fails.
#   bash tests/cli/run.sh [path/to/secmon]     (default build/host/secmon)
set -u
cd "$(dirname "$0")/../.." || exit 1
BIN=${1:-build/host/secmon}

# The helpers, then one file per command.
. tests/cli/lib.sh
. tests/cli/main.sh
. tests/cli/decode.sh
. tests/cli/call.sh
. tests/cli/list.sh
. tests/cli/dt.sh
. tests/cli/call-dtb.sh
. tests/cli/scmi.sh
. tests/cli/trace.sh

tap_plan
tap_status
