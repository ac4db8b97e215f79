#!/usr/bin/env python3
"""Writes the trace fuzzer's corpus (trace files, the layout of
include/secmon/trace.h) into the directory given: a Linux-like boot on four
CPUs, every power event, lost records, records TRACE_CTL cleared, AArch32
and HVC callers, an empty trace, and a few near-misses the decoder must
refuse."""
import os
import struct
import sys

HDR = struct.Struct('<IHHQIIQQ')          # 40 bytes
REC = struct.Struct('<QQIHBBIBBH7Q4QQ')   # 128 bytes
assert HDR.size == 40 and REC.size == 128


def header(count, cpus=4, hz=62500000, lost=0, **kw):
    f = dict(magic=0x52544d53, version=2, size=128)
    f.update(kw)
    return HDR.pack(f['magic'], f['version'], f['size'], hz, cpus, count, lost, 0)


def rec(cpu, seq, t, typ, fid, flags=0, args=(), res=(), dur=0):
    a = list(args) + [0] * (7 - len(args))
    r = list(res) + [0] * (4 - len(res))
    return REC.pack(t, t + dur, seq, cpu, typ, flags, fid, len(args), len(res), 0, *a, *r, 0)


EL2 = 2 << 1
EL1 = 1 << 1
SMC64 = 0x10


def smc(cpu, seq, t, fid, args=(), res=(0,), flags=EL2):
    return rec(cpu, seq, t, 1, fid, flags | (SMC64 if fid & 0x40000000 else 0), args, res, 3)


def power(cpu, seq, t, ev, args=(), dur=0):
    return rec(cpu, seq, t, 2, ev, 0, args, (), dur)


def trace(records, **kw):
    return header(len(records), **kw) + b''.join(records)


def boot():
    r = [smc(0, 0, 100, 0x84000000, res=(0x10003,)),
         smc(0, 1, 110, 0x80000000, res=(0x10005,)),
         smc(0, 2, 120, 0x8400000a, args=(0x80000000,))]
    seq = [3, 0, 0, 0]
    t = 200
    for c in (1, 2, 3):
        r.append(smc(0, seq[0], t, 0xc4000003, args=(c, 0x40080000, 0)))
        r.append(power(0, seq[0] + 1, t + 1, 1, args=(c, 0x40080000, 0)))
        seq[0] += 2
        r.append(power(c, seq[c], t + 20, 6, args=(0x40080000,)))
        seq[c] += 1
        t += 50
    for c in (1, 2, 3):
        r.append(power(c, seq[c], t, 3, args=(0,), dur=40))
        r.append(power(c, seq[c] + 1, t + 60, 4, args=(0x1010022, 1), dur=100))
        r.append(smc(c, seq[c] + 2, t + 200, 0x84000002))
        r.append(power(c, seq[c] + 3, t + 201, 2))
        seq[c] += 4
        t += 10
    r.append(power(0, seq[0], t + 300, 5, dur=500))
    r.append(smc(0, seq[0] + 1, t + 900, 0x84000009, res=()))
    r.append(power(0, seq[0] + 2, t + 901, 7, args=(0,)))
    return r


def cleared(cpu, seq, t, n):
    return rec(cpu, seq, t, 3, 0, 0, (n,))


def main(out):
    os.makedirs(out, exist_ok=True)
    seeds = {
        'boot-4cpu': trace(boot()),
        'empty': trace([], cpus=1),
        'lost': trace([smc(0, 0, 5, 0x84000000), smc(0, 9, 9, 0x84000000),
                       smc(1, 7, 8, 0xc4000004, args=(0, 0))], cpus=2, lost=8),
        'aarch32-hvc': trace([smc(0, 0, 1, 0x84000003, args=(1, 0x8000, 0),
                                  flags=EL1 | 0x1 | 0x8),
                              smc(0, 1, 2, 0x82000030, res=(0, 1, 62500000, 0x40004)),
                              power(0, 2, 3, 8)], cpus=1),
        'unknown-fids': trace([smc(0, i, i, f, res=(0xffffffffffffffff,))
                               for i, f in enumerate((0x82000010, 0xc3000001, 0x06000000,
                                                      0xbf00ff01, 0x8600ff00))], cpus=1),
        'bad-count': header(3) + smc(0, 0, 1, 0x84000000),
        # Read up to seq 1, seq 2-4 discarded by TRACE_CTL, seq 6-7 lost, then
        # 8-9 discarded; the ways SYSTEM_RESET and SYSTEM_OFF are asked for.
        'cleared': trace([smc(0, 0, 1, 0x84000000), smc(0, 1, 2, 0x84000000),
                          cleared(0, 5, 3, 3), cleared(0, 10, 9, 2),
                          power(0, 11, 10, 7, args=(1, 0, 0x5eed)), power(0, 12, 11, 7, args=(2,)),
                          power(1, 0, 12, 8, args=(2,)), power(1, 1, 13, 8, args=(1, 1))],
                         cpus=2, lost=2),
        'bad-version': header(0, version=1),
        # The SVG axis converted the span (as a double) back to 64 bits:
        # 2^64 - 1 counter ticks overflowed the conversion (UBSan).
        'regress-svg-axis-span': trace([smc(0, 0, 0, 0x84000000),
                                        power(0, 1, 2**64 - 2, 2)], cpus=1, hz=1),
    }
    for name, data in seeds.items():
        with open(os.path.join(out, name + '.trace'), 'wb') as f:
            f.write(data)


if __name__ == '__main__':
    main(sys.argv[1])
