#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Compares what the call-table binding says with what the parser does.

Usage: compare-parser.py lib/vocab.c lib/calltab.c include/secmon/calltab.h BINDING.yaml

Checks that the binding's well-known operations, with their parameter and
result names (and the parameters their memory words may name), are those of
the vocabulary table in lib/vocab.c, and that
its register numbers and list lengths have the parser's limits. Prints each
difference and exits 1 when there is any.
"""
import re
import sys

import ruamel.yaml


def c_vocabulary(text):
    """{operation: (params, results)} from vocab.c's secmon_ct_fw_vocab[] table."""
    body = re.search(r'secmon_ct_fw_vocab\[[A-Z_]*\]\s*=\s*\{(.*?)\n\};', text, re.S)
    if not body:
        sys.exit('vocab.c: no secmon_ct_fw_vocab[] table')
    ops = {}
    for entry in re.split(r'\n\s*\[SECMON_CT_', body.group(1)):
        op = re.search(r'\.op\s*=\s*"([^"]+)"', entry)
        if not op:
            continue
        params = re.search(r'\.params\s*=\s*\{([^}]*)\}', entry)
        results = re.search(r'\.results\s*=\s*\{([^}]*)\}', entry)
        ops[op.group(1)] = (set(re.findall(r'"([^"]+)"', params.group(1) if params else '')),
                            set(re.findall(r'"([^"]+)"', results.group(1) if results else '')))
    return ops


def c_define(text, name):
    m = re.search(r'#define\s+' + name + r'\s+(\d+)', text)
    if not m:
        sys.exit('no #define ' + name)
    return int(m.group(1))


def names(schema):
    """The names an operation's $defs entry allows for one property."""
    if schema is False:
        return set()
    return set(schema['items']['enum'])


def main():
    vocab = c_vocabulary(open(sys.argv[1]).read())
    code = open(sys.argv[2]).read()
    header = open(sys.argv[3]).read()
    binding = ruamel.yaml.YAML(typ='safe').load(open(sys.argv[4]))
    problems = []

    defs = binding['$defs']
    listed = None
    for item in binding['allOf']:
        if 'properties' in item and 'cpu-boot' in item['properties']:
            listed = item['properties']
    if listed is None:
        sys.exit('binding: no allOf entry listing the well-known operations')

    if set(listed) != set(vocab):
        problems.append('well-known operations: binding %s, parser %s'
                        % (sorted(listed), sorted(vocab)))
    for op, (params, results) in sorted(vocab.items()):
        if op not in listed or op not in defs:
            continue
        want = '#/$defs/' + op
        node = listed[op]
        refs = [s.get('$ref') for s in node.get('allOf', [])]
        calls = [s.get('$ref') for s in node.get('patternProperties', {}).values()]
        if refs != [want] or calls != [want]:
            problems.append('%s: the node and its call@N nodes must refer to %s' % (op, want))
        props = defs[op]['properties']
        got_params = names(props['arg-names'])
        got_words = names(props['word-names'])
        got_results = names(props['result-names'])
        if got_params != params:
            problems.append('%s parameters: binding %s, parser %s'
                            % (op, sorted(got_params), sorted(params)))
        if got_words != params:
            problems.append('%s word parameters: binding %s, parser %s'
                            % (op, sorted(got_words), sorted(params)))
        if got_results != results:
            problems.append('%s results: binding %s, parser %s'
                            % (op, sorted(got_results), sorted(results)))

    max_reg = c_define(code, 'MAX_REG')
    max_args = c_define(header, 'SECMON_CT_MAX_REGS')
    max_results = c_define(header, 'SECMON_CT_MAX_RESULTS')
    call = binding['additionalProperties']['properties']
    limits = [
        ('id-register maximum', call['id-register']['maximum'], max_reg),
        ('arg-registers maximum', call['arg-registers']['items']['maximum'], max_reg),
        ('const-registers maximum', call['const-registers']['items']['maximum'], max_reg),
        ('result-registers maximum', call['result-registers']['items']['maximum'], max_reg),
        ('arg-names maxItems', call['arg-names']['maxItems'], max_args),
        ('arg-registers maxItems', call['arg-registers']['maxItems'], max_args),
        ('const-registers maxItems', call['const-registers']['maxItems'], max_args),
        ('const-values maxItems', call['const-values']['maxItems'], max_args),
        ('result-names maxItems', call['result-names']['maxItems'], max_results),
        ('result-registers maxItems', call['result-registers']['maxItems'], max_results),
    ]
    for what, got, want in limits:
        if got != want:
            problems.append('%s: binding %s, parser %s' % (what, got, want))

    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
