// SPDX-License-Identifier: BSD-3-Clause
/*
 * The SCMI backend of the simulator and the QEMU virt ports: a model. QEMU's
 * virt machine has no clock controller, power controller or reset lines a
 * firmware could drive, so these resources only keep the state the agent
 * sets (a domain's power state, a clock's rate and gate, a line's reset
 * count, a performance domain's level and limits; a sensor reads a made-up
 * temperature) for the agent, the tests and the monitor's statistics to read back.
 * The resources are the board DT's "secmon,scmi" node (scmi_model_dt.c,
 * docs/bindings/secmon,scmi.yaml), or these built-in ones for QEMU virt.
 * A real board supplies its own scmi_be_* functions instead of this file.
 */
#include "../scmi_backend.h"
#include "scmi_model.h"

#define MHZ 1000000ull

static const uint64_t pclk_rates[] = { 24 * MHZ };
static const uint64_t bus_rates[] = { 100 * MHZ, 200 * MHZ, 400 * MHZ };
static const uint64_t cpu_range[] = { 200 * MHZ, 2000 * MHZ, 100 * MHZ };

static const struct scmi_be_res domains[] = {
	{ .name = "virtio" },
	{ .name = "pcie" },
	{ .name = "secure-sram", .secure = true },
};

static const struct scmi_be_res clocks[] = {
	{ .name = "apb_pclk", .rates = pclk_rates, .nrates = 1 },
	{ .name = "bus", .rates = bus_rates, .nrates = 3, .latency_us = 10 },
	{ .name = "cpu", .rates = cpu_range, .nrates = 3, .range = true, .latency_us = 50 },
	{ .name = "crypto", .rates = pclk_rates, .nrates = 1, .secure = true },
};

/* Performance levels in kHz (the level's value is its frequency). */
static const uint64_t cpu_levels[] = { 250000, 500000, 1000000, 1500000 };

static const struct scmi_be_res perfs[] = {
	{ .name = "cpus", .rates = cpu_levels, .nrates = 4, .latency_us = 100 },
};

/* Degrees Celsius (type 2) in thousandths. */
static const struct scmi_be_res sensors[] = {
	{ .name = "soc-temp", .sensor_type = 2, .sensor_scale = -3 },
	{ .name = "secure-temp", .sensor_type = 2, .sensor_scale = -3, .secure = true },
};

static const struct scmi_be_res resets[] = {
	{ .name = "virtio", .latency_us = 1 },
	{ .name = "pcie", .latency_us = 100 },
	{ .name = "crypto", .secure = true },
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The resources in use: the built-in ones, or the board DT's (scmi_model_dt.c). */
const struct scmi_be_res *scmi_model_tab[SCMI_BE_KINDS];
unsigned scmi_model_n[SCMI_BE_KINDS];

void scmi_model_builtin(void)
{
	scmi_model_tab[SCMI_BE_POWER] = domains;
	scmi_model_n[SCMI_BE_POWER] = COUNT(domains);
	scmi_model_tab[SCMI_BE_CLOCK] = clocks;
	scmi_model_n[SCMI_BE_CLOCK] = COUNT(clocks);
	scmi_model_tab[SCMI_BE_RESET] = resets;
	scmi_model_n[SCMI_BE_RESET] = COUNT(resets);
	scmi_model_tab[SCMI_BE_PERF] = perfs;
	scmi_model_n[SCMI_BE_PERF] = COUNT(perfs);
	scmi_model_tab[SCMI_BE_SENSOR] = sensors;
	scmi_model_n[SCMI_BE_SENSOR] = COUNT(sensors);
}

static struct {
	uint32_t power[SCMI_MODEL_MAX];
	bool enabled[SCMI_MODEL_MAX];
	uint64_t rate[SCMI_MODEL_MAX];
	bool asserted[SCMI_MODEL_MAX];
	uint32_t resets_done[SCMI_MODEL_MAX];
	uint32_t level[SCMI_MODEL_MAX], min[SCMI_MODEL_MAX], max[SCMI_MODEL_MAX];
	uint32_t reads;
} st;

static const struct scmi_be_info info = { "secmon", "qemu-virt model", 0x00010000u };

const struct scmi_be_info *scmi_be_info(void)
{
	return &info;
}

unsigned scmi_be_count(enum scmi_be_kind kind)
{
	return kind < SCMI_BE_KINDS ? scmi_model_n[kind] : 0;
}

const struct scmi_be_res *scmi_be_res(enum scmi_be_kind kind, uint32_t id)
{
	return id < scmi_be_count(kind) ? &scmi_model_tab[kind][id] : 0;
}

void scmi_be_reset_state(void)
{
	for (unsigned i = 0; i < SCMI_MODEL_MAX; i++)
		st.power[i] = SCMI_POWER_ON;
	for (unsigned i = 0; i < scmi_model_n[SCMI_BE_CLOCK]; i++) {
		st.enabled[i] = true;
		st.rate[i] = scmi_model_tab[SCMI_BE_CLOCK][i].rates[0];
	}
	for (unsigned i = 0; i < SCMI_MODEL_MAX; i++) {
		st.asserted[i] = false;
		st.resets_done[i] = 0;
	}
	for (unsigned i = 0; i < scmi_model_n[SCMI_BE_PERF]; i++) {
		const struct scmi_be_res *r = &scmi_model_tab[SCMI_BE_PERF][i];

		st.min[i] = (uint32_t)r->rates[0];
		st.max[i] = st.level[i] = (uint32_t)r->rates[r->nrates - 1];
	}
	st.reads = 0;
}

int scmi_be_power_set(uint32_t id, uint32_t state)
{
	st.power[id] = state;
	return SCMI_SUCCESS;
}

uint32_t scmi_be_power_get(uint32_t id)
{
	return st.power[id];
}

int scmi_be_clock_enable(uint32_t id, bool on)
{
	st.enabled[id] = on;
	return SCMI_SUCCESS;
}

bool scmi_be_clock_enabled(uint32_t id)
{
	return st.enabled[id];
}

int scmi_be_clock_set_rate(uint32_t id, uint64_t rate)
{
	st.rate[id] = rate;
	return SCMI_SUCCESS;
}

uint64_t scmi_be_clock_rate(uint32_t id)
{
	return st.rate[id];
}

int scmi_be_reset(uint32_t id, bool autonomous, bool assert)
{
	if (autonomous) {
		st.asserted[id] = false;
		st.resets_done[id]++;
	} else {
		st.asserted[id] = assert;
		st.resets_done[id] += assert;
	}
	return SCMI_SUCCESS;
}

int scmi_be_perf_set_level(uint32_t id, uint32_t level)
{
	st.level[id] = level;
	return SCMI_SUCCESS;
}

uint32_t scmi_be_perf_level(uint32_t id)
{
	return st.level[id];
}

int scmi_be_perf_set_limits(uint32_t id, uint32_t min, uint32_t max)
{
	st.min[id] = min;
	st.max[id] = max;
	if (st.level[id] > max)
		st.level[id] = max;
	if (st.level[id] < min)
		st.level[id] = min;
	return SCMI_SUCCESS;
}

void scmi_be_perf_limits(uint32_t id, uint32_t *min, uint32_t *max)
{
	*min = st.min[id];
	*max = st.max[id];
}

/* A temperature that moves a little with every reading: 45.000 to 45.007 C. */
int scmi_be_sensor_read(uint32_t id, int64_t *value)
{
	(void)id;
	*value = 45000 + (st.reads++ & 7);
	return SCMI_SUCCESS;
}
