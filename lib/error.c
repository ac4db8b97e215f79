// SPDX-License-Identifier: BSD-3-Clause
#include <secmon/error.h>

static const char *const names[] = {
	[0] = "success",
	[1] = "not supported",
	[2] = "invalid parameters",
	[3] = "denied",
	[4] = "already on",
	[5] = "on pending",
	[6] = "internal failure",
	[7] = "not present",
	[8] = "disabled",
	[9] = "invalid address",
	[10] = "not required",
	[11] = "no entropy",
	[12] = "answer outside the specification",
	[13] = "invalid call table",
	[14] = "no space",
	[15] = "not found",
};

const char *secmon_strerror(int err)
{
	if (err > 0 || err < -SECMON_E_MAX)
		return "unknown error";
	return names[-err];
}
