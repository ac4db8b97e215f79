/* SPDX-License-Identifier: BSD-3-Clause */
/* DTS text to a DTB through Debian's dtc, for the unit tests (simtest.c). */
#ifndef SIMTEST_DTC_H
#define SIMTEST_DTC_H

#include <stddef.h>

/*
 * Compiles DTS text with dtc into out (at most size bytes), asserting that
 * dtc succeeds and writes something; returns the DTB's size.
 */
size_t simtest_dtc(const char *dts, void *out, size_t size);

#endif
