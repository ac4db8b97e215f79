#!/usr/bin/env python3
"""Worst-case stack depth of a firmware port (see mk/stack.mk).

Inputs: the .su/.ci files GCC writes with -fstack-usage -fcallgraph-info=su
(frame sizes and call edges of the monitor's C functions), the object files'
relocations (which functions have their address taken), and the disassembly
of secmon.elf (call edges GCC adds itself, and the functions without .su:
libfdt.a, assembly, libgcc, whose frames are estimated from the prologues:
"sub sp, sp, #N", "stp ..., [sp, #-N]!", and on AArch32 "push"/"vpush").

Indirect calls count as the deepest address-taken function. Recursion fails
the check, except the bounded cases listed in BOUNDED.

Two stacks are checked, with the sizes mk/firmware.mk reads from the
board's platform.h and the architecture's frame.h: the boot CPU's cold-boot
stack (PLAT_COLD_STACK_SIZE) and each CPU's runtime stack (PLAT_STACK_SIZE,
its frame, ARCH_FRAME_SIZE, at the top). A fault inside the monitor is
reported on whatever stack it hit, so the fault path (EL3 exception,
AArch32 secure fault) counts on top of the deepest path of each. Prints the
deepest paths and two TAP lines.
"""
import argparse
import os
import re
import subprocess
import sys

# Per architecture (monitor/arch/<arch>): the C functions its assembly calls
# (entry.S, vectors.S) with the stack each starts on and what the assembly
# puts below its start, the fault report, and how its disassembly and
# relocations read.
ARCHES = {
    "aarch64": {
        "roots": [
            ("runtime", "reset, before the cold boot", 0, "a64_cpu_reset_init"),
            ("runtime", "reset: the workaround calls' code", 0, "arch_wa_select"),
            ("runtime", "reset: the PMU", 0, "a64_pmu_select"),
            ("cold", "cold boot", 0, "board_cold_boot"),
            ("runtime", "warm boot", 0, "board_secondary_boot"),
            ("runtime", "SMC", 0, "mon_smc"),
            ("runtime", "SMC fast path (blr x3)", 0, "__indirect_call"),
            ("runtime", "lower-EL exception (struct a64_trap)", 256, "a64_lower_exception"),
        ],
        "fault": "arch_monitor_fault",
        "call": re.compile(r"\s(bl|b)\s+[0-9a-f]+ <([^>+]+)>$"),
        "indirect": re.compile(r"\sblr\s"),
        "direct_relocs": ("R_AARCH64_CALL26", "R_AARCH64_JUMP26"),
    },
    "arm": {
        "roots": [
            ("runtime", "reset, before the cold boot", 0, "a32_cpu_reset_init"),
            ("runtime", "reset: the workaround calls' code", 0, "arch_wa_select"),
            ("cold", "cold boot", 0, "board_cold_boot"),
            ("runtime", "warm boot", 0, "board_secondary_boot"),
            ("runtime", "SMC", 0, "a32_smc"),
            ("runtime", "FIQ", 0, "a32_fiq"),
        ],
        "fault": "a32_secure_fault",
        # bl, blx and (tail calls) b with any condition to another function.
        "call": re.compile(r"\s(blx?|b(?:eq|ne|cs|cc|hs|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)?)"
                           r"\s+[0-9a-f]+ <([^>+]+)>$"),
        # blx/bx through a register other than lr, a load into pc that is not
        # a pop. A move into pc is a computed jump inside the function
        # (libgcc's division jumps into its own unrolled loop so): GCC calls
        # and tail-calls through a register with blx and bx.
        "indirect": re.compile(r"\s(blx|bx)\s+r\d+$|\sldr\s+pc,"),
        "direct_relocs": ("R_ARM_CALL", "R_ARM_JUMP24"),
    },
}
INDIRECT = "__indirect_call"
BOARD_DT = "monitor/core/os_dt.c"

NODE_RE = re.compile(r'node: \{ title: "([^"]+)" label: "[^"]*?(?:\\n(\d+) bytes \((\w+)\))?"')
EDGE_RE = re.compile(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"')


def bounded_recursion():
    """copy_node(depth) recurses while depth <= MAX_DEPTH, from depth 0: the
    calls at depth 0..MAX_DEPTH recurse and the one at MAX_DEPTH + 1 returns
    at once, so at most MAX_DEPTH + 2 of its frames are live."""
    src = open(BOARD_DT).read()
    m = re.search(r"#define\s+MAX_DEPTH\s+(\d+)", src)
    if not m or "depth > MAX_DEPTH" not in src:
        sys.exit("stack-usage: cannot find copy_node's depth limit in " + BOARD_DT)
    bounded = {BOARD_DT + ":copy_node": int(m.group(1)) + 2}
    # libfdt's fdt_path_offset() recurses (through fdt_get_alias_namelen)
    # only for a path not starting with '/', an alias, whose value may again
    # be an alias: unbounded. The monitor only passes absolute literal paths,
    # and the alias lookup itself looks up "/aliases": one level.
    for d in ("monitor", "lib"):
        for root, _, files in os.walk(d):
            for f in files:
                if not f.endswith(".c"):
                    continue
                text = open(os.path.join(root, f)).read()
                for m in re.finditer(r"\bfdt_path_offset(_namelen)?\s*\(\s*[^,]+,\s*([^)]*)\)", text):
                    if not m.group(2).startswith('"/'):
                        sys.exit("stack-usage: %s: fdt_path_offset with a path that may be an "
                                 "alias (libfdt recursion): %s" % (os.path.join(root, f), m.group(0)))
    bounded["fdt_path_offset"] = 1
    return bounded


BUILTIN_RE = re.compile(r'node: \{ title: "([^"]+)" label: "[^"]*\\n<built-in>"')


def read_ci(objdir):
    """Frames and call edges of the C functions, and the names of the
    compiler's helpers GCC says a function may call (libgcc's)."""
    frames, edges, builtins = {}, {}, set()
    for root, _, files in os.walk(objdir):
        for f in files:
            if not f.endswith(".ci"):
                continue
            for line in open(os.path.join(root, f)):
                m = NODE_RE.match(line)
                if m and m.group(2):
                    if m.group(3) != "static":
                        sys.exit("stack-usage: %s: %s stack usage" % (m.group(1), m.group(3)))
                    frames[m.group(1)] = int(m.group(2))
                    edges.setdefault(m.group(1), set())
                    continue
                m = BUILTIN_RE.match(line)
                if m:
                    builtins.add(m.group(1))
                    continue
                m = EDGE_RE.match(line)
                if m:
                    edges.setdefault(m.group(1), set()).add(m.group(2))
    return frames, edges, builtins


class Names:
    """Maps a plain symbol name (ELF, relocations) to .ci titles: globals are
    "name", statics "file.c:name"."""

    def __init__(self, titles):
        self.titles = set(titles)
        self.static = {}
        for t in titles:
            if ":" in t:
                self.static.setdefault(t.rsplit(":", 1)[1], []).append(t)

    def lookup(self, name, near=None):
        if name in self.titles:
            return [name]
        cands = self.static.get(name, [])
        if near and ":" in near:
            same = [c for c in cands if c.rsplit(":", 1)[0] == near.rsplit(":", 1)[0]]
            if same:
                return same
        return cands or [name]


def address_taken(objdir, objdump, names, direct_relocs):
    """Functions referenced by anything but a direct call or tail call."""
    taken = set()
    for root, _, files in os.walk(objdir):
        for f in files:
            # The assembly's own references (the vector table's address, the
            # workaround code the vector branches to) are not functions that C
            # calls through a pointer: its entry points are the roots.
            if not f.endswith(".o") or f.endswith(".S.o"):
                continue
            path = os.path.join(root, f)
            src = os.path.relpath(path, objdir)[:-2]
            out = subprocess.run([objdump, "-r", path], capture_output=True, text=True, check=True).stdout
            section = ""
            for line in out.splitlines():
                if line.startswith("RELOCATION RECORDS FOR"):
                    section = line.split("[")[1].rstrip("]:")
                    continue
                parts = line.split()
                if len(parts) != 3 or section.startswith((".debug", ".eh_frame", ".ARM")) or \
                        parts[1] in direct_relocs:
                    continue
                sym = parts[2].split("+")[0].split("-")[0]
                # A static function: its section's symbol (AArch64) or its own.
                if sym.startswith(".text."):
                    sym = sym[len(".text."):]
                cand = src + ":" + sym
                if cand in names.titles:
                    taken.add(cand)
                    continue
                if sym in names.titles:
                    taken.add(sym)
    return taken


FUNC_RE = re.compile(r"^[0-9a-f]+ <([^>]+)>:$")
PUSH_RE = re.compile(r"\[sp, #-(\d+)\]!")
SUB_RE = re.compile(r"\ssub\s+sp, sp, #(0x[0-9a-f]+|\d+)(, lsl #12)?")
# AArch32: push {r4, r5, lr} (or stmdb sp!, {...}), vpush {d8-d9}.
REGLIST_RE = re.compile(r"\s(push|stmdb\s+sp!,|vpush)\s*\{([^}]*)\}")


def reglist_bytes(kind, regs):
    n = 0
    for r in regs.split(","):
        r = r.strip()
        if "-" in r:
            lo, hi = r.split("-")
            n += int(hi[1:]) - int(lo[1:]) + 1
        elif r:
            n += 1
    return n * (8 if kind == "vpush" and regs.strip().startswith("d") else 4)


def read_elf(elf, objdump, port):
    """Per function of the ELF: the sp decrements and the direct call targets
    (bl, and b to another function's start: tail calls), and whether it
    calls through a register (an indirect call)."""
    out = subprocess.run([objdump, "-d", "--no-show-raw-insn", elf],
                         capture_output=True, text=True, check=True).stdout
    funcs, cur, name = {}, None, None
    for line in out.splitlines():
        m = FUNC_RE.match(line)
        if m:
            name = m.group(1)
            cur = funcs.setdefault(name, {"frame": 0, "calls": set(), "indirect": False})
            continue
        if cur is None:
            continue
        m = port["call"].search(line)
        if m and m.group(2) != name:
            cur["calls"].add(m.group(2))
        m = PUSH_RE.search(line)
        if m:
            cur["frame"] += int(m.group(1))
        m = REGLIST_RE.search(line)
        if m:
            cur["frame"] += reglist_bytes(m.group(1), m.group(2))
        m = SUB_RE.search(line)
        if m:
            cur["frame"] += int(m.group(1), 0) << (12 if m.group(2) else 0)
        if port["indirect"].search(line):
            cur["indirect"] = True
    return funcs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    num = lambda s: int(s, 0)
    ap.add_argument("--arch", choices=sorted(ARCHES), required=True)
    ap.add_argument("--stack-size", type=num, required=True, help="PLAT_STACK_SIZE")
    ap.add_argument("--cold-stack-size", type=num, required=True, help="PLAT_COLD_STACK_SIZE")
    ap.add_argument("--frame-size", type=num, required=True, help="ARCH_FRAME_SIZE")
    ap.add_argument("--objdir", required=True)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--objdump", required=True)
    ap.add_argument("--limit", type=num,
                    help="bytes below a CPU's frame (default PLAT_STACK_SIZE - ARCH_FRAME_SIZE)")
    args = ap.parse_args()
    port = ARCHES[args.arch]
    runtime_limit = args.stack_size - args.frame_size
    if args.limit is None:
        args.limit = runtime_limit

    frames, edges, builtins = read_ci(args.objdir)
    if not frames:
        sys.exit("stack-usage: no .ci files in " + args.objdir)
    c_functions = set(frames)
    names = Names(list(frames))
    elf = read_elf(args.elf, args.objdump, port)
    # A helper GCC listed but did not emit a call to (e.g. the signed
    # division helper next to the unsigned one it used) is not in the image.
    for callees in edges.values():
        callees.difference_update(b for b in builtins if b not in elf)
    estimated = set()
    # Functions without .su (libfdt.a, assembly, libgcc): the ELF's prologues.
    for name, fn in elf.items():
        titles = names.lookup(name)
        if titles == [name] and name not in frames:
            frames[name] = fn["frame"]
            estimated.add(name)
            names.titles.add(name)
    # Every direct call in the ELF is an edge too (calls GCC emits itself,
    # e.g. memcpy for a struct copy, are not in the .ci files).
    for name, fn in elf.items():
        for src in names.lookup(name):
            for callee in fn["calls"]:
                edges.setdefault(src, set()).update(names.lookup(callee, src))
            if fn["indirect"] and src in estimated:
                edges.setdefault(src, set()).add(INDIRECT)
    # Only what the image holds can be called: the objdir has every file of
    # lib/, and an unlinked one's function tables (lib/fwops.c) take addresses
    # of functions the image lacks. A name the image has counts (a static's
    # namesake in another file too: more, never fewer).
    # Only C functions count: the assembly's code whose address C takes (the
    # workaround code the vector branches to, arch_wa_ordinary) is entered
    # by the vector alone, never called through a C function pointer.
    taken = {t for t in address_taken(args.objdir, args.objdump, names, port["direct_relocs"])
             if t.rsplit(":", 1)[-1] in elf and t in c_functions}
    bounded = bounded_recursion()

    memo, active, errors, notes = {}, [], [], set()

    def cost(f):
        """(bytes, path, cut) of the deepest chain starting with a call to f;
        cut: a cycle was cut below, so the result depends on the path (not
        memoized)."""
        if f in memo:
            return memo[f]
        if f in active and f != INDIRECT:
            if active.count(f) < bounded.get(f, 1):
                pass  # one more level of bounded recursion
            else:
                if f not in bounded:
                    errors.append("recursion: " + " -> ".join(active[active.index(f):] + [f]))
                return (0, [], True)
        active.append(f)
        cut = False
        if f == INDIRECT:
            # A function pointer never leads back to a function on the path
            # (no table holds its caller): noted, not counted as recursion.
            best, label = (0, [], False), INDIRECT
            for t in sorted(taken):
                if t in active:
                    notes.add("indirect call in %s: %s skipped (on the path)" % (active[-2], t))
                    cut = True
                    continue
                c = cost(t)
                cut |= c[2]
                if c[0] > best[0]:
                    best = c
            res = (best[0], [(INDIRECT + " (max of %d address-taken)" % len(taken), 0)] + best[1], cut)
        else:
            if f not in frames:
                errors.append("no frame size for %s" % f)
            frame = frames.get(f, 0)
            best = (0, [], False)
            for callee in sorted(edges.get(f, ())):
                c = cost(callee)
                cut |= c[2]
                if c[0] > best[0]:
                    best = c
            label = f + (" [estimated]" if f in estimated else "")
            if f in bounded:
                label += " (recursion, at most %d deep)" % bounded[f]
            res = (frame + best[0], [(label, frame)] + best[1], cut)
        active.pop()
        if not cut:
            memo[f] = res
        return res

    roots = port["roots"]
    fault, _, _ = cost(port["fault"])
    print("# %-38s %-28s %6d bytes (counted on top of each stack's deepest path)"
          % ("fault report", port["fault"], fault))
    worst = {}
    for stack, what, base, fn in roots:
        n, path, _ = cost(fn)
        n += base
        print("# %-38s %-28s %6d bytes" % (what, fn, n))
        if stack not in worst or n > worst[stack][0]:
            worst[stack] = (n, what, base, path)
    for e in sorted(notes) + sorted(set(errors)):
        print("# " + e)
    print("# %d functions (%d estimated from the disassembly), %d address-taken"
          % (len(frames), len(estimated), len(taken)))
    limits = {
        "cold": (args.cold_stack_size, "PLAT_COLD_STACK_SIZE"),
        "runtime": (args.limit, "PLAT_STACK_SIZE minus the 0x%x frame" % args.frame_size
                    if args.limit == runtime_limit else "--limit"),
    }
    failed = False
    for stack in ("cold", "runtime"):
        n, what, base, path = worst[stack]
        limit, why = limits[stack]
        print("# deepest path on the %s stack (%s), then a fault's report:" % (stack, what))
        if base:
            print("#   %6d  (assembly, below the frame)" % base)
        for label, size in path:
            print("#   %6d  %s" % (size, label))
        total = n + fault
        ok = not errors and total <= limit
        failed |= not ok
        print("%s - stack: %s stack, deepest path %d + fault report %d = %d bytes of %d (%s)"
              % ("ok" if ok else "not ok", stack, n, fault, total, limit, why))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
