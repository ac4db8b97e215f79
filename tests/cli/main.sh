# shellcheck shell=bash
# `secmon` itself: its commands and their --help, and command lines that
# name no command; sourced by tests/cli/run.sh (its helpers, $BIN).

run --help
if [ "$RC" -eq 0 ] && grep -q '^  decode ' <<<"$OUT" && grep -q '^  call ' <<<"$OUT" &&
	grep -q '^  dt ' <<<"$OUT" && grep -q '^  scmi ' <<<"$OUT" && grep -q '^  trace ' <<<"$OUT"; then
	tap_ok "--help lists the commands"
else
	mapfile -t lines < <(got)
	tap_not_ok "--help lists the commands" "${lines[@]}"
fi
for cmd in decode call list dt scmi trace; do
	run "$cmd" --help
	if [ "$RC" -eq 0 ] && grep -q "^usage: secmon $cmd" <<<"$OUT"; then
		tap_ok "$cmd --help"
	else
		mapfile -t lines < <(got)
		tap_not_ok "$cmd --help" "${lines[@]}"
	fi
done

expect_usage "an unknown command" "no command named 'frob'" frob
expect_usage "no command at all" "missing the command"
