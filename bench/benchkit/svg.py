# SPDX-License-Identifier: BSD-3-Clause
"""build/bench/calls.svg: instructions per call as horizontal bars, secmon
at EL2 beside TF-A's figure, with the targets."""
from .common import fmt
from .config import CALLS, EVENTS, NEED_BOARD, NEED_SCMI


def svg(results, path):
    """Horizontal bars: secmon at EL2 (or with the board DT) next to TF-A, target ticks."""
    rows = []
    for name, label, tfa, target in CALLS:
        c = results['calls'][name]
        v = c['secmon-scmi-el2'] if name in NEED_SCMI else \
            c['secmon-el2'] if name not in NEED_BOARD else c['secmon-el2-board']
        rows.append((label, v, tfa, target))
    for name, label in EVENTS:
        if name != 'cold_boot':     # millions: it would flatten every other bar
            rows.append((label, results['events'][name]['secmon-el2'], None, None))
    vmax = max([r[1] or 0 for r in rows] + [r[2] or 0 for r in rows] + [1])
    left, width, bar, gap = 330, 480, 9, 8
    h = 60 + len(rows) * (2 * bar + gap) + 30
    scale = width / vmax
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (left + width + 70, h),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="10" y="20" font-size="14">secmon: instructions per call (QEMU -icount '
           'shift=0), lower is better</text>',
           '<rect x="10" y="32" width="10" height="10" fill="#2a6fb0"/>'
           '<text x="24" y="41">secmon (EL2)</text>',
           '<rect x="120" y="32" width="10" height="10" fill="#bbbbbb"/>'
           '<text x="134" y="41">TF-A v2.15 (reference)</text>',
           '<line x1="280" y1="37" x2="292" y2="37" stroke="#d03030" stroke-width="2"/>'
           '<text x="296" y="41">target</text>']
    y = 60
    for label, v, tfa, target in rows:
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>' % (
            left - 8, y + bar + 3, label.replace('&', '&amp;').replace('<', '&lt;')))
        if v is not None:
            out.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="#2a6fb0"/>' % (
                left, y, max(v * scale, 1), bar))
            out.append('<text x="%.1f" y="%d">%s</text>' % (left + v * scale + 4, y + bar - 1,
                                                            fmt(v)))
        else:
            out.append('<text x="%d" y="%d" fill="#888">pending</text>' % (left + 4, y + bar - 1))
        if tfa is not None:
            out.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="#bbbbbb"/>' % (
                left, y + bar, tfa * scale, bar))
            out.append('<text x="%.1f" y="%d" fill="#666">%d</text>' % (
                left + tfa * scale + 4, y + 2 * bar - 1, tfa))
        if target is not None:
            x = left + target * scale
            out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#d03030" '
                       'stroke-width="2"/>' % (x, y - 2, x, y + 2 * bar + 2))
        y += 2 * bar + gap
    out.append('<line x1="%d" y1="55" x2="%d" y2="%d" stroke="#444"/>' % (left, left, y))
    out.append('</svg>')
    with open(path, 'w') as f:
        f.write('\n'.join(out) + '\n')
