#!/usr/bin/env python3
"""Drive a QEMU guest's serial console (stdin/stdout of QEMU with -serial stdio)
through a list of steps, with a deadline for each, so that a hang fails
instead of blocking.

    console.py --log FILE [--timeout SEC] STEP... -- QEMU-COMMAND...

Steps, done in order:
    expect:REGEX    wait until the output since the last match holds REGEX
    send:TEXT       type TEXT followed by a carriage return
    key:TEXT        type TEXT alone (e.g. a key that stops U-Boot's autoboot)
    exit:STATUS     wait until QEMU exits, and check its exit status

Each step may take at most --timeout seconds (default 60). Writes every byte
of the console to the log (carriage returns removed) and, last, a line
"SECMON-HOST console=ok" or "SECMON-HOST console=failed step N (STEP)".
Exit status 0 when every step was done, 1 otherwise (QEMU is then killed).
"""
import argparse
import os
import re
import select
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", required=True)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("steps", nargs="*")
    argv = sys.argv[1:]
    if "--" not in argv:
        ap.error("missing -- QEMU-COMMAND")
    cut = argv.index("--")
    args = ap.parse_args(argv[:cut])
    cmd, steps = argv[cut + 1:], args.steps
    for s in steps:
        if s.split(":", 1)[0] not in ("expect", "send", "key", "exit") or ":" not in s:
            ap.error(f"bad step {s!r}")

    log = open(args.log, "w")
    log.write("SECMON-HOST command=" + " ".join(cmd) + "\n")
    log.flush()
    q = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT)
    buf = ""
    fd = q.stdout.fileno()
    failed = None

    def pump(deadline):
        """Reads what QEMU wrote until the deadline or its exit; False at EOF."""
        nonlocal buf
        left = deadline - time.monotonic()
        if left <= 0:
            return True
        r, _, _ = select.select([fd], [], [], min(left, 0.2))
        if not r:
            return True
        data = os.read(fd, 65536)
        if not data:
            return False
        text = data.decode("utf-8", "replace").replace("\r", "")
        buf += text
        log.write(text)
        log.flush()
        return True

    for n, step in enumerate(steps, 1):
        kind, arg = step.split(":", 1)
        deadline = time.monotonic() + args.timeout
        ok = False
        if kind == "expect":
            rx = re.compile(arg)
            while time.monotonic() < deadline:
                m = rx.search(buf)
                if m:
                    buf = buf[m.end():]
                    ok = True
                    break
                if not pump(deadline) and not rx.search(buf):
                    break
        elif kind in ("send", "key"):
            try:
                q.stdin.write((arg + ("\r" if kind == "send" else "")).encode())
                q.stdin.flush()
                ok = True
            except BrokenPipeError:
                ok = False
        else:
            while time.monotonic() < deadline and q.poll() is None:
                pump(deadline)
            while pump(time.monotonic() + 0.2):
                if q.poll() is not None and not select.select([fd], [], [], 0)[0]:
                    break
            ok = q.poll() is not None and q.returncode == int(arg)
        if not ok:
            failed = f"step {n} ({step})"
            break

    if q.poll() is None:
        q.kill()
        q.wait()
    log.write("\nSECMON-HOST qemu_status=%d\n" % q.returncode)
    log.write("SECMON-HOST console=%s\n" % ("ok" if not failed else "failed " + failed))
    log.close()
    if failed:
        print(f"console.py: failed at {failed}; log {args.log}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
