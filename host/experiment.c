/* Leadership and consensus experiments: the sweep and one run (see
 * experiment.h and docs/experiments.md). */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "experiment.h"
#include "flock_sim.h"
#include "scene.h"

void sweep_defaults(sweep_t *s)
{
    static const uint32_t sizes[] = {10, 50, 100, 200, 400};
    static const double fractions[] = {0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5};
    static const double biases[] = {0.02, 0.05, 0.1};

    s->sizes = sizes;
    s->n_sizes = sizeof sizes / sizeof sizes[0];
    s->fractions = fractions;
    s->n_fractions = sizeof fractions / sizeof fractions[0];
    s->biases = biases;
    s->n_biases = sizeof biases / sizeof biases[0];
    s->conflict_boids = 100;
    s->conflict_informed = 20;
    s->conflict_bias = 0.05;
    s->seeds = 100;
    s->frames = 600;
    s->edges = EDGES_BRAKE;
    s->leadership = s->conflict = 1;
}

void sweep_quick(sweep_t *s)
{
    static const uint32_t sizes[] = {10, 30};
    static const double fractions[] = {0, 0.3};
    static const double biases[] = {0.1};

    sweep_defaults(s);
    s->sizes = sizes;
    s->n_sizes = 2;
    s->fractions = fractions;
    s->n_fractions = 2;
    s->biases = biases;
    s->n_biases = 1;
    s->conflict_boids = 30;
    s->conflict_informed = 6;
    s->seeds = 6;
    s->frames = 120;
}

/* Conflict runs: scouts 1 take n1 of the informed, n1 from half to all. */
static uint32_t conflict_splits(const sweep_t *s)
{
    return s->conflict_informed / 2 + 1;
}

static uint32_t scouts_for(const sweep_t *s, size_t size, size_t fraction)
{
    return (uint32_t)lround(s->fractions[fraction] * s->sizes[size]);
}

static int scouts_seen_before(const sweep_t *s, size_t size, size_t fraction, uint32_t scouts)
{
    size_t j;

    for (j = 0; j < fraction; j++)
        if (scouts_for(s, size, j) == scouts)
            return 1;
    return 0;
}

/* The count is an upper bound when fractions round alike; *n is exact. */
run_spec_t *sweep_runs(const sweep_t *s, size_t *n)
{
    size_t count = 0, i, j, k;
    uint32_t seed, split;
    run_spec_t *runs;

    if (s->leadership) {
        const size_t factors[] = {s->n_sizes, s->n_fractions, s->n_biases, s->seeds};
        size_t f;

        count = 1;
        for (f = 0; f < sizeof factors / sizeof factors[0]; f++) {
            if (factors[f] != 0 && count > SIZE_MAX / sizeof *runs / factors[f])
                return NULL; /* more runs than memory could ever hold */
            count *= factors[f];
        }
    }
    if (s->conflict)
        count += (size_t)conflict_splits(s) * s->seeds;
    runs = calloc(count ? count : 1, sizeof *runs);
    if (runs == NULL)
        return NULL;
    *n = 0;
    if (s->leadership)
        for (i = 0; i < s->n_sizes; i++)
            for (j = 0; j < s->n_fractions; j++) {
                uint32_t scouts = scouts_for(s, i, j);
                if (scouts_seen_before(s, i, j, scouts))
                    continue; /* a small flock rounds two fractions alike: run it once */
                for (k = 0; k < s->n_biases; k++)
                    for (seed = 1; seed <= s->seeds; seed++) {
                        run_spec_t r = {KIND_LEADERSHIP, s->sizes[i], scouts, 0, s->biases[k],
                                        seed};
                        runs[(*n)++] = r;
                    }
            }
    if (s->conflict)
        for (split = 0; split < conflict_splits(s); split++)
            for (seed = 1; seed <= s->seeds; seed++) {
                uint32_t n1 = (s->conflict_informed + 1) / 2 + split;
                run_spec_t r = {KIND_CONFLICT, s->conflict_boids, n1, s->conflict_informed - n1,
                                s->conflict_bias, seed};
                runs[(*n)++] = r;
            }
    return runs;
}

/* printf at buf[*at]; *at goes past len when the text does not fit. */
static void describe_add(char *buf, size_t len, size_t *at, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (*at >= len)
        return;
    va_start(ap, fmt);
    n = vsnprintf(buf + *at, len - *at, fmt, ap);
    va_end(ap);
    *at = n < 0 ? len : *at + (size_t)n;
}

int sweep_describe(const sweep_t *s, char *buf, size_t len)
{
    size_t at = 0, i;

    describe_add(buf, len, &at, "# sweep frames=%u seeds=%u", s->frames, s->seeds);
    if (s->edges == EDGES_PSEUDOCODE) /* the default's journals read as before */
        describe_add(buf, len, &at, " edges=pseudocode");
    if (s->leadership) {
        for (i = 0; i < s->n_sizes; i++)
            describe_add(buf, len, &at, "%s%u", i ? "," : " sizes=", s->sizes[i]);
        for (i = 0; i < s->n_fractions; i++)
            describe_add(buf, len, &at, "%s%g", i ? "," : " fractions=", s->fractions[i]);
        for (i = 0; i < s->n_biases; i++)
            describe_add(buf, len, &at, "%s%g", i ? "," : " biases=", s->biases[i]);
    }
    if (s->conflict)
        describe_add(buf, len, &at, " conflict=%u/%u@%g", s->conflict_informed,
                     s->conflict_boids, s->conflict_bias);
    return at < len ? 0 : -1;
}

int experiment_run(const run_spec_t *r, uint32_t frames, int edges, run_result_t *out, char *err,
                   size_t errlen)
{
    scene_spec_t spec = {r->boids,        0, r->scouts1, r->scouts2, r->bias, r->bias,
                         EXPERIMENT_START_BOX, EXPERIMENT_START_BOX, 3, 6, r->seed};
    param_set_t ps;
    state_table_t t;
    flock_sim_t sim;
    flock_metrics_t start, end;
    size_t i;
    uint32_t f;

    params_defaults(&ps);
    ps.world_w = EXPERIMENT_WORLD_W;
    ps.world_h = EXPERIMENT_WORLD_H;
    ps.order = ORDER_SYNCHRONOUS; /* no advantage from being early in id order */
    ps.edges = edges;
    if (scene_random(&spec, &t) != 0) {
        snprintf(err, errlen, "out of memory for %u boids", r->boids);
        return -1;
    }
    for (i = 0; i < t.n; i++) { /* the start box, centred in the strip */
        t.row[i].x += (EXPERIMENT_WORLD_W - EXPERIMENT_START_BOX) / 2;
        t.row[i].y += (EXPERIMENT_WORLD_H - EXPERIMENT_START_BOX) / 2;
    }
    if (flock_sim_open(&sim, MODEL_FIXED, NEIGHBORS_GRID, &ps, &t, NULL, err, errlen) != 0) {
        state_table_free(&t);
        return -1;
    }
    state_table_free(&t);
    if (flock_sim_metrics(&sim, &start) != 0)
        goto out_of_memory;
    for (f = 0; f < frames; f++)
        if (flock_sim_step(&sim, err, errlen) != 0) {
            flock_sim_close(&sim);
            return -1;
        }
    if (flock_sim_metrics(&sim, &end) != 0)
        goto out_of_memory;
    flock_sim_close(&sim);
    out->dx = end.cx - start.cx;
    out->right = out->dx > 0;
    out->polarization = end.polarization;
    return 0;
out_of_memory:
    flock_sim_close(&sim);
    snprintf(err, errlen, "out of memory computing metrics");
    return -1;
}
