#!/usr/bin/env bash
# Arm's firmware test suite (TFTF, tf-a-tests) against secmon's AArch64
# firmware on QEMU virt. Not part of `make check`: TFTF is not in this tree,
# and this script does not build it. It takes a TFTF the user built with
# tf-a-tests' own build for its qemu_virt platform (tf-a-tests'
# docs/getting_started); docs/tftf.md says which tests that build
# leaves out, which hang in TFTF itself, today's result and why each skipped
# test skips.
#
# Usage: tests/tftf/run.sh [options] TFTF_BIN
#   TFTF_BIN         tftf.bin of a PLAT=qemu_virt build, left untouched
#   --elf FILE       tftf.elf of the same build: its link address and entry
#                    point, and names for where the CPUs are on a hang
#                    (default: tftf/tftf.elf beside TFTF_BIN, as tf-a-tests'
#                    build leaves it; without one, qemu_virt's TFTF_BASE
#                    0x60000000 for both, and bare addresses)
#   --bios FILE      the firmware (default build/qemu-virt-a64/secmon.bin,
#                    built first)
#   --gic 2|3        QEMU's gic-version (3)
#   --cpu NAME       -cpu (cortex-a57)      --smp N   CPUs (4)
#   --name NAME      the run's directory: build/tftf/CPU-smpN-gicV-NAME
#   --test-timeout S a test without a result after S seconds hangs (300)
#   --timeout S      the whole run (3600)
#
# TFTF is linked at a fixed address; tests/tftf/wrap.S makes an arm64 Image
# that copies it there, loaded through secmon's kernel slot (-kernel). The
# firmware's console (the secure UART) goes to build/tftf/<run>/fw.log, TFTF's
# to build/tftf/<run>/tftf.log. A hang ends the run (TFTF keeps its progress
# in RAM and cannot resume past it): QEMU's monitor is asked where every CPU
# is (its EL and function, from tftf.elf or the firmware's ELF), and the
# hung test is named. Prints each failure, each hang, the skips grouped by
# reason and TFTF's summary; exits 0 only when nothing failed, crashed or hung.
set -u
cd "$(dirname "$0")/../.." || exit 2

bios=""
gic=3
cpu=cortex-a57
smp=4
name=""
test_tmo=300
run_tmo=3600
tftf_bin=""
tftf_elf=""

usage() {
	sed -n '9,23p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case $1 in
	--elf) tftf_elf=${2:?}; shift ;;
	--bios) bios=${2:?}; shift ;;
	--gic) gic=${2:?}; shift ;;
	--cpu) cpu=${2:?}; shift ;;
	--smp) smp=${2:?}; shift ;;
	--name) name=-${2:?}; shift ;;
	--test-timeout) test_tmo=${2:?}; shift ;;
	--timeout) run_tmo=${2:?}; shift ;;
	-h | --help) usage ;;
	-*) echo "tftf: unknown option $1" >&2; usage ;;
	*) [ -z "$tftf_bin" ] || usage; tftf_bin=$1 ;;
	esac
	shift
done

[ -n "$tftf_bin" ] || usage
[ -f "$tftf_bin" ] || { echo "tftf: no file $tftf_bin" >&2; exit 2; }
case $gic in 2 | 3) ;; *) echo "tftf: --gic must be 2 or 3" >&2; exit 2 ;; esac
for n in "$smp" "$test_tmo" "$run_tmo"; do
	case $n in '' | *[!0-9]*) echo "tftf: '$n' is not a number" >&2; exit 2 ;; esac
done
tftf_bin=$(realpath "$tftf_bin")
if [ -z "$tftf_elf" ] && [ -f "$(dirname "$tftf_bin")/tftf/tftf.elf" ]; then
	tftf_elf=$(dirname "$tftf_bin")/tftf/tftf.elf
fi
if [ -n "$tftf_elf" ]; then
	[ -f "$tftf_elf" ] || { echo "tftf: no file $tftf_elf" >&2; exit 2; }
	tftf_elf=$(realpath "$tftf_elf")
fi

sh scripts/deps.sh || exit 2
if [ -z "$bios" ]; then
	make -s -f mk/qemu-virt-a64.mk >/dev/null || { echo "tftf: firmware build failed" >&2; exit 2; }
	bios=build/qemu-virt-a64/secmon.bin
fi
[ -f "$bios" ] || { echo "tftf: no firmware $bios" >&2; exit 2; }
fw_elf=${bios%.bin}.elf

run=$(pwd)/build/tftf/${cpu}-smp$smp-gic$gic$name
mkdir -p "$run"
cross=aarch64-linux-gnu-

# The arm64 Image around tftf.bin (tests/tftf/wrap.S): link address and
# entry point from tftf.elf, else qemu_virt's TFTF_BASE for both.
wrap_image() {
	local link=0x60000000 entry=0x60000000 size
	if [ -n "$tftf_elf" ]; then
		link=$(${cross}readelf -lW "$tftf_elf" | awk '$1 == "LOAD" { print $3; exit }')
		entry=$(${cross}readelf -hW "$tftf_elf" | awk '/Entry point address/ { print $4 }')
		{ [ -n "$link" ] && [ -n "$entry" ]; } || { echo "tftf: cannot read $tftf_elf" >&2; exit 2; }
	fi
	size=$((($(stat -c %s "$tftf_bin") + 7) / 8 * 8))
	${cross}gcc -c -o "$run/wrap.o" -DTFTF_BIN="\"$tftf_bin\"" -DTFTF_LINK="$link" \
		-DTFTF_ENTRY="$entry" -DTFTF_SIZE="$size" tests/tftf/wrap.S || exit 2
	${cross}objcopy -O binary -j .text "$run/wrap.o" "$run/tftf.img" || exit 2
	echo "# tftf: $run/tftf.img: $tftf_bin for $link, entry $entry"
}

# Where every CPU is, from QEMU's monitor: five samples a second apart of
# each CPU's exception level and function (tftf.elf at EL1/EL2, the
# firmware's ELF at EL3). A CPU whose samples differ is running, not waiting:
# a CPU in an interrupt storm shows TFTF's IRQ entry and GIC code.
where_cpus() {
	local sample
	for sample in 1 2 3 4 5; do
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
		[ "$sample" = 5 ] || sleep 1
	done | while read -r n el pc; do
		local elf=$tftf_elf where=0x$pc
		[ "$el" = EL3 ] && elf=$fw_elf
		[ -n "$elf" ] && where=$(${cross}addr2line -f -e "$elf" "0x$pc" | head -n1)
		echo "$n $el $where"
	done | sort -s -n -k1,1 | awk '
		{ k = $1 " " $2; if (!(k in seen)) { order[++n] = k; seen[k] = "" }
		  if (index(" " seen[k] " ", " " $3 " ") == 0) seen[k] = seen[k] (seen[k] == "" ? "" : " ") $3 }
		END { for (i = 1; i <= n; i++) { split(order[i], a, " ")
			printf "# tftf:   CPU %s at %s: %s\n", a[1], a[2], seen[order[i]] } }'
}

# The boot of the suite. Sets hung_test to the suite/test that hung, if any.
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
			echo "# tftf: the whole run took more than ${run_tmo}s; where the CPUs are:"
			where_cpus
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

# The results of the boot: each failure with what the test printed, then
# the skips grouped by the reason they printed, then TFTF's counts.
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

wrap_image
run_once

echo "# tftf: results ($run/tftf.log; firmware log $run/fw.log)"
tr -d '\r' <"$run/tftf.log" >"$run/tftf.txt"
report
failed=$(grep -m1 '^Tests Failed' "$run/tftf.txt" | awk '{ print $NF }')
crashed=$(grep -m1 '^Tests Crashed' "$run/tftf.txt" | awk '{ print $NF }')
hangs=0
if [ -n "$hung_test" ]; then
	echo "# tftf: HUNG: $hung_test (the run ends there: the tests after it did not run)"
	hangs=1
fi
summary=$(grep -E '^Tests (Passed|Failed|Skipped|Crashed)' "$run/tftf.txt" |
	awk '{ printf "%s%s %s", sep, $NF, tolower($2); sep = ", " }')
if [ -z "$summary" ]; then
	echo "# tftf: last lines of TFTF's console:"
	tail -n 5 "$run/tftf.txt" | sed 's/^/# tftf| /'
	echo "# tftf: last lines of the firmware's console:"
	tail -n 5 "$run/fw.log" 2>/dev/null | sed 's/^/# fw| /'
	echo "tftf: no summary from TFTF, $hangs hung (see $run/tftf.log)"
	exit 1
fi
echo "tftf: $summary, $hangs hung ($cpu, $smp CPUs, GICv$gic)"
[ "${failed:-1}" = 0 ] && [ "${crashed:-1}" = 0 ] && [ "$hangs" -eq 0 ]
