#!/bin/bash
# check-boot.sh [--name PREFIX] LOG [EXPECTATION...] - check a boot.sh log.
#
# Prints one TAP line per expectation, "ok - PREFIX EXPECTATION (got X)" or
# "not ok - PREFIX EXPECTATION (got X)", then "# ..." lines explaining a
# failure; exits 0 when every check passed, 1 otherwise (2: bad usage).
# Without expectations it checks "poweroff".
#
# An expectation is KEY, or KEY OP VALUE with OP one of = != >= <= > <.
# = and != compare strings; the others compare dotted numbers (1.10 > 1.2).
# A bare KEY asks that the key is present and not "none"/"unknown", except
# for the flags below. Keys are those of the "SECMON-TEST key=value" lines
# (init-summary.sh; the last value printed wins, i.e. the last boot's) and
# of the "SECMON-HOST key=value" lines (boot.sh: qemu_status, elapsed,
# state), plus:
#   cpus       how many CPUs cpus_online lists ("0-3" -> 4, "0,2-3" -> 3)
#   boots      how many times the kernel started ("Booting Linux on physical
#              CPU" banners)
#   resets     how many "reboot: Restarting system" lines
#   soc_id     bare: present (the SMCCC SOC_ID driver made /sys/devices/soc0)
#   splats     count of kernel WARN/BUG/Oops stack dumps init-summary found
#   exynos_fw  yes when the kernel said "Running under secure firmware."
#              (Exynos mach code found a samsung,secure-firmware node and
#              registered its firmware_ops), else no
#   l2c        enabled when the kernel said "L2C-310 cache controller
#              enabled", else none
# Flags (bare only):
#   poweroff   the log ends with the kernel's "reboot: Power down" after the
#              last boot and QEMU's exit status was 0
#   hotplug    the last hotplug line of the init says ok
#   reboot     the init's "reboot ok boots=N", N kernel banners, N-1
#              resets, the state disk read boots=N after QEMU exited, and
#              poweroff
#   nopanic    no "Kernel panic" and no "Attempted to kill init" on the
#              console
#   cpuidle    the init's cpuidle action ran under cpuidle-psci
#              ("cpuidle driver=psci_idle") with more states than WFI,
#              and every CPU used every state (cpuidle_unused=none); ask
#              cpuidle_rejected=0 and cpuidle_mode=OSI|none separately
#   osi_cluster  cpuidle-psci-domain runs in OS-initiated mode and every
#              cluster power domain's idle state was used (genpd usage > 0)
#   osi_system the system power domain above the clusters (system-pd) is
#              there and its idle state was used (genpd usage > 0)
#   suspend    the last suspend line: no failed cycle, suspend_stats
#              success = cycles and fail = the suspends the kernel aborted
#              because their alarm rang before it was committed to sleep
#              (aborted=, retried with a longer alarm by the init), the
#              CPUs online before are online after, each cycle that slept
#              between 1 s shorter and 5 s longer than its alarm's delay
#              (the RTC's 1 s resolution, plus the suspend and resume
#              under TCG on a loaded host)
#   suspend_early  at least one of those early aborts (secmon.test=
#              suspend:N:L makes the first alarm ring before the suspend)
#   kexec      the first kernel's "kexec loaded", then a second kernel's
#              "kexec second" (tests/linux/kexec.sh)
#   pkvm       KVM says "Protected nVHE mode initialized successfully"
#              (kvm-arm.mode=protected: the host kernel then runs at EL1
#              under KVM's own EL2 code)
#
# Examples:
#   check-boot.sh build/linux/arm64/boot.log cpus=4 psci=1.3 smccc=1.5 \
#       soc_id warnings=0 poweroff
#   check-boot.sh --name gic3/smp8 boot.log cpus=8 hotplug reboot
set -uo pipefail

PREFIX=
if [ "${1:-}" = --name ]; then
	[ $# -ge 2 ] || { echo "check-boot.sh: --name needs a value" >&2; exit 2; }
	PREFIX="$2 "
	shift 2
fi
if [ $# -lt 1 ]; then
	sed -n '2,/^$/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}" >&2
	exit 2
fi
LOG=$1
shift
[ $# -gt 0 ] || set -- poweroff

if [ -r "$LOG" ]; then
	LOGTEXT=$(tr -d '\r' <"$LOG")
else
	LOGTEXT=
fi
TESTS=$(printf '%s\n' "$LOGTEXT" | sed -n 's/.*SECMON-TEST //p')
HOST=$(printf '%s\n' "$LOGTEXT" | sed -n 's/^SECMON-HOST //p')

# Last value of KEY among "key=value" lines of TESTS, then HOST.
get() {
	local v
	v=$(printf '%s\n' "$TESTS" | sed -n "s/^$1=//p" | tail -n 1)
	[ -n "$v" ] || v=$(printf '%s\n' "$HOST" | sed -n "s/^$1=//p" | tail -n 1)
	printf '%s' "$v"
}
count() { printf '%s\n' "$LOGTEXT" | grep -c "$@"; }

# "0-3,5" -> 5
cpu_count() {
	printf '%s' "$1" | awk -F, '
		{ n = 0
		  for (i = 1; i <= NF; i++) {
			if (split($i, r, "-") == 2) n += r[2] - r[1] + 1
			else if ($i ~ /^[0-9]+$/) n++
		  }
		  print n }'
}

# vcmp A B -> -1, 0, 1 comparing dotted numbers; "x" when either is not one.
vcmp() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a !~ /^[0-9]+(\.[0-9]+)*$/ || b !~ /^[0-9]+(\.[0-9]+)*$/) { print "x"; exit }
		na = split(a, x, "."); nb = split(b, y, ".")
		n = na > nb ? na : nb
		for (i = 1; i <= n; i++) {
			p = (i <= na) ? x[i] + 0 : 0; q = (i <= nb) ? y[i] + 0 : 0
			if (p < q) { print -1; exit }
			if (p > q) { print 1; exit }
		}
		print 0 }'
}

value_of() {
	case $1 in
	cpus)
		local c
		c=$(get cpus_online)
		[ -n "$c" ] && cpu_count "$c"
		;;
	boots) count 'Booting Linux on physical CPU' ;;
	resets) count 'reboot: Restarting system' ;;
	exynos_fw)
		if [ "$(count 'Running under secure firmware\.')" -gt 0 ]; then echo yes; else echo no; fi
		;;
	l2c)
		if [ "$(count 'L2C-310 cache controller enabled')" -gt 0 ]; then echo enabled; else echo none; fi
		;;
	*) get "$1" ;;
	esac
}

# poweroff: "reboot: Power down" after the last kernel banner, status 0.
check_poweroff() {
	local last_boot last_off status
	last_boot=$(printf '%s\n' "$LOGTEXT" | grep -n 'Booting Linux on physical CPU' | tail -n 1 | cut -d: -f1)
	last_off=$(printf '%s\n' "$LOGTEXT" | grep -n 'reboot: Power down' | tail -n 1 | cut -d: -f1)
	status=$(get qemu_status)
	GOT="qemu_status=${status:-none}"
	if [ -z "$last_off" ]; then
		WHY="no 'reboot: Power down' in the log"
		return 1
	fi
	if [ -n "$last_boot" ] && [ "$last_off" -lt "$last_boot" ]; then
		WHY="the kernel booted again after 'reboot: Power down'"
		return 1
	fi
	if [ "$status" != 0 ]; then
		WHY="QEMU exited with status ${status:-unknown}"
		return 1
	fi
	return 0
}

check_flag() {
	local l n b r s
	case $1 in
	poweroff) check_poweroff ;;
	hotplug)
		l=$(printf '%s\n' "$TESTS" | grep '^hotplug ' | tail -n 1)
		GOT=${l:-none}
		case $l in
		'hotplug ok'*) return 0 ;;
		'') WHY="no hotplug result (was secmon.test=hotplug given?)" ;;
		*) WHY=$l ;;
		esac
		return 1
		;;
	reboot)
		l=$(printf '%s\n' "$TESTS" | grep '^reboot ' | tail -n 1)
		n=$(printf '%s' "$l" | sed -n 's/^reboot ok boots=\([0-9]*\).*/\1/p')
		b=$(count 'Booting Linux on physical CPU')
		r=$(count 'reboot: Restarting system')
		s=$(get state)
		GOT="${l:-none}, banners=$b, resets=$r, state=${s:-none}"
		if [ -z "$n" ]; then
			WHY="no 'reboot ok' from the init"
			return 1
		fi
		if [ "$b" != "$n" ] || [ "$r" != $((n - 1)) ]; then
			WHY="expected $n kernel banners and $((n - 1)) resets"
			return 1
		fi
		if [ "$s" != "boots=$n" ]; then
			WHY="the state disk does not read boots=$n"
			return 1
		fi
		check_poweroff || return 1
		GOT="boots=$n"
		return 0
		;;
	cpuidle)
		l=$(printf '%s\n' "$TESTS" | grep '^cpuidle driver=' | tail -n 1)
		s=$(get cpuidle_unused)
		GOT="${l:-none}; unused=${s:-none}"
		case $l in
		'cpuidle driver=psci_idle '*states=*,*) ;;
		'') WHY="no cpuidle result (was secmon.test=cpuidle given?)"; return 1 ;;
		*) WHY="cpuidle-psci registered no idle state beyond WFI"; return 1 ;;
		esac
		[ "$s" = none ] && return 0
		WHY="states never used: $s"
		return 1
		;;
	kexec)
		l=$(printf '%s\n' "$TESTS" | grep '^kexec ' | tr '\n' ';')
		GOT=${l:-none}
		case $l in
		*'kexec loaded'*';kexec second;'*) return 0 ;;
		esac
		WHY="no kexec loaded then kexec second from the init"
		return 1
		;;
	osi_cluster)
		l=$(printf '%s\n' "$TESTS" | grep '^genpd cluster')
		s=$(get cpuidle_mode)
		GOT="mode=${s:-none}; $(printf '%s' "$l" | tr '\n' ';')"
		if [ "$s" != OSI ]; then
			WHY="cpuidle-psci-domain is not in OSI mode"
			return 1
		fi
		if [ -z "$l" ] || printf '%s\n' "$l" | grep -q ' usage=0 '; then
			WHY="a cluster domain's idle state was never used"
			return 1
		fi
		return 0
		;;
	osi_system)
		l=$(printf '%s\n' "$TESTS" | grep '^genpd system-pd ' | tail -n 1)
		GOT=${l:-none}
		case $l in
		'' | *' usage=0 '*)
			WHY="no system-pd domain, or its idle state was never used"
			return 1
			;;
		esac
		return 0
		;;
	suspend)
		l=$(printf '%s\n' "$TESTS" | grep '^suspend ' | tail -n 1)
		GOT=${l:-none}
		if [ -z "$l" ]; then
			WHY="no suspend result (was secmon.test=suspend given?)"
			return 1
		fi
		n=$(printf '%s' "$l" | sed -n 's/.* cycles=\([0-9]*\) fails=0 success=\1 fail=\([0-9]*\) early=[0-9]* aborted=\2 .*/\1/p')
		if [ -z "$n" ]; then
			WHY="a cycle failed"
			return 1
		fi
		s=$(printf '%s' "$l" | sed -n 's/.* cpus=\([^ ]*\) .*/\1/p')
		if [ "$s" != "$(printf '%s\n' "$TESTS" | sed -n 's/^cpus_online=//p' | head -n 1)" ]; then
			WHY="CPUs online after suspend: $s"
			return 1
		fi
		b=$(printf '%s' "$l" | sed -n 's/.* late_min=\(-*[0-9]*\) late_max=\(-*[0-9]*\).*/\1 \2/p')
		read -r n r <<<"${b:--9 99}"
		if [ "$n" -lt -1 ] || [ "$r" -gt 5 ]; then
			WHY="a cycle did not last about its alarm's delay"
			return 1
		fi
		return 0
		;;
	suspend_early)
		l=$(printf '%s\n' "$TESTS" | grep '^suspend ' | tail -n 1)
		GOT=$(printf '%s' "$l" | sed -n 's/.* \(early=[0-9]*\) .*/\1/p')
		case $GOT in
		'' | early=0) WHY="no early alarm was turned into an abort" && return 1 ;;
		esac
		return 0
		;;
	pkvm)
		n=$(count 'Protected nVHE mode initialized successfully')
		GOT="messages=$n"
		[ "$n" -ge 1 ] && return 0
		WHY="KVM did not initialise in protected mode"
		return 1
		;;
	nopanic)
		n=$(count -e 'Kernel panic' -e 'Attempted to kill init')
		GOT="panics=$n"
		[ "$n" = 0 ] && return 0
		WHY=$(printf '%s\n' "$LOGTEXT" | grep -m 1 -e 'Kernel panic' -e 'Attempted to kill init')
		return 1
		;;
	*) return 2 ;;
	esac
}

TAP_PREFIX=$PREFIX
# shellcheck source=tests/tap.sh
. "$(dirname "${BASH_SOURCE[0]}")/../tap.sh"
report() { # STATUS DESCRIPTION
	tap_result "$1" "$2${GOT:+ (got $GOT)}" ${WHY:+"$WHY"}
}

if [ -z "$LOGTEXT" ]; then
	echo "# no log (or an empty one) at $LOG"
fi
for e in "$@"; do
	GOT=
	WHY=
	if [[ $e =~ ^([a-z_][a-z0-9_]*)(=|!=|\>=|\<=|\>|\<)(.*)$ ]]; then
		key=${BASH_REMATCH[1]}
		op=${BASH_REMATCH[2]}
		want=${BASH_REMATCH[3]}
		got=$(value_of "$key")
		GOT=${got:-none}
		ok=1
		case $op in
		=) [ "$got" = "$want" ] && ok=0 ;;
		!=) [ "$got" != "$want" ] && ok=0 ;;
		*)
			c=$(vcmp "${got:-none}" "$want")
			case "$op$c" in
			'>=0' | '>=1' | '<=0' | '<=-1' | '>1' | '<-1') ok=0 ;;
			*x) WHY="'${got:-none}' or '$want' is not a number" ;;
			esac
			;;
		esac
		[ "$ok" = 0 ] || [ -n "$WHY" ] || WHY="$key is ${got:-absent}, expected $op$want"
		report "$ok" "$e"
	elif [[ $e =~ ^[a-z_][a-z0-9_]*$ ]]; then
		check_flag "$e"
		rc=$?
		if [ "$rc" = 2 ]; then
			got=$(value_of "$e")
			GOT=${got:-none}
			rc=1
			case $got in
			'' | none | unknown) WHY="$e is ${got:-absent}" ;;
			*) rc=0 ;;
			esac
		fi
		report "$rc" "$e"
	else
		GOT=
		WHY="cannot parse expectation '$e'"
		report 1 "$e"
	fi
done
echo "# $PREFIX$((TAP_COUNT - TAP_FAILED)) of $TAP_COUNT checks passed on $LOG"
tap_status
