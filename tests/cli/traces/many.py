#!/usr/bin/env python3
"""Prints a mktrace description of a busy trace: 8 CPUs, about 3000 records
(CPU_ON of every secondary, then rounds of calls, idle states at each level,
hotplug off and on again), to check that `secmon trace` and its SVG keep up."""
import random

rnd = random.Random(17)
print('header hz=62500000 cpus=8 lost=0')
t = 1000
on = [True] + [False] * 7
lines = []


def out(s):
    lines.append(s)


for c in range(1, 8):
    out('smc cpu=0 t=%d exit=%d fid=0xc4000003 el=2 smc64=1 args=%d,0x40080000,0 res=0'
        % (t, t + 40, c))
    out('power cpu=0 t=%d ev=1 args=%d,0x40080000,0' % (t + 20, c))
    out('power cpu=%d t=%d ev=6 args=0x40080000' % (c, t + 300))
    on[c] = True
    t += 500
while len(lines) < 3000:
    c = rnd.randrange(8)
    t += rnd.randrange(20, 400)
    k = rnd.randrange(10)
    if not on[c]:
        out('smc cpu=0 t=%d exit=%d fid=0xc4000003 el=2 smc64=1 args=%d,0x40080000,0 res=0'
            % (t, t + 40, c))
        out('power cpu=0 t=%d ev=1 args=%d,0x40080000,0' % (t + 20, c))
        out('power cpu=%d t=%d ev=6 args=0x40080000' % (c, t + 300))
        on[c] = True
        t += 300
    elif k < 4:
        out('smc cpu=%d t=%d exit=%d fid=0x84000004 el=2 args=%d,0 res=0'
            % (c, t, t + 30, rnd.randrange(8)))
    elif k < 6:
        out('power cpu=%d t=%d exit=%d ev=3 args=0' % (c, t, t + rnd.randrange(50, 3000)))
    elif k < 8:
        level = rnd.randrange(3)
        out('power cpu=%d t=%d exit=%d ev=4 args=0x%x,%d'
            % (c, t, t + rnd.randrange(500, 9000), 0x10000 | level << 24, level))
    elif c:
        out('smc cpu=%d t=%d exit=%d fid=0x84000002 el=2 res=0' % (c, t, t + 10))
        out('power cpu=%d t=%d ev=2' % (c, t + 5))
        on[c] = False
    # Times grow per CPU: the next record starts after this one's end.
    t += 9000
print('\n'.join(lines))
