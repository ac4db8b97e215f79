# SPDX-License-Identifier: BSD-3-Clause
"""The results of `make bench`: the QEMU runs' figures gathered per call,
event and configuration (results.json), and the table printed from them."""
from .common import fmt
from .config import (CALLS, CHECKED, CONFIGS, EVENTS, ITERATIONS, NEED_BOARD, NEED_SCMI,
                     NEED_TOS, UNK, UNKNOWN_TARGET, WORKAROUNDS)
from . import xenboot
from .icount import calibration, figure, qemu_version
from .linuxboot import BOOT_CASES


def status(v, target, pending=False):
    if pending:
        return 'pending'
    if v is None or target is None:
        return ''
    return 'ok' if v <= target else 'OVER'


def boot_cell(case, fw):
    r = case.get(fw, {})
    return '-' if 'median_ns' not in r else '%.2f +-%.2f%%' % (r['median_ns'] / 1e6,
                                                              r['spread'] * 50)


def boot_lines(lb):
    lines = []
    lines.append('Linux boot, reset to the init (tests/linux/boot.sh, 4 CPUs, GICv3, -icount '
                 'shift=0,sleep=off: virtual ms, 1 instruction = 1 ns), median of %d runs '
                 '+- half their range, in %% of the median' % lb['runs_each'])
    hdr = '%-46s %15s %15s %7s %8s  %s' % ('boot', 'secmon', 'QEMU PSCI', 'ratio',
                                          'target', '')
    lines.append(hdr)
    lines.append('-' * len(hdr))
    for case, append, label in BOOT_CASES:
        c = lb['cases'][case]
        ratio = c.get('ratio')
        target = lb['target'] if case == 'like' else None
        lines.append('%-46s %15s %15s %7s %8s  %s' % (
            label, boot_cell(c, 'secmon'), boot_cell(c, 'qemu'), '-' if ratio is None else '%.3f' % ratio,
            '<= %.2f' % target if target else '', status(ratio, target)))
        for fw in ('secmon', 'qemu'):
            if 'error' in c.get(fw, {}):
                lines.append('  %s: %s' % (fw, c[fw]['error']))
    return lines


def table(results):
    runs = results['runs']
    lines = []
    cal = results.get('calibration', {})
    lines.append('secmon benchmarks: QEMU %s, -icount shift=0 (1 instruction = 1 ns), '
                 'cortex-a57, 4 CPUs, GICv3' % results['qemu'])
    if cal:
        lines.append('method check: 10-instruction loop = %s per iteration; 4 moves + NOP = %s; '
                     'PMCCNTR per iteration = %s; a loop of SMCs: PMCCNTR %s, counter x 16 = %s'
                     % (cal.get('nop_loop_per_iteration'), cal.get('four_moves_and_nop'),
                        cal.get('pmccntr_per_iteration'), cal.get('smc_loop_pmccntr_cycles'),
                        cal.get('smc_loop_counter_instructions')))
    lines.append('')
    lines.append('Instructions per call, from the normal world (4 argument moves + SMC included)')
    hdr = '%-44s %7s %7s %7s %7s %7s %7s %8s  %s' % ('call', 'EL2', 'EL1', 'EL2+DT',
                                                   'EL1+DT', 'QEMU', 'TF-A', 'target', '')
    lines.append(hdr)
    lines.append('-' * len(hdr))
    for name, label, tfa, target in CALLS:
        c = results['calls'][name]
        label, target = c['label'], c['target']
        el2 = (c['secmon-scmi-el2'] if name in NEED_SCMI else
               c['secmon-tos-el2'] if name in NEED_TOS else c['secmon-el2'])
        v = el2 if name not in NEED_BOARD else c['secmon-el2-board']
        pending = name in NEED_BOARD and c['secmon-el2-board'] is None
        lines.append('%-44s %7s %7s %7s %7s %7s %7s %8s  %s' % (
            label, fmt(el2), fmt(c['secmon-el1']), fmt(c['secmon-el2-board']),
            fmt(c['secmon-el1-board']), fmt(c['qemu-el2']), fmt(tfa),
            '<= %d' % target if target else '', status(v, target, pending)))
    u = results.get('unknown', {})
    if u:
        v = u.get('secmon-el2-board') or {}
        lines.append('%-44s %7s %7s %7s %7s %7s %7s %8s  %s' % (
            'unknown IDs: the most expensive of %s' % v.get('unknown', '-'),
            *(fmt((u.get(c) or {}).get('max')) for c in
              ('secmon-el2', 'secmon-el1', 'secmon-el2-board', 'secmon-el1-board',
               'qemu-el2')),
            '-', '<= %d' % UNKNOWN_TARGET,
            status(max((u.get(c) or {}).get('max', 0) for c in CHECKED), UNKNOWN_TARGET)))
        lines.append('  (the most expensive: %s)' % ', '.join(
            '%s %s' % (c, (u.get(c) or {}).get('max_fid')) for c in CHECKED))
    for name, label in EVENTS:
        c = results['events'][name]
        lines.append('%-44s %7s %7s %7s %7s %7s %7s' % (
            label, fmt(c['secmon-el2']), fmt(c['secmon-el1']), fmt(c['secmon-el2-board']),
            fmt(c['secmon-el1-board']), fmt(c['qemu-el2']), '-'))
    lines.append('(EL2+DT: the monitor given boards/legacy-negative.dts as its board DT; recording '
                 'is off but for the "recording on" rows; QEMU: its built-in PSCI; a "-" in the '
                 'DT rows: not served without the board DT;')
    lines.append(' SCMI=1 rows: the firmware built with the SCMI server, at EL2; the SMC and the '
                 "monitor's copy-in, protocol and copy-out, the agent's own writes not counted;")
    lines.append(" trusted OS rows: the firmware with the dispatcher and the project's payload, at "
                 "EL2; TF-A: its opteed with the same payload; the issue's target for the "
                 "payload's fast call, 250, is not met)")
    fp = results.get('footprint')
    if fp:
        lines.append('')
        lines.append('Footprint')
        lines.append('  firmware image (secmon.elf): text %d (runtime code %d, runtime rodata+got '
                     '%d, cold boot %d), data %d, bss %d bytes' % (
                         fp['text'], fp['code_only'], fp['rodata'], fp['cold_boot'], fp['data'],
                         fp['bss']))
        lines.append('  resident part (text, rodata, got, data: what stays after the cold boot) '
                     '%d bytes, limit %d: %s (TF-A BL31: %d of text)' % (
                         fp['resident'], fp['resident_limit'],
                         'ok' if fp['resident'] <= fp['resident_limit'] else 'OVER',
                         fp['tfa_bl31_text']))
        if fp.get('tos'):
            t = fp['tos']
            lines.append('  with the trusted-OS dispatcher (qemu-virt-a64-tos): resident part %d '
                         'bytes, limit %d: %s (TF-A BL31 with its OP-TEE dispatcher: %d); whole '
                         'image %d' % (t['resident'], t['resident_limit'],
                                       'ok' if t['resident'] <= t['resident_limit'] else 'OVER',
                                       t['tfa_bl31_spd_text'], t['image']))
        lines.append('  whole image, cold boot (.boot %d) included: %d bytes (TF-A BL1 + BL2 + '
                     'BL31 for the same job: about %d of text)' % (
                         fp['cold_boot'], fp['image'], fp['tfa_bl1_bl2_bl31_text']))
        top = ', '.join('%s %d' % kv_ for kv_ in list(fp['image_breakdown'].items())[:6])
        if top:
            lines.append('    where it goes: ' + top)
        lines.append('  secure RAM: %d bytes per CPU (stack and frame), %d in all for %d CPUs '
                     '(data, bss, the %d-byte cold-boot stack, stacks)' % (
                         fp['per_cpu'], fp['secure_ram_used'], fp['max_cpus'], fp['cold_stack']))
        for arch in ('a64', 'a32'):
            lib = fp['lib_' + arch]
            lines.append('  calling library %s code: core %d bytes (smccc, psci, errors, '
                         'conduits), with fwops %d, all %d' % (
                             'AArch64' if arch == 'a64' else 'AArch32', lib['core_code'],
                             lib['core_plus_fwops_code'], lib['all_code']))
        lines.append('  library core limit %d (AArch64): %s' % (
            fp['lib_core_limit'],
            'ok' if fp['lib_a64']['core_code'] <= fp['lib_core_limit'] else 'OVER'))
    lb = results.get('linux_boot')
    if lb:
        lines.append('')
        lines += boot_lines(lb)
    if results.get('xen_boot'):
        lines.append('')
        lines += xenboot.lines(results['xen_boot'])
    sb = results.get('sim')
    if sb and 'indirect_ns' in sb:
        lines.append('')
        lines.append('Host simulator (build/host-rel, -O2): plain indirect call %.2f ns '
                     '(%d calls/s)' % (sb['indirect_ns'], sb['indirect_calls_per_s']))
        for name, c in sb['calls'].items():
            lines.append('  sim conduit %-15s %.2f ns (%d calls/s), %.1fx the indirect call' % (
                name, c['sim_ns'], c['sim_calls_per_s'], c['ratio']))
    return '\n'.join(lines)



def collect(runs):
    res = {'qemu': qemu_version(), 'iterations': ITERATIONS, 'runs': {}, 'calls': {},
           'events': {}}
    for cfg, r in runs.items():
        res['runs'][cfg] = {k: r.get(k) for k in ('el', 'ncpus', 'conduit', 'freq', 'errors',
                                                  'done')}
    for name, label, tfa, target in CALLS:
        res['calls'][name] = {cfg: figure(runs, cfg, name) for cfg in CONFIGS}
        if name in WORKAROUNDS and 'secmon-el2' in runs:
            c = runs['secmon-el2']['calls'].get(name) or {}
            if c.get('x0') in UNK:      # not offered on this CPU: an unknown ID
                label += ' (SMC_UNK here)'
                target = UNKNOWN_TARGET
        res['calls'][name].update({'label': label, 'tfa': tfa, 'target': target})
    for name, label in EVENTS:
        res['events'][name] = {cfg: figure(runs, cfg, name) for cfg in CONFIGS}
        res['events'][name]['label'] = label
    res['unknown'] = {cfg: r.get('unknown') for cfg, r in runs.items()}
    res['unknown']['target'] = UNKNOWN_TARGET
    if 'secmon-el2' in runs:
        res['calibration'] = calibration(runs['secmon-el2'])
    return res
