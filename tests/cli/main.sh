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
# The version's one place is debian/changelog's top entry (mk/version.mk).
want=$(sed -n '1s/^secmon (\([^)]*\)).*/\1/p' debian/changelog)
expect_exact "--version prints debian/changelog's version ($want)" "secmon $want" --version
expect_usage "--version takes no argument" "--version takes no argument" --version decode
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
