#!/usr/bin/env python3
"""Checks the SVG timeline `secmon trace --svg` drew against the records
`secmon trace --json` decoded from the same file:
    svgcheck.py TIMELINE.svg TRACE.json
Valid XML; one lane per CPU; each lane's power-state spans follow one
another without gap or overlap; every STANDBY, POWERDOWN (at its level),
SYSTEM_SUSPEND, CPU_OFF and WARM_BOOT record starts (and, with a known end,
ends) a span of the right state at its time (a warm boot: the CPU is on
from there); one tick per SMC on its lane;
one arrow per CPU_ON from caller to target; a line across the lanes per
system event; a mark per jump in a CPU's sequence numbers (lost records)
and per CLEARED record. Prints what is wrong and exits 1, or prints a summary."""
import json
import sys
import xml.etree.ElementTree as ET

NS = '{http://www.w3.org/2000/svg}'
LEVEL = {0: 'powerdown-core', 1: 'powerdown-cluster', 2: 'powerdown-system'}


def main(svg_path, json_path):
    errors = []
    root = ET.parse(svg_path).getroot()
    d = json.load(open(json_path))
    ncpu = d['cpu_count']
    recs = [r for r in d['records'] if r['type'] in ('smc', 'power')]
    if root.tag != NS + 'svg':
        errors.append('root element is %s, not svg' % root.tag)
    lanes = [g for g in root.iter(NS + 'g') if g.get('class') == 'lane']
    if sorted(int(g.get('data-cpu')) for g in lanes) != list(range(ncpu)):
        errors.append('lanes %s, want one per CPU 0..%d' %
                      ([g.get('data-cpu') for g in lanes], ncpu - 1))
    spans = {}
    for r in root.iter(NS + 'rect'):
        if r.get('class') == 'span':
            spans.setdefault(int(r.get('data-cpu')), []).append(
                (float(r.get('data-t0')), float(r.get('data-t1')), r.get('data-state')))
            if r.find(NS + 'title') is None:
                errors.append('a span without a <title>')
    for c, ss in spans.items():
        ss.sort()
        for a, b in zip(ss, ss[1:]):
            if abs(a[1] - b[0]) > 0.0015:
                errors.append('cpu%d: span %s then %s: a gap or an overlap' % (c, a, b))
            if a[2] == b[2]:
                errors.append('cpu%d: two %s spans in a row' % (c, a[2]))

    def has(c, state, t0, t1=None):
        return any(s == state and abs(a - t0) < 0.0015 and (t1 is None or abs(b - t1) < 0.0015)
                   for a, b, s in spans.get(c, []))

    for r in recs:
        c, t = r['cpu'], float(r['time_us'])
        end = t + float(r['duration_us'])
        if r['type'] != 'power':
            continue
        ev, args = r['event'], [int(a, 16) for a in r['args']]
        want = {'STANDBY': 'standby', 'SYSTEM_SUSPEND': 'powerdown-system',
                'CPU_OFF': 'off'}.get(ev)
        if ev == 'POWERDOWN':
            want = LEVEL.get(min(args[1], 2))
        if ev == 'WARM_BOOT' and not any(st == 'on' and a - 0.0015 <= t < b
                                         for a, b, st in spans.get(c, [])):
            errors.append('cpu%d: WARM_BOOT at %.3f us: not on from there' % (c, t))
        if want and not has(c, want, t, end if end > t else None):
            errors.append('cpu%d: %s at %.3f us: no %s span from there%s' %
                          (c, ev, t, want, ' to %.3f' % end if end > t else ''))
        if ev in ('SYSTEM_OFF', 'SYSTEM_RESET'):
            for o in range(ncpu):
                if o in spans and not any(st == 'off' and a - 0.0015 <= t <= b + 0.0015
                                          for a, b, st in spans[o]):
                    errors.append('cpu%d: not off from %s at %.3f us' % (o, ev, t))
    for c in range(ncpu):
        want = sum(1 for r in recs if r['type'] == 'smc' and r['cpu'] == c)
        lane = [g for g in lanes if int(g.get('data-cpu')) == c]
        got = sum(1 for l in lane[:1] for x in l.iter(NS + 'line') if x.get('class') == 'smc')
        if got != want:
            errors.append('cpu%d: %d SMC ticks, %d SMC records' % (c, got, want))
    arrows = [(int(x.get('data-from')), int(x.get('data-to')))
              for x in root.iter(NS + 'line') if x.get('class') == 'cpu-on']
    want = [(r['cpu'], int(r['args'][0], 16)) for r in recs
            if r['type'] == 'power' and r['event'] == 'CPU_ON']
    if sorted(arrows) != sorted(want):
        errors.append('CPU_ON arrows %s, records %s' % (arrows, want))
    system = [x.get('data-event') for x in root.iter(NS + 'line') if x.get('class') == 'system']
    want = [r['event'] for r in recs if r['type'] == 'power' and
            r['event'] in ('SYSTEM_SUSPEND', 'SYSTEM_RESET', 'SYSTEM_OFF')]
    if sorted(e for e in system if e != 'resume') != sorted(want):
        errors.append('system lines %s, records %s' % (system, want))
    lost = sorted(int(x.get('data-cpu')) for x in root.iter(NS + 'path') if x.get('class') == 'lost')
    want = sorted(r['cpu'] for r in d['records'] if r['type'] in ('lost', 'seq_back'))
    if lost != want:
        errors.append('lost-record marks on cpus %s, lost markers in the JSON on %s' % (lost, want))
    cleared = sorted(int(x.get('data-cpu')) for x in root.iter(NS + 'path')
                     if x.get('class') == 'cleared')
    want = sorted(r['cpu'] for r in d['records'] if r['type'] == 'cleared')
    if cleared != want:
        errors.append('cleared marks on cpus %s, CLEARED records on %s' % (cleared, want))
    if not any(g.get('class') == 'legend' for g in root.iter(NS + 'g')):
        errors.append('no legend')
    if not any(g.get('class') == 'axis' for g in root.iter(NS + 'g')):
        errors.append('no time axis')
    for e in errors[:20]:
        print(e)
    if errors:
        return 1
    print('%d lanes, %d spans, %d ticks, %d arrows, %d system lines' %
          (len(lanes), sum(len(s) for s in spans.values()),
           sum(1 for r in recs if r['type'] == 'smc'), len(arrows), len(system)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2]))
