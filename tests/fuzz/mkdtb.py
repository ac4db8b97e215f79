#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes the DT regressions of fuzz-dt that dtc cannot express (broken
structure, names dtc refuses), as tiny DTBs; mk/fuzz.mk runs it:
    python3 tests/fuzz/mkdtb.py build/fuzz/seeds/dt
"""
import os
import struct
import sys

BEGIN_NODE, END_NODE, PROP, NOP, END = 1, 2, 3, 4, 9


def cells(*v):
    return b"".join(struct.pack(">I", x) for x in v)


def name(s):
    b = s.encode() + b"\0"
    return b + b"\0" * (-len(b) % 4)


def dtb(structure, strings, version=17):
    """A DTB: header, empty reservation map, structure (at an 8-byte
    aligned offset), strings."""
    off_rsv = 40
    off_struct = off_rsv + 16
    off_strings = off_struct + len(structure)
    total = off_strings + len(strings)
    header = cells(0xd00dfeed, total, off_struct, off_strings, off_rsv, version,
                   min(version, 16), 0, len(strings), len(structure))
    return header + bytes(16) + structure + strings


def old_prop(structure, nameoff, value):
    """A property in a version < 16 tree: values of 8 bytes or more start
    8-byte aligned (in the structure block, itself 8-byte aligned)."""
    if len(value) >= 8 and (len(structure) + 12) % 8:
        structure += cells(NOP)
    return structure + cells(PROP, len(value), nameoff) + value + b"\0" * (-len(value) % 4)


def negative_prop_len():
    """
    /psci (compatible "arm,psci-0.2") with a property whose length is -4:
    libfdt steps over it (the next tag is read 4 bytes on, from its name
    offset, 4 = FDT_NOP) and fdt_getprop_by_offset() returns it with
    length -4. mon_dt_fixup() copies the board's PSCI node and passes that
    length to fdt_setprop(): memcpy of (size_t)-4 bytes.
    """
    strings = b"compatible\0"
    s = (cells(BEGIN_NODE) + name("") +
         cells(BEGIN_NODE) + name("psci") +
         cells(PROP, 13, 0) + name("arm,psci-0.2") +
         cells(PROP, 0xfffffffc, 4) +      # name offset 4: "atible"; also FDT_NOP
         cells(END_NODE, END_NODE, END))
    return dtb(s, strings)


def nameless_node():
    """
    A version 15 tree (libfdt still reads versions 2-16), whose node names
    are full paths there: a child named "t", without a '/', has no name for
    fdt_get_name() (NULL). It is compatible with secmon,call-table behind
    an unknown first compatible, so described_init() logs "node %s" with
    that NULL (monitor/core/log.c then reads address 0).
    """
    strings = b"compatible\0"
    s = cells(BEGIN_NODE) + name("/") + cells(BEGIN_NODE) + name("t")
    s = old_prop(s, 0, b"x\0secmon,call-table\0")
    s += cells(END_NODE, END_NODE, END)
    return dtb(s, strings, version=15)


def odd_node_name(node_name, props, strings):
    """
    A call table whose node name dtc would refuse (libfdt returns it as is)
    and whose properties are wrong: mon_init() refuses the tree naming that
    node ("node :pu-boot, property method: missing required property",
    "node : pervisor-calls, property method: must be one string"). fuzz-dt's
    check that an error names its node parsed the name out of the line and
    took these for empty names (found by the fuzzer, the first in CI).
    """
    s = (cells(BEGIN_NODE) + name("") +
         cells(BEGIN_NODE) + name("firmware") +
         cells(BEGIN_NODE) + name(node_name) + props +
         cells(END_NODE, END_NODE, END_NODE, END))
    return dtb(s, strings)


def odd_name_missing_id():
    strings = b"compatible\0"
    props = (cells(PROP, 18, 0) + name("secmon,call-table") +
             cells(BEGIN_NODE) + name("cpu-boot") + cells(END_NODE))
    return odd_node_name(":pu-boot", props, strings)


def odd_name_bad_method():
    strings = b"compatible\0method\0"
    props = (cells(PROP, 18, 0) + name("secmon,call-table") +
             cells(PROP, 4, 11) + cells(1))
    return odd_node_name(": pervisor-calls", props, strings)


def newline_in_name():
    """
    A call table named "cp\n" without its method: the monitor's error line
    is "node cp\n, property method: ...", split over two lines. fuzz-dt
    read the log line by line and found no line naming a node (found by
    the fuzzer, the second in CI).
    """
    strings = b"compatible\0"
    props = cells(PROP, 18, 0) + name("secmon,call-table")
    return odd_node_name("cp\n", props, strings)


def zero_advance_prop():
    """
    /psci with a property whose length is -12: libfdt's fdt_next_tag()
    steps by 12 + length, so the walk comes back to the same tag for ever
    (fdt_node_offset_by_compatible() in described_init() and
    mon_dt_fixup(); found by a 2,400 s fuzz-dt run as a timeout).
    fdt_check_full() refuses the tree; the monitor now runs it first.
    """
    strings = b"compatible\0"
    s = (cells(BEGIN_NODE) + name("") +
         cells(BEGIN_NODE) + name("psci") +
         cells(PROP, 0xfffffff4, 0) +
         cells(END_NODE, END_NODE, END))
    return dtb(s, strings)


def nameless_operation():
    """
    A call table with an operation node whose name is empty (dtc writes no
    such node below the root). secmon_calltab_parse() took it for an
    operation named "?", the name its messages give a nameless node (found
    by a 1500 s fuzz-dt run). It is refused now.
    """
    strings = b"compatible\0method\0function-id\0"
    s = (cells(BEGIN_NODE) + name("") +
         cells(BEGIN_NODE) + name("calls") +
         cells(PROP, 18, 0) + name("secmon,call-table") +
         cells(PROP, 4, 11) + name("smc") +
         cells(BEGIN_NODE) + name("") +
         cells(PROP, 4, 18) + cells(0x82000102) +
         cells(END_NODE, END_NODE, END_NODE, END))
    return dtb(s, strings)


def leading_nop():
    """
    A structure block that opens with FDT_NOP: the root is at offset 4,
    and offset 0 is no node for libfdt. mon_init() refuses the call table
    ("node set-format, property method: missing required property"), but
    fuzz-dt looked for that name walking the tree from offset 0 and found
    no node at all (found by the fuzzer).
    """
    strings = b"compatible\0"
    s = (cells(NOP, BEGIN_NODE) + name("") +
         cells(BEGIN_NODE) + name("set-format") +
         cells(PROP, 18, 0) + name("secmon,call-table") +
         cells(END_NODE, END_NODE, END))
    return dtb(s, strings)


def board_phandle_twice():
    """
    A call table and its operation both with phandle 1 (dtc refuses a
    phandle twice; a mutation makes it). mon_dt_fixup() copied both into
    the OS's DT, whose phandles were then no longer unique; a board's
    phandles number the board's own nodes and are no longer copied: every
    phandle of the OS's DT is unique (fixup-phandle-unique).
    """
    strings = b"compatible\0method\0function-id\0phandle\0"
    s = (cells(BEGIN_NODE) + name("") +
         cells(BEGIN_NODE) + name("firmware") +
         cells(BEGIN_NODE) + name("calls") +
         cells(PROP, 18, 0) + name("secmon,call-table") +
         cells(PROP, 4, 11) + name("smc") +
         cells(PROP, 4, 30) + cells(1) +
         cells(BEGIN_NODE) + name("do-idle") +
         cells(PROP, 4, 18) + cells(0x82000102) +
         cells(PROP, 4, 30) + cells(1) +
         cells(END_NODE, END_NODE, END_NODE, END_NODE, END))
    return dtb(s, strings)


REGRESSIONS = {
    "regress-board-phandle-twice.dtb": board_phandle_twice(),
    "regress-leading-nop.dtb": leading_nop(),
    "regress-odd-node-name.dtb": odd_name_missing_id(),
    "regress-odd-node-name-2.dtb": odd_name_bad_method(),
    "regress-newline-in-node-name.dtb": newline_in_name(),
    "regress-nameless-operation.dtb": nameless_operation(),
    "regress-zero-advance-prop.dtb": zero_advance_prop(),
    "regress-negative-prop-len.dtb": negative_prop_len(),
    "regress-nameless-node.dtb": nameless_node(),
}


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for fname, data in sorted(REGRESSIONS.items()):
        with open(os.path.join(out, fname), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
