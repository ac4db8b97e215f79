# shellcheck shell=bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The TAP lines of the shell suites, which scripts/check.sh counts: one
# "ok - TEXT" or "not ok - TEXT" per test, details as "#   ..." comments.
# A suite sources this file (". tests/tap.sh" from the top of the tree) and
# may set TAP_PREFIX, put in front of every TEXT (e.g. "module: ").
#
#   tap_ok TEXT                      a passed test
#   tap_not_ok TEXT [DETAIL...]      a failed one, each DETAIL a comment line
#   tap_result STATUS TEXT [DETAIL...]   passed when STATUS is 0; DETAIL
#                                    lines only when it failed
#   tap_check TEXT COMMAND [ARG...]  passed when COMMAND succeeds; returns
#                                    non-zero when it failed (unless TODO),
#                                    for a caller's own status:
#                                    `tap_check ... || rc=1`
#   tap_file FILE [N]                FILE (its last N lines) as comments
#   tap_suite COMMAND [ARG...]       runs another suite, which prints its own
#                                    lines; its failure fails this one
#   tap_count FILE                   the ok/not ok lines another suite wrote
#                                    to FILE, printed and counted as this
#                                    suite's own
#   tap_plan                         "1..N", N the tests printed here
#   tap_status                       0, or 1 once a test (or suite) failed
#
# With TODO="reason" set, a line carries TAP's "# TODO reason" (a known
# bug) and its failure does not fail the suite.

TAP_COUNT=0
TAP_FAILED=0
TAP_PREFIX=${TAP_PREFIX:-}

tap_ok() {
	TAP_COUNT=$((TAP_COUNT + 1))
	echo "ok - $TAP_PREFIX$1${TODO:+ # TODO $TODO}"
}

tap_not_ok() {
	local line
	TAP_COUNT=$((TAP_COUNT + 1))
	[ -n "${TODO:-}" ] || TAP_FAILED=$((TAP_FAILED + 1))
	echo "not ok - $TAP_PREFIX$1${TODO:+ # TODO $TODO}"
	shift
	for line in "$@"; do
		printf '#   %s\n' "$line"
	done
}

tap_result() {
	local status=$1
	shift
	if [ "$status" = 0 ]; then
		tap_ok "$1"
	else
		tap_not_ok "$@"
	fi
}

tap_check() {
	local text=$1
	shift
	if "$@"; then
		tap_ok "$text"
	else
		tap_not_ok "$text"
		[ -n "${TODO:-}" ]
	fi
}

tap_file() {
	[ -s "$1" ] || return 0
	if [ -n "${2:-}" ]; then
		tail -n "$2" "$1" | sed 's/^/#   /'
	else
		sed 's/^/#   /' "$1"
	fi
}

tap_suite() {
	"$@" || TAP_FAILED=$((TAP_FAILED + 1))
}

tap_count() {
	local ok bad
	ok=$(grep -c '^ok ' "$1")
	bad=$(grep -c '^not ok ' "$1")
	TAP_COUNT=$((TAP_COUNT + ok + bad))
	TAP_FAILED=$((TAP_FAILED + bad))
	grep -E '^(ok|not ok) ' "$1"
}

tap_plan() {
	echo "1..$TAP_COUNT"
}

tap_status() {
	[ "$TAP_FAILED" -eq 0 ]
}
