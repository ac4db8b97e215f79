#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes the seed corpus of fuzz-dispatch; mk/fuzz.mk runs it into build/fuzz/seeds/dispatch/.

Each seed is a short scenario in the input layout described at the top of
tests/fuzz/fuzz_dispatch.c. Run it again after changing that layout:
    python3 tests/fuzz/seeds.py build/fuzz/seeds/dispatch
It writes seed-* (scenarios that pass) and regress-* (the scenarios of
reported bugs, written out by hand; each must pass once its bug is fixed).
A finding of the fuzzer itself is written out here as a scenario too.
"""
import os
import struct
import sys

# Function IDs by value (DEN0022, DEN0028, DEN0098 and secmon's SiP map in
# include/secmon/early.h and trace.h): a seed names the call it means, not a
# position in the harness's std_fids[] list, which moves when a call is added.
def psci32(fn):
    return 0x84000000 | fn


def psci64(fn):
    return 0xC4000000 | fn


# PSCI function numbers (also the bits of header()'s `unsupported` mask).
VERSION, CPU_SUSPEND, CPU_OFF, CPU_ON, AFFINITY_INFO = 0, 1, 2, 3, 4
MIGRATE_INFO_TYPE, SYSTEM_OFF, SYSTEM_RESET, FEATURES = 6, 8, 9, 0xA
DEFAULT_SUSPEND, NODE_HW_STATE, SYSTEM_SUSPEND, SET_SUSPEND_MODE = 0xC, 0xD, 0xE, 0xF
STAT_RESIDENCY, STAT_COUNT, SYSTEM_RESET2 = 0x10, 0x11, 0x12
SMCCC_VERSION, ARCH_FEATURES, SOC_ID, SOC_ID_NAME = 0x80000000, 0x80000001, 0x80000002, 0xC0000002
WORKAROUND_1, WORKAROUND_2, WORKAROUND_3 = 0x80008000, 0x80007FFF, 0x80003FFF
STD_CALL_COUNT, STD_UID, STD_REVISION = 0x8400FF00, 0x8400FF01, 0x8400FF03
ERRATA_APPLY, ERRATA_STATUS, ERRATA_APPLY64 = 0x82000020, 0x82000021, 0xC2000020
TRNG_VERSION, TRNG_FEATURES, TRNG_UUID = 0x84000050, 0x84000051, 0x84000052
TRNG_RND32, TRNG_RND64 = 0x84000053, 0xC4000053
TRACE_INFO, TRACE_CTL = 0x82000030, 0x82000032
# The boot-CPU byte's high nibble picks the entropy source (fuzz_dispatch.c).
ENTROPY_EMPTY, ENTROPY_NONE = 0xE0, 0xF0

# The order mk/fuzz.mk embeds them in (GNU make's sorted wildcards):
# boards/*.dts, then tests/fuzz/boards/*.dts, then boards/soc/*.dts.
def _boards(folder):
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), folder)
    return sorted(f[:-4] for f in os.listdir(path) if f.endswith(".dts"))


BOARDS = _boards("../../boards") + _boards("boards") + _boards("../../boards/soc")


def header(ncpus=4, cluster=2, shift=0, ns=0, board=None, boot=0, soc=3, name=0,
           wa=0, unsupported=None, errata=0):
    b = bytes([ncpus - 1, (cluster - 1) | (shift << 3) | (ns << 5),
               0 if board is None else BOARDS.index(board) + 1, boot,
               soc | (name << 2) | (0x10 if unsupported is not None else 0) | (errata << 5),
               wa])
    if unsupported is not None:
        b += struct.pack("<I", unsupported)
    return b


# Value generators (gen_value).
def raw64(v):
    return bytes([0]) + struct.pack("<Q", v)


def small(v):
    return bytes([2 | (v << 4)])


def mpidr(cpu):
    return bytes([3, cpu])


def entry(k=0):
    return bytes([5]) + struct.pack("<H", k)


def state(i):
    return bytes([7, i])


def erratum(i):
    return bytes([13 | (i << 4)])


def fidval(fid):
    """A function ID as an argument (gen_value's 32-bit value)."""
    return bytes([1]) + struct.pack("<I", fid)


def ctx(k):
    return bytes([10, k])


def page(k):
    return bytes([11, k])


def size_pages(k):
    return bytes([12 | (k << 4)])


def smc(cpu, fid, *args, a32=False, mode=0):
    """An SMC event: the function ID fid in x0 (gen_fid's literal 32-bit
    form) and the generators for x1.. in order."""
    assert len(args) <= 7
    return (bytes([0, cpu, (1 if a32 else 0) | (mode << 1) | (len(args) << 3)]) +
            b"".join(args) + bytes([4]) + struct.pack("<I", fid))


def described(cpu, pick, *args, a32=False):
    """An SMC event calling the pick-th call of the board's tables."""
    return (bytes([0, cpu, (1 if a32 else 0) | (len(args) << 3)]) + b"".join(args) +
            bytes([3, pick, 0]))


def irq(cpu):
    return bytes([12, cpu])


FAIL_NEXT_ON = bytes([14])
SWEEP = bytes([15])

SEEDS = {
    "psci-on-off": header() + b"".join([
        smc(0, psci32(VERSION)),
        smc(0, psci32(FEATURES), fidval(psci64(CPU_ON))),
        smc(0, psci64(CPU_ON), mpidr(1), entry(0x40), ctx(1)),
        smc(0, psci64(CPU_ON), mpidr(1), entry(0x80), ctx(2)),
        smc(0, psci64(AFFINITY_INFO), mpidr(1), small(0)),
        SWEEP,
        smc(1, psci32(CPU_OFF)),
        smc(0, psci64(CPU_ON), mpidr(1), entry(0x40), ctx(3)),
        smc(0, psci64(CPU_ON), mpidr(0), entry(0x40), ctx(4)),
        smc(0, psci64(CPU_ON), mpidr(2), raw64(0x0e000000), ctx(5)),
        SWEEP,
    ]),
    # TRACE_CTL x2 bit 1 records the workaround calls too; TRACE_INFO's x1 bit 1 says so.
    "trace-workarounds": header(ncpus=1) + b"".join([
        smc(0, TRACE_CTL, small(1), small(2)),
        smc(0, TRACE_INFO),
        smc(0, TRACE_CTL, small(1), small(0)),
        smc(0, TRACE_INFO),
    ]),
    "psci-on-failure": header(ncpus=2) + b"".join([
        FAIL_NEXT_ON,
        smc(0, psci64(CPU_ON), mpidr(1), entry(0x40), ctx(1)),
        smc(0, psci64(AFFINITY_INFO), mpidr(1), small(0)),
        smc(0, psci64(CPU_ON), mpidr(1), entry(0x44), ctx(2)),
        irq(1),
        SWEEP,
    ]),
    "psci-suspend": header(ncpus=4) + b"".join([
        smc(0, psci64(CPU_SUSPEND), state(0), entry(0), ctx(1)),
        smc(0, psci64(CPU_SUSPEND), state(1), entry(0x10), ctx(2)),
        irq(0),
        smc(0, psci64(STAT_COUNT), mpidr(0), state(1)),
        smc(0, psci64(STAT_RESIDENCY), mpidr(0), state(1)),
        smc(0, psci64(NODE_HW_STATE), mpidr(1), small(1)),
        smc(0, psci64(CPU_ON), mpidr(1), entry(0x40), ctx(3)),
        smc(1, psci64(CPU_SUSPEND), state(2), entry(0x20), ctx(4)),
        smc(0, psci64(NODE_HW_STATE), mpidr(1), small(0)),
        smc(0, psci64(DEFAULT_SUSPEND), entry(0x30), ctx(5)),
        irq(1),
        smc(0, psci32(SET_SUSPEND_MODE), small(1)),
        smc(0, psci64(SYSTEM_SUSPEND), entry(0x50), ctx(6)),
        smc(1, psci32(CPU_OFF)),
        smc(0, psci64(SYSTEM_SUSPEND), entry(0x50), ctx(7)),
        irq(0),
        SWEEP,
    ]),
    "psci-aarch32": header(ncpus=8, cluster=4, shift=1) + b"".join([
        smc(0, psci32(CPU_ON), mpidr(5), entry(0x41), ctx(1), a32=True),
        smc(0, psci64(CPU_ON), mpidr(6), entry(0x40), ctx(2), a32=True),
        smc(5, psci32(AFFINITY_INFO), mpidr(0), small(0), a32=True),
        smc(5, psci32(CPU_SUSPEND), state(1), entry(0x3), ctx(3), a32=True),
        smc(0, psci32(FEATURES), fidval(psci64(CPU_ON)), a32=True),
        SWEEP,
    ]),
    "arch-calls": header(ncpus=1, soc=3, name=2, wa=0x1b) + b"".join([
        smc(0, SMCCC_VERSION),
        smc(0, ARCH_FEATURES, fidval(SOC_ID)),
        smc(0, ARCH_FEATURES, fidval(SOC_ID_NAME)),
        smc(0, ARCH_FEATURES, fidval(WORKAROUND_2)),
        smc(0, SOC_ID, small(0)),
        smc(0, SOC_ID, small(1)),
        smc(0, SOC_ID, small(2)),
        smc(0, SOC_ID_NAME, small(2)),
        smc(0, WORKAROUND_1, small(1)),
        smc(0, STD_CALL_COUNT),
        smc(0, STD_UID),
        smc(0, STD_REVISION),
        smc(0, SOC_ID_NAME, small(2), a32=True),
    ]),
    "system-reset2": header(ncpus=2, unsupported=0) + b"".join([
        smc(0, psci64(SYSTEM_RESET2), raw64(0x80000001), raw64(0x1234)),
        smc(0, psci64(SYSTEM_RESET2), raw64(0x80000007), raw64(0x1234)),
    ]),
    "system-off": header(ncpus=2) + smc(0, psci32(SYSTEM_OFF)),
    "errata": header(ncpus=4, errata=4) + b"".join(
        [smc(c, f, erratum(i)) for c in (0, 1) for i in range(5)
         for f in (ERRATA_STATUS, ERRATA_APPLY, ERRATA_APPLY, ERRATA_STATUS, ERRATA_APPLY64)] +
        [smc(0, psci64(CPU_ON), mpidr(1), entry(0x40), ctx(1)),
         smc(1, psci64(CPU_SUSPEND), state(1), entry(0x40), ctx(2)),
         irq(1)] +
        [smc(1, f, erratum(i)) for i in range(4) for f in (ERRATA_STATUS, ERRATA_APPLY)]),
    "psci-unsupported": header(ncpus=2, unsupported=(1 << CPU_SUSPEND) | (1 << 0xF)) + b"".join([
        smc(0, psci32(FEATURES), fidval(psci32(CPU_SUSPEND))),
        smc(0, psci32(FEATURES), fidval(psci32(SET_SUSPEND_MODE))),
        smc(0, psci32(CPU_SUSPEND), state(0)),
        smc(0, psci32(SET_SUSPEND_MODE), small(1)),
    ]),
}

# TRNG with a source that delivers, one that never does, and none.
TRNG_CALLS = b"".join([
    smc(0, TRNG_VERSION),
    smc(0, TRNG_FEATURES, fidval(TRNG_RND64)),
    smc(0, TRNG_FEATURES, fidval(TRNG_RND64), a32=True),
    smc(0, TRNG_FEATURES, fidval(SMCCC_VERSION)),
    smc(0, TRNG_UUID),
    smc(0, TRNG_RND32, raw64(96)),
    smc(0, TRNG_RND32, raw64(97)),
    smc(0, TRNG_RND32, raw64(0xdeadbeef00000021)),
    smc(1, TRNG_RND32, raw64(33), a32=True),
    smc(0, TRNG_RND64, raw64(192)),
    smc(0, TRNG_RND64, raw64(130)),
    smc(0, TRNG_RND64, raw64(0x100000040)),
    smc(0, TRNG_RND64, raw64(0)),
    smc(0, TRNG_RND64, raw64(64), a32=True),
    smc(0, STD_CALL_COUNT),
])
SEEDS["trng"] = header(ncpus=2) + TRNG_CALLS
SEEDS["trng-no-entropy"] = header(ncpus=2, boot=ENTROPY_EMPTY) + TRNG_CALLS
SEEDS["trng-no-source"] = header(ncpus=2, boot=ENTROPY_NONE) + TRNG_CALLS

# Every board: set boot addresses, boot a secondary, idle, and the media service.
for i, b in enumerate(BOARDS):
    SEEDS["board-" + b] = header(ncpus=4, board=b) + b"".join(
        [described(0, k, mpidr(1), entry(0x40), small(1), page(k), size_pages(1))
         for k in range(12)] +
        [described(0, k, small(1), entry(0x40), ctx(k), mpidr(2)) for k in range(12)] +
        [irq(1), irq(2), SWEEP] +
        [described(0, k, page(3), size_pages(2), small(1), a32=True) for k in range(12)])
    if b == "psci-0.1-custom":
        continue  # regress-psci01-native-width until that is fixed
    SEEDS["board-" + b + "-high"] = header(ncpus=4, board=b, ns=2, shift=2) + b"".join(
        [described(0, k, mpidr(1), entry(0x40), ctx(k), mpidr(3)) for k in reversed(range(12))] +
        [SWEEP])


# Reported bugs, one scenario each (docs/verification.md).
REGRESSIONS = {
    # A cluster power-down asked for while the other core of the cluster
    # runs, in platform-coordinated mode: the core powers down alone, and
    # PSCI_STAT_COUNT counts the state entered (core power-down), not the one
    # asked for; the model counted the latter (a bug of the harness, found by
    # the fuzzer with a described suspend).
    "pc-stat-counts-state-entered": header(ncpus=2) + b"".join([
        smc(0, psci64(CPU_ON), mpidr(1), entry(0x40), ctx(1)),
        irq(1),
        smc(0, psci64(CPU_SUSPEND), state(2), entry(0x10), ctx(2)),
        irq(0),
        smc(1, psci64(STAT_COUNT), mpidr(0), state(1)),
        smc(1, psci64(STAT_COUNT), mpidr(0), state(2)),
    ]),
    # The only core of a cluster suspended at core level: the cluster is
    # still on (this platform has no cluster retention state); the model
    # wanted HW_STANDBY (a bug of the harness, found by the fuzzer).
    "cluster-on-under-core-powerdown": header(ncpus=2, cluster=1) + b"".join([
        smc(0, psci64(CPU_ON), mpidr(1), entry(0x40), ctx(1)),
        irq(1),
        smc(1, psci64(CPU_SUSPEND), state(1), entry(0x10), ctx(2)),
        smc(0, psci64(NODE_HW_STATE), mpidr(1), small(1)),
        smc(0, psci64(NODE_HW_STATE), mpidr(1), small(0)),
    ]),
    # PSCI 0.1 IDs carry native-width arguments: an AArch64 caller's entry
    # point above 4 GiB, an MPIDR with Aff3 and a 64-bit context ID must
    # arrive whole (the monitor reads them as SMC32 and truncates).
    "psci01-native-width": header(ncpus=4, board="psci-0.1-custom", ns=2, shift=2) + b"".join([
        described(0, 6, mpidr(1), entry(0x40), ctx(1)),
        irq(1),
        described(0, 6, mpidr(2), entry(0x40), ctx(2)),
        SWEEP,
    ]),
    # ARCH_FEATURES(WORKAROUND_3) = 1 (implemented, not needed on this CPU)
    # and mon_fid_implemented() says yes, but the call answers SMC_UNK.
    "workaround-callable": header(ncpus=1, wa=0x10) + b"".join([
        smc(0, ARCH_FEATURES, fidval(WORKAROUND_3)),
        smc(0, WORKAROUND_3, small(1)),
    ]),
    # Back to platform-coordinated mode while another core runs: DEN0022
    # allows it only when every other core is OFF.
    "osi-to-pc-others-running": header(ncpus=2) + b"".join([
        smc(0, psci64(CPU_ON), mpidr(1), entry(0x40), ctx(1)),
        irq(1),
        smc(0, psci32(SET_SUSPEND_MODE), small(1)),
        smc(0, psci32(SET_SUSPEND_MODE), small(0)),
    ]),
    # ARCH_FEATURES(SOC_ID SMC64) from an AArch32 caller, which cannot make
    # SMC64 calls, says "implemented".
    "a32-arch-features-smc64": header(ncpus=1, soc=3) + b"".join([
        smc(0, ARCH_FEATURES, fidval(SOC_ID_NAME), a32=True),
        smc(0, SOC_ID_NAME, small(2), a32=True),
    ]),
    # PSCI_SET_SUSPEND_MODE not offered, yet PSCI_FEATURES(CPU_SUSPEND)
    # says OS-initiated mode is supported.
    "osi-flag-without-set-suspend-mode": header(ncpus=2, unsupported=1 << SET_SUSPEND_MODE) +
    b"".join([
        smc(0, psci32(FEATURES), fidval(psci32(SET_SUSPEND_MODE))),
        smc(0, psci32(FEATURES), fidval(psci32(CPU_SUSPEND))),
    ]),
}


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for prefix, table in (("seed-", SEEDS), ("regress-", REGRESSIONS)):
        for name, data in sorted(table.items()):
            with open(os.path.join(out, prefix + name), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main()
