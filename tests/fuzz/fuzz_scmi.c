// SPDX-License-Identifier: BSD-3-Clause
/*
 * libFuzzer target: the SCMI server's shared-memory channel as a hostile
 * agent writes it. Each round the input writes the channel (status, length,
 * header, payload) and rings the SMC; the harness then checks what the
 * transport promises:
 *
 * - nothing outside the channel is written (guard words on both sides);
 * - x1-x17 come back unchanged; the SMC64 form is SMC_UNK and touches
 *   nothing;
 * - a channel the agent left free is not a message: x0 is
 *   INVALID_PARAMETER and the channel is unchanged;
 * - otherwise x0 is 0 and the channel is free again: with the error bit
 *   and nothing else changed when the length cannot hold a header or runs
 *   past the channel; else the header echoed, a whole-word answer of 8 to
 *   132 bytes whose first word is an SCMI status (0 to -10), the status
 *   alone when it is an error, PROTOCOL_ERROR for a payload that is not
 *   whole words or longer than 128 bytes, nothing written past the answer.
 *
 * Input layout (bytes; reads past the end give zero):
 *   0  channel size: 0x9c (the least the server takes), 0x100 or 0x1000
 *   then rounds, each:
 *     ctl      bit 0 AArch32 caller, bit 1 SMC64 form, bits 3:2 status
 *              word: 0 busy, 1 free, 2 busy with the error bit, 3 from input
 *     [status] 4 bytes when bits 3:2 are 3
 *     length   4 bytes (the channel's length word)
 *     header   4 bytes
 *     n        payload words: n % (words the channel holds after the header + 1)
 *     payload  4 * n bytes
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/scmi.h>
#include <secmon/smccc.h>
#include "../../monitor/monitor.h"
#include "fplat.h"

#define SCMI_FID SECMON_SCMI_SMC	/* <secmon/scmi.h> */
#define NS_BASE 0x80000000ull
#define NS_SIZE 0x40000000ull
#define CHAN_BASE (NS_BASE + 0x1000)
#define GUARD 16u	/* words each side */
#define GUARD_WORD 0x6a6a6a6au

enum { W_STATUS = 1, W_LENGTH = 5, W_HEADER = 6, W_PAYLOAD = 7 };

static const uint8_t *in;
static size_t in_len, in_pos;

static uint8_t byte(void)
{
	return in_pos < in_len ? in[in_pos++] : 0;
}

static uint32_t word(void)
{
	uint32_t v = 0;

	for (unsigned i = 0; i < 4; i++)
		v |= (uint32_t)byte() << (8 * i);
	return v;
}

static uint32_t *mem;		/* guard, channel, guard */
static uint32_t chan_words;

static void check_guards(void)
{
	for (uint32_t i = 0; i < GUARD; i++)
		if (mem[i] != GUARD_WORD || mem[GUARD + chan_words + i] != GUARD_WORD)
			fp_fail("[scmi-outside] a word outside the channel was written");
}

static void round_trip(void)
{
	uint8_t ctl = byte();
	uint32_t *shm = mem + GUARD, before[0x1000 / 4];
	uint32_t status, len, header, n, ans;
	struct secmon_regs regs, sent;
	struct mon_caller caller = { .aarch32 = ctl & 1 };
	bool smc64 = ctl & 2;
	int32_t st;

	switch ((ctl >> 2) & 3) {
	case 0: status = 0; break;
	case 1: status = 1; break;
	case 2: status = 2; break;
	default: status = word(); break;
	}
	len = word();
	header = word();
	n = byte() % (chan_words - W_PAYLOAD + 1);
	for (uint32_t i = 0; i < chan_words; i++)
		shm[i] = 0xa5a50000u | i;
	shm[W_STATUS] = status;
	shm[W_LENGTH] = len;
	shm[W_HEADER] = header;
	for (uint32_t i = 0; i < n; i++)
		shm[W_PAYLOAD + i] = word();
	memcpy(before, shm, chan_words * 4);

	for (unsigned i = 0; i < SECMON_NREGS; i++)
		regs.x[i] = 0x5ec0000000000000ull | (uint64_t)i << 32 | (0xc0de00u + i);
	regs.x[0] = SCMI_FID | (smc64 ? 0x40000000u : 0);
	sent = regs;
	fp.cur = 0;
	mon_smc(0, &regs, &caller);
	fp.cur = -1;
	if (fp.lock)
		fp_fail("[scmi-lock] the monitor's lock is still held");
	check_guards();
	for (unsigned i = 1; i < (caller.aarch32 ? 8u : SECMON_NREGS); i++)
		if ((caller.aarch32 ? (uint32_t)regs.x[i] : regs.x[i]) !=
		    (caller.aarch32 ? (uint32_t)sent.x[i] : sent.x[i]))
			fp_fail("[scmi-regs] x%u changed", i);

	if (smc64 || (status & 1)) {
		uint32_t want = smc64 ? 0xffffffffu : 0xfffffffdu;

		if ((uint32_t)regs.x[0] != want)
			fp_fail("[scmi-x0] x0 %#llx, want %#x (SMC64 %d, status %#x)",
				(unsigned long long)regs.x[0], want, smc64, status);
		if (memcmp(before, shm, chan_words * 4))
			fp_fail("[scmi-not-busy] the channel changed (SMC64 %d, status %#x)", smc64,
				status);
		return;
	}
	if ((uint32_t)regs.x[0] != 0)
		fp_fail("[scmi-x0] x0 %#llx for a busy channel", (unsigned long long)regs.x[0]);
	if (len < 4 || len > chan_words * 4 - 4 * W_HEADER) {
		if (shm[W_STATUS] != 3)
			fp_fail("[scmi-error] status %#x after length %#x", shm[W_STATUS], len);
		before[W_STATUS] = 3;
		if (memcmp(before, shm, chan_words * 4))
			fp_fail("[scmi-error] more than the status changed (length %#x)", len);
		return;
	}
	if (shm[W_STATUS] != 1)
		fp_fail("[scmi-free] status %#x after an answer", shm[W_STATUS]);
	if (shm[W_HEADER] != header)
		fp_fail("[scmi-header] header %#x, sent %#x", shm[W_HEADER], header);
	ans = shm[W_LENGTH];
	if (ans < 8 || ans > 4 + 128 || ans & 3)
		fp_fail("[scmi-length] answer length %#x", ans);
	st = (int32_t)shm[W_PAYLOAD];
	if (st > 0 || st < -10)
		fp_fail("[scmi-status] status %d", st);
	if (st && ans != 8)
		fp_fail("[scmi-status] error %d with %u bytes", st, ans);
	if (((len - 4) & 3 || len - 4 > 128) && st != -10)
		fp_fail("[scmi-protocol-error] length %#x answered %d", len, st);
	for (uint32_t i = W_PAYLOAD + (ans - 4) / 4; i < chan_words; i++)
		if (shm[i] != before[i])
			fp_fail("[scmi-past-answer] word %u written past the answer", i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint32_t sizes[] = { 0x9c, 0x100, 0x1000 };
	const struct fp_topology topo = { 1, 1, 8, NS_BASE, NS_SIZE, false };
	struct mon_config cfg = { 0 };

	in = data;
	in_len = size;
	in_pos = 0;
	fp_reset(&topo);
	chan_words = sizes[byte() % 3] / 4;
	mem = malloc((chan_words + 2 * GUARD) * 4);
	if (!mem)
		return 0;
	for (uint32_t i = 0; i < chan_words + 2 * GUARD; i++)
		mem[i] = GUARD_WORD;
	fp.scmi_base = CHAN_BASE;
	fp.scmi_size = chan_words * 4;
	fp.shm = mem + GUARD;
	if (mon_init(&cfg) != 0)
		fp_fail("mon_init() failed");
	if (mem[GUARD + W_STATUS] != 1)
		fp_fail("[scmi-free] the channel is not free after mon_init()");
	check_guards();
	while (in_pos < in_len)
		round_trip();
	free(mem);
	return 0;
}
