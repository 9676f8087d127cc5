/* Leadership and consensus experiments (Couzin et al. 2005) on the fixed
 * model: one run is one flock with scouts, flown in a long strip; it ends
 * on the right or the left. docs/experiments.md gives the design. */
#ifndef EXPERIMENT_H
#define EXPERIMENT_H

#include <stddef.h>
#include <stdint.h>

enum experiment_kind { KIND_LEADERSHIP = 0, KIND_CONFLICT = 1 };

typedef struct {
    int kind;
    uint32_t boids, scouts1, scouts2; /* scouts 1 prefer right, scouts 2 left */
    double bias;                      /* every scout's static biasval */
    uint32_t seed;
} run_spec_t;

typedef struct {
    double dx;           /* centre of mass, end minus start, px */
    int right;           /* dx > 0: the flock went the way scouts 1 prefer */
    double polarization; /* at the end */
} run_result_t;

/* What a sweep covers. Lists end at their count, as long as memory allows;
 * they point at the defaults' tables or at arrays their owner frees. */
typedef struct {
    const uint32_t *sizes;
    size_t n_sizes;
    const double *fractions; /* informed fraction: scouts 1 = round(f * boids) */
    size_t n_fractions;
    const double *biases;
    size_t n_biases;
    uint32_t conflict_boids, conflict_informed; /* conflict runs split the informed */
    double conflict_bias;
    uint32_t seeds, frames;
    int edges;                /* enum flock_edges (--edges) */
    int leadership, conflict; /* which parts to run */
} sweep_t;

void sweep_defaults(sweep_t *s);
/* A small sweep for tests: seconds, not minutes. */
void sweep_quick(sweep_t *s);
/* All runs of the sweep, in a fixed order; *n gets their count. NULL if out
 * of memory (or the count passes what a size_t holds). */
run_spec_t *sweep_runs(const sweep_t *s, size_t *n);
/* One line that names the sweep, written at the top of the journal so a
 * resume refuses another sweep's journal. -1 if it does not fit in len. */
int sweep_describe(const sweep_t *s, char *buf, size_t len);

/* Flies one run under the edge rule edges (enum flock_edges); -1 with a
 * message if out of memory. Depends only on *r, frames and edges: the same
 * run gives the same result on any thread, in any order. */
int experiment_run(const run_spec_t *r, uint32_t frames, int edges, run_result_t *out, char *err,
                   size_t errlen);

#define EXPERIMENT_WORLD_W 8192
#define EXPERIMENT_WORLD_H 480
#define EXPERIMENT_START_BOX 160 /* px, a square at the centre */

#endif
