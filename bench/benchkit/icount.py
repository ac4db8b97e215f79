# SPDX-License-Identifier: BSD-3-Clause
"""The bench kernel (bench/bk.c) under QEMU with -icount shift=0,sleep=off:
one run per configuration, its `BK ...` lines turned into instructions per
call and per event, the unknown-ID sweep and the method's calibration."""
import os
import re
import shutil
import statistics
import subprocess

from .common import die, kv
from .config import (BK, BOARD_DTB, CONFIGS, FW, FW_BUILT, FW_SCMI, FW_SCMI_BUILT, FW_TOS,
                     FW_TOS_BUILT, ITERATIONS, NEED_SECMON, OUT, SCMI_CONFIGS, TOS, TOS_BUILT, TOS_CONFIGS, UNK)


def qemu_version():
    out = subprocess.run(['qemu-system-aarch64', '--version'], capture_output=True, text=True)
    m = re.search(r'version (\S+)', out.stdout)
    return m.group(1) if m else 'unknown'


def qemu_run(config, kernel, append, log):
    """One QEMU run of a normal-world kernel in a configuration of CONFIGS,
    under -icount; returns its console output (also in build/bench/logs/LOG.log)."""
    fw, el1, board = CONFIGS[config]
    machine = 'virt,virtualization=on,gic-version=3' + (',secure=on' if fw else '')
    cmd = ['qemu-system-aarch64', '-M', machine, '-cpu', 'cortex-a57', '-smp', '4',
           '-m', '512M', '-display', 'none', '-monitor', 'none', '-nic', 'none',
           '-icount', 'shift=0,sleep=off', '-serial', 'stdio']
    if fw:
        cmd += ['-serial', 'null', '-bios',
                FW_SCMI if config in SCMI_CONFIGS else FW_TOS if config in TOS_CONFIGS else FW]
    if board:
        cmd += ['-fw_cfg', 'name=opt/secmon/board.dtb,file=' + BOARD_DTB]
    if config in TOS_CONFIGS:
        cmd += ['-fw_cfg', 'name=opt/secmon/tos,file=' + TOS]
    cmd += ['-kernel', kernel, '-append', append]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                           stdin=subprocess.DEVNULL)
        out = p.stdout
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b'').decode() if isinstance(e.stdout, bytes) else (e.stdout or '')
        out += '\nBK error timed out\n'
    os.makedirs(os.path.join(OUT, 'logs'), exist_ok=True)
    with open(os.path.join(OUT, 'logs', log + '.log'), 'w') as f:
        f.write(' '.join(cmd) + '\n' + out)
    return out


def run_bk(config, log=None):
    """One QEMU run of the bench kernel; returns its parsed figures."""
    el1 = CONFIGS[config][1]
    append = 'bk.n=%d%s%s' % (ITERATIONS, ' bk.el=1' if el1 else '',
                              ' bk.tos=1' if config in TOS_CONFIGS else '')
    return parse_bk(qemu_run(config, BK, append, log or config), config)


def parse_bk(out, config):
    r = {'config': config, 'calls': {}, 'events': {}, 'calib': {}, 'errors': [], 'done': False}
    singles = {}
    sweep = []
    for line in out.splitlines():
        w = line.split()
        if len(w) < 2 or w[0] != 'BK':
            continue
        d = kv(w[2:])
        if w[1] == 'info' and 'freq' in d:
            r['freq'] = int(d['freq'])
            r['el'] = int(d['el'])
            r['ncpus'] = int(d['ncpus'])
            r['conduit'] = d['conduit']
        elif w[1] == 'calib':
            r['calib'][d['what']] = d
        elif w[1] == 'loop':
            r['calls'][d['name']] = {'n': int(d['n']), 'ticks': int(d['ticks']),
                                     'empty': int(d['empty']), 'x0': int(d['x0'], 16)}
        elif w[1] == 'unk':
            sweep.append((int(d['fid'], 16), int(d['n']), int(d['ticks']), int(d['empty']),
                          int(d['x0'], 16)))
        elif w[1] == 'single':
            singles.setdefault(d['name'], []).append(
                (int(d['t0']), int(d['t1']), int(d['x0'], 16)))
        elif w[1] == 'boot':
            r['boot_ticks'] = int(d['ticks'])
        elif w[1] == 'error':
            r['errors'].append(' '.join(w[2:]))
        elif w[1] == 'done':
            r['done'] = True
    if 'freq' not in r:
        r['errors'].append('no output from the bench kernel')
        return r
    ns = 1e9 / r['freq']                # per tick; one instruction per ns
    for name, c in r['calls'].items():
        c['instr'] = round((c['ticks'] - c['empty']) * ns / c['n'], 1)
        c['served'] = not (name in NEED_SECMON and c['x0'] in UNK)
    # An ID of the sweep counts as unknown when it answered SMC_UNK (all 64 bits).
    unk = {fid: round((t - e) * ns / n, 1) for fid, n, t, e, x0 in sweep
           if x0 == 0xffffffffffffffff}
    if unk:
        worst = max(unk, key=lambda f: (unk[f], f))
        r['unknown'] = {'swept': len(sweep), 'unknown': len(unk), 'max': unk[worst],
                        'max_fid': '0x%08x' % worst,
                        'answered': ['0x%08x' % fid for fid, n, t, e, x0 in sweep
                                     if x0 != 0xffffffffffffffff],
                        'per_id': {'0x%08x' % f: v for f, v in sorted(unk.items())}}
    if 'boot_ticks' in r:
        # Everything from the first instruction at reset (the firmware's
        # cold boot, or QEMU's few-instruction loader) to bk's nsk_main().
        r['events']['cold_boot'] = {'samples': 1, 'instr': round(r['boot_ticks'] * ns, 1)}
    for name, samples in singles.items():
        ok = [s for s in samples if s[1] >= s[0] > 0]
        # The counter read and the store before the call, and the target's
        # read, are not part of it (bk.S): 2 instructions.
        r['events'][name] = {
            'samples': len(samples),
            'instr': round(statistics.mean((s[1] - s[0]) * ns for s in ok) - 2, 1) if ok and
            len(ok) == len(samples) else None,
        }
    return r


def calibration(r):
    """Checks of the method itself, from the runs' calibration loops."""
    ns = 1e9 / r['freq']
    c = r['calib']
    res = {}
    if 'nops' in c:
        res['nop_loop_per_iteration'] = round(int(c['nops']['ticks']) * ns / int(c['nops']['n']), 3)
    if 'movs' in c:
        m = c['movs']
        res['four_moves_and_nop'] = round((int(m['ticks']) - int(m['empty'])) * ns / int(m['n']), 3)
    if 'pmccntr' in c:
        res['pmccntr_per_iteration'] = round(int(c['pmccntr']['cycles']) / int(c['pmccntr']['n']), 3)
    if 'pmccntr-smc' in c:
        # A loop of SMCCC_VERSION calls timed by both: PMCCNTR counts EL3 as well.
        p = c['pmccntr-smc']
        res['smc_loop_pmccntr_cycles'] = int(p['cycles'])
        res['smc_loop_counter_instructions'] = round(int(p['ticks']) * ns)
    return res


def figure(runs, config, name):
    r = runs.get(config)
    if not r:
        return None
    c = r['calls'].get(name) or r['events'].get(name)
    if not c or c.get('instr') is None or not c.get('served', True):
        return None
    return c['instr']


def icount_runs(configs, tos=None, log=None):
    """The bench kernel's runs; tos: another trusted OS than the project's
    payload for the TOS configurations (bench.py tos), log: the runs' log name."""
    if not os.path.exists(BK):
        die('no %s: run make -f mk/bench.mk bk' % BK)
    if any(CONFIGS[c][0] for c in configs):
        if not os.path.exists(FW_BUILT):
            die('no %s: run make firmware' % FW_BUILT)
        shutil.copyfile(FW_BUILT, FW)
    if any(c in SCMI_CONFIGS for c in configs):
        if not os.path.exists(FW_SCMI_BUILT):
            die('no %s: run make firmware' % FW_SCMI_BUILT)
        shutil.copyfile(FW_SCMI_BUILT, FW_SCMI)
    if any(c in TOS_CONFIGS for c in configs):
        if not os.path.exists(tos or TOS_BUILT):
            die('no %s: run make tos' % (tos or TOS_BUILT))
        if not os.path.exists(FW_TOS_BUILT):
            die('no %s: run make firmware' % FW_TOS_BUILT)
        shutil.copyfile(tos or TOS_BUILT, TOS)
        shutil.copyfile(FW_TOS_BUILT, FW_TOS)
    return {c: run_bk(c, log) for c in configs}
