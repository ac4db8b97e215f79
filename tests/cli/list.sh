# shellcheck shell=bash
# `secmon list`: sourced by tests/cli/run.sh (its helpers, $BIN).

expect_json "list --json has every PSCI function" \
	"len([f for f in d['functions'] if f['service'] == 'PSCI']) == 22 + 13 and {'0x84000000', '0xc4000003', '0xc4000014', '0x84000015', '0xc4000015'} <= {f['fid'] for f in d['functions']}" \
	list --json
