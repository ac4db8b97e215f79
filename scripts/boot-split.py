#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Checks the firmware's split into a resident part and a cold-boot part
(monitor/arch/aarch64/link.ld.in) and prints the sizes of both.

    scripts/boot-split.py [--readelf TOOL] secmon.elf

The ELF is linked with --emit-relocs, so every reference the linker resolved
is still listed. A reference from the resident part (.text, .rodata, .data)
to an address in .boot is a failure: code or data a CPU can reach after the
normal world runs would lead into code that is only meant for cold boot. The
allowed references are the reset path's calls of the cold boot itself: the
boot CPU's set-up of .data and .bss, and the cold boot.

A pointer to cold-boot code that the cold boot hands to the monitor (an
erratum's check, say) has no relocation in the resident part, so a second
check makes the rule simple: a cold-boot function is only ever called
directly. No code takes its address (adrp/adr) and no data holds it (a
64-bit absolute relocation). A function pointer the monitor keeps must
point at resident code. What neither check sees: a pointer to cold-boot
*data* that the cold boot stores for later; the core copies what it keeps
(the SoC name) and the platform keeps its tables resident.

Prints TAP; exits non-zero on a failure.
"""
import argparse
import re
import subprocess
import sys

RESIDENT = (".text", ".rodata", ".data")
ALLOWED = {("_start", "board_cold_boot"), ("_start", "arch_boot_memory")}


def run(tool, *args):
    return subprocess.run([tool, *args], check=True, capture_output=True, text=True).stdout


def sections(readelf, elf):
    out = {}
    for line in run(readelf, "-SW", elf).splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if m:
            out[m.group(1)] = (int(m.group(2), 16), int(m.group(3), 16))
    return out


def functions(readelf, elf):
    """Sorted (address, size, name) of every function and object symbol, and
    the addresses of the functions."""
    syms, funcs = [], set()
    for line in run(readelf, "-sW", elf).splitlines():
        f = line.split()
        if (len(f) == 8 and f[3] in ("FUNC", "OBJECT", "NOTYPE") and f[6] != "UND" and
                not f[7].startswith(("$", "__"))):
            syms.append((int(f[1], 16), int(f[2], 0), f[7]))
            if f[3] == "FUNC":
                funcs.add(int(f[1], 16))
    return sorted(syms), funcs


def owner(syms, addr):
    best = None
    for a, size, name in syms:
        if a > addr:
            break
        if a <= addr < a + max(size, 1) or (size == 0 and best is None):
            best = name
    return best or hex(addr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--readelf", default="aarch64-linux-gnu-readelf")
    ap.add_argument("elf")
    a = ap.parse_args()

    sec = sections(a.readelf, a.elf)
    if ".boot" not in sec or ".rela.text" not in sec:
        print(f"not ok 1 - {a.elf}: no .boot section or no relocations (link with --emit-relocs)")
        return 1
    boot_lo, boot_size = sec[".boot"]
    boot_hi = boot_lo + boot_size
    syms, funcs = functions(a.readelf, a.elf)
    bad, taken = [], []
    cur = None
    for line in run(a.readelf, "-rW", a.elf).splitlines():
        m = re.match(r"Relocation section '\.rela(\S+)'", line)
        if m:
            cur = m.group(1)
            continue
        if cur not in RESIDENT and cur != ".boot":
            continue
        m = re.match(r"([0-9a-f]+)\s+[0-9a-f]+\s+(\S+)\s+([0-9a-f]+)\s+(\S+)(?:\s*\+\s*([0-9a-f]+))?",
                     line.strip())
        if not m:
            continue
        site, rtype, value, name = int(m.group(1), 16), m.group(2), int(m.group(3), 16), m.group(4)
        target = value + int(m.group(5) or "0", 16)
        if not boot_lo <= target < boot_hi:
            continue
        if cur == ".boot":
            if target in funcs and rtype.startswith(("R_AARCH64_ADR", "R_AARCH64_ABS")):
                taken.append(f"{owner(syms, site)} (at {site:#x}) holds the address of "
                             f"{owner(syms, target)}")
            continue
        pair = (owner(syms, site), owner(syms, target) if name.startswith(".") else name)
        if pair not in ALLOWED:
            bad.append(f"{cur} {pair[0]} (at {site:#x}) refers to {pair[1]}")

    resident = sum(sec[s][1] for s in RESIDENT if s in sec) + sec.get(".got", (0, 0))[1]
    print(f"# resident: .text {sec['.text'][1]} + .rodata {sec['.rodata'][1]} + .got "
          f"{sec.get('.got', (0, 0))[1]} + .data {sec['.data'][1]} = {resident} bytes; "
          f"cold boot: .boot {boot_size} bytes")
    for b in bad[:40]:
        print(f"# {b}")
    print(f"{'not ok' if bad else 'ok'} 1 - {a.elf}: resident code and data never refer to the "
          f"cold-boot part ({len(bad)} references)")
    for t in taken[:40]:
        print(f"# {t}")
    print(f"{'not ok' if taken else 'ok'} 2 - {a.elf}: no code or data holds the address of a "
          f"cold-boot function ({len(taken)} found)")
    print("1..2")
    return 1 if bad or taken else 0


if __name__ == "__main__":
    sys.exit(main())
