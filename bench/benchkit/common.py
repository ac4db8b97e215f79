# SPDX-License-Identifier: BSD-3-Clause
"""The bench's small shared conventions: a fatal message, the bench
kernel's and simulator's key=value words, a figure as the tables print it."""
import sys


def die(msg):
    print('bench.py: ' + msg, file=sys.stderr)
    sys.exit(2)


def kv(words):
    d = {}
    for w in words:
        if '=' in w:
            k, v = w.split('=', 1)
            d[k] = v
    return d


def fmt(v):
    return '-' if v is None else ('%.0f' % v if v == int(v) else '%.1f' % v)
