#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""trace-readout.py LOG OUT - the monitor's console readout as trace files.

With the board DT's secmon,console-readout (docs/trace.md, "Readout at
power-off") the monitor prints, at SYSTEM_OFF and SYSTEM_RESET, on its
console (the secure UART on QEMU):

  SECMON-TRACE-READOUT cpus=N hz=F lost=L
  <one record a line: its 128 bytes in upper-case hex>
  SECMON-TRACE-READOUT-END

Each such block of LOG becomes a trace file (include/secmon/trace.h: the
40-byte header, then the records), OUT for the first, OUT.2, OUT.3, ... for
the next ones (a machine reset and powered off later prints two). Prints one
line per file written: its name, the records, the lost count. Exits 1 when
LOG holds no whole block or a line is not a record; `secmon trace` checks
the rest.
"""
import re
import struct
import sys

MAGIC = 0x52544d53
VERSION = 2             # include/secmon/trace.h SECMON_TRACE_VERSION
RECORD = 128
BEGIN = re.compile(r'^SECMON-TRACE-READOUT cpus=(\d+) hz=(\d+) lost=(\d+)$')
END = 'SECMON-TRACE-READOUT-END'


def blocks(lines):
    """(cpus, hz, lost, [record bytes]) of each whole block, in order."""
    cur = None
    for n, line in enumerate(lines, 1):
        line = line.rstrip('\r\n')
        m = BEGIN.match(line)
        if m:
            cur = (int(m.group(1)), int(m.group(2)), int(m.group(3)), [])
            continue
        if cur is None:
            continue
        if line == END:
            yield cur
            cur = None
            continue
        if len(line) != 2 * RECORD or not re.fullmatch(r'[0-9A-F]+', line):
            raise ValueError('line %d: not a record (%d characters)' % (n, len(line)))
        cur[3].append(bytes.fromhex(line))


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    with open(argv[1], errors='replace') as f:
        lines = f.readlines()
    try:
        found = list(blocks(lines))
    except ValueError as e:
        print('trace-readout.py: %s: %s' % (argv[1], e), file=sys.stderr)
        return 1
    if not found:
        print('trace-readout.py: %s: no whole SECMON-TRACE-READOUT block' % argv[1],
              file=sys.stderr)
        return 1
    for i, (cpus, hz, lost, recs) in enumerate(found):
        out = argv[2] if i == 0 else '%s.%d' % (argv[2], i + 1)
        with open(out, 'wb') as f:
            f.write(struct.pack('<IHHQIIQQ', MAGIC, VERSION, RECORD, hz, cpus, len(recs),
                                lost, 0))
            f.write(b''.join(recs))
        print('%s: %d records, %d lost' % (out, len(recs), lost))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
