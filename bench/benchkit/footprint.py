# SPDX-License-Identifier: BSD-3-Clause
"""The footprint: the AArch64 firmware's sections (resident part, cold boot,
data, per-CPU RAM), where its code goes (the link map), and the calling
library's code size per architecture (build/xbuild)."""
import os
import re
import subprocess

from .config import (ELF_BUILT, ELF_TOS_BUILT, MAP_BUILT, RESIDENT_LIMIT, RESIDENT_LIMIT_TOS,
                     ROOT, TFA_ALL_TEXT, TFA_BL31_SPD_TEXT, TFA_BL31_TEXT)


def sections(tool, obj):
    out = subprocess.run([tool, '-A', obj], capture_output=True, text=True, check=True).stdout
    s = {}
    for line in out.splitlines():
        w = line.split()
        if len(w) >= 2 and w[0].startswith('.') and w[1].isdigit():
            s[w[0]] = s.get(w[0], 0) + int(w[1])
    return s


def symbol(nm, elf, name):
    out = subprocess.run([nm, elf], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        w = line.split()
        if len(w) == 3 and w[2] == name:
            return int(w[0], 16)
    return None


def map_breakdown(path):
    """Bytes of code and read-only data per input file, from the link map."""
    if not os.path.exists(path):
        return {}
    sizes = {}
    pending = None
    started = False
    for line in open(path):
        if not started:
            started = line.startswith('Linker script and memory map')
            continue
        if line.startswith('.data') or line.startswith('.bss') or line.startswith('.percpu'):
            break
        m = re.match(r'^ (\.(?:text|rodata|got)\S*)\s*$', line)
        if m:
            pending = m.group(1)
            continue
        m = re.match(r'^ (\.(?:text|rodata|got)\S*)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)', line)
        if m and (m.group(1) or pending):
            size = int(m.group(3), 16)
            obj = m.group(4)
            if 'libfdt.a' in obj:
                key = 'libfdt (Debian libfdt.a)'
            elif 'libsecmon.a' in obj:
                key = 'lib/ (calling library parts)'
            else:
                key = os.path.dirname(os.path.relpath(obj, os.path.join(ROOT, 'build',
                                                                         'qemu-virt-a64', 'obj')))
            sizes[key] = sizes.get(key, 0) + size
        pending = None
    return dict(sorted(sizes.items(), key=lambda kv_: -kv_[1]))


LIB_CORE = ['smccc', 'psci', 'error', 'conduit_none', 'early', 'conduits', 'conduit']
LIB_OPS = ['fwops', 'service']
LIB_DT = ['calltab', 'fwops_dt']


def lib_sizes(arch, tool):
    base = os.path.join(ROOT, 'build', 'xbuild', arch, 'lib')
    objs = {}
    for dirpath, _, files in os.walk(base):
        for f in sorted(files):
            if f.endswith('.o'):
                s = sections(tool, os.path.join(dirpath, f))
                name = f[:-2]
                if name in objs:        # lib/early.c and lib/arch/*/early.S
                    name += '.S'
                objs[name] = {
                    'code': sum(v for k, v in s.items() if k.startswith('.text')),
                    'rodata': sum(v for k, v in s.items() if k.startswith('.rodata')),
                    'data': sum(v for k, v in s.items() if k.startswith('.data')),
                }
    def total(names):
        return sum(o['code'] for n, o in objs.items() if n.split('.')[0] in names)
    return {'objects': objs, 'core_code': total(LIB_CORE),
            'core_plus_fwops_code': total(LIB_CORE + LIB_OPS),
            'all_code': sum(o['code'] for o in objs.values())}


def resident_of(s):
    """What stays after the cold boot: text, rodata, got and data."""
    return s.get('.text', 0) + s.get('.rodata', 0) + s.get('.got', 0) + s.get('.data', 0)


def footprint_tos():
    """The image with the trusted-OS dispatcher: its resident part and whole image."""
    if not os.path.exists(ELF_TOS_BUILT):
        return None
    s = sections('aarch64-linux-gnu-size', ELF_TOS_BUILT)
    return {'resident': resident_of(s), 'image': resident_of(s) + s.get('.boot', 0),
            'resident_limit': RESIDENT_LIMIT_TOS, 'tfa_bl31_spd_text': TFA_BL31_SPD_TEXT}


def footprint():
    if not os.path.exists(ELF_BUILT):
        return None
    s = sections('aarch64-linux-gnu-size', ELF_BUILT)
    resident = s.get('.text', 0) + s.get('.rodata', 0) + s.get('.got', 0)
    boot = s.get('.boot', 0)
    text = resident + boot
    data = s.get('.data', 0)
    bss = s.get('.bss', 0)
    percpu = s.get('.percpu', 0)
    ncpu_max = 16
    secram = symbol('aarch64-linux-gnu-nm', ELF_BUILT, '__secram_end')
    secram_base = 0x0e000000
    fp = {
        'text': text, 'code_only': s.get('.text', 0), 'rodata': s.get('.rodata', 0) + s.get('.got', 0),
        'data': data, 'bss': bss, 'image': text + data, 'image_limit': RESIDENT_LIMIT,
        'resident_limit': RESIDENT_LIMIT, 'tfa_bl31_text': TFA_BL31_TEXT,
        'tfa_bl1_bl2_bl31_text': TFA_ALL_TEXT,
        'resident': resident + data, 'cold_boot': boot,
        'percpu_all': percpu, 'per_cpu': percpu // ncpu_max, 'max_cpus': ncpu_max,
        'cold_stack': s.get('.coldstack', 0),
        'secure_ram_used': (secram - secram_base) if secram else data + bss + percpu,
        'image_breakdown': map_breakdown(MAP_BUILT),
        'lib_a64': lib_sizes('a64', 'aarch64-linux-gnu-size'),
        'lib_a32': lib_sizes('a32', 'arm-linux-gnueabihf-size'),
        'lib_core_limit': 4096,
        'tos': footprint_tos(),
    }
    return fp



def footprint_counts():
    """The footprint figures the regression check holds (bytes)."""
    fp = footprint()
    if not fp:
        return {}
    counts = {'footprint/resident': fp['resident'], 'footprint/image': fp['image']}
    if fp['tos']:
        counts['footprint/tos-resident'] = fp['tos']['resident']
        counts['footprint/tos-image'] = fp['tos']['image']
    return counts
