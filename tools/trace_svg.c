// SPDX-License-Identifier: BSD-3-Clause
/*
 * The timeline of a trace as one standalone SVG document: a lane per CPU
 * with its power state as coloured spans, each SMC a tick (its call and
 * answer in a <title>, shown on hover), CPU_ON an arrow from the caller's
 * lane to the target's, system events as lines across every lane, a time
 * axis in microseconds and a legend. Colours are attributes, not CSS, so
 * any renderer draws it. Every span carries data-cpu, data-state, data-t0
 * and data-t1 (microseconds) for tests and scripts.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "tracedoc.h"

#define LEFT 80.0	/* lane labels */
#define RIGHT 30.0
#define TOP 50.0
#define LANE_H 34.0
#define LANE_GAP 10.0

enum state {
	ST_ON, ST_STANDBY, ST_PD_CORE, ST_PD_CLUSTER, ST_PD_SYSTEM, ST_OFF, ST_UNKNOWN, ST_NSTATES
};

static const struct {
	const char *key;	/* data-state */
	const char *label;	/* legend */
	const char *fill;
} states[ST_NSTATES] = {
	[ST_ON] = { "on", "on", "#66bb6a" },
	[ST_STANDBY] = { "standby", "standby", "#ffd54f" },
	[ST_PD_CORE] = { "powerdown-core", "power-down: core", "#90caf9" },
	[ST_PD_CLUSTER] = { "powerdown-cluster", "power-down: cluster", "#1e88e5" },
	[ST_PD_SYSTEM] = { "powerdown-system", "power-down: system", "#0d47a1" },
	[ST_OFF] = { "off", "off", "#cfcfcf" },
	[ST_UNKNOWN] = { "unknown", "unknown: records lost or cleared", "#f8bbd0" },
};

#define SMC_COLOUR "#263238"
#define ERR_COLOUR "#d32f2f"
#define ON_COLOUR "#8e24aa"
#define SYS_COLOUR "#e65100"
#define CLEARED_COLOUR "#757575"

struct lane {
	enum state st;
	uint64_t since;
	uint64_t last;		/* the latest time a record of this CPU names */
	bool seen;
};

struct svg {
	const struct trace_doc *d;
	FILE *f;
	double width, plot_w;
	double span;		/* t_end - t0 in counter ticks, at least 1 */
};

static void esc(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			if ((unsigned char)*s >= 0x20)
				fputc(*s, f);
		}
	}
}

static double xof(const struct svg *s, uint64_t t)
{
	uint64_t t0 = s->d->t0;

	return LEFT + (t <= t0 ? 0.0 : (double)(t - t0) / s->span * s->plot_w);
}

static double lane_y(unsigned cpu)
{
	return TOP + cpu * (LANE_H + LANE_GAP);
}

static void span(const struct svg *s, unsigned cpu, enum state st, uint64_t a, uint64_t b)
{
	double x0 = xof(s, a), x1 = xof(s, b);

	if (b < a)
		return;
	fprintf(s->f,
		"<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"%s\" "
		"class=\"span\" data-cpu=\"%u\" data-state=\"%s\" data-t0=\"%.3f\" "
		"data-t1=\"%.3f\"><title>cpu%u %s %.3f to %.3f us</title></rect>\n",
		x0, lane_y(cpu) + 4, x1 - x0 < 0.3 ? 0.3 : x1 - x0, LANE_H - 8, states[st].fill, cpu,
		states[st].key, trace_us(s->d, a), trace_us(s->d, b), cpu, states[st].label,
		trace_us(s->d, a), trace_us(s->d, b));
}

/*
 * Ends the lane's current span at t and starts state st there. A lane no
 * record concerns has no span: nothing is known of it.
 */
static void enter(const struct svg *s, struct lane *l, unsigned cpu, enum state st, uint64_t t)
{
	if (l->st == st || !l->seen)
		return;
	span(s, cpu, l->st, l->since, t);
	l->st = st;
	l->since = t;
}

/* A state held from a to b, after which the CPU runs again. */
static void visit(const struct svg *s, struct lane *l, unsigned cpu, enum state st, uint64_t a,
		  uint64_t b)
{
	enter(s, l, cpu, st, a);
	if (b > a)
		enter(s, l, cpu, ST_ON, b);
}

static enum state pd_state(uint64_t level)
{
	return level == 0 ? ST_PD_CORE : level == 1 ? ST_PD_CLUSTER : ST_PD_SYSTEM;
}

/*
 * Before its first record a CPU is off when that record is its warm boot,
 * or when another CPU's CPU_ON names it first; unknown when it is a CLEARED
 * record (what went before was discarded); otherwise on.
 */
static void initial_states(const struct trace_doc *d, struct lane *lanes)
{
	struct secmon_trace_record r;
	uint32_t n;

	for (n = 0; n < d->f.h.count; n++) {
		secmon_trace_get(&d->f, d->order[n], &r);
		if (r.type == SECMON_TRACE_POWER && r.fid == SECMON_TRACE_EV_CPU_ON &&
		    r.arg[0] < d->f.h.cpu_count && !lanes[r.arg[0]].seen) {
			lanes[r.arg[0]].seen = true;
			lanes[r.arg[0]].st = ST_OFF;
		}
		if (!lanes[r.cpu].seen) {
			lanes[r.cpu].seen = true;
			lanes[r.cpu].st = r.type == SECMON_TRACE_CLEARED ? ST_UNKNOWN
					  : r.type == SECMON_TRACE_POWER &&
							  r.fid == SECMON_TRACE_EV_WARM_BOOT
						  ? ST_OFF
						  : ST_ON;
		}
	}
}

static void tick(const struct svg *s, const struct secmon_trace_record *r)
{
	struct trace_desc t;
	double x = xof(s, r->t_entry), y = lane_y(r->cpu);

	trace_describe(r, &t);
	fprintf(s->f,
		"<line x1=\"%.2f\" y1=\"%.1f\" x2=\"%.2f\" y2=\"%.1f\" stroke=\"%s\" "
		"stroke-width=\"1.5\" class=\"smc\" data-cpu=\"%u\"><title>",
		x, y, x, y + LANE_H, t.error ? ERR_COLOUR : SMC_COLOUR, r->cpu);
	fprintf(s->f, "%.3f us cpu%u ", trace_us(s->d, r->t_entry), r->cpu);
	esc(s->f, t.name);
	fputc(' ', s->f);
	esc(s->f, t.detail);
	fputs(" -&gt; ", s->f);
	esc(s->f, t.result);
	fputs("</title></line>\n", s->f);
}

/* Records a CPU lost before this one (its seq jumped): a red mark on its lane. */
static void lost_mark(const struct svg *s, uint32_t i, const struct secmon_trace_record *r)
{
	int64_t g = s->d->gap[i];
	double x = xof(s, r->t_entry), y = lane_y(r->cpu);

	if (!g)
		return;
	fprintf(s->f,
		"<path d=\"M%.2f,%.1f l-5,-7 h10 z\" fill=\"%s\" class=\"lost\" data-cpu=\"%u\">"
		"<title>%.3f us cpu%u: ",
		x, y, ERR_COLOUR, r->cpu, trace_us(s->d, r->t_entry), r->cpu);
	if (g > 0)
		fprintf(s->f, "%" PRId64 " records lost (seq %" PRIu32 " to %" PRIu32 ")", g,
			s->d->prev_seq[i], r->seq);
	else
		fprintf(s->f, "seq goes back from %" PRIu32 " to %" PRIu32, s->d->prev_seq[i],
			r->seq);
	fputs("</title></path>\n", s->f);
}

/* Records TRACE_CTL discarded before this CLEARED record: a grey mark on its lane. */
static void cleared_mark(const struct svg *s, const struct secmon_trace_record *r)
{
	struct trace_desc t;
	double x = xof(s, r->t_entry), y = lane_y(r->cpu);

	trace_describe(r, &t);
	fprintf(s->f,
		"<path d=\"M%.2f,%.1f l-5,-7 h10 z\" fill=\"%s\" class=\"cleared\" "
		"data-cpu=\"%u\"><title>%.3f us cpu%u: ",
		x, y, CLEARED_COLOUR, r->cpu, trace_us(s->d, r->t_entry), r->cpu);
	esc(s->f, t.detail);
	fputs("</title></path>\n", s->f);
}

/* The time the target of a CPU_ON at order position n next boots, or the call's time. */
static uint64_t target_boot(const struct trace_doc *d, uint32_t n, uint64_t target, uint64_t t)
{
	struct secmon_trace_record r;

	for (n++; n < d->f.h.count; n++) {
		secmon_trace_get(&d->f, d->order[n], &r);
		if (r.cpu != target)
			continue;
		return r.type == SECMON_TRACE_POWER && r.fid == SECMON_TRACE_EV_WARM_BOOT ? r.t_entry :
											     t;
	}
	return t;
}

static void arrow(const struct svg *s, uint32_t n, const struct secmon_trace_record *r)
{
	uint64_t target = r->arg[0], tb;
	double x0, x1, y0, y1;

	if (target >= s->d->f.h.cpu_count)
		return;
	tb = target_boot(s->d, n, target, r->t_entry);
	x0 = xof(s, r->t_entry);
	x1 = xof(s, tb);
	y0 = lane_y(r->cpu) + LANE_H / 2;
	y1 = lane_y((unsigned)target) + LANE_H / 2;
	fprintf(s->f,
		"<line x1=\"%.2f\" y1=\"%.1f\" x2=\"%.2f\" y2=\"%.1f\" stroke=\"%s\" "
		"stroke-width=\"1.5\" marker-end=\"url(#arrow)\" class=\"cpu-on\" "
		"data-from=\"%u\" data-to=\"%" PRIu64 "\"><title>%.3f us cpu%u CPU_ON cpu%" PRIu64
		" entry 0x%" PRIx64 "</title></line>\n",
		x0, y0, x1, y1, ON_COLOUR, r->cpu, target, trace_us(s->d, r->t_entry), r->cpu,
		target, r->arg[1]);
}

static void system_line(const struct svg *s, const struct secmon_trace_record *r, uint64_t t,
			const char *what)
{
	double x = xof(s, t), y1 = lane_y(s->d->f.h.cpu_count) - LANE_GAP;

	fprintf(s->f,
		"<line x1=\"%.2f\" y1=\"%.1f\" x2=\"%.2f\" y2=\"%.1f\" stroke=\"%s\" "
		"stroke-width=\"2\" stroke-dasharray=\"6,3\" class=\"system\" "
		"data-event=\"%s\"><title>%.3f us cpu%u %s</title></line>\n",
		x, TOP - 6, x, y1 + 4, SYS_COLOUR, what, trace_us(s->d, t), r->cpu, what);
}

/* A power event other than CPU_ON: the lanes' states and system lines. */
static void power(const struct svg *s, struct lane *lanes, const struct secmon_trace_record *r)
{
	struct lane *l = &lanes[r->cpu];
	unsigned c;

	switch (r->fid) {
	case SECMON_TRACE_EV_CPU_OFF:
		enter(s, l, r->cpu, ST_OFF, r->t_entry);
		break;
	case SECMON_TRACE_EV_STANDBY:
		visit(s, l, r->cpu, ST_STANDBY, r->t_entry, r->t_exit);
		break;
	case SECMON_TRACE_EV_POWERDOWN:
		visit(s, l, r->cpu, pd_state(r->arg[1]), r->t_entry, r->t_exit);
		break;
	case SECMON_TRACE_EV_SYSTEM_SUSPEND:
		visit(s, l, r->cpu, ST_PD_SYSTEM, r->t_entry, r->t_exit);
		system_line(s, r, r->t_entry, "SYSTEM_SUSPEND");
		if (r->t_exit > r->t_entry)
			system_line(s, r, r->t_exit, "resume");
		break;
	case SECMON_TRACE_EV_WARM_BOOT:
		enter(s, l, r->cpu, ST_ON, r->t_entry);
		break;
	case SECMON_TRACE_EV_SYSTEM_RESET:
	case SECMON_TRACE_EV_SYSTEM_OFF:
		system_line(s, r, r->t_entry, trace_event_name(r->fid));
		for (c = 0; c < s->d->f.h.cpu_count; c++)
			enter(s, &lanes[c], c, ST_OFF, r->t_entry);
		break;
	default:
		break;
	}
}

/* 1, 2 or 5 times a power of ten: the smallest giving at most `steps` steps. */
static double nice_step(double range, double steps)
{
	static const double mult[] = { 1, 2, 5 };
	double p = 1e-3;
	unsigned i, e;

	/* From a nanosecond up: 10^-3 * 10^40 us is past any 64-bit span. */
	for (e = 0; e < 40; e++) {
		for (i = 0; i < 3; i++)
			if (range / (p * mult[i]) <= steps)
				return p * mult[i];
		p *= 10;
	}
	return range;
}

static void axis(const struct svg *s, double y)
{
	double range = trace_us(s->d, s->d->t_end), step;
	unsigned i, n;

	fprintf(s->f, "<g class=\"axis\" font-size=\"11\" fill=\"#333\">\n");
	fprintf(s->f,
		"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n",
		LEFT, y, LEFT + s->plot_w, y);
	/* A label every 100 pixels or more. */
	step = range > 0 ? nice_step(range, s->plot_w / 100) : 1.0;
	n = range > 0 ? (unsigned)(range * 1.0000001 / step) : 0;
	for (i = 0; i <= n; i++) {
		double v = i * step, x = LEFT + (range > 0 ? v / range * s->plot_w : 0);

		fprintf(s->f,
			"<line x1=\"%.2f\" y1=\"%.1f\" x2=\"%.2f\" y2=\"%.1f\" stroke=\"#333\"/>"
			"<text x=\"%.2f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n",
			x, y, x, y + 5, x, y + 18, v);
	}
	fprintf(s->f,
		"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">time (us)</text>\n</g>\n",
		LEFT + s->plot_w, y + 34);
}

/* One legend entry at (*x, *y), wrapping to a new row at the right edge. */
static void legend_item(const struct svg *s, double *x, double *y, const char *label,
			const char *colour, bool swatch)
{
	double w = 40 + 7 * (double)strlen(label);

	if (*x + w > s->width - RIGHT) {
		*x = LEFT;
		*y += 22;
	}
	if (swatch)
		fprintf(s->f,
			"<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"14\" fill=\"%s\" "
			"stroke=\"#555\"/>",
			*x, *y, colour);
	else
		fprintf(s->f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			"stroke-width=\"3\"/>",
			*x, *y + 7, *x + 14, *y + 7, colour);
	fprintf(s->f, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", *x + 20, *y + 12, label);
	*x += w;
}

static void legend(const struct svg *s, double y)
{
	static const struct {
		const char *label, *colour;
	} marks[] = {
		{ "SMC (hover for the call)", SMC_COLOUR },
		{ "SMC answered with an error", ERR_COLOUR },
		{ "CPU_ON: caller to target", ON_COLOUR },
		{ "system event: suspend, resume, reset, off", SYS_COLOUR },
		{ "records lost (hover for how many)", ERR_COLOUR },
		{ "records cleared by TRACE_CTL", CLEARED_COLOUR },
	};
	double x = LEFT;
	unsigned i;

	fprintf(s->f, "<g class=\"legend\" font-size=\"12\" fill=\"#222\">\n");
	for (i = 0; i < ST_NSTATES; i++)
		legend_item(s, &x, &y, states[i].label, states[i].fill, true);
	x = LEFT;
	y += 22;
	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		legend_item(s, &x, &y, marks[i].label, marks[i].colour, false);
	fputs("</g>\n", s->f);
}

void trace_svg(const struct trace_doc *d, FILE *f)
{
	const struct secmon_trace_header *h = &d->f.h;
	struct lane *lanes = calloc(h->cpu_count, sizeof(*lanes));
	struct secmon_trace_record r;
	struct svg s = { .d = d, .f = f };
	double height, bottom = lane_y(h->cpu_count);
	unsigned c;
	uint32_t n;

	if (!lanes)
		return;
	s.plot_w = h->count < 400 ? 1100 : h->count > 8000 ? 16000 : 1100 + (h->count - 400) * 2;
	s.width = LEFT + s.plot_w + RIGHT;
	s.span = d->t_end > d->t0 ? (double)(d->t_end - d->t0) : 1.0;
	height = bottom + 150;
	fprintf(f,
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
		"viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n"
		"<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
		"markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
		"<path d=\"M0,0 L10,5 L0,10 z\" fill=\"%s\"/></marker></defs>\n"
		"<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
		"<text x=\"%.1f\" y=\"24\" font-size=\"15\">secmon trace: %" PRIu32 " records, %" PRIu32
		" CPUs, %" PRIu64 " lost to ring overrun, counter %" PRIu64 " Hz</text>\n",
		s.width, height, s.width, height, ON_COLOUR, LEFT, h->count, h->cpu_count, h->lost,
		h->counter_hz);
	initial_states(d, lanes);
	for (c = 0; c < h->cpu_count; c++) {
		lanes[c].since = d->t0;
		fprintf(f,
			"<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" text-anchor=\"end\">cpu%u</text>\n",
			LEFT - 10, lane_y(c) + LANE_H / 2 + 4, c);
	}
	/* The spans first, under the ticks and arrows. */
	fputs("<g class=\"spans\">\n", f);
	for (n = 0; n < h->count; n++) {
		struct lane *l;

		secmon_trace_get(&d->f, d->order[n], &r);
		l = &lanes[r.cpu];
		/* Records lost or cleared before this one: nothing is known since the last. */
		if (d->gap[d->order[n]] || r.type == SECMON_TRACE_CLEARED)
			enter(&s, l, r.cpu, ST_UNKNOWN,
			      l->last > l->since && l->last < r.t_entry ? l->last : l->since);
		if (r.type == SECMON_TRACE_SMC)
			enter(&s, l, r.cpu, ST_ON, r.t_entry);
		else if (r.type == SECMON_TRACE_POWER && r.fid != SECMON_TRACE_EV_CPU_ON)
			power(&s, lanes, &r);
		if (r.t_exit > l->last)
			l->last = r.t_exit;
	}
	for (c = 0; c < h->cpu_count; c++)
		if (lanes[c].seen)
			span(&s, c, lanes[c].st, lanes[c].since, d->t_end);
	fputs("</g>\n", f);
	for (c = 0; c < h->cpu_count; c++) {
		fprintf(f, "<g class=\"lane\" data-cpu=\"%u\">\n", c);
		fprintf(f,
			"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
			"stroke=\"#999\"/>\n",
			LEFT, lane_y(c), s.plot_w, LANE_H);
		for (n = 0; n < h->count; n++) {
			secmon_trace_get(&d->f, d->order[n], &r);
			if (r.cpu != c)
				continue;
			lost_mark(&s, d->order[n], &r);
			if (r.type == SECMON_TRACE_SMC)
				tick(&s, &r);
			if (r.type == SECMON_TRACE_CLEARED)
				cleared_mark(&s, &r);
		}
		fputs("</g>\n", f);
	}
	fputs("<g class=\"events\">\n", f);
	for (n = 0; n < h->count; n++) {
		secmon_trace_get(&d->f, d->order[n], &r);
		if (r.type == SECMON_TRACE_POWER && r.fid == SECMON_TRACE_EV_CPU_ON)
			arrow(&s, n, &r);
	}
	fputs("</g>\n", f);
	axis(&s, bottom);
	legend(&s, bottom + 50);
	fputs("</svg>\n", f);
	free(lanes);
}
