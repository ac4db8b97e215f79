# SPDX-License-Identifier: BSD-3-Clause
"""What the benchmarks measure and where their inputs and outputs are: the
firmware images, the bench kernel, the calls and events with their TF-A
figures and targets, the QEMU configurations, and the limits the check
holds them to."""
import os

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
OUT = os.path.join(ROOT, 'build', 'bench')
BK = os.path.join(OUT, 'bk', 'bk.bin')
# The kernel that prints the idle states of the DT the firmware hands the OS.
IDLESTATES = os.path.join(OUT, 'bk', 'idlestates.bin')
FW_BUILT = os.path.join(ROOT, 'build', 'qemu-virt-a64', 'secmon.bin')
FW = os.path.join(OUT, 'secmon.bin')          # the copy a run uses
# The firmware with the SCMI server (make firmware builds it; mk/bench.mk too).
FW_SCMI_BUILT = os.path.join(ROOT, 'build', 'qemu-virt-a64-scmi', 'secmon.bin')
FW_SCMI = os.path.join(OUT, 'secmon-scmi.bin')
# The firmware with the trusted-OS dispatcher (port qemu-virt-a64-tos), which
# the TOS configurations run.
FW_TOS_BUILT = os.path.join(ROOT, 'build', 'qemu-virt-a64-tos', 'secmon.bin')
FW_TOS = os.path.join(OUT, 'secmon-tos.bin')
# The project's secure payload (make tos), the trusted OS of the TOS configurations.
TOS_BUILT = os.path.join(ROOT, 'build', 'tos', 'tos.bin')
TOS = os.path.join(OUT, 'tos.bin')
ELF_BUILT = os.path.join(ROOT, 'build', 'qemu-virt-a64', 'secmon.elf')
MAP_BUILT = os.path.join(ROOT, 'build', 'qemu-virt-a64', 'secmon.map')
ELF_TOS_BUILT = os.path.join(ROOT, 'build', 'qemu-virt-a64-tos', 'secmon.elf')
BOARD_DTB = os.path.join(OUT, 'boards', 'legacy-negative.dtb')
BASELINE = os.path.join(ROOT, 'bench', 'baseline.json')
ITERATIONS = 4096
TOLERANCE = 0.10        # a count may grow 10% over the baseline
# Footprint: the resident part, TF-A BL31's counterpart (48 KiB of text on
# QEMU), must stay under 32 KiB in the default image (qemu-virt-a64), and
# under 36 KiB in the image with the trusted-OS dispatcher
# (qemu-virt-a64-tos; TF-A's BL31 with its OP-TEE dispatcher: 52 KiB); the
# whole image, cold boot included, is reported next to TF-A's BL1 + BL2 +
# BL31 for the same job (about 94 KiB of text). All are held against the
# baseline too.
RESIDENT_LIMIT = 32 * 1024
RESIDENT_LIMIT_TOS = 36 * 1024
TFA_BL31_TEXT = 48 * 1024
TFA_BL31_SPD_TEXT = 52 * 1024
TFA_ALL_TEXT = 94 * 1024

# What the loops measure (bk.c names), in table order: label, TF-A v2.15 BL31
# on QEMU measured by the same method, secmon's target.
CALLS = [
    ('smccc_version', 'SMCCC_VERSION', 199, 50),
    ('arch_features', 'SMCCC_ARCH_FEATURES(WORKAROUND_1)', 509, 509 // 3),
    ('arch_workaround_1', 'SMCCC_ARCH_WORKAROUND_1', 21, 25),
    ('arch_workaround_2', 'SMCCC_ARCH_WORKAROUND_2', None, 25),
    ('arch_workaround_3', 'SMCCC_ARCH_WORKAROUND_3', 21, 25),
    ('arch_workaround_4', 'SMCCC_ARCH_WORKAROUND_4', None, 25),
    ('psci_version', 'PSCI_VERSION', 218, 218 // 3),
    ('psci_version_pmu', "PSCI_VERSION, the caller's cycle counter on", 218, None),
    ('psci_features', 'PSCI_FEATURES(CPU_ON)', 238, 238 // 3),
    ('affinity_info', 'AFFINITY_INFO(cpu 1, level 0)', 312, 312 // 3),
    ('cpu_suspend_bad', 'CPU_SUSPEND refused: a bad power_state', 254, 254 // 3),
    # TF-A's QEMU build has no TRNG: its figure is PSCI_VERSION's path.
    ('trng_version', 'TRNG_VERSION (TF-A: not served)', 218, 218 // 3),
    ('unknown_sip', 'unknown SiP ID 0x82000042', 168, 50),
    ('sip_errata_status', 'SiP errata status 0x82000021', None, None),
    ('trng_rnd64', 'TRNG_RND64(192 bits), the DT-seeded DRBG', None, None),
    ('sip_media_status', 'SiP media get-status 0x82000103 (board DT)', None, None),
    ('scmi_base_version', 'SCMI Base PROTOCOL_VERSION round trip (SCMI=1)', None, None),
    ('scmi_clock_rate_get', 'SCMI CLOCK_RATE_GET round trip (SCMI=1)', None, None),
    ('psci_version_traced', 'PSCI_VERSION, recording on (TRACE_CTL)', None, None),
    ('smccc_version_traced', 'SMCCC_VERSION, recording on (TRACE_CTL)', None, None),
    ('legacy_dt', 'legacy get-cpu-boot-addr -102 (board DT)', None, None),
    ('suspend_standby', 'CPU_SUSPEND standby round trip', None, None),
    # A trusted OS (the project's payload, fw_cfg opt/secmon/tos): TF-A v2.15's
    # opteed with the same payload, measured by the same method, and the
    # project's rule for a standard fast call, a third of TF-A's. The issue's
    # target for the payload's fast call, 250, is not met (docs/trusted-os.md,
    # "The fast path": the EL1 switch alone is about 105).
    ('tos_calls_count', "trusted OS: the payload's CALLS_COUNT", None, None),
    ('tos_calls_uid', 'trusted OS: CALLS_UID 0xBF00FF01', 1039, 1039 // 3),
    ('tos_os_revision', 'trusted OS: GET_OS_REVISION 0xB2000001', 1034, 1034 // 3),
    ('tos_yield', 'trusted OS: a yielding call (LONG, 1 round)', None, None),
]
EVENTS = [
    ('suspend_powerdown', 'CPU_SUSPEND power-down: call to resume entry'),
    ('suspend_cluster', 'CPU_SUSPEND cluster power-down, the same'),
    ('suspend_cluster_osi', '  the same, OS-initiated mode'),
    ('suspend_system', 'CPU_SUSPEND system power-down, the same'),
    ('system_suspend', 'SYSTEM_SUSPEND: call to resume entry'),
    ('cpu_on', 'CPU_ON: call to first instruction on the target'),
    ('cold_boot', "cold boot: reset to the kernel's C entry"),
]
# Calls that only a board DT makes exist; without one they are SMC_UNK.
NEED_BOARD = {'sip_media_status', 'legacy_dt'}
# Calls only the firmware built with SCMI=1 makes (bk.c measures them where
# the DT has an arm,scmi-smc node).
NEED_SCMI = {'scmi_base_version', 'scmi_clock_rate_get'}
# Calls QEMU's own PSCI (no firmware) does not serve.
NEED_TOS = {'tos_calls_count', 'tos_calls_uid', 'tos_os_revision', 'tos_yield'}
NEED_SECMON = NEED_BOARD | NEED_SCMI | NEED_TOS | {'trng_rnd64', 'trng_version'}
UNK = {0xffffffff, 0xffffffffffffffff}
# The unknown-ID sweep (bk.c unknown_sweep()): its maximum, per configuration.
UNKNOWN_TARGET = 50
# The answers the check holds besides the counts: a fast answer must be the
# right one (INVALID_PARAMETERS, -2 in 64 bits; TRNG 1.0).
ANSWERS = {'cpu_suspend_bad': 0xfffffffffffffffe, 'trng_version': 0x10000}
# The workaround calls: <= 25 where the CPU offers them, else SMC_UNK (<= 50).
WORKAROUNDS = ['arch_workaround_%d' % n for n in (1, 2, 3, 4)]
WA_TARGET = 25

# The QEMU runs: name -> (firmware?, EL1?, board DT?). The firmware has
# recording built in (docs/trace.md): every row is measured with it off but
# the *_traced ones, for which bk.c switches it on (TRACE_CTL).
CONFIGS = {
    'secmon-el2': (True, False, False),
    'secmon-el1': (True, True, False),
    'secmon-el2-board': (True, False, True),
    'secmon-el1-board': (True, True, True),
    'qemu-el2': (False, False, False),
    'qemu-el1': (False, True, False),
    'secmon-scmi-el2': (True, False, False),
    'secmon-tos-el2': (True, False, False),
}
# The configurations that run the SCMI=1 firmware instead of the default one.
SCMI_CONFIGS = {'secmon-scmi-el2'}
# The configurations with the payload loaded; the bench kernel measures only
# its calls there (bk.tos=1).
TOS_CONFIGS = {'secmon-tos-el2'}
CHECKED = ['secmon-el2', 'secmon-el1', 'secmon-el2-board', 'secmon-el1-board', 'secmon-scmi-el2',
           'secmon-tos-el2']
