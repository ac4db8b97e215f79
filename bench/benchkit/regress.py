# SPDX-License-Identifier: BSD-3-Clause
"""The regression check (`make -f mk/bench.mk check`, TAP) and the baseline
it holds the figures to (bench/baseline.json): instruction counts and the
footprint within TOLERANCE of the baseline, the targets, the unknown-ID
sweep, the workaround calls and the idle states' latencies."""
import json
import os

from .common import die, fmt
from .config import (ANSWERS, BASELINE, CALLS, CHECKED, RESIDENT_LIMIT, RESIDENT_LIMIT_TOS,
                     ROOT, TFA_ALL_TEXT, TFA_BL31_SPD_TEXT,
                     TFA_BL31_TEXT, TOLERANCE, TOS_CONFIGS, UNK, UNKNOWN_TARGET, WA_TARGET,
                     WORKAROUNDS)
from .dtstates import idle_states
from .footprint import footprint_counts
from .icount import icount_runs, qemu_version


def counts_of(runs):
    """The figures the regression check compares: config/name -> instructions."""
    counts = {}
    for cfg in CHECKED:
        r = runs.get(cfg)
        if not r:
            continue
        for name, c in list(r['calls'].items()) + list(r['events'].items()):
            counts['%s/%s' % (cfg, name)] = c['instr'] if c.get('served', True) else None
        counts['%s/unknown_max' % cfg] = (r.get('unknown') or {}).get('max')
    return counts



# docs/porting.md's rule for the idle states' latencies starts from these
# figures (EL2, instructions = ns at the nominal 1 GHz): state name -> the
# round trips measured for it. The states and their latencies are those of
# the DT the firmware hands the OS, as the idlestates kernel prints them
# (dtstates.py).
STATE_FIGURES = {
    'cpu-retention': ['suspend_standby'],
    'cpu-power-down': ['suspend_powerdown'],
    'cluster-power-down': ['suspend_cluster', 'suspend_cluster_osi'],
    'system-power-down': ['suspend_system', 'system_suspend'],
}


def depth(param):
    """A PSCI power_state in the original format (DEN0022 5.4.2.2), which the
    QEMU ports use, as a sort key for depth: the power level (bits 25:24),
    then the state type (bit 16: power-down below retention), then the
    state ID (bits 15:0)."""
    return ((param >> 24) & 3, (param >> 16) & 1, param & 0xffff)


def idle_state_checks(now, states):
    """(state, good, text) per idle state of the firmware's DT, shallowest
    first: its entry/exit/residency in us against the rule applied to the
    measured round trips; then a failure for each state with figures that
    the DT does not list."""
    out, prev = [], (0, 0)
    for s in sorted(states, key=lambda s: depth(s['param'])):
        name = s['name']
        figs = [now.get('secmon-el2/' + f) for f in STATE_FIGURES.get(name, [])]
        if not figs or None in figs:
            out.append((name, False, 'no measured round trip for it'))
            continue
        r = max(figs)
        half = -(-int(r) // 2000)             # R / 2 ns, rounded up to whole us
        e, x = max(half, prev[0] + 1), max(half, prev[1] + 1)
        prev = (e, x)
        dt = (s['entry'], s['exit'], s['residency'])
        out.append((name, dt == (e, x, e + x),
                    'DT %d/%d/%d us, the rule from %s instructions gives %d/%d/%d' % (
                        *dt, fmt(r), e, x, e + x)))
    listed = {s['name'] for s in states}
    for name in STATE_FIGURES:
        if name not in listed:
            out.append((name, False, 'not among the idle states of the DT the firmware hands '
                        'the OS'))
    return out


def cmd_check(args):
    if not os.path.exists(BASELINE):
        die('no %s: run make -f mk/bench.mk baseline' % BASELINE)
    base = json.load(open(BASELINE))['counts']
    runs = icount_runs(CHECKED)
    now = counts_of(runs)
    now.update(footprint_counts())
    n = 0
    failed = 0
    for what, key, limit, tfa in (
            ('resident part', 'footprint/resident', RESIDENT_LIMIT, 'TF-A BL31: %d of text' %
             TFA_BL31_TEXT),
            ('resident part with the trusted-OS dispatcher (qemu-virt-a64-tos)',
             'footprint/tos-resident', RESIDENT_LIMIT_TOS,
             'TF-A BL31 with its OP-TEE dispatcher: %d' % TFA_BL31_SPD_TEXT)):
        res = now.get(key)
        n += 1
        good = res is not None and res <= limit
        print('%sok %d - bench footprint: %s %s bytes, limit %d (%s)' % (
            '' if good else 'not ', n, what, res, limit, tfa))
        failed += not good
    print('# bench footprint: whole image %s (TF-A BL1 + BL2 + BL31: about %d), with the '
          'dispatcher %s' % (now.get('footprint/image'), TFA_ALL_TEXT,
                             now.get('footprint/tos-image')))
    for cfg in CHECKED:
        n += 1
        r = runs[cfg]
        good = r['done'] and not r['errors']
        print('%sok %d - bench %s: the bench kernel ran to its end%s' % (
            '' if good else 'not ', n, cfg, '' if good else ' (%s)' % '; '.join(r['errors'])))
        failed += not good
    for key in sorted(set(base) | set(now)):
        b, v = base.get(key), now.get(key)
        unit = 'bytes' if key.startswith('footprint/') else 'instructions'
        if v is None and b is None:
            print('# bench %s: not served in this configuration (no board DT)' % key)
            continue
        n += 1
        if v is None:
            print('not ok %d - bench %s: not measured (baseline %s)' % (n, key, fmt(b)))
            failed += 1
        elif b is None:
            print('ok %d - bench %s: %s %s (new: not in the baseline)' % (n, key, fmt(v), unit))
        elif v > b * (1 + TOLERANCE):
            print('not ok %d - bench %s: %s %s, more than %d%% over the baseline %s' % (
                n, key, fmt(v), unit, TOLERANCE * 100, fmt(b)))
            failed += 1
        else:
            print('ok %d - bench %s: %s %s (baseline %s)' % (n, key, fmt(v), unit, fmt(b)))
    # The trusted-OS configurations measure only the trusted OS's calls (bk.tos=1).
    full = [cfg for cfg in CHECKED if cfg not in TOS_CONFIGS]
    for cfg in full:
        n += 1
        u = runs[cfg].get('unknown') or {}
        good = u.get('max') is not None and u['max'] <= UNKNOWN_TARGET
        print('%sok %d - bench %s: unknown-ID sweep, the most expensive of %s unknown IDs '
              '(%s) costs %s instructions, target <= %d' % (
                  '' if good else 'not ', n, cfg, u.get('unknown', 0), u.get('max_fid'),
                  fmt(u.get('max')), UNKNOWN_TARGET))
        failed += not good
    for cfg in full:
        for name in WORKAROUNDS:
            c = runs[cfg]['calls'].get(name)
            n += 1
            if not c:
                print('not ok %d - bench %s/%s: not measured' % (n, cfg, name))
                failed += 1
                continue
            served = c['x0'] not in UNK
            limit = WA_TARGET if served else UNKNOWN_TARGET
            good = c['instr'] <= limit
            print('%sok %d - bench %s/%s: %s instructions (%s), target <= %d' % (
                '' if good else 'not ', n, cfg, name, fmt(c['instr']),
                'offered' if served else 'SMC_UNK: not offered on this CPU', limit))
            failed += not good
    states, errors = idle_states()
    n += 1
    print('%sok %d - bench: the DT the firmware hands the OS lists its idle states%s' % (
        '' if states and not errors else 'not ', n, ' (%s)' % '; '.join(errors) if errors else
        ': ' + ', '.join(s['name'] for s in states)))
    failed += not states or bool(errors)
    for name, good, text in idle_state_checks(now, states):
        n += 1
        print('%sok %d - bench idle state %s (entry/exit/min-residency): %s' % (
            '' if good else 'not ', n, name, text))
        failed += not good
    for cfg in full:
        for name, want in sorted(ANSWERS.items()):
            c = runs[cfg]['calls'].get(name)
            n += 1
            good = c is not None and c['x0'] == want
            print('%sok %d - bench %s/%s: answers x0 = %s (want %s)' % (
                '' if good else 'not ', n, cfg, name, hex(c['x0']) if c else 'nothing',
                hex(want)))
            failed += not good
    # The per-call targets (config.CALLS): every call with one, in every configuration.
    for cfg in CHECKED:
        for name, label, tfa, target in CALLS:
            v = now.get('%s/%s' % (cfg, name))
            if name in WORKAROUNDS or not target or v is None:
                continue    # the workarounds have their own lines above
            n += 1
            good = v <= target
            print('%sok %d - bench %s/%s: %s instructions, target <= %d (%s)' % (
                '' if good else 'not ', n, cfg, name, fmt(v), target, label))
            failed += not good
    print('1..%d' % n)
    return 1 if failed else 0


def cmd_baseline(args):
    runs = icount_runs(CHECKED)
    for r in runs.values():
        if not r['done'] or r['errors']:
            die('%s did not run to its end: %s' % (r['config'], r['errors']))
    data = {
        'note': 'Instruction counts per call under QEMU -icount shift=0 (bench/bench.py, '
                'docs/performance.md). make check fails when one grows by more than 10%. '
                'Regenerate with make -f mk/bench.mk baseline after a deliberate change.',
        'qemu': qemu_version(),
        'counts': dict(counts_of(runs), **footprint_counts()),
    }
    with open(BASELINE, 'w') as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write('\n')
    print('wrote %s (%d figures)' % (os.path.relpath(BASELINE, ROOT), len(data['counts'])))
    return 0
