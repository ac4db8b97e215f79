#!/usr/bin/env bash
# The host test programs under ThreadSanitizer (built by `make tsan` into
# DIR, default build/host-tsan): the conformance suite, the SoC driver on
# every example board, the unit tests and the stress test. One TAP line per
# program: it passes when the program passes and TSan reports nothing.
# Usage: tsan.sh [DIR [STRESS_OPERATIONS]]
set -u
cd "$(dirname "$0")/../.." || exit 1
dir=${1:-build/host-tsan}
ops=${2:-200000}
export TSAN_OPTIONS="halt_on_error=0 exitcode=66 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
export CMOCKA_MESSAGE_OUTPUT=TAP
mkdir -p "$dir/tsan-logs"
. tests/tap.sh

check() {
	local name=$1 log=$dir/tsan-logs/$1.log rc ok nok races start=$SECONDS
	shift
	"$@" >"$log" 2>&1
	rc=$?
	ok=$(grep -c '^ok ' "$log")
	nok=$(grep -c '^not ok ' "$log")
	races=$(grep -c '^WARNING: ThreadSanitizer' "$log")
	if [ "$rc" -eq 0 ] && [ "$ok" -gt 0 ] && [ "$nok" -eq 0 ] && [ "$races" -eq 0 ]; then
		tap_ok "tsan $name: $ok passed, no report ($((SECONDS - start)) s)"
		return
	fi
	tap_not_ok "tsan $name: exit $rc, $ok passed, $nok failed, $races TSan reports (log: $log)"
	grep '^not ok ' "$log" | head -5 | sed 's/^/#   /'
	grep '^SUMMARY: ThreadSanitizer' "$log" | sort | uniq -c | head -10 | sed 's/^/#   /'
}

# The conformance suite's races show up in some runs only: three runs.
check conformance bash -c 'for i in 1 2 3; do "$0" || exit; done' "$dir/conformance"
check socdrv "$dir/socdrv" "$dir"/boards/*.dtb
for t in "$dir"/tests/test_*; do
	[ -x "$t" ] && check "unit-$(basename "$t")" "$t"
done
check stress "$dir/stress" -n "$ops"
check stress-legacy "$dir/stress" -n "$ops" -x "$dir/boards/legacy-negative.dtb"
# Ending with SYSTEM_OFF under concurrent SMCs: short runs, several seeds.
check stress-system-off bash -c 'for s in 1 2 3 4 5 6 7 8; do "$0" -n 20000 -o -s $s || exit; done' \
	"$dir/stress"
tap_plan
tap_status
