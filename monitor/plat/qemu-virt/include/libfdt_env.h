/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libfdt's environment for the freestanding monitor, found ahead of the
 * distribution's (which pulls in hosted libc headers). Values in a DTB are
 * big-endian; the monitor runs little-endian.
 */
#ifndef LIBFDT_ENV_H
#define LIBFDT_ENV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint16_t fdt16_t;
typedef uint32_t fdt32_t;
typedef uint64_t fdt64_t;

static inline uint16_t fdt16_to_cpu(fdt16_t x) { return __builtin_bswap16(x); }
static inline fdt16_t cpu_to_fdt16(uint16_t x) { return __builtin_bswap16(x); }
static inline uint32_t fdt32_to_cpu(fdt32_t x) { return __builtin_bswap32(x); }
static inline fdt32_t cpu_to_fdt32(uint32_t x) { return __builtin_bswap32(x); }
static inline uint64_t fdt64_to_cpu(fdt64_t x) { return __builtin_bswap64(x); }
static inline fdt64_t cpu_to_fdt64(uint64_t x) { return __builtin_bswap64(x); }

/* What libfdt calls; provided by monitor/plat/qemu-virt/libc.c. */
void *memchr(const void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
char *strchr(const char *s, int c);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t n);
char *strrchr(const char *s, int c);
unsigned long strtoul(const char *s, char **end, int base);

#endif
