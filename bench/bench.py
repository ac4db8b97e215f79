#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""secmon benchmarks (docs/performance.md).

  bench.py run        everything: prints the table, writes build/bench/results.json
                      and build/bench/calls.svg
  bench.py check      the instruction counts only, against bench/baseline.json (TAP)
  bench.py baseline   rewrite bench/baseline.json from a fresh run
  bench.py boot       the Linux boot alone (after make -f mk/bench.mk boot):
                      its table, build/bench/boot.json
  bench.py xen        the Xen boot alone (benchkit/xenboot.py; after make -f
                      mk/bench.mk boot xen): its table, build/bench/xen.json
  bench.py tos FILE   the trusted-OS calls (configuration secmon-tos-el2) with
                      FILE as the trusted OS instead of the project's payload,
                      e.g. OP-TEE's tee.bin (docs/trusted-os.md); not checked
                      against the baseline, log build/bench/logs/tos-file.log

Instruction counts come from the bench kernel (bench/bk.c) under QEMU with
-icount shift=0,sleep=off: one instruction per nanosecond of virtual time, idle
time skipped, so a run of the same firmware always gives the same figures.
Inputs are built by mk/bench.mk; this script only runs and reports.

The work is done by the modules of bench/benchkit/: config (what is measured,
paths, limits), icount (the bench kernel's QEMU runs), dtstates (the idle
states the firmware hands the OS), footprint, linuxboot, xenboot, simhost
(the simulator's speed), report (results.json and the table), svg, regress
(the check against the baseline).
"""
import json
import os
import shutil
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
# pylint: disable=wrong-import-position
from benchkit.common import die  # noqa: E402
from benchkit.config import CONFIGS, FW, FW_BUILT, ITERATIONS, OUT, ROOT  # noqa: E402
from benchkit.footprint import footprint  # noqa: E402
from benchkit.icount import icount_runs  # noqa: E402
from benchkit import xenboot  # noqa: E402
from benchkit.linuxboot import BOOT_INITRD, linux_boot  # noqa: E402
from benchkit.regress import cmd_baseline, cmd_check  # noqa: E402
from benchkit.report import boot_lines, collect, table  # noqa: E402
from benchkit.simhost import simbench  # noqa: E402
from benchkit.svg import svg  # noqa: E402


def cmd_run(args):
    runs = icount_runs(list(CONFIGS))
    results = collect(runs)
    results['footprint'] = footprint()
    if '--no-linux' not in args:
        results['linux_boot'] = linux_boot()
        results['xen_boot'] = xenboot.measure(ROOT, OUT, FW, BOOT_INITRD)
    results['sim'] = simbench()
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, 'results.json'), 'w') as f:
        json.dump(results, f, indent=1, sort_keys=True)
        f.write('\n')
    svg(results, os.path.join(OUT, 'calls.svg'))
    print(table(results))
    for cfg, r in runs.items():
        for e in r['errors']:
            print('bench.py: %s: %s' % (cfg, e), file=sys.stderr)
    print('\nwrote build/bench/results.json and build/bench/calls.svg')
    return 0


def cmd_boot(args):
    if not os.path.exists(FW_BUILT):
        die('no %s: run make firmware' % FW_BUILT)
    os.makedirs(OUT, exist_ok=True)
    shutil.copyfile(FW_BUILT, FW)
    lb = linux_boot()
    with open(os.path.join(OUT, 'boot.json'), 'w') as f:
        json.dump(lb, f, indent=1, sort_keys=True)
        f.write('\n')
    print('\n'.join(boot_lines(lb)))
    return 0


def cmd_xen(args):
    if not os.path.exists(FW_BUILT) or not os.path.exists(BOOT_INITRD):
        die('no %s or %s: run make firmware and make -f mk/bench.mk boot xen' % (FW_BUILT, BOOT_INITRD))
    os.makedirs(OUT, exist_ok=True)
    shutil.copyfile(FW_BUILT, FW)
    xb = xenboot.measure(ROOT, OUT, FW, BOOT_INITRD)
    with open(os.path.join(OUT, 'xen.json'), 'w') as f:
        json.dump(xb, f, indent=1, sort_keys=True)
        f.write('\n')
    print('\n'.join(xenboot.lines(xb)))
    return 0


def cmd_tos(args):
    if len(args) != 1 or not os.path.isfile(args[0]):
        die('usage: bench.py tos FILE (a trusted-OS image, e.g. OP-TEE\'s core/tee.bin)')
    tos = os.path.abspath(args[0])
    r = icount_runs(['secmon-tos-el2'], tos=tos, log='tos-file')['secmon-tos-el2']
    print('# %s as the trusted OS, configuration secmon-tos-el2 (caller at EL2), N = %d'
          % (tos, ITERATIONS))
    for name in sorted(r['calls']):
        if name.startswith('tos_') or name == 'smccc_version':
            c = r['calls'][name]
            print('%-20s %8.1f instructions per round trip, x0 %#x' % (name, c['instr'], c['x0']))
    for e in r['errors']:
        print('bench.py: %s' % e, file=sys.stderr)
    return 0 if r['done'] and not r['errors'] else 1


def main(argv):
    if len(argv) < 2 or argv[1] not in ('run', 'check', 'baseline', 'boot', 'xen', 'tos'):
        print(__doc__, file=sys.stderr)
        return 2
    os.chdir(ROOT)
    return {'run': cmd_run, 'check': cmd_check, 'baseline': cmd_baseline,
            'boot': cmd_boot, 'xen': cmd_xen, 'tos': cmd_tos}[argv[1]](argv[2:])


if __name__ == '__main__':
    sys.exit(main(sys.argv))
