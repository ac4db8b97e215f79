#!/usr/bin/env bash
# The test SoC driver (tests/socdrv/socdrv.c) under secmon on QEMU: the nsk
# (nsk.test=socdrv) runs it once per example board, each boot with that
# board's DT given to the firmware (-fw_cfg name=opt/secmon/board.dtb,file=X),
# so the driver finds the board's psci node and call tables in the DT the
# firmware passes and the monitor serves the board's IDs. Then board DTs the
# monitor must refuse: each boot must end at once with the reason on the
# normal-world console and a power-off (QEMU exit 0), before any kernel runs.
#
# Usage: tests/nsk/socdrv.sh [--arch arm64|armhf] [--bios FILE] [--gic 2|3]
#                            [--virt 0|1] [--smp N] [--timeout S] [BOARD.dts ...]
#   --arch armhf the AArch32 firmware and nsk, the refusals only (run-a32.sh
#                --test socdrv runs the driver on each board there)
#   --bios FILE  the firmware (default build/qemu-virt-a64/secmon.bin)
#   --gic, --virt  one machine shape; default: two, GICv3 with the nsk at EL2
#                and GICv2 at EL1 (virtualization=off)
#   BOARD.dts    the boards (default boards/*.dts), compiled with dtc into
#                build/nsk-a64/boards/
#
# Prints TAP: the driver's lines with the shape in front ("ok 7 - secmon
# gic3 el2 legacy-negative: do_idle returns after a wake-up"), the nsk's check
# that its registers survive 100 ms of the firmware's interrupts, one line
# per boot saying that it completed and one on the monitor's power-off watch
# (on only for a PSCI 0.1 board: its FIQs must have come, and nothing may
# have changed for the nsk), the refusal checks, then the plan. Logs:
# build/nsk-a64/logs/socdrv-*.log and .fw.log (the secure console). Exits
# non-zero when anything failed.
set -u
cd "$(dirname "$0")/../.." || exit 2

arch=arm64
bios=""
smp=4
tmo=20
shapes=()
gic=""
virt=""
boards=()

while [ $# -gt 0 ]; do
	case $1 in
	--arch) arch=${2:?}; shift ;;
	--bios) bios=${2:?}; shift ;;
	--gic) gic=${2:?}; shift ;;
	--virt) virt=${2:?}; shift ;;
	--smp) smp=${2:?}; shift ;;
	--timeout) tmo=${2:?}; shift ;;
	-h | --help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
	-*) echo "socdrv.sh: unknown option $1" >&2; exit 2 ;;
	*) boards+=("$1") ;;
	esac
	shift
done
case $arch in
arm64) QEMU=qemu-system-aarch64 CPU=cortex-a57 dir=nsk-a64 fwtag=secmon ;;
armhf) QEMU=qemu-system-arm CPU=cortex-a15 dir=nsk-a32 fwtag=secmon-a32 gic=2 ;;
*) echo "socdrv.sh: unknown --arch $arch" >&2; exit 2 ;;
esac
[ -n "$bios" ] || bios=build/qemu-virt-${dir#nsk-}/secmon.bin
kernel=build/$dir/nsk.bin
if [ -n "$gic$virt" ]; then
	shapes=("${gic:-3} ${virt:-1}")
else
	shapes=("3 1" "2 0")
fi
[ ${#boards[@]} -gt 0 ] || boards=(boards/*.dts)
for f in "$bios" "$kernel"; do
	[ -f "$f" ] || { echo "Bail out! socdrv.sh: no $f (make firmware nsk)"; exit 1; }
done
for tool in dtc fdtget; do
	command -v $tool >/dev/null || { echo "Bail out! socdrv.sh: no $tool (device-tree-compiler)"; exit 1; }
done

dtbdir=build/$dir/boards
logdir=build/$dir/logs
mkdir -p "$dtbdir" "$logdir"
# Private copies: a rebuild while the boots run must not change them midway.
snap=$(mktemp -d "build/$dir/socdrv.XXXXXX")
trap 'rm -rf "$snap"' EXIT
cp "$bios" "$snap/secmon.bin" && cp "$kernel" "$snap/nsk.bin" || exit 1
bios=$snap/secmon.bin
kernel=$snap/nsk.bin
. tests/tap.sh

# qemu GIC VIRT LOG FWLOG BOARD_DTB [APPEND]: one boot, the firmware verbose
# on its own console; sets rc and ms.
qemu() {
	local g=$1 v=$2 log=$3 fwlog=$4 dtb=$5 append=${6:-}
	local vflag=off start
	[ "$v" = 1 ] && vflag=on
	# shellcheck disable=SC2054 # -M's value has commas
	local cmd=("$QEMU" -M "virt,secure=on,virtualization=$vflag,gic-version=$g"
		-cpu "$CPU" -smp "$smp" -m 512M -display none -monitor none -nic none
		-serial stdio -serial "file:$fwlog" -bios "$bios" -kernel "$kernel"
		-fw_cfg "name=opt/secmon/board.dtb,file=$dtb" -fw_cfg name=opt/secmon/verbose,string=1)
	[ -n "$append" ] && cmd+=(-append "$append")
	rm -f "$log" "$fwlog"
	start=$(date +%s%N)
	timeout -k 5 "$tmo" "${cmd[@]}" </dev/null >"$log" 2>&1
	rc=$?
	ms=$((($(date +%s%N) - start) / 1000000))
}

# The driver on each board, in each shape.
[ "$arch" = armhf ] && shapes=()
for shape in "${shapes[@]}"; do
	read -r g v <<<"$shape"
	el=$([ "$v" = 1 ] && echo 2 || echo 1)
	tag="secmon gic$g el$el"
	for src in "${boards[@]}"; do
		name=$(basename "$src" .dts)
		dtb=$dtbdir/$name.dtb
		if ! dtc -q -Wno-unit_address_vs_reg -I dts -O dtb -o "$dtb" "$src" 2>"$dtb.log"; then
			tap_result 1 "$tag $name: the board compiles" "$(head -n 3 "$dtb.log")"
			continue
		fi
		log=$logdir/socdrv-gic$g-el$el-$name.log
		qemu "$g" "$v" "$log" "${log%.log}.fw.log" "$dtb" "nsk.test=socdrv nsk.name=$name"
		while IFS= read -r line; do
			if [[ $line =~ ^(not\ )?ok\ [0-9]+\ -\ (.*)$ ]]; then
				tap_result "$([ -z "${BASH_REMATCH[1]}" ]; echo $?)" "$tag ${BASH_REMATCH[2]}"
			elif [[ $line =~ ^1\.\.[0-9]+$ ]]; then
				:
			else
				echo "# | $line"
			fi
		done <"$log"
		plan=$(grep -m1 -E '^1\.\.[0-9]+$' "$log" | cut -c4-)
		got=$(grep -c -E '^(not )?ok [0-9]+ ' "$log")
		why=()
		if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
			why+=("timed out after ${tmo}s")
		elif [ "$rc" != 0 ]; then
			why+=("QEMU exited with status $rc")
		fi
		[ -n "$plan" ] || why+=("no plan from the nsk")
		[ -n "$plan" ] && [ "$plan" != "$got" ] && why+=("$got results for a plan of $plan")
		[ "$got" -gt 0 ] || why+=("no results")
		grep -q -e '^Bail out!' -e '^# nsk: FAIL' "$log" && why+=("$(grep -m1 -e '^Bail out!' -e '^# nsk: FAIL' "$log")")
		[ ${#why[@]} -eq 0 ] || why+=("log $log; secure console ${log%.log}.fw.log")
		tap_result "${#why[@]}" "$tag $name: the driver ran to the end and QEMU powered off (${ms} ms)" "${why[@]}"
		# PSCI 0.1 (no SYSTEM_OFF): the monitor watches its power-off mailbox.
		checks=$(sed -n 's/^secmon: power-off watch: \([0-9]*\) checks.*/\1/p' "${log%.log}.fw.log" | tail -n 1)
		if [ "$(fdtget "$dtb" /psci compatible 2>/dev/null)" = arm,psci ]; then
			tap_result "$([ "${checks:-0}" -ge 10 ]; echo $?)" \
				"$tag $name: PSCI 0.1, so the monitor's power-off watch ran (${checks:-no} checks)" \
				"want at least 10 checks (one per 5 ms) in ${log%.log}.fw.log"
		else
			tap_result "$([ -z "$checks" ]; echo $?)" \
				"$tag $name: the normal world has SYSTEM_OFF, so no power-off watch" \
				"the secure console says: power-off watch: $checks checks"
		fi
	done
done

# Board DTs the monitor must refuse: name, what the normal-world console must say.
refusal() {
	local what=$1 dtb=$2 want=$3 log=$logdir/socdrv-refused-$1.log
	local why=()
	qemu "${gic:-3}" 1 "$log" "${log%.log}.fw.log" "$dtb" "nsk.test=socdrv nsk.name=$what"
	[ "$rc" = 0 ] || why+=("QEMU exited with status $rc (124: timed out after ${tmo}s)")
	grep -q -F "secmon: cannot boot: $want" "$log" ||
		why+=("no 'secmon: cannot boot: $want' on the normal-world console")
	grep -q -F "$want" "${log%.log}.fw.log" 2>/dev/null || why+=("not on the secure console either")
	grep -q '^# nsk: .*entered' "$log" && why+=("the kernel ran")
	[ ${#why[@]} -eq 0 ] || why+=("log $log" "got: $(grep -m1 'secmon:' "$log")")
	tap_result "${#why[@]}" "$fwtag board DT refused ($what): the reason on both consoles, then power-off (${ms} ms)" "${why[@]}"
}

bad=$dtbdir/refused
mkdir -p "$bad"
cat >"$bad/unknown-parameter.dts" <<'EOF'
/dts-v1/;
/ {
	#address-cells = <2>;
	#size-cells = <2>;
	firmware {
		secure-monitor {
			compatible = "secmon,call-table";
			method = "smc";
			abi = "legacy";
			cpu-boot {
				function-id = <0xfffffffc>;
				arg-names = "core";
				arg-registers = <1>;
			};
		};
	};
};
EOF
cat >"$bad/unknown-service.dts" <<'EOF'
/dts-v1/;
/ {
	#address-cells = <2>;
	#size-cells = <2>;
	firmware {
		secure-audio {
			compatible = "secmon,secure-audio", "secmon,call-table";
			method = "smc";
			play {
				function-id = <0x82000200>;
			};
		};
	};
};
EOF
cat >"$bad/psci01-renames-a-call.dts" <<'EOF'
/dts-v1/;
/ {
	#address-cells = <2>;
	#size-cells = <2>;
	psci {
		compatible = "arm,psci";
		method = "smc";
		cpu_on = <0x84000002>;
		cpu_off = <0x95c1ba5f>;
	};
};
EOF
for b in unknown-parameter unknown-service psci01-renames-a-call; do
	if ! dtc -q -I dts -O dtb -o "$bad/$b.dtb" "$bad/$b.dts" 2>"$bad/$b.dtc.log"; then
		tap_result 1 "secmon board DT refused ($b): compiles" "$(head -n 3 "$bad/$b.dtc.log")"
	fi
done
refusal unknown-parameter "$bad/unknown-parameter.dtb" \
	"the board DT (fw_cfg opt/secmon/board.dtb) was refused: node cpu-boot, property arg-names: unknown parameter name"
refusal unknown-service "$bad/unknown-service.dtb" \
	"the board DT (fw_cfg opt/secmon/board.dtb) was refused: node secure-audio, property compatible: no service of this monitor has that compatible"
refusal psci01-renames-a-call "$bad/psci01-renames-a-call.dtb" \
	"the board DT (fw_cfg opt/secmon/board.dtb) was refused: node psci, property cpu_on: 0x84000002 is another call this monitor answers itself"
printf 'not a device tree\n' >"$bad/garbage.dtb"
refusal garbage "$bad/garbage.dtb" \
	"the board DT (fw_cfg opt/secmon/board.dtb, 18 bytes) is not a flattened device tree"
head -c 70000 /dev/zero >"$bad/too-big.dtb"
refusal too-big "$bad/too-big.dtb" \
	"the board DT (fw_cfg opt/secmon/board.dtb) has 70000 bytes, at most 65536 fit"

tap_plan
echo "# socdrv.sh: $((TAP_COUNT - TAP_FAILED)) passed, $TAP_FAILED failed"
tap_status
