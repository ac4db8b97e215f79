#!/usr/bin/env python3
"""Worst-case stack depth of a firmware port (see mk/stack.mk).

Inputs: the .su/.ci files GCC writes with -fstack-usage -fcallgraph-info=su
(frame sizes and call edges of the monitor's C functions), the object files'
relocations (which functions have their address taken), and the disassembly
of secmon.elf (call edges GCC adds itself, and the functions without .su:
libfdt.a, assembly, libgcc, whose frames are estimated from the prologues:
"sub sp, sp, #N", "stp ..., [sp, #-N]!", and on AArch32 "push"/"vpush").

Only the objects the link used count (its map, secmon.map). An indirect
call counts as the deepest of the functions the data objects named for its
caller in INDIRECT_SOURCES hold. Recursion fails the check, except the
bounded cases of bounded_recursion().

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
            ("runtime", "SMC fast path (blr x3)", 0, "smc_fast"),
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


def image_objects(objdir, mapfile):
    """The object files the link used, from its map: every object it loaded
    and every archive member it pulled in (the objdir holds the whole of
    lib/, and objects of files since removed)."""
    objs, members = [], []
    for line in open(mapfile):
        m = re.match(r"LOAD (\S+\.o)$", line)
        if m:
            objs.append(m.group(1))
            continue
        m = re.match(r"(\S+\.a)\(([^)]+\.o)\)$", line)
        if m and not m.group(1).endswith("libfdt.a") and "libgcc" not in m.group(1):
            members.append(m.group(2))
    # libsecmon.a is built from lib/*.c (mk/firmware.mk), flat.
    for mem in sorted(set(members)):
        path = os.path.join(objdir, "lib", mem)
        if not os.path.exists(path):
            sys.exit("stack-usage: archive member %s is not %s" % (mem, path))
        objs.append(path)
    if not objs:
        sys.exit("stack-usage: no objects in the link map " + mapfile)
    return sorted(set(objs))


def read_ci(objs):
    """Frames and call edges of the C functions, and the names of the
    compiler's helpers GCC says a function may call (libgcc's). An indirect
    call is an edge to INDIRECT."""
    frames, edges, builtins = {}, {}, set()
    for obj in objs:
        if not obj.endswith(".c.o"):
            continue
        ci = obj[:-2] + ".ci"
        if not os.path.exists(ci):
            sys.exit("stack-usage: %s has no %s (built without -fcallgraph-info?)" % (obj, ci))
        for line in open(ci):
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


DATA_SECTIONS = (".data.rel.ro.local.", ".data.rel.ro.", ".rodata.", ".data.", ".sdata.")


def address_taken(objs, objdir, objdump, names, direct_relocs):
    """Functions referenced by anything but a direct call or tail call, and
    per data object (-fdata-sections: a section of its own) the functions
    whose addresses it holds, under its name and under "file.c:name"."""
    taken, tables = set(), {}
    for path in objs:
        # The assembly's own references (the vector table's address, the
        # workaround code the vector branches to) are not functions that C
        # calls through a pointer: its entry points are the roots.
        if path.endswith(".S.o"):
            continue
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
            # A function's own code (a switch's jump table) is not a call.
            if sym == section:
                continue
            # A static function: its section's symbol (AArch64) or its own.
            if sym.startswith(".text."):
                sym = sym[len(".text."):]
            cand = src + ":" + sym
            if cand in names.titles:
                fn = cand
            elif sym in names.titles:
                fn = sym
            else:
                continue
            taken.add(fn)
            for prefix in DATA_SECTIONS:
                if section.startswith(prefix):
                    # A function's static object: "name.N".
                    obj = re.sub(r"\.\d+$", "", section[len(prefix):])
                    tables.setdefault(obj, set()).add(fn)
                    tables.setdefault(src + ":" + obj, set()).add(fn)
                    break
    return taken, tables


VENEER_RE = re.compile(r"^__(.+)_(?:from_arm|from_thumb|veneer)$")
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
    # The linker's interworking and long-branch veneers jump to the function
    # they are named after (through pc): a direct call of it.
    for name, fn in funcs.items():
        m = VENEER_RE.match(name)
        if m and m.group(1) in funcs:
            fn.update(calls={m.group(1)}, indirect=False)
    return funcs


# Where each indirect call's targets come from: per function that calls
# through a pointer, the data objects the pointer is read from, directly or
# through a copy made at cold boot ("file.c:object" where the name alone is
# ambiguous). Its targets are the functions whose addresses those objects
# hold (the relocations of each object's own section, -fdata-sections), or
# a function named itself (code stores its address).
# An object a port does not link holds nothing there. A function of the
# image that calls through a pointer and is not listed, and an
# address-taken function that no listed object holds, fail the check, so
# the model cannot fall behind the code.
SERVICES = ["monitor/core/services.c:mon_services"]
# A route's fast handler: a service's, or the one that takes no call
# (fast_of(), and the routes recording switches to).
ROUTES = SERVICES + ["mon_no_fast_calls"]
POWER_HOOKS = ["monitor/core/services.c:power_hooks"]
CONDUITS = ["lib/conduit_none.c:secmon_conduit_none"]
INDIRECT_SOURCES = {
    # The service table, and the SMC fast path's routes (struct mon_fast,
    # filled from each service's fast handler by mon_fast_init()); the
    # AArch64 vector's smc_fast branches to the route's handler (blr x3).
    "monitor/core/dispatch.c:route": SERVICES,
    "mon_fid_implemented": SERVICES,
    "mon_general_query": SERVICES,
    "mon_fast_init": SERVICES,
    "mon_smc_fast": ROUTES,
    "smc_fast": ROUTES,
    # PSCI's function table, and the fast table psci_init() builds from it.
    "psci_handle": ["monitor/psci/psci.c:functions"],
    "psci_fast": ["monitor/psci/psci.c:functions"],
    # The power-event hooks (core/power.h, mon_power_event()).
    "psci_cpu_on": POWER_HOOKS,
    # core/power.h's inline, where -Os leaves it out of line (psci_onoff.c).
    "monitor/psci/psci_onoff.c:mon_power": POWER_HOOKS,
    "psci_cpu_off": POWER_HOOKS,
    "psci_wakeup": POWER_HOOKS,
    "monitor/psci/psci_suspend.c:standby": POWER_HOOKS,
    "monitor/psci/psci_suspend.c:powerdown": POWER_HOOKS,
    "monitor/psci/psci_system.c:system_down": POWER_HOOKS,
    # A described service's run table, filled from its descriptor's ops.
    "described_handle": ["monitor/services/described_dt.c:fw_ops", "monitor/services/media_dt.c:ops"],
    # The board's errata list (struct mon_config.errata).
    "errata_handle": ["monitor/plat/qemu-virt/plat.c:qv_errata"],
    # SCMI: each protocol's descriptor and command table.
    "scmi_process": ["monitor/services/scmi_%s.c:%s" % (p, t)
                     for p in ("base", "clock", "perf", "power", "reset", "sensor")
                     for t in ("scmi_" + p, "cmds")],
    # The Exynos4210 board's steps of the DT handed to the OS.
    "ex_dt_fixup": ["monitor/plat/exynos4210/dt.c:steps"],
    # The library's conduit (include/secmon/conduit.h) and firmware ops.
    "secmon_call3": CONDUITS,
    "lib/smccc.c:soc_id_name": CONDUITS,
    "secmon_calltab_call": CONDUITS,
    "secmon_trng_rnd": CONDUITS,
    "secmon_errata_apply": CONDUITS,
    "secmon_scmi_xfer": CONDUITS,
}
# The library's physical-word hook (struct secmon_ct_mem): the firmware
# gives it none (no object of the image holds one, so nothing is called); a
# port that gives one names its object here.
for _f in ("secmon_ct_mem_read32", "secmon_ct_mem_write32", "secmon_calltab_write_words"):
    INDIRECT_SOURCES[_f] = []
for _f in ("has", "cpu_boot", "set_cpu_boot_addr", "get_cpu_boot_addr", "do_idle", "do_idle_entry",
           "suspend", "resume", "l2x0_init", "c15resume"):
    INDIRECT_SOURCES["secmon_fwops_" + _f] = ["lib/fwops.c:" + t for t in
                                              ("psci_impl", "table_impl", "none_impl")]


def indirect_targets(edges, taken, tables):
    """Per function that calls through a pointer, its INDIRECT node's name and
    targets; replaces the INDIRECT edges. Errors for what the map misses."""
    targets, errors, held = {}, [], set()
    def holds(obj):
        return {obj} & taken if obj in taken else tables.get(obj, set())

    for fns in INDIRECT_SOURCES.values():
        for t in fns:
            held |= holds(t)
    for f in sorted(edges):
        if INDIRECT not in edges[f]:
            continue
        edges[f].discard(INDIRECT)
        if f not in INDIRECT_SOURCES:
            errors.append("%s calls through a pointer: name the objects its targets come from "
                          "in INDIRECT_SOURCES (scripts/stack-usage.py)" % f)
            continue
        node = "%s in %s" % (INDIRECT, f)
        targets[node] = {t for obj in INDIRECT_SOURCES[f] for t in holds(obj) if t in taken}
        edges[f].add(node)
    for t in sorted(taken - held):
        where = sorted(k for k, v in tables.items() if t in v and ":" in k)
        errors.append("%s: its address is taken (%s) but no object in INDIRECT_SOURCES holds it"
                      % (t, ", ".join(where) or "in code"))
    return targets, errors


# Calls that cannot happen while a given function is on the path: (caller,
# callee) -> the functions under which the call is not followed, each with
# the source facts that make it so (checked here, so that the exception
# goes when the reason does).
INFEASIBLE_UNDER = [
    # The power-off watch of a PSCI 0.1 board (the secure timer's tick asks
    # for the system to go down) is never on while a trusted OS is loaded:
    # qv_tos_load() refuses one then. So an interrupt the monitor takes
    # while the trusted OS runs (plat_tos_enter -> board_fiq) never powers
    # the system off from there.
    {"call": ("qv_poweroff_tick", "mon_system_asked"), "under": "plat_tos_enter",
     "source": ("monitor/plat/qemu-virt/tos.c", r"if \(qv_poweroff_enabled\)\s*return refuse\(")},
]


def infeasible_under():
    rules = {}
    for r in INFEASIBLE_UNDER:
        path, pattern = r["source"]
        if not os.path.exists(path) or not re.search(pattern, open(path).read()):
            sys.exit("stack-usage: %s no longer says what makes %s -> %s impossible under %s"
                     % (path, r["call"][0], r["call"][1], r["under"]))
        rules.setdefault(r["call"], []).append(r["under"])
    return rules


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
    ap.add_argument("--forget", action="append", default=[], metavar="FUNCTION",
                    help="drop FUNCTION from INDIRECT_SOURCES (shows the check fail)")
    ap.add_argument("--limit", type=num,
                    help="bytes below a CPU's frame (default PLAT_STACK_SIZE - ARCH_FRAME_SIZE)")
    args = ap.parse_args()
    port = ARCHES[args.arch]
    for f in args.forget:
        INDIRECT_SOURCES.pop(f, None)
    runtime_limit = args.stack_size - args.frame_size
    if args.limit is None:
        args.limit = runtime_limit

    objs = image_objects(args.objdir, os.path.splitext(args.elf)[0] + ".map")
    frames, edges, builtins = read_ci(objs)
    if not frames:
        sys.exit("stack-usage: no .ci files for the objects of " + args.elf)
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
    taken, tables = address_taken(objs, args.objdir, args.objdump, names, port["direct_relocs"])
    taken = {t for t in taken if t.rsplit(":", 1)[-1] in elf and t in c_functions}
    targets, errors = indirect_targets(edges, taken, tables)
    bounded = bounded_recursion()
    infeasible = infeasible_under()

    memo, active, notes = {}, [], set()

    def cost(f):
        """(bytes, path, deps) of the deepest chain starting with a call to f;
        deps: the functions on the path the result depends on (a cycle cut
        at one, a call infeasible below one). Memoized when it depends on
        none; a dependency ends when its function leaves the path, so a cut
        does not stop the memo above it (else the search is exponential)."""
        if f in memo:
            return memo[f]
        if f in active:
            if active.count(f) < bounded.get(f, 1):
                pass  # one more level of bounded recursion
            else:
                if f not in bounded:
                    errors.append("recursion: " + " -> ".join(active[active.index(f):] + [f]))
                return (0, [], {f})
        deps = {f} if f in active else set()
        active.append(f)
        if f.startswith(INDIRECT):
            # A function pointer never leads back to a function on the path
            # (no table holds its caller): noted, not counted as recursion.
            best = (0, [], set())
            for t in sorted(targets[f]):
                if t in active:
                    notes.add("%s: %s skipped (on the path)" % (f, t))
                    deps.add(t)
                    continue
                c = cost(t)
                deps |= c[2]
                if c[0] > best[0]:
                    best = c
            res = [best[0], [("%s (deepest of %d)" % (f, len(targets[f])), 0)] + best[1]]
        else:
            if f not in frames:
                errors.append("no frame size for %s" % f)
            frame = frames.get(f, 0)
            best = (0, [], set())
            for callee in sorted(edges.get(f, ())):
                under = [u for u in infeasible.get((f, callee), ()) if u in active]
                if under:
                    notes.add("%s -> %s not followed under %s (INFEASIBLE_UNDER)"
                              % (f, callee, under[0]))
                    deps.update(under)
                    continue
                c = cost(callee)
                deps |= c[2]
                if c[0] > best[0]:
                    best = c
            label = f + (" [estimated]" if f in estimated else "")
            if f in bounded:
                label += " (recursion, at most %d deep)" % bounded[f]
            res = [frame + best[0], [(label, frame)] + best[1]]
        active.pop()
        if f not in active:
            deps.discard(f)
        res = (res[0], res[1], deps)
        if not deps:
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
    print("# %d functions (%d estimated from the disassembly), %d address-taken, "
          "%d that call through a pointer" % (len(frames), len(estimated), len(taken), len(targets)))
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
