#!/usr/bin/env python3
"""The call path of secmon.ko: no sleeping function, and its stack depth.

Reads the .ci files GCC writes for the module's objects with
-fstack-usage -fcallgraph-info=su (linux/Makefile passes them), walks the
call graph from every exported function a driver may call in atomic
context, and from the debugfs `call` write, and prints TAP lines:

  ok - module stack (ARCH): no sleeping function on the call path
  ok - module stack (ARCH): deepest call path N bytes (limit 1024): a -> b -> ...

An indirect call (the library's `c->invoke`, or its memory hook
`mem->read32`/`write32`) counts as the deepest of the module's conduits and
hooks (smc_invoke, hvc_invoke, mem_read32, mem_write32); one in lib/fwops.c (a backend's
operation, `o->impl->cpu_boot`) as the deepest of that file's own functions. A kernel function outside the
module (ktime_get_mono_fast_ns, the spinlock, arm_smccc_1_2_smc, ...) has
no .su here: it counts as EXTERNAL bytes, the frame of a small leaf.
"""
import argparse
import os
import re
import sys

# What a driver may call with a spinlock held or interrupts off
# (include/linux/secmon.h says so), and the debugfs call write.
ROOTS = [
    "secmon_call", "secmon_call_by_name", "secmon_get_by_name", "secmon_put", "secmon_has",
    "secmon_firmware_cpu_boot", "secmon_firmware_set_cpu_boot_addr",
    "secmon_firmware_get_cpu_boot_addr", "secmon_firmware_do_idle",
    "secmon_firmware_do_idle_entry", "secmon_firmware_suspend",
    "secmon_firmware_resume", "secmon_firmware_l2x0_init", "secmon_firmware_c15resume",
    "secmon_arch_features", "secmon_discover",
]
DEBUGFS_ROOT = "call_write"
# The module's conduits and memory hooks, what the library's indirect calls reach.
CONDUITS = ("smc_invoke", "hvc_invoke", "mem_read32", "mem_write32")
# lib/fwops.c calls its backends' operations, its own static functions, by pointer.
FWOPS = "lib/fwops.c"
FWOPS_IMPL = "__fwops_impl"
# Kernel functions that may sleep.
SLEEPS = {
    "mutex_lock", "mutex_lock_interruptible", "mutex_lock_killable", "mutex_lock_nested",
    "down", "down_interruptible", "down_killable", "down_read", "down_write", "msleep",
    "usleep_range_state", "schedule", "schedule_timeout", "__might_sleep", "__cond_resched",
    "synchronize_rcu", "wait_for_completion", "kmalloc_trace", "__kmalloc", "kvmalloc_node",
    "vmalloc", "_copy_from_user", "_copy_to_user", "memdup_user", "memdup_user_nul",
}
EXTERNAL = 64

NODE = re.compile(r'node: \{ title: "([^"]+)" label: "([^"]*)"')
EDGE = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')
BYTES = re.compile(r"\\n(\d+) bytes")


def short(title):
    return title.rsplit(":", 1)[-1]


def load(objdir):
    frames, edges = {}, {}
    for d, _, files in os.walk(objdir):
        for f in files:
            if not f.endswith(".ci"):
                continue
            with open(os.path.join(d, f)) as fh:
                text = fh.read()
            for title, label in NODE.findall(text):
                m = BYTES.search(label)
                if m:
                    frames[title] = int(m.group(1))
                else:
                    frames.setdefault(title, None)
            in_fwops = os.path.join(d, f).endswith(FWOPS[:-2] + ".ci")
            for a, b in EDGE.findall(text):
                if b == "__indirect_call" and in_fwops:
                    b = FWOPS_IMPL
                edges.setdefault(a, set()).add(b)
    return frames, edges


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--objdir", required=True)
    ap.add_argument("--arch", required=True)
    ap.add_argument("--limit", type=int, default=1024)
    args = ap.parse_args()
    frames, edges = load(args.objdir)
    by_name = {}
    for t in frames:
        by_name.setdefault(short(t), []).append(t)
    conduits = [t for c in CONDUITS for t in by_name.get(c, [])]
    fwops_impl = [t for t in frames if t.rsplit(":", 1)[0].endswith(FWOPS)]

    def callees(t):
        out = set()
        for b in edges.get(t, ()):
            if b == "__indirect_call":
                out.update(conduits)
            elif b == FWOPS_IMPL:
                out.update(fwops_impl)
            else:
                out.add(b)
        return sorted(out)

    memo, onpath = {}, set()

    def deepest(t):
        """(bytes, path, sleeping path or None) from t down."""
        if t in memo:
            return memo[t]
        if t in onpath:
            sys.exit(f"not ok - module stack ({args.arch}): recursion through {short(t)}")
        onpath.add(t)
        own = frames.get(t)
        own = EXTERNAL if own is None else own
        best, sleep = (0, []), None
        if short(t) in SLEEPS:
            sleep = [short(t)]
        for c in callees(t):
            d, p, s = deepest(c)
            if d > best[0]:
                best = (d, p)
            if s and not sleep:
                sleep = [short(t)] + s
        onpath.discard(t)
        memo[t] = (own + best[0], [short(t)] + best[1], sleep)
        return memo[t]

    roots = [t for r in ROOTS + [DEBUGFS_ROOT] for t in by_name.get(r, [])]
    missing = [r for r in ROOTS + [DEBUGFS_ROOT] if r not in by_name]
    if missing:
        print(f"not ok - module stack ({args.arch}): no call graph for {' '.join(missing)}")
        return 1
    rc = 0
    sleepers = [deepest(t)[2] for t in roots if short(t) != DEBUGFS_ROOT and deepest(t)[2]]
    if sleepers:
        rc = 1
        print(f"not ok - module stack ({args.arch}): no sleeping function on the call path")
        for s in sleepers:
            print("#   " + " -> ".join(s))
    else:
        print(f"ok - module stack ({args.arch}): no sleeping function on the call path "
              f"({len(roots) - 1} exported functions)")
    worst = max((deepest(t) for t in roots), key=lambda x: x[0])
    for t in roots:
        d, p, _ = deepest(t)
        print(f"#   {d:5d} {' -> '.join(p)}")
    line = f"deepest call path {worst[0]} bytes (limit {args.limit}): {' -> '.join(worst[1])}"
    if worst[0] < args.limit:
        print(f"ok - module stack ({args.arch}): {line}")
    else:
        rc = 1
        print(f"not ok - module stack ({args.arch}): {line}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
