// SPDX-License-Identifier: BSD-3-Clause
/*
 * Output on a PL011 that the firmware (or QEMU) has already set up: the nsk
 * only waits for room in the transmit FIFO and writes the data register.
 */
#include "nsk.h"

#define UART_DR		0x00
#define UART_FR		0x18
#define UART_FR_TXFF	(1u << 5)

/* QEMU virt's non-secure PL011 until the DT says otherwise. */
static uint64_t uart = 0x09000000;
static uint32_t lock;

void con_init(uint64_t pl011_base)
{
	if (pl011_base)
		uart = pl011_base;
}

static void putc_raw(char c)
{
	volatile uint32_t *r = (volatile uint32_t *)(uintptr_t)uart;

	while (r[UART_FR / 4] & UART_FR_TXFF)
		;
	r[UART_DR / 4] = (uint8_t)c;
}

/*
 * Lines from different CPUs (exception reports) must not interleave, but a
 * CPU that dies holding the lock must not silence the others: give up
 * waiting after a while.
 */
static bool lock_take(void)
{
	for (uint32_t i = 0; i < 10000000u; i++) {
		uint32_t zero = 0;

		if (__atomic_compare_exchange_n(&lock, &zero, 1, false, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return true;
	}
	return false;
}

static void lock_give(bool taken)
{
	if (taken)
		__atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
}

static void puts_raw(const char *s)
{
	while (*s)
		putc_raw(*s++);
}

void con_puts(const char *s)
{
	bool l = lock_take();

	puts_raw(s);
	lock_give(l);
}

static void put_uint(uint64_t v, unsigned base, int width)
{
	char buf[24];
	int i = (int)sizeof(buf) - 1;

	buf[i] = '\0';
	do {
		buf[--i] = "0123456789abcdef"[v % base];
		v /= base;
		width--;
	} while (v || width > 0);
	puts_raw(&buf[i]);
}

/* %s %c %d %u %x %p, with an optional l (or ll) size and a 0-padded width. */
void con_vprintf(const char *fmt, va_list ap)
{
	bool l = lock_take();

	for (; *fmt; fmt++) {
		int longs = 0, width = 0;

		if (*fmt != '%') {
			putc_raw(*fmt);
			continue;
		}
		fmt++;
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		while (*fmt == 'l') {
			longs++;
			fmt++;
		}
		switch (*fmt) {
		case 's': {
			const char *s = va_arg(ap, const char *);

			puts_raw(s ? s : "(null)");
			break;
		}
		case 'c':
			putc_raw((char)va_arg(ap, int));
			break;
		case 'd': {
			int64_t v = longs ? va_arg(ap, int64_t) : va_arg(ap, int);

			if (v < 0) {
				putc_raw('-');
				v = -v;
			}
			put_uint((uint64_t)v, 10, width);
			break;
		}
		case 'u':
			put_uint(longs ? va_arg(ap, uint64_t) : va_arg(ap, unsigned), 10, width);
			break;
		case 'x':
			put_uint(longs ? va_arg(ap, uint64_t) : va_arg(ap, unsigned), 16, width);
			break;
		case 'p':
			puts_raw("0x");
			put_uint((uintptr_t)va_arg(ap, void *), 16, width);
			break;
		case '%':
			putc_raw('%');
			break;
		default:
			putc_raw('%');
			if (!*fmt)
				fmt--;
			else
				putc_raw(*fmt);
			break;
		}
	}
	lock_give(l);
}

void con_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	con_vprintf(fmt, ap);
	va_end(ap);
}

int con_tap(unsigned *n, bool ok, const char *fmt, ...)
{
	va_list ap;

	con_printf("%sok %u - ", ok ? "" : "not ", ++*n);
	va_start(ap, fmt);
	con_vprintf(fmt, ap);
	va_end(ap);
	con_printf("\n");
	return ok ? 0 : 1;
}
