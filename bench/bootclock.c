// SPDX-License-Identifier: BSD-3-Clause
/*
 * bootclock: the Linux-boot benchmark's clock (docs/boot-time.md, "Linux
 * boot"). A static AArch64 Linux program without a C library that prints
 *
 *   SECMON-BENCH counter=<CNTVCT_EL0> freq=<CNTFRQ_EL0>
 *
 * on its standard output and exits. A kernel entered at EL2 clears
 * CNTVOFF_EL2, so the virtual count is the generic counter since the
 * machine's reset: under QEMU -icount it is the guest's instructions (and
 * skipped idle time) from the first firmware instruction to this read.
 */

#define SYS_WRITE 64
#define SYS_EXIT 93

void _start(void);

static long sys3(long nr, long a, long b, long c)
{
	register long x8 __asm__("x8") = nr;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
	return x0;
}

/* Appends v in decimal at p; returns the end. */
static char *put_dec(char *p, unsigned long v)
{
	char tmp[20];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		*p++ = tmp[--n];
	return p;
}

static char *put_str(char *p, const char *s)
{
	while (*s)
		*p++ = *s++;
	return p;
}

void _start(void)
{
	unsigned long cnt, frq;
	char buf[96], *p = buf;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(cnt));
	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(frq));
	p = put_str(p, "SECMON-BENCH counter=");
	p = put_dec(p, cnt);
	p = put_str(p, " freq=");
	p = put_dec(p, frq);
	*p++ = '\n';
	sys3(SYS_WRITE, 1, (long)buf, p - buf);
	sys3(SYS_EXIT, 0, 0, 0);
	for (;;)
		;
}
