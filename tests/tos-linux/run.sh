#!/bin/bash
# run.sh [options] - the project's secure payload called from Linux: Debian's
# arm64 kernel under secmon's AArch64 firmware with build/tos/tos.bin as the
# trusted OS (fw_cfg opt/secmon/tos), 4 CPUs, and tos-linux-test.ko
# (tests/tos-linux/tos-linux-test.c, built here against Debian's headers
# for that kernel) in an initramfs whose /init is tests/tos-linux/init.sh.
# One boot per GIC version (GICv3 with the kernel at EL2, GICv2 at EL1).
# Prints TAP lines "ok - tos-linux gicN: ...":
#   calls    fast and yielding calls on every CPU at once, every answer right
#   long     on every CPU a yielding call preempted >= 100 times by Linux's
#            interrupts and resumed; the payload's count equals the module's
#   timer    1000 secure timer interrupts per CPU while Linux runs, none lost;
#            Linux's own timer interrupts kept coming meanwhile
#   hotplug  each secondary offlined and onlined 3 times: the payload's
#            cpu_off and cpu_on counters of that CPU grew by as much, no
#            other counter of any CPU moved
#   idle     before: every suspend hook (cpuidle power-downs since boot)
#            had its resume hook, on each CPU
#   suspend  one suspend to RAM: the payload counted the boot CPU's suspend
#            and resume hooks once per suspend that slept, and each
#            secondary's cpu_off and cpu_on once per time Linux took them
#            offline for it (once, unless an early alarm aborted one after
#            that), nothing else
#   the secure console says the payload ran and was never found broken,
#   no kernel stack dump, the init finished, the machine powered off.
#
# Options:
#   --bios FILE   the firmware (default build/qemu-virt-a64/secmon.bin)
#   --tos FILE    the payload (default build/tos/tos.bin)
#   --gic LIST    GIC versions to boot (default "3 2")
#   --timeout S   per boot (default 180)
#   --no-build    use the module built before
# Logs: build/tos-linux/gicN.log (serial), gicN.secure.log (secure UART).
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HERE=$ROOT/tests/tos-linux
cd "$ROOT" || exit 2

BIOS=build/qemu-virt-a64/secmon.bin
TOS=build/tos/tos.bin
GICS="3 2"
TIMEOUT=180
BUILD=1
usage() {
	sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}" >&2
	exit 2
}
while [ $# -gt 0 ]; do
	case $1 in
	--bios) BIOS=${2:?}; shift ;;
	--tos) TOS=${2:?}; shift ;;
	--gic) GICS=${2:?}; shift ;;
	--timeout) TIMEOUT=${2:?}; shift ;;
	--no-build) BUILD=0 ;;
	-h | --help) usage ;;
	*) echo "run.sh: unknown option $1" >&2; usage ;;
	esac
	shift
done
for f in "$BIOS" "$TOS"; do
	[ -f "$f" ] || { echo "run.sh: no $f (make firmware tos)" >&2; exit 2; }
done

TAP_PREFIX="tos-linux "
. tests/tap.sh
O=build/tos-linux
K=$O/kbuild
mkdir -p "$K"
LINUX_DIR=build/linux/arm64
KDIR=build/linux-headers/arm64/kdir

if [ "$BUILD" = 1 ]; then
	sh tests/linux/fetch.sh arm64 "$LINUX_DIR" >"$O/fetch.log" 2>&1 &&
		sh linux/fetch-headers.sh "$ROOT/build/linux-headers/arm64" arm64 >>"$O/fetch.log" 2>&1 ||
		{ tap_not_ok "fetch Debian's arm64 kernel and its headers"; tap_file "$O/fetch.log" 20; exit 1; }
	rm -f "$K"/*.o "$K"/*.ko "$K"/*.mod "$K"/*.mod.c "$K"/.*.cmd
	ln -sfn "$HERE/Kbuild" "$K/Kbuild"
	ln -sfn "$HERE/tos-linux-test.c" "$K/tos-linux-test.c"
	ln -sfn "$ROOT/tos" "$K/tos"
	if make -C "$KDIR" M="$ROOT/$K" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- W=1 modules \
		>"$O/build.log" 2>&1 && ! grep -q -e 'warning:' -e 'WARNING: modpost' "$O/build.log"; then
		cp "$K/tos-linux-test.ko" "$O/tos-linux-test.ko"
		tap_ok "build tos-linux-test.ko against Debian's $(sed -n 's/^kernel_release=//p' "$LINUX_DIR/version") headers (W=1, no warning)"
	else
		tap_not_ok "build tos-linux-test.ko against Debian's headers (W=1, no warning)"
		tap_file "$O/build.log" 30
		exit 1
	fi
fi
[ -f "$O/tos-linux-test.ko" ] || { echo "run.sh: no $O/tos-linux-test.ko" >&2; exit 2; }

X=$O/extra
rm -rf "$X"
mkdir -p "$X/lib/modules/tos"
aarch64-linux-gnu-strip --strip-debug -o "$X/lib/modules/tos/tos-linux-test.ko" "$O/tos-linux-test.ko"
INITRD_MODULES="" INITRD_EXTRA=$X sh tests/linux/mkinitrd.sh "$LINUX_DIR" "$HERE/init.sh" \
	"$O/initrd.cpio.gz" >"$O/initrd.log" 2>&1 ||
	{ tap_not_ok "initramfs"; tap_file "$O/initrd.log" 20; exit 1; }

# The module's lines of TEST from LOG, passed on with the boot's name.
module_lines() { # LOG NAME TEST
	local l found=0
	while IFS= read -r l; do
		found=1
		case $l in
		"ok - "*) tap_ok "$2: ${l#ok - }" ;;
		"not ok - "*) tap_not_ok "$2: ${l#not ok - }" ;;
		"# "*) echo "$l" ;;
		esac
	done < <(sed -n "s/^SECMON-TOSL $3 //p" "$1")
	[ "$found" = 1 ] || tap_not_ok "$2: $3: the module's lines are in the log"
}

# The payload's counters: "pm-after - pm-before" per CPU index and hook,
# against what Linux did (init.sh's did-* lines). Prints TAP-able verdicts
# "ok|not ok<TAB>text" for hotplug and suspend.
pm_verdicts() { # LOG
	awk '
	function field(line, key,   i, n, a) {
		n = split(line, a, " ")
		for (i = 1; i <= n; i++)
			if (index(a[i], key "=") == 1)
				return substr(a[i], length(key) + 2)
		return ""
	}
	/^SECMON-TOSL pm-(before|hotplug|suspend) pm cpu=/ {
		ph = $2; c = field($0, "cpu"); cpus[c] = 1
		for (h = 0; h < 6; h++) v[ph, c, hook[h]] = field($0, hook[h])
	}
	/^SECMON-TOSL did-hotplug / { off[field($0, "cpu")] = field($0, "off"); on[field($0, "cpu")] = field($0, "on") }
	/^SECMON-TOSL did-suspend / { slept = field($0, "slept"); down = field($0, "cpus_down") }
	BEGIN { split("on off suspend resume system_off system_reset", t, " "); for (h = 0; h < 6; h++) hook[h] = t[h + 1] }
	function delta(a, b, c, h,   x, y) {
		x = v[a, c, h]; y = v[b, c, h]
		if (x !~ /^[0-9]+$/ || y !~ /^[0-9]+$/) return "?"
		return y - x
	}
	END {
		n = 0; bad = ""; sec = 0; ops = 0
		for (c in cpus) {
			n++
			for (h = 0; h < 6; h++) {
				want = 0
				if (c != 0 && hook[h] == "off") want = off[c]
				if (c != 0 && hook[h] == "on") want = on[c]
				d = delta("pm-before", "pm-hotplug", c, hook[h])
				if (d != want) bad = bad " cpu" c " " hook[h] " " d " want " want
			}
			if (c != 0) { sec++; ops += off[c] + on[c] }
		}
		okh = n > 1 && bad == "" && ops > 0
		printf "%s\thotplug: each of %d secondaries offlined and onlined (%d operations in all): the payload counted as many cpu_off and cpu_on hooks on that CPU, no other hook moved on any of %d CPUs%s\n", okh ? "ok" : "not ok", sec, ops, n, bad
		bad = ""
		for (c in cpus)
			for (h = 0; h < 6; h++) {
				want = 0
				if (c == 0 && (hook[h] == "suspend" || hook[h] == "resume")) want = slept
				if (c != 0 && (hook[h] == "off" || hook[h] == "on")) want = down
				d = delta("pm-hotplug", "pm-suspend", c, hook[h])
				if (d != want) bad = bad " cpu" c " " hook[h] " " d " want " want
			}
		oks = n > 1 && bad == "" && slept > 0 && down >= slept
		printf "%s\tsuspend: %d suspend to RAM slept (secondaries taken offline for it %d times): the payload counted as many suspend and resume hooks on CPU 0 and cpu_off and cpu_on hooks on each of its %d secondaries, nothing else%s\n", oks ? "ok" : "not ok", slept, down, sec, bad
		# Before, with every CPU awake: each power-down of cpuidle since
		# boot had its resume hook after its suspend hook.
		bad = ""; total = 0
		for (c in cpus) {
			s = v["pm-before", c, "suspend"]; r = v["pm-before", c, "resume"]
			total += s
			if (s !~ /^[0-9]+$/ || s != r) bad = bad " cpu" c " suspend " s " resume " r
		}
		oki = n > 1 && bad == "" && total > 0
		printf "%s\tidle: every suspend hook the payload got (%d since boot, cpuidle power-downs) was followed by its resume hook on each of %d CPUs%s\n", oki ? "ok" : "not ok", total, n, bad
	}' "$1"
}

rc=0
for gic in $GICS; do
	virt=$([ "$gic" = 3 ] && echo 1 || echo 0)
	name="gic$gic"
	log=$O/$name.log
	seclog=$O/$name.secure.log
	bash tests/linux/boot.sh --arch arm64 --bios "$BIOS" --smp 4 --gic "$gic" --virt "$virt" \
		--initrd "$O/initrd.cpio.gz" --log "$log" --secure-log "$seclog" --quiet \
		--timeout "$TIMEOUT" -- -fw_cfg "name=opt/secmon/tos,file=$TOS" \
		-fw_cfg name=opt/secmon/verbose,string=1 >"$O/$name.boot" 2>&1
	brc=$?
	grep '^SECMON-TOSL module' "$log" | sed 's/^SECMON-TOSL /# /'
	module_lines "$log" "$name" calls
	module_lines "$log" "$name" long
	module_lines "$log" "$name" timer
	grep -e '^SECMON-TOSL did-' -e '^SECMON-TOSL cpuidle-off' "$log" | sed 's/^SECMON-TOSL /# /'
	pm_verdicts "$log" >"$O/$name.pm" 2>&1
	while IFS=$'\t' read -r verdict text; do
		if [ "$verdict" = ok ]; then tap_ok "$name: $text"; else tap_not_ok "$name: $text"; fi
	done <"$O/$name.pm"
	[ "$(grep -c "$(printf '^\(not \)\{0,1\}ok\t')" "$O/$name.pm")" = 3 ] ||
		{ tap_not_ok "$name: the hook counters were judged (3 verdicts)"; tap_file "$O/$name.pm" 10; }
	grep -q 'trusted OS running' "$seclog" && ! grep -q '^trusted OS.*dead' "$seclog"
	tap_result $? "$name: the secure console says the payload ran and was never found broken"
	n=$(sed -n 's/^SECMON-TOSL splats=//p' "$log")
	[ "$n" = 0 ]
	tap_result $? "$name: no kernel stack dump (${n:-no count})"
	grep -q '^SECMON-TOSL end' "$log" && [ "$brc" = 0 ]
	tap_result $? "$name: the init finished and the machine powered off (boot.sh $brc, $(sed -n 's/^SECMON-HOST elapsed=//p' "$log") s)"
	[ "$brc" = 0 ] || { tap_file "$O/$name.boot" 10; grep '^SECMON-TOSL splat' "$log" | head -n 10; rc=1; }
done
tap_status || rc=1
exit $rc
