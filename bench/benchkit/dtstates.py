# SPDX-License-Identifier: BSD-3-Clause
"""The idle states the firmware describes to the OS, read from the DT it
hands over: one QEMU run of the idlestates kernel (bench/idlestates.c) in
the secmon-el2 configuration, its `BK idle-state` lines."""
from .common import kv
from .config import IDLESTATES
from .icount import qemu_run


def idle_states():
    """([{name, param, entry, exit, residency}...] in DT order, [errors])."""
    out = qemu_run('secmon-el2', IDLESTATES, '', 'idlestates')
    states, errors, done = [], [], False
    for line in out.splitlines():
        w = line.split()
        if len(w) < 2 or w[0] != 'BK':
            continue
        if w[1] == 'idle-state':
            d = kv(w[2:])
            states.append({'name': d['name'], 'param': int(d['param'], 16),
                           'entry': int(d['entry']), 'exit': int(d['exit']),
                           'residency': int(d['residency'])})
        elif w[1] == 'error':
            errors.append(' '.join(w[2:]))
        elif w[1] == 'done':
            done = True
    if not done:
        errors.append('the idlestates kernel did not run to its end')
    return states, errors
