/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * How both QEMU ports number their CPUs: QEMU's virt machine puts them in
 * one cluster, so a CPU's index is its MPIDR.Aff0 and its other affinity
 * fields are 0 (entry.S parks a CPU for which that is not so). The stacks
 * and frames are indexed this way before any C runs. C and assembly.
 */
#ifndef QV_CPU_INDEX_H
#define QV_CPU_INDEX_H

#include "../../monitor.h"

#define QV_CPU_INDEX_MASK	0xff	/* MPIDR.Aff0 */
#define QV_CPU_CLUSTER_MASK	(MON_MPIDR_AFF_MASK & ~QV_CPU_INDEX_MASK)	/* the rest */

#endif
