# SPDX-License-Identifier: BSD-3-Clause
"""The Xen boot in guest time (docs/boot-time.md, "Xen boot"), for bench.py.

Debian's Xen (tests/xen/fetch.sh) with Debian's kernel as dom0 and the
Linux-boot benchmark's initramfs (bench/boot-init.sh: /bin/bootclock, then
power-off), booted by tests/xen/boot.sh under QEMU -icount shift=0,sleep=off
like the Linux boot: one instruction a nanosecond of virtual time, idle time
skipped. Under secmon (-bios, secure=on) and under QEMU's built-in PSCI.

Two figures a run, both from the generic counter:
  total  reset to dom0's power-off request: Xen's console_timestamps=raw
         prints the physical counter (CNTPCT) on each line of its log, and
         "Hardware Dom0 halted" is the line Xen prints when dom0 asks to go
         down. Firmware, Xen's boot, dom0's boot and its init.
  dom0   from dom0's creation (Xen builds it: 1:1 memory, its kernel and
         initramfs copied in) to its init: bootclock reads the virtual
         counter, which Xen offsets to start at dom0's creation.

One CPU: under -icount QEMU runs the CPUs in turn, 100 ms of virtual time
each, and Xen waits for its secondaries in loops that never yield, so with
more CPUs the boot's figure counts those turns (with 4 CPUs: gaps of 100 to
1 400 ms between Xen's log lines, "CPU1 never came online" under secmon and
no boot within 400 s under QEMU's PSCI, in one try each).
"""
import os
import re
import statistics
import subprocess

RUNS = 3
FIRMWARES = (('secmon', True), ('qemu', False))


def once(root, out, bios, initrd, label):
    log = os.path.join(out, 'xen', '%s.log' % label)
    cmd = ['bash', os.path.join(root, 'tests', 'xen', 'boot.sh'), '--quiet', '--log', log,
           '--timeout', '600', '--smp', '1', '--gic', '3', '--initrd', initrd,
           '--xen-append', 'console_timestamps=raw']
    if bios:
        cmd += ['--bios', bios]
    cmd += ['--', '-icount', 'shift=0,sleep=off']
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=root)
    text = open(log, errors='replace').read() if os.path.exists(log) else ''
    halt = re.search(r'^\(XEN\) \[([0-9a-f]{16})\] Hardware Dom0 halted', text, re.M)
    khz = re.search(r'Generic Timer IRQ: .* Freq: (\d+) KHz', text)
    dom0 = re.search(r'^SECMON-BENCH counter=(\d+) freq=(\d+)', text, re.M)
    if p.returncode != 0 or not halt or not khz or not dom0 or not int(dom0.group(2)):
        return None, 'tests/xen/boot.sh exited %d%s (log %s)' % (
            p.returncode, '' if halt and dom0 else ', no halt or SECMON-BENCH line',
            os.path.relpath(log, root))
    return {'total_ns': int(halt.group(1), 16) * 1e9 / (int(khz.group(1)) * 1000),
            'dom0_ns': int(dom0.group(1)) * 1e9 / int(dom0.group(2))}, None


def measure(root, out, fw, initrd, runs=RUNS):
    """Per firmware: each figure's runs, median and spread; the ratios secmon /
    QEMU of the medians."""
    res = {'runs_each': runs, 'cpus': 1}
    for name, secure in FIRMWARES:
        vals = []
        for i in range(runs):
            v, err = once(root, out, fw if secure else None, initrd, '%s-%d' % (name, i))
            if err:
                res[name] = {'error': err}
                break
            vals.append(v)
        else:
            r = {}
            for key in ('total_ns', 'dom0_ns'):
                xs = [v[key] for v in vals]
                med = statistics.median(xs)
                r[key] = {'runs': xs, 'median': med, 'spread': round((max(xs) - min(xs)) / med, 5)}
            res[name] = r
    if 'total_ns' in res.get('secmon', {}) and 'total_ns' in res.get('qemu', {}):
        for key in ('total_ns', 'dom0_ns'):
            s, q = res['secmon'][key]['median'], res['qemu'][key]['median']
            res['ratio_' + key[:-3]] = round(s / q, 4)
            res['extra_' + key] = s - q
    return res


def cell(r, key):
    if key not in r:
        return '-'
    return '%.2f +-%.2f%%' % (r[key]['median'] / 1e6, r[key]['spread'] * 50)


def lines(xb):
    out = ['Xen boot (tests/xen/boot.sh: Debian\'s Xen, Debian\'s kernel as dom0, %d CPU, '
           '-icount shift=0,sleep=off: virtual ms), median of %d runs +- half their range'
           % (xb['cpus'], xb['runs_each'])]
    hdr = '%-52s %15s %15s %7s %12s' % ('', 'secmon', 'QEMU PSCI', 'ratio', 'secmon adds')
    out += [hdr, '-' * len(hdr)]
    for key, label in (('total_ns', "reset to dom0's power-off (Xen's counter)"),
                       ('dom0_ns', "dom0's creation to its init (dom0's counter)")):
        s, q = xb.get('secmon', {}), xb.get('qemu', {})
        ratio = xb.get('ratio_' + key[:-3])
        extra = xb.get('extra_' + key)
        out.append('%-52s %15s %15s %7s %12s' % (
            label, cell(s, key), cell(q, key), '-' if ratio is None else '%.3f' % ratio,
            '-' if extra is None else '%.2f ms' % (extra / 1e6)))
    for fw in ('secmon', 'qemu'):
        if 'error' in xb.get(fw, {}):
            out.append('  %s: %s' % (fw, xb[fw]['error']))
    return out
