# shellcheck shell=bash
# The helpers of the CLI's tests, sourced by tests/cli/run.sh: run secmon
# ($BIN) and check what it printed and its exit status.
# The TAP lines (tests/tap.sh). A case run with TODO="reason" set is a
# known bug: TAP's "# TODO" marks it, and its failure does not fail the run.
. tests/tap.sh

if [ ! -x "$BIN" ]; then
	tap_not_ok "secmon binary exists" "$BIN is missing: run 'make host'"
	tap_plan
	exit 1
fi

# The example boards, the bad DTs of these tests, and a directory for the
# files the tests make, removed at exit. B and BAD are for the command files
# run.sh sources after this one.
# shellcheck disable=SC2034
B=boards
# shellcheck disable=SC2034
BAD=tests/cli/bad
TMPD=$(mktemp -d)
trap 'rm -rf "$TMPD"' EXIT

OUT=
ERR=
RC=
# Runs secmon with the given arguments; sets OUT, ERR, RC.
run() {
	local errf
	errf=$(mktemp)
	OUT=$("$BIN" "$@" 2>"$errf")
	RC=$?
	ERR=$(cat "$errf")
	rm -f "$errf"
}

# Shows what a failing case got, as TAP comments.
got() {
	printf 'exit status %s\n' "$RC"
	printf 'stdout: %s\n' "$OUT" | head -30
	printf 'stderr: %s\n' "$ERR" | head -10
}

# expect_exact NAME EXPECTED ARGS...: exit 0, stdout exactly EXPECTED.
expect_exact() {
	local name=$1 want=$2
	shift 2
	run "$@"
	if [ "$RC" -eq 0 ] && [ "$OUT" == "$want" ]; then
		tap_ok "$name"
	else
		local diffs
		diffs=$(diff <(printf '%s\n' "$want") <(printf '%s\n' "$OUT"))
		mapfile -t lines < <(printf '%s\n' "$diffs"; got)
		tap_not_ok "$name" "${lines[@]}"
	fi
}

# expect_lines NAME ARGS... -- LINE...: exit 0 and each LINE is a whole line of stdout.
expect_lines() {
	local name=$1 args=() missing=() line
	shift
	while [ $# -gt 0 ] && [ "$1" != "--" ]; do
		args+=("$1")
		shift
	done
	shift
	run "${args[@]}"
	for line in "$@"; do
		grep -qxF -- "$line" <<<"$OUT" || missing+=("missing line: $line")
	done
	if [ "$RC" -eq 0 ] && [ ${#missing[@]} -eq 0 ]; then
		tap_ok "$name"
	else
		mapfile -t lines < <(got)
		tap_not_ok "$name" "${missing[@]}" "${lines[@]}"
	fi
}

# expect_json NAME PYTHON-CONDITION ARGS...: exit 0, stdout one JSON object d
# for which the condition holds.
expect_json() {
	local name=$1 cond=$2
	shift 2
	run "$@"
	local why
	# The condition is Python over d; it must not contain double quotes.
	if why=$(printf '%s' "$OUT" | python3 -c "
import json, sys
d = json.loads(sys.stdin.read())
if not isinstance(d, dict):
    sys.exit('not a JSON object')
if not ($cond):
    sys.exit('condition false: ' + json.dumps(d)[:400])
" 2>&1) && [ "$RC" -eq 0 ]; then
		tap_ok "$name"
	else
		mapfile -t lines < <(printf '%s\n' "$why" | tail -3; got)
		tap_not_ok "$name" "${lines[@]}"
	fi
}

# expect_json_status NAME STATUS PYTHON-CONDITION ARGS...: as expect_json, with
# exit status STATUS.
expect_json_status() {
	local name=$1 status=$2 cond=$3
	shift 3
	run "$@"
	local why
	if why=$(printf '%s' "$OUT" | python3 -c "
import json, sys
d = json.loads(sys.stdin.read())
if not isinstance(d, dict):
    sys.exit('not a JSON object')
if not ($cond):
    sys.exit('condition false: ' + json.dumps(d)[:400])
" 2>&1) && [ "$RC" -eq "$status" ]; then
		tap_ok "$name"
	else
		mapfile -t lines < <(echo "want exit status $status"; printf '%s\n' "$why" | tail -3; got)
		tap_not_ok "$name" "${lines[@]}"
	fi
}

# expect_error NAME STATUS STDERR-LINE ARGS...: exit STATUS, nothing on stdout,
# STDERR-LINE a whole line of stderr.
expect_error() {
	local name=$1 status=$2 line=$3
	shift 3
	run "$@"
	if [ "$RC" -eq "$status" ] && [ -z "$OUT" ] && grep -qxF -- "$line" <<<"$ERR"; then
		tap_ok "$name"
	else
		mapfile -t lines < <(echo "want exit $status and the stderr line: $line"; got)
		tap_not_ok "$name" "${lines[@]}"
	fi
}

# expect_usage NAME STDERR-FRAGMENT ARGS...: exit 2, nothing on stdout, the
# fragment on stderr.
expect_usage() {
	local name=$1 frag=$2
	shift 2
	run "$@"
	if [ "$RC" -eq 2 ] && [ -z "$OUT" ] && grep -qF -- "$frag" <<<"$ERR"; then
		tap_ok "$name"
	else
		mapfile -t lines < <(echo "want exit 2 and stderr containing: $frag"; got)
		tap_not_ok "$name" "${lines[@]}"
	fi
}
