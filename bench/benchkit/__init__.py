# SPDX-License-Identifier: BSD-3-Clause
"""The modules of bench/bench.py (`make bench`, docs/performance.md)."""
