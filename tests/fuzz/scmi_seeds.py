#!/usr/bin/env python3
"""Writes the seed corpus of fuzz-scmi (layout in tests/fuzz/fuzz_scmi.c):
one input per channel size with every command of every protocol the server
has, well formed, plus a few malformed rounds."""
import os
import struct
import sys

# (protocol, message, payload words)
CMDS = [
    (0x10, 0, []), (0x10, 1, []), (0x10, 2, [6]), (0x10, 3, []), (0x10, 4, []),
    (0x10, 5, []), (0x10, 6, [0]), (0x10, 6, [2]), (0x10, 7, [0xffffffff]),
    (0x11, 0, []), (0x11, 1, []), (0x11, 3, [0]), (0x11, 4, [0, 1, 0x40000000]),
    (0x11, 5, [1]), (0x11, 4, [0, 1, 0]),
    (0x14, 0, []), (0x14, 1, []), (0x14, 3, [2]), (0x14, 4, [1, 0]), (0x14, 4, [2, 0]),
    (0x14, 5, [4, 2, 1234000000, 0]), (0x14, 6, [2]), (0x14, 7, [1, 0]),
    (0x16, 0, []), (0x16, 1, []), (0x16, 3, [0]), (0x16, 4, [0, 1, 0]),
    (0x13, 0, []), (0x13, 1, []), (0x13, 3, [0]), (0x13, 4, [0, 0]), (0x13, 4, [0, 3]),
    (0x13, 5, [0, 1500000, 500000]), (0x13, 6, [0]), (0x13, 7, [0, 1000000]), (0x13, 8, [0]),
    (0x15, 0, []), (0x15, 1, []), (0x15, 3, [0]), (0x15, 3, [1]), (0x15, 6, [0, 0]),
    (0x15, 6, [1, 0]),
]


def rnd(proto, msg, payload, token=1, length=None, ctl=0):
    hdr = token << 18 | proto << 10 | msg
    n = len(payload)
    if length is None:
        length = 4 + 4 * n
    return (bytes([ctl]) + struct.pack('<II', length, hdr) + bytes([n]) +
            b''.join(struct.pack('<I', w) for w in payload))


def main(out):
    os.makedirs(out, exist_ok=True)
    for size in range(3):
        good = b''.join(rnd(p, m, w, i + 1) for i, (p, m, w) in enumerate(CMDS))
        with open(os.path.join(out, 'all-%d' % size), 'wb') as f:
            f.write(bytes([size]) + good)
        bad = (rnd(0x10, 0, [], length=3) + rnd(0x14, 6, [0], length=0xffffffff) +
               rnd(0x14, 6, [0, 0], length=7) + rnd(0x10, 0, [], ctl=4) +
               rnd(0x10, 0, [], ctl=2) + rnd(0x10, 0, [], ctl=1) + rnd(0x99, 0, []))
        with open(os.path.join(out, 'bad-%d' % size), 'wb') as f:
            f.write(bytes([size]) + bad)


if __name__ == '__main__':
    main(sys.argv[1])
