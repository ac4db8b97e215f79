// SPDX-License-Identifier: BSD-3-Clause
/*
 * A freestanding program for tests/deb/run.sh, built with an installed
 * cross-target libsecmon (pkg-config secmon-aarch64 or secmon-armhf) and
 * run under qemu-user as a Linux program without a C library. It prints
 * what the library says about CPU_ON through the target's smc and hvc
 * conduit objects (without calling them: an smc at EL0 traps) and one
 * error's name, then exits:
 *
 *   conduits smc hvc aarch32=0 CPU_ON=0xc4000003 -9=invalid address
 */
#include <stddef.h>
#include <secmon/client.h>

void _start(void);

/* What the library needs of a freestanding program (besides libfdt, which
 * only its DT functions use). */
void *memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		*d++ = *s++;
	return dst;
}

void *memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	while (n--)
		*d++ = (unsigned char)c;
	return dst;
}

#if defined(__aarch64__)
static void sys_write(const char *s, size_t n)
{
	register long x0 __asm__("x0") = 1;
	register long x1 __asm__("x1") = (long)s;
	register long x2 __asm__("x2") = (long)n;
	register long x8 __asm__("x8") = 64;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x1), "r"(x2), "r"(x8) : "memory");
}

static void sys_exit(int status)
{
	register long x0 __asm__("x0") = status;
	register long x8 __asm__("x8") = 93;

	__asm__ volatile("svc #0" : : "r"(x0), "r"(x8) : "memory");
	for (;;)
		;
}
#else
static void sys_write(const char *s, size_t n)
{
	register long r0 __asm__("r0") = 1;
	register long r1 __asm__("r1") = (long)s;
	register long r2 __asm__("r2") = (long)n;
	register long r7 __asm__("r7") = 4;

	__asm__ volatile("svc #0" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r7) : "memory");
}

static void sys_exit(int status)
{
	register long r0 __asm__("r0") = status;
	register long r7 __asm__("r7") = 1;

	__asm__ volatile("svc #0" : : "r"(r0), "r"(r7) : "memory");
	for (;;)
		;
}
#endif

static void put(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	sys_write(s, n);
}

static void put_hex(uint32_t v)
{
	char b[11] = "0x";

	for (int i = 0; i < 8; i++)
		b[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xf];
	b[10] = 0;
	put(b);
}

void _start(void)
{
	const struct secmon_conduit *smc = &secmon_conduit_smc, *hvc = &secmon_conduit_hvc;

	put("conduits ");
	put(smc->name);
	put(" ");
	put(hvc->name);
	put(smc->aarch32 ? " aarch32=1" : " aarch32=0");
	put(" CPU_ON=");
	put_hex(secmon_psci_fid(smc, SECMON_PSCI_FN_CPU_ON));
	put(" -9=");
	put(secmon_strerror(SECMON_E_INVALID_ADDRESS));
	put("\n");
	sys_exit(0);
}
