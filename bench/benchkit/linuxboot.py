# SPDX-License-Identifier: BSD-3-Clause
"""The Linux boot in guest time: Debian's kernel booted by tests/linux/boot.sh
under secmon and under QEMU's built-in PSCI, the generic counter read by
the init's first command."""
import os
import re
import statistics
import subprocess

from .common import die
from .config import FW, OUT, ROOT


# The Linux boot (docs/boot-time.md, "Linux boot"): Debian's kernel with
# bench/boot-init.sh as /init, under QEMU -icount shift=0,sleep=off like the
# bench kernel. The figure is the generic counter that /bin/bootclock reads
# as the init's first command: virtual time since the machine's reset, one
# nanosecond per instruction, waits for a timer with every CPU idle skipped
# to the timer (counted as the time they skip). Secmon (-bios, secure=on)
# against QEMU's built-in PSCI, with the kernel's default command line and
# with cpuidle.off=1: under secmon the DT lists idle states that Linux
# enters through the monitor, QEMU's DT has none, so only the second
# compares the same boot. BOOT_TARGET applies to it.
BOOT_INITRD = os.path.join(OUT, 'linux', 'initrd.cpio.gz')
BOOT_RUNS = 3
BOOT_TARGET = 1.05
BOOT_CASES = [
    ('like', 'cpuidle.off=1', 'like for like: cpuidle off on both'),
    ('default', '', 'default: secmon lists idle states, QEMU none'),
]


def boot_once(label, bios, append, i):
    log = os.path.join(OUT, 'linux', '%s-%s-%d.log' % (label, append or 'default', i))
    cmd = ['bash', os.path.join(ROOT, 'tests', 'linux', 'boot.sh'), '--quiet', '--log', log,
           '--timeout', '300', '--smp', '4', '--gic', '3', '--initrd', BOOT_INITRD]
    if bios:
        cmd += ['--bios', bios]
    if append:
        cmd += ['--append', append]
    cmd += ['--', '-icount', 'shift=0,sleep=off']
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    text = open(log).read() if os.path.exists(log) else ''
    m = re.search(r'^SECMON-BENCH counter=(\d+) freq=(\d+)', text, re.M)
    if p.returncode != 0 or not m or not int(m.group(2)):
        return None, 'boot.sh exited %d%s (log %s)' % (
            p.returncode, '' if m else ', no SECMON-BENCH line', os.path.relpath(log, ROOT))
    return int(m.group(1)) * 1e9 / int(m.group(2)), None


def linux_boot(runs=BOOT_RUNS):
    """Per case and firmware: the runs (virtual ns from reset to the init), their
    median and spread; per case the ratio secmon / QEMU of the medians."""
    if not os.path.exists(BOOT_INITRD):
        die('no %s: run make -f mk/bench.mk boot' % BOOT_INITRD)
    res = {'runs_each': runs, 'target': BOOT_TARGET, 'cases': {}}
    for case, append, label in BOOT_CASES:
        c = {'append': append, 'label': label}
        for fw, bios in (('secmon', FW), ('qemu', None)):
            ns = []
            for i in range(runs):
                v, err = boot_once(fw, bios, append, i)
                if err:
                    c[fw] = {'error': err}
                    break
                ns.append(v)
            else:
                med = statistics.median(ns)
                c[fw] = {'runs_ns': ns, 'median_ns': med,
                         'spread': round((max(ns) - min(ns)) / med, 5)}
        if 'median_ns' in c['secmon'] and 'median_ns' in c['qemu']:
            c['ratio'] = round(c['secmon']['median_ns'] / c['qemu']['median_ns'], 4)
            c['extra_ns'] = c['secmon']['median_ns'] - c['qemu']['median_ns']
        res['cases'][case] = c
    return res
