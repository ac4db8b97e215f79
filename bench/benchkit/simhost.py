# SPDX-License-Identifier: BSD-3-Clause
"""The host simulator's speed (build/bench/simbench, bench/simbench.c): the
sim conduit's cost per call against a plain indirect call."""
import os
import subprocess

from .common import kv
from .config import OUT


def simbench():
    exe = os.path.join(OUT, 'simbench')
    if not os.path.exists(exe):
        return None
    p = subprocess.run([exe], capture_output=True, text=True, timeout=300)
    res = {'calls': {}}
    for line in p.stdout.splitlines():
        w = line.split()
        if not w or w[0] != 'SIMBENCH':
            continue
        d = kv(w[1:])
        if 'indirect_ns' in d:
            res['indirect_ns'] = float(d['indirect_ns'])
            res['calls_per_run'] = int(d['calls'])
        elif 'call' in d:
            res['calls'][d['call']] = {'sim_ns': float(d['sim_ns'])}
    if 'indirect_ns' in res:
        for c in res['calls'].values():
            c['sim_calls_per_s'] = round(1e9 / c['sim_ns'])
            c['ratio'] = round(c['sim_ns'] / res['indirect_ns'], 1)
        res['indirect_calls_per_s'] = round(1e9 / res['indirect_ns'])
    return res
