// SPDX-License-Identifier: BSD-3-Clause
/*
 * The example secure-media service's descriptor (cold-boot data): the
 * compatible that names its call table, its operations' node names with
 * their handlers (media.c) and the names of their parameters and results
 * (docs/bindings/secmon,secure-media.yaml).
 */
#include "media.h"

static const struct described_op ops[] = {
	{ .name = "set-format", .run = media_op_set_format },
	{ .name = "protect-buffer", .run = media_op_protect },
	{ .name = "unprotect-buffer", .run = media_op_unprotect },
	{ .name = "get-status", .run = media_op_status },
};

static const char *const compatibles[] = { "secmon,secure-media", 0 };
static const char *const slots[] = {
	[MS_FORMAT] = "format", [MS_ADDR] = "addr", [MS_SIZE] = "size", [MS_HANDLE] = "handle",
	[MS_BUFFERS] = "buffers", 0
};

const struct described_service media_service = {
	.compatibles = compatibles,
	.ops = ops,
	.nops = sizeof(ops) / sizeof(ops[0]),
	.slots = slots,
};
