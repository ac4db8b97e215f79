#!/usr/bin/env bash
# Arm's firmware test suite (TFTF, tf-a-tests) against secmon's AArch64
# firmware on QEMU virt. Not part of `make check`: the suite's source is not
# in this tree and CI cannot fetch it; docs/verification.md says where to get
# it, what today's result is and why each skipped test skips.
#
# Usage: tests/tftf/run.sh [options] TFTF_SRC
#   TFTF_SRC         a tf-a-tests checkout (tag v2.15.0), left untouched: the
#                    build goes to build/tftf/
#   --bios FILE      the firmware (default build/qemu-virt-a64/secmon.bin,
#                    built first)
#   --gic 2|3        QEMU's gic-version (3)
#   --cpu NAME       -cpu (cortex-a57)      --smp N   CPUs (4)
#   --tests NAME     TFTF's TESTS= list, tftf/tests/tests-NAME.xml (standard)
#   --skip 'S/T'     also leave out test T of suite S, or with 'S' the whole
#                    suite (repeatable). The platform's tests_to_skip.txt
#                    always applies, and tests/tftf/skip.txt (tests that hang
#                    in TFTF itself on qemu_virt) unless --all
#   --all            do not leave out tests/tftf/skip.txt's tests
#   --only 'S/T'     run only these tests ('S': the suite; repeatable)
#   --name NAME      the run's directory: build/tftf/CPU-smpN-gicV-NAME
#   --test-timeout S a test without a result after S seconds hangs (300)
#   --timeout S      the whole run (3600)
#   --no-retry       stop at the first hang; by default the hung test is
#                    added to the skip list and the suite runs again from the
#                    start, so that one hang does not hide the rest
#   --debug          TFTF's DEBUG=1 build (assertions, INFO messages)
#
# TFTF is linked at 0x60000000; tests/tftf/wrap.S makes it an arm64 Image
# that copies it there, loaded through secmon's kernel slot (-kernel). The
# firmware's console (the secure UART) goes to build/tftf/<run>/fw.log, TFTF's
# to build/tftf/<run>/tftf.log. On a hang QEMU's monitor is asked where
# every CPU is (its EL and function, from tftf.elf or the firmware's ELF).
# Prints each failure, each hang, the skips grouped by reason and TFTF's
# summary; exits 0 only when nothing failed, crashed or hung.
set -u
cd "$(dirname "$0")/../.." || exit 2

bios=""
gic=3
cpu=cortex-a57
smp=4
tests=standard
skips=()
only=()
own_skips=tests/tftf/skip.txt
name=""
test_tmo=300
run_tmo=3600
retry=1
debug=0
src=""

usage() {
	sed -n '7,28p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--bios) bios=${2:?}; shift ;;
	--gic) gic=${2:?}; shift ;;
	--cpu) cpu=${2:?}; shift ;;
	--smp) smp=${2:?}; shift ;;
	--tests) tests=${2:?}; shift ;;
	--skip) skips+=("${2:?}"); shift ;;
	--only) only+=("${2:?}"); shift ;;
	--all) own_skips="" ;;
	--name) name=-${2:?}; shift ;;
	--test-timeout) test_tmo=${2:?}; shift ;;
	--timeout) run_tmo=${2:?}; shift ;;
	--no-retry) retry=0 ;;
	--debug) debug=1 ;;
	-h | --help) usage ;;
	-*) echo "tftf: unknown option $1" >&2; usage ;;
	*) [ -z "$src" ] || usage; src=$1 ;;
	esac
	shift
done

[ -n "$src" ] || usage
[ -f "$src/plat/qemu/qemu_virt/platform.mk" ] ||
	{ echo "tftf: $src is not a tf-a-tests tree with plat/qemu/qemu_virt" >&2; exit 2; }
case $gic in 2 | 3) ;; *) echo "tftf: --gic must be 2 or 3" >&2; exit 2 ;; esac
for n in "$smp" "$test_tmo" "$run_tmo"; do
	case $n in '' | *[!0-9]*) echo "tftf: '$n' is not a number" >&2; exit 2 ;; esac
done
src=$(cd "$src" && pwd)

sh scripts/deps.sh || exit 2
if [ -z "$bios" ]; then
	make -s -f mk/qemu-virt-a64.mk >/dev/null || { echo "tftf: firmware build failed" >&2; exit 2; }
	bios=build/qemu-virt-a64/secmon.bin
fi
[ -f "$bios" ] || { echo "tftf: no firmware $bios" >&2; exit 2; }
fw_elf=${bios%.bin}.elf

run=$(pwd)/build/tftf/${cpu}-smp$smp-gic$gic$name
mkdir -p "$run"
type=$([ "$debug" = 1 ] && echo debug || echo release)
cross=aarch64-linux-gnu-

# TFTF's build, with the platform's skip list plus ours, in build/tftf/.
build_tftf() {
	local skipfile=$run/skip.txt
	cp "$src/plat/qemu/qemu_virt/tests_to_skip.txt" "$skipfile"
	[ -n "$(tail -c1 "$skipfile")" ] && echo >>"$skipfile"
	[ -n "$own_skips" ] && cat "$own_skips" >>"$skipfile"
	for s in "${skips[@]}"; do printf '%s\n' "$s" >>"$skipfile"; done
	make_tftf
	if [ ${#only[@]} -gt 0 ]; then
		not_only >>"$skipfile" || exit 2
		make_tftf
	fi
	wrap_image
}

# Every suite and test of the last build but those --only names, as skip lines.
not_only() {
	python3 - "$run/src-build/qemu_virt/$type/autogen/tests_list.c" "${only[@]}" <<'EOF'
import re, sys
src = open(sys.argv[1]).read()
want = set(sys.argv[2:])
arrays = dict(re.findall(r"const test_case_t (testcases_\d+)\[\] = \{(.*?)\n\};", src, re.S))
found = set()
for suite, arr in re.findall(r'\{ "([^"]*)", "[^"]*", (testcases_\d+) \}', src):
    tests = re.findall(r'\{ \d+, "([^"]*)"', arrays[arr])
    picked = [t for t in tests if suite in want or suite + "/" + t in want]
    found |= {suite} if suite in want else {suite + "/" + t for t in picked}
    if not picked:
        print(suite)
    else:
        print("\n".join(suite + "/" + t for t in tests if t not in picked))
missing = want - found
if missing:
    sys.exit("tftf: --only names no such test: " + ", ".join(sorted(missing)))
EOF
}

make_tftf() {
	echo "# tftf: building $src (PLAT=qemu_virt TESTS=$tests DEBUG=$debug)"
	if ! make -C "$src" -j2 PLAT=qemu_virt TESTS="$tests" DEBUG="$debug" \
		CROSS_COMPILE=$cross BUILD_BASE="$run/src-build" \
		PLAT_TESTS_SKIP_LIST="$skipfile" tftf >"$run/build.log" 2>&1; then
		tail -n 20 "$run/build.log" >&2
		echo "tftf: TFTF's build failed (log $run/build.log)" >&2
		exit 2
	fi
	tftf_elf=$run/src-build/qemu_virt/$type/tftf/tftf.elf
	tftf_bin=$run/src-build/qemu_virt/$type/tftf.bin
}

# The arm64 Image around tftf.bin (tests/tftf/wrap.S).
wrap_image() {
	local link entry size
	link=$(${cross}readelf -lW "$tftf_elf" | awk '$1 == "LOAD" { print $3; exit }')
	entry=$(${cross}readelf -hW "$tftf_elf" | awk '/Entry point address/ { print $4 }')
	[ -n "$link" ] && [ -n "$entry" ] || { echo "tftf: cannot read $tftf_elf" >&2; exit 2; }
	size=$((($(stat -c %s "$tftf_bin") + 7) / 8 * 8))
	${cross}gcc -c -o "$run/wrap.o" -DTFTF_BIN="\"$tftf_bin\"" -DTFTF_LINK="$link" \
		-DTFTF_ENTRY="$entry" -DTFTF_SIZE="$size" tests/tftf/wrap.S || exit 2
	${cross}objcopy -O binary -j .text "$run/wrap.o" "$run/tftf.img" || exit 2
	echo "# tftf: $run/tftf.img: tftf.bin for $link, entry $entry"
}

# Has the build left suite $1 without a test? (TFTF's generated list.)
suite_emptied() {
	python3 - "$run/src-build/qemu_virt/$type/autogen/tests_list.c" "$1" <<'EOF'
import re, sys
src = open(sys.argv[1]).read()
m = re.search(r'\{ "%s", "[^"]*", (testcases_\d+) \}' % re.escape(sys.argv[2]), src)
sys.exit(0 if m and re.search(r"%s\[\] = \{\s*\{ 0, NULL" % m.group(1), src) else 1)
EOF
}

# Where every CPU is, from QEMU's monitor: five samples a second apart of
# each CPU's exception level and function (tftf.elf at EL1/EL2, the
# firmware's ELF at EL3). A CPU whose samples differ is running, not waiting:
# a CPU in an interrupt storm shows TFTF's IRQ entry and GIC code.
where_cpus() {
	local i
	for i in 1 2 3 4 5; do
		python3 - "$run/monitor.sock" <<'EOF'
import re, socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.settimeout(2)
s.sendall(b"info registers -a\n")
data = b""
try:
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
except socket.timeout:
    pass
cpu, pc = 0, "0"
for line in data.decode(errors="replace").splitlines():
    m = re.search(r"CPU#(\d+)", line)
    if m:
        cpu = int(m.group(1))
    m = re.match(r"PC=([0-9a-f]+)", line.strip())
    if m:
        pc = m.group(1)
    m = re.search(r"PSTATE=\S+ \S+ (?:NS )?(EL\d)", line)
    if m:
        print(cpu, m.group(1), pc)
EOF
		sleep 1
	done | while read -r cpu el pc; do
		local elf=$tftf_elf
		[ "$el" = EL3 ] && elf=$fw_elf
		echo "$cpu $el $(${cross}addr2line -f -e "$elf" "0x$pc" | head -n1)"
	done | sort -s -n -k1,1 | awk '
		{ k = $1 " " $2; if (!(k in seen)) { order[++n] = k; seen[k] = "" }
		  if (index(" " seen[k] " ", " " $3 " ") == 0) seen[k] = seen[k] (seen[k] == "" ? "" : " ") $3 }
		END { for (i = 1; i <= n; i++) { split(order[i], a, " ")
			printf "# tftf:   CPU %s at %s: %s\n", a[1], a[2], seen[order[i]] } }'
}

# One boot of the suite. Sets hung_test to the suite/test that hung, if any.
run_once() {
	local log=$run/tftf.log start now last_change cur name suite qpid elapsed
	hung_test=""
	rm -f "$log" "$run/fw.log" "$run/monitor.sock"
	qemu=(qemu-system-aarch64 -M "virt,secure=on,virtualization=on,gic-version=$gic"
		-cpu "$cpu" -smp "$smp" -m 1G -display none -nic none
		-monitor "unix:$run/monitor.sock,server,nowait"
		-serial "file:$log" -serial "file:$run/fw.log"
		-bios "$bios" -kernel "$run/tftf.img")
	echo "# tftf: ${qemu[*]}"
	"${qemu[@]}" </dev/null >"$run/qemu.log" 2>&1 &
	qpid=$!
	start=$(date +%s)
	last_change=$start
	cur=""
	while kill -0 "$qpid" 2>/dev/null; do
		sleep 1
		now=$(date +%s)
		[ -f "$log" ] || continue
		grep -q '^NOTICE:  Exiting tests\.' "$log" && break
		if [ $((now - start)) -ge "$run_tmo" ]; then
			echo "# tftf: the whole run took more than ${run_tmo}s"
			hung_test="(whole run)"
			break
		fi
		# The test now running: the last "> Executing" without its result.
		name=$(tr -d '\r' <"$log" | awk '/^> Executing / { t = $0; done = 0 }
			/^  TEST COMPLETE/ { done = 1 } END { if (!done) print t }' |
			sed -n "s/^> Executing '\\(.*\\)'$/\\1/p")
		if [ "$name" != "$cur" ]; then
			cur=$name
			last_change=$now
		elif [ -n "$cur" ] && [ $((now - last_change)) -ge "$test_tmo" ]; then
			suite=$(tr -d '\r' <"$log" | grep "^Running test suite '" | tail -n1 |
				sed "s/^Running test suite '\\(.*\\)'$/\\1/")
			hung_test="$suite/$cur"
			echo "# tftf: HANG: '$hung_test': no result after ${test_tmo}s; where the CPUs are:"
			where_cpus
			break
		fi
	done
	kill "$qpid" 2>/dev/null
	wait "$qpid" 2>/dev/null
	elapsed=$(($(date +%s) - start))
	echo "# tftf: QEMU ran ${elapsed}s"
}

# The results of the last boot: each failure with what the test printed,
# then the skips grouped by the reason they printed, then TFTF's counts.
report() {
	local log=$run/tftf.txt
	: >"$run/skips.txt"
	awk -v skips="$run/skips.txt" '
		function flush() {
			if (res == "Failed" || res == "Crashed")
				printf "# tftf: %s: %s/%s%s\n", toupper(res), s, t, out
			else if (res == "Skipped")
				printf "%s\t%s/%s\n", why == "" ? "(no reason printed)" : why, s, t >skips
			res = ""; why = ""; out = ""
		}
		/^Running test suite |^> Executing |^--$|^\*+ Summary/ { flush() }
		/^Running test suite / { s = substr($0, 21, length($0) - 21) }
		/^> Executing / { t = substr($0, 14, length($0) - 14) }
		/^  TEST COMPLETE/ { flush(); res = $NF; next }
		res != "" && /^$/ { flush(); next }
		res != "" { out = out "\n#   | " $0; why = why (why == "" ? "" : " ") $0 }
	' "$log"
	sort -t "$(printf '\t')" -k1,1 -s "$run/skips.txt" | awk -F '\t' '
		$1 != r { if (r != "") print ""; r = $1; printf "# tftf: skipped: %s:", r }
		{ printf "\n#     %s", $2 }
		END { if (r != "") print "" }'
	rm -f "$run/skips.txt"
	grep -E '^(Tests|Total)' "$log"
}

hangs=()
build_tftf
while :; do
	run_once
	[ -z "$hung_test" ] && break
	hangs+=("$hung_test")
	[ "$retry" = 1 ] && [ "$hung_test" != "(whole run)" ] || break
	skips+=("$hung_test")
	echo "# tftf: again, with '$hung_test' left out"
	build_tftf
	# TFTF's generator keeps a suite whose tests are all left out, and TFTF
	# then crashes on its empty list: leave the whole suite out instead.
	if suite_emptied "${hung_test%%/*}"; then
		unset 'skips[${#skips[@]}-1]'
		skips+=("${hung_test%%/*}")
		echo "# tftf: that was the last test of its suite: the suite is left out"
		build_tftf
	fi
done

echo "# tftf: results ($run/tftf.log; firmware log $run/fw.log)"
tr -d '\r' <"$run/tftf.log" >"$run/tftf.txt"
report
failed=$(grep -m1 '^Tests Failed' "$run/tftf.txt" | awk '{ print $NF }')
crashed=$(grep -m1 '^Tests Crashed' "$run/tftf.txt" | awk '{ print $NF }')
for h in "${hangs[@]}"; do echo "# tftf: HUNG: $h"; done
summary=$(grep -E '^Tests (Passed|Failed|Skipped|Crashed)' "$run/tftf.txt" |
	awk '{ printf "%s%s %s", sep, $NF, tolower($2); sep = ", " }')
if [ -z "$summary" ]; then
	echo "# tftf: last lines of TFTF's console:"
	tail -n 5 "$run/tftf.txt" | sed 's/^/# tftf| /'
	echo "# tftf: last lines of the firmware's console:"
	tail -n 5 "$run/fw.log" 2>/dev/null | sed 's/^/# fw| /'
	echo "tftf: no summary from TFTF, ${#hangs[@]} hung (see $run/tftf.log)"
	exit 1
fi
echo "tftf: $summary, ${#hangs[@]} hung ($cpu, $smp CPUs, GICv$gic)"
[ "${failed:-1}" = 0 ] && [ "${crashed:-1}" = 0 ] && [ ${#hangs[@]} -eq 0 ]
