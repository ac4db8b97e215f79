/* SPDX-License-Identifier: BSD-3-Clause */
/* The example secure-media service: state and handlers (media.c), descriptor (media_dt.c). */
#ifndef SECMON_SERVICES_MEDIA_H
#define SECMON_SERVICES_MEDIA_H

#include <stdint.h>
#include "described.h"

/* The parameters and results its operations name (struct described_service's slots). */
enum { MS_FORMAT, MS_ADDR, MS_SIZE, MS_HANDLE, MS_BUFFERS };

/* Cold boot: its state, empty. */
void media_init(void);

int64_t media_op_set_format(struct described_call *d);
int64_t media_op_protect(struct described_call *d);
int64_t media_op_unprotect(struct described_call *d);
int64_t media_op_status(struct described_call *d);

/* Its descriptor: cold-boot data. */
extern const struct described_service media_service;

#endif
