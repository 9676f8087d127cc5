/* Benchmark of the binned batch against brute force on one accelerator
 * variant with BINNING = 1: CYCLES of one batch of each for N = 256, 512, ...
 * 16,384, on a uniform start and on a formed flock, in a world scaled to the
 * density of 1024 boids on 640x480. Both batches' sums must equal the C grid
 * engine's, boid for boid, or the program fails: no figure from a wrong batch.
 * Sizes past the build's N_MAX get modelled cycles instead: the pass table's
 * candidates plus the constant that every measured row showed (the model must
 * fit them all exactly). One row a case; scripts/bench_bins.sh makes the
 * table and the plot. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../firmware/neighbors_accel.h"
#include "../firmware/neighbors_grid.h"
#include "../host/flock_state.h"
#include "../host/params.h"
#include "../host/scene.h"
#include "accel_sim.h"

#define FORMED_FRAMES 300 /* as tests/cosim_accel.c's formed flock: the flock in clumps */
#define SIZE_FIRST 256u
#define SIZE_LAST 16384u

typedef struct {
    neighbors_accel_t brute, binned; /* two engines on the one device */
    neighbor_engine_t brute_e, binned_e;
    neighbors_grid_t grid; /* the C reference, and the formed flock's frames */
    neighbor_engine_t grid_e;
    accel_bins_t bins, model_bins; /* the binned engine's; the model's, up to SIZE_LAST */
    void *bins_mem, *model_bins_mem, *grid_mem;
    neighbor_sums_t *by_id, *by_slot, *want;
    uint8_t *seen;
} bench_t;

typedef struct {
    int measured;             /* 0: the cycles are the model's */
    uint64_t brute, binned;   /* CYCLES */
    uint64_t brute_model, binned_model; /* the same without their constant */
    double brute_s, binned_s; /* host CPU seconds of each batch */
    double neighbours;        /* mean boids in a boid's cohesion ring */
} bench_row_t;

/* CPU seconds of this process: the co-simulation is single-threaded and
 * CPU-bound, and other jobs on a shared machine do not count. */
static double now(void) { return (double)clock() / CLOCKS_PER_SEC; }

static int same_sums(const neighbor_sums_t *a, const neighbor_sums_t *b)
{
    return a->sep_x == b->sep_x && a->sep_y == b->sep_y && a->coh_x == b->coh_x &&
           a->coh_y == b->coh_y && a->ali_x == b->ali_x && a->ali_y == b->ali_y && a->count == b->count;
}

static int bench_open(bench_t *b)
{
    uint32_t n_max, c_max;

    memset(b, 0, sizeof *b);
    if (accel_sim_open() != 0 || neighbors_accel_init(&b->brute) != NEIGHBORS_OK ||
        neighbors_accel_init(&b->binned) != NEIGHBORS_OK)
        return -1;
    n_max = b->brute.n_max;
    c_max = n_max > SIZE_LAST ? n_max : SIZE_LAST;
    b->bins_mem = malloc(accel_bins_bytes(n_max));
    b->model_bins_mem = malloc(accel_bins_bytes(SIZE_LAST));
    b->grid_mem = malloc(neighbors_grid_bytes(c_max));
    b->by_id = calloc(n_max, sizeof *b->by_id);
    b->by_slot = calloc(n_max, sizeof *b->by_slot);
    b->want = calloc(c_max, sizeof *b->want);
    b->seen = calloc(n_max, 1);
    if (!b->bins_mem || !b->model_bins_mem || !b->grid_mem || !b->by_id || !b->by_slot || !b->want ||
        !b->seen)
        return -2;
    accel_bins_init(&b->bins, n_max, b->binned.lanes, b->bins_mem);
    accel_bins_init(&b->model_bins, SIZE_LAST, b->binned.lanes, b->model_bins_mem);
    if (neighbors_accel_use_bins(&b->binned, &b->bins) != NEIGHBORS_OK)
        return -3;
    neighbors_grid_init(&b->grid, c_max, b->grid_mem);
    b->grid_e = neighbors_grid_engine(&b->grid);
    b->brute_e = neighbors_accel_engine(&b->brute);
    b->binned_e = neighbors_accel_engine(&b->binned);
    return 0;
}

static void bench_close(bench_t *b)
{
    free(b->bins_mem);
    free(b->model_bins_mem);
    free(b->grid_mem);
    free(b->by_id);
    free(b->by_slot);
    free(b->want);
    free(b->seen);
    accel_sim_close();
}

/* Default parameters, synchronous order, in the world of n boids. */
static flock_params_t bench_params(uint32_t n, double *w, double *h)
{
    param_set_t ps;
    flock_params_t p;
    double scale = sqrt(n / 1024.0);

    params_defaults(&ps);
    ps.order = ORDER_SYNCHRONOUS;
    ps.world_w = *w = round(640 * scale);
    ps.world_h = *h = round(480 * scale);
    params_to_fixed(&ps, &p);
    return p;
}

/* The cycles of both batches, less a constant: brute force loads min(LANES,
 * N) queries, then a pass a clear cycle and N candidates, and writes back the
 * last pass's boids; a binned pass preloads LANES slots, has a clear cycle
 * and streams its ranges (docs/accelerator.md). */
static void model_cycles(const accel_bins_t *bins, uint32_t n, uint32_t lanes, bench_row_t *row)
{
    uint32_t p, passes = accel_bins_passes(bins);

    row->brute_model = (uint64_t)(n < lanes ? n : lanes) + (uint64_t)passes * (n + 1) +
                       (n - (passes - 1) * lanes);
    row->binned_model = 0;
    for (p = 0; p < passes; p++) {
        accel_pass_ranges_t r = accel_bins_pass(bins, p);
        row->binned_model += lanes + 1 + (r.end[0] - r.first[0]) + (r.end[1] - r.first[1]) +
                             (r.end[2] - r.first[2]);
    }
}

/* The C grid engine's sums for f into b->want, and their mean count. */
static int reference_sums(bench_t *b, const flock_t *f, const neighbor_query_t *q, bench_row_t *row)
{
    uint64_t count = 0;
    uint32_t i;

    if (b->grid_e.begin(b->grid_e.ctx, f->boid, f->n, q) != 0)
        return -1;
    for (i = 0; i < f->n; i++) {
        if (b->grid_e.sums_one(b->grid_e.ctx, i, &b->want[i]) != 0)
            return -1;
        count += b->want[i].count;
    }
    row->neighbours = (double)count / f->n;
    return 0;
}

/* One brute-force and one binned batch over f's boids; 0, or -1 if either
 * fails or any sum differs from the C engine's (which, to stderr). */
static int measure(bench_t *b, const flock_t *f, const neighbor_query_t *q, bench_row_t *row)
{
    const uint32_t n = f->n;
    const uint32_t *order;
    uint32_t s, i;
    double t0;

    if (reference_sums(b, f, q, row) != 0)
        return -1;
    t0 = now();
    if (b->brute_e.begin(b->brute_e.ctx, f->boid, n, q) != 0 ||
        b->brute_e.sums_all(b->brute_e.ctx, b->by_id, &order) != 0 || order != NULL)
        return -1;
    row->brute_s = now() - t0;
    row->brute = b->brute.last_cycles;
    t0 = now();
    if (b->binned_e.begin(b->binned_e.ctx, f->boid, n, q) != 0 ||
        b->binned_e.sums_all(b->binned_e.ctx, b->by_slot, &order) != 0 || order == NULL)
        return -1;
    row->binned_s = now() - t0;
    row->binned = b->binned.last_cycles;
    memset(b->seen, 0, n);
    for (s = 0; s < n; s++) { /* order is a permutation, and every boid's sums agree */
        i = order[s];
        if (i >= n || b->seen[i]++) {
            fprintf(stderr, "accel_bins_bench: N %u: slot %u holds boid %u twice or past N\n", n, s, i);
            return -1;
        }
        if (!same_sums(&b->by_id[i], &b->want[i]) || !same_sums(&b->by_slot[s], &b->want[i])) {
            fprintf(stderr, "accel_bins_bench: N %u: boid %u: brute force %s, binned %s the C engine\n",
                    n, i, same_sums(&b->by_id[i], &b->want[i]) ? "equals" : "differs from",
                    same_sums(&b->by_slot[s], &b->want[i]) ? "equals" : "differs from");
            return -1;
        }
    }
    model_cycles(&b->bins, n, b->binned.lanes, row);
    row->measured = 1;
    return 0;
}

/* The flock of one case: a uniform start, after frames of the C grid engine. */
static int scene(bench_t *b, uint32_t n, uint64_t seed, unsigned long frames, const flock_params_t *p,
                 double w, double h, flock_t *f)
{
    scene_spec_t spec = {n, 0, 0, 0, 0, 0, w, h, 3, 6, seed};
    neighbor_sums_t *sums = calloc(n, sizeof *sums);
    state_table_t t;
    unsigned long frame;
    int rc = sums == NULL || scene_random(&spec, &t) != 0 ? -1 : 0;

    if (rc == 0) {
        rc = flock_from_table(&t, f) != 0 ? -1 : 0;
        state_table_free(&t);
    }
    for (frame = 0; rc == 0 && frame < frames; frame++)
        if ((rc = flock_step(f, p, &b->grid_e, sums)) != 0)
            flock_free(f);
    free(sums);
    return rc;
}

/* The powers of two from SIZE_FIRST up to max, and n_max between them. */
static uint32_t bench_sizes(uint32_t n_max, uint32_t max, uint32_t *out)
{
    uint32_t n, count = 0;

    for (n = SIZE_FIRST; n <= max; n *= 2) {
        if (n_max > n / 2 && n_max < n && n_max >= SIZE_FIRST)
            out[count++] = n_max;
        out[count++] = n;
    }
    return count;
}

static int usage(const char *argv0, FILE *out)
{
    fprintf(out,
            "Usage: %s [--max N] [--frames F] [--seed S] [--seeds K]\n"
            "CYCLES of one brute-force and one binned batch of the accelerator (%s)\n"
            "for N = %u, %u, ... %u (or up to --max) and N_MAX, on a uniform start and a\n"
            "formed flock (F synchronous frames of the C grid engine first; default %d), in a\n"
            "world scaled to the density of 1024 boids on 640x480. Both batches' sums are\n"
            "checked against the C engine's; a difference fails the run. Past N_MAX the\n"
            "cycles are the model's (source 'model'), fitted to the measured rows. Each\n"
            "case runs from K starts, seeds S to S + K - 1 (default 41, and 1 start).\n",
            argv0, accel_sim_variant(), SIZE_FIRST, 2 * SIZE_FIRST, SIZE_LAST, FORMED_FRAMES);
    return out == stdout ? 0 : 2;
}

/* One case: its flock, both batches (or the model past N_MAX), one row.
 * fit[0], fit[1]: the constants of brute force and binned, from the first
 * measured row (-1 before); every later measured row must have the same. */
static int run_case(bench_t *b, uint32_t n, int formed, unsigned long seed, unsigned long frames,
                    long long fit[2])
{
    double w, h;
    flock_params_t p = bench_params(n, &w, &h);
    neighbor_query_t q = neighbor_query_make(&p);
    const char *scene_name = formed ? "formed" : "uniform";
    bench_row_t row = {0};
    flock_t f;
    char world[24];
    int rc;

    if (scene(b, n, seed, formed ? frames : 0, &p, w, h, &f) != 0) {
        fprintf(stderr, "accel_bins_bench: N %u: no flock (out of memory?)\n", n);
        return -1;
    }
    if (n <= b->brute.n_max) {
        rc = measure(b, &f, &q, &row);
        if (rc != 0)
            fprintf(stderr, "accel_bins_bench: N %u %s: the batches failed or disagree\n", n, scene_name);
        else if ((fit[0] >= 0 && fit[0] != (long long)(row.brute - row.brute_model)) ||
                 (fit[1] >= 0 && fit[1] != (long long)(row.binned - row.binned_model))) {
            fprintf(stderr, "accel_bins_bench: N %u %s: the cycle model does not fit (%lld, %lld)\n", n,
                    scene_name, (long long)(row.brute - row.brute_model),
                    (long long)(row.binned - row.binned_model));
            rc = -1;
        }
        fit[0] = (long long)(row.brute - row.brute_model);
        fit[1] = (long long)(row.binned - row.binned_model);
    } else if (fit[0] < 0 || reference_sums(b, &f, &q, &row) != 0 ||
               accel_bins_sort(&b->model_bins, f.boid, n, &q) != 0) {
        fprintf(stderr, "accel_bins_bench: N %u: no model (and no measured row first?)\n", n);
        rc = -1;
    } else {
        model_cycles(&b->model_bins, n, b->binned.lanes, &row);
        row.brute = row.brute_model + fit[0];
        row.binned = row.binned_model + fit[1];
        rc = 0;
    }
    snprintf(world, sizeof world, "%.0fx%.0f", w, h);
    if (rc == 0)
        printf("%7u %-7s %4lu %9s %10.2f %10llu %10llu %8.2f %-8s %8.2f %8.2f\n", n, scene_name, seed,
               world, row.neighbours, (unsigned long long)row.brute, (unsigned long long)row.binned,
               (double)row.brute / row.binned, row.measured ? "measured" : "model", row.brute_s,
               row.binned_s);
    fflush(stdout);
    flock_free(&f);
    return rc;
}

int main(int argc, char **argv)
{
    unsigned long max = SIZE_LAST, frames = FORMED_FRAMES, seed = 41, seeds = 1, s;
    long long fit[2] = {-1, -1};
    bench_t b;
    uint32_t sizes[16], count, k;
    int a, rc, formed;

    for (a = 1; a < argc; a++) {
        char *end = NULL;
        unsigned long *v = !strcmp(argv[a], "--max")      ? &max
                           : !strcmp(argv[a], "--frames") ? &frames
                           : !strcmp(argv[a], "--seed")   ? &seed
                           : !strcmp(argv[a], "--seeds")  ? &seeds
                                                          : NULL;
        if (!strcmp(argv[a], "--help"))
            return usage(argv[0], stdout);
        if (v == NULL || a + 1 == argc)
            return usage(argv[0], stderr);
        *v = strtoul(argv[++a], &end, 10);
        if (*end != '\0' || end == argv[a] || max > SIZE_LAST || seeds < 1 || seeds > 100)
            return usage(argv[0], stderr);
    }
    if ((rc = bench_open(&b)) != 0) {
        fprintf(stderr, "accel_bins_bench: %s\n",
                rc == -1   ? "the accelerator does not answer"
                : rc == -2 ? "out of memory"
                           : "this accelerator has no binned batch (a BINNING=1 build)");
        return 1;
    }
    printf("# %s, formed: %lu frames; CYCLES of one batch (source model: past N_MAX), host CPU seconds\n",
           accel_sim_variant(), frames);
    printf("# %5s %-7s %4s %9s %10s %10s %10s %8s %-8s %8s %8s\n", "N", "scene", "seed", "world",
           "neighbours", "brute", "binned", "speed-up", "source", "brute_s", "binned_s");
    count = bench_sizes(b.brute.n_max, max, sizes);
    for (k = 0, rc = 0; k < count && rc == 0; k++)
        for (formed = 0; formed <= 1 && rc == 0; formed++)
            for (s = seed; s < seed + seeds && rc == 0; s++)
                rc = run_case(&b, sizes[k], formed, s, frames, fit);
    if (rc == 0)
        printf("# model: brute = min(LANES,N) + P(N+1) + last pass + %lld; binned = sum of LANES + 1 + "
               "candidates a pass + %lld\n", fit[0], fit[1]);
    bench_close(&b);
    return rc == 0 ? 0 : 1;
}
