/* SPDX-License-Identifier: BSD-3-Clause */
/* The model backend's resource tables, shared with its board-DT reader. */
#ifndef SECMON_SERVICES_SCMI_MODEL_H
#define SECMON_SERVICES_SCMI_MODEL_H

#include "../scmi_backend.h"

/* Resources of each kind the model keeps state for; rates of one clock. */
#define SCMI_MODEL_MAX 16
#define SCMI_MODEL_MAX_RATES 16

extern const struct scmi_be_res *scmi_model_tab[SCMI_BE_KINDS];
extern unsigned scmi_model_n[SCMI_BE_KINDS];

/* Back to the built-in resources (QEMU virt's). */
void scmi_model_builtin(void);

#endif
