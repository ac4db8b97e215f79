#!/usr/bin/env bash
# Runs the libFuzzer targets built by mk/fuzz.mk and prints TAP.
#   run.sh check O SECONDS   replay every regression input, then fuzz each
#                            target SECONDS from the seeds (fresh corpus)
#   run.sh run O SECONDS     the same, keeping the grown corpus in O/work
# The check pass uses a fixed libFuzzer seed (FUZZ_SEED, default 1) so that
# a finding there can be replayed; `run` draws a new one each time unless
# FUZZ_SEED is set. Either way the TAP line gives the seed.
# A finding is written to O/findings/<target>-crash-<sha1>; reproduce it with
# `O/fuzz-<target> FILE`, and once fixed copy it into the target's corpus as
# regress-<what>[.dtb] (see tests/fuzz/README.md).
set -u
mode=$1
O=$2
secs=$3
cd "$(dirname "$0")/../.." || exit 1
mkdir -p "$O/findings" "$O/logs"
. tests/tap.sh

# The line a finding printed: the invariant, or the sanitizer's summary.
why() {
	grep -m1 -E 'invariant violated|^SUMMARY:|ERROR: (AddressSanitizer|libFuzzer|UndefinedBehaviorSanitizer)|runtime error' "$1" |
		sed -e 's/^\*\*\* //' | cut -c1-300
}

# For a regression input: every invariant it violates (SECMON_FUZZ_ALL=1).
why_all() {
	local ids san
	ids=$(sed -n 's/.*invariant violated: \[\([a-z0-9-]*\)\].*/\1/p' "$1" | sort -u | tr '\n' ' ')
	san=$(grep -m1 -E '^SUMMARY: (Address|UndefinedBehavior)Sanitizer|runtime error' "$1" | cut -c1-160)
	if [ -n "$ids" ]; then
		echo "violates: $ids${san:+and $san }($(grep -m1 'invariant violated: \[' "$1" | sed 's/.*violated: //' | cut -c1-200))"
	else
		why "$1"
	fi
}

seeds_of() {
	case $1 in
	dispatch) echo "$O/seeds/dispatch" ;;
	dt) echo "$O/seeds/dt" ;;
	scmi) echo "$O/seeds/scmi" ;;
	trace) echo "$O/seeds/trace" ;;
	esac
}

for t in dispatch dt scmi trace; do
	bin=$O/fuzz-$t
	seeds=$(seeds_of "$t")
	extra=()
	[ "$t" = dt ] && extra=(-max_len=16384 -dict=tests/fuzz/dt.dict)
	[ "$t" = dispatch ] && extra=(-max_len=1024)
	[ "$t" = scmi ] && extra=(-max_len=2048)
	[ "$t" = trace ] && extra=(-max_len=8192)
	# A unit takes milliseconds: one that runs 20 s is a hang, and a finding.
	extra+=(-timeout=20)

	# Each regression input on its own: one TAP line per reported bug. The
	# timed run starts from the seeds and the regressions that pass (one
	# still failing would end it at once, finding nothing new).
	okseeds=$O/seeds-ok/$t
	rm -rf "$okseeds"
	mkdir -p "$okseeds"
	for f in "$seeds"/*; do
		case $(basename "$f") in regress-*) ;; *) cp "$f" "$okseeds/" ;; esac
	done
	for f in "$seeds"/regress-*; do
		[ -e "$f" ] || continue
		log=$O/logs/$t-$(basename "$f").log
		if SECMON_FUZZ_ALL=1 "$bin" "${extra[@]}" "$f" >"$log" 2>&1; then
			tap_ok "fuzz $t regression $(basename "$f")"
			cp "$f" "$okseeds/"
		else
			tap_not_ok "fuzz $t regression $(basename "$f"): $(why_all "$log")"
		fi
	done

	if [ "$mode" = check ]; then
		work=$O/work-check/$t
		rm -rf "$work"
	else
		work=$O/work/$t
	fi
	mkdir -p "$work"
	log=$O/logs/$t-fuzz.log
	seed=${FUZZ_SEED:-}
	[ -z "$seed" ] && [ "$mode" = check ] && seed=1
	[ -z "$seed" ] && seed=$(( (RANDOM << 15 | RANDOM) + 1 ))
	start=$SECONDS
	"$bin" "${extra[@]}" -seed="$seed" -max_total_time="$secs" -rss_limit_mb=2048 \
		-print_final_stats=1 -artifact_prefix="$O/findings/$t-" "$work" "$okseeds" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	[ -n "$runs" ] || runs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
	if [ "$rc" -eq 0 ]; then
		tap_ok "fuzz $t: ${runs:-0} runs, no finding (seed $seed, $((SECONDS - start)) s, $cov, corpus $(ls "$work" | wc -l) + $(ls "$okseeds" | wc -l) seeds)"
	else
		art=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
		tap_not_ok "fuzz $t: finding after ${runs:-?} runs (seed $seed): $(why "$log") (input: ${art:-see $log})"
	fi
done
tap_plan
tap_status
