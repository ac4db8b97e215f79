# shellcheck shell=bash
# --help: sourced by tests/cli/run.sh (its helpers, $BIN).

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

