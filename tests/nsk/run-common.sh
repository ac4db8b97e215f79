# shellcheck shell=bash disable=SC2154 # the caller sets the variables named below
# Sourced by run.sh and run-a32.sh: boots the nsk under QEMU and judges the
# run. The caller sets me (its name, for messages), name (the configuration,
# for file names), tag (put in front of every test name), logdir, tmo,
# extra (the nsk's boot arguments), kernel and the qemu array, and defines
# ran_as_asked LOG, which prints one line per way the run differs from what
# was asked (EL or mode, CPU count). With fw_quiet=1 (a run without
# --verbose) any line in the firmware's log, a fault report or an error, fails
# the run. nsk_run exits 0 when the run passed.

nsk_run() {
	local log=$logdir/$name.log fwlog=$logdir/$name.fw.log
	local start rc ms plan npass nfail keep msg words problems=()

	mkdir -p "$logdir"
	rm -f "$log" "$fwlog"
	qemu+=(-serial stdio -serial "file:$fwlog" -kernel "$kernel")
	read -r -a words <<<"$extra"
	[ ${#words[@]} -gt 0 ] && qemu+=(-append "${words[*]}")

	echo "# $me: $name: ${qemu[*]}"
	start=$(date +%s%N)
	timeout -k 5 "$tmo" "${qemu[@]}" </dev/null >"$log" 2>&1
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))

	# The log, with the configuration in every test name.
	sed -E -e "s/^((not )?ok [0-9]+ - )/\\1$tag /" \
		-e '/^((not )?ok [0-9]|#|1\.\.[0-9]|Bail out!)/!s/^/# | /' "$log"

	plan=$(grep -m1 -E '^1\.\.[0-9]+$' "$log" | cut -c4-)
	npass=$(grep -c -E '^ok [0-9]+ ' "$log")
	nfail=$(grep -c -E '^not ok [0-9]+ ' "$log")
	if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		problems+=("timed out after ${tmo}s")
	elif [ "$rc" -ne 0 ]; then
		problems+=("QEMU exited with status $rc")
	fi
	[ -n "$plan" ] || problems+=("no TAP plan")
	[ -n "$plan" ] && [ "$((npass + nfail))" -ne "$plan" ] &&
		problems+=("$((npass + nfail)) results for a plan of $plan")
	[ "$nfail" -eq 0 ] || problems+=("$nfail failed")
	grep -q '^Bail out!' "$log" && problems+=("bailed out")
	grep -q '^# nsk: FAIL' "$log" && problems+=("nsk reported a failure")
	# A trusted OS shares the secure console: its "ready" line is no fault.
	local said
	said=$(grep -v '^tos: secure payload ready' "$fwlog" 2>/dev/null | head -n 1 | tr -d '\r')
	[ "${fw_quiet:-0}" = 1 ] && [ -n "$said" ] && problems+=("the firmware logged: $said")
	while IFS= read -r msg; do
		[ -n "$msg" ] && problems+=("$msg")
	done < <(ran_as_asked "$log")

	if [ ${#problems[@]} -eq 0 ]; then
		echo "# $me: $name: PASS, $npass passed in ${ms} ms"
		exit 0
	fi
	# Kept, so that a later run of the same configuration does not overwrite it.
	keep=$logdir/failed/$name-$(date +%Y%m%d-%H%M%S)-$$
	mkdir -p "$logdir/failed"
	cp "$log" "$keep.log"
	[ -f "$fwlog" ] && cp "$fwlog" "$keep.fw.log"
	# A hang (the time-out is the watchdog): where the nsk got to.
	if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		echo "# $me: last lines of the nsk log $log:"
		tail -n 10 "$log" | sed 's/^/# nsk| /'
	fi
	if [ -s "$fwlog" ]; then
		echo "# $me: last lines of the firmware log $fwlog:"
		tail -n 15 "$fwlog" | sed 's/^/# fw| /'
	fi
	msg=$(printf '%s; ' "${problems[@]}")
	echo "# $me: $name: FAIL (${msg%; }), $npass passed, $nfail failed in ${ms} ms; log $keep.log"
	exit 1
}
