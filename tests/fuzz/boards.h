/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The example boards' DTBs (boards/NAME.dts), compiled and embedded into the
 * fuzzers at build time by tests/fuzz/embed.sh.
 */
#ifndef SECMON_FUZZ_BOARDS_H
#define SECMON_FUZZ_BOARDS_H

struct fuzz_board {
	const char *name;
	const unsigned char *dtb;
	unsigned size;
};

extern const struct fuzz_board fuzz_boards[];
extern const unsigned fuzz_nboards;

#endif
