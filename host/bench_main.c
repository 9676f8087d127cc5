/* build/bench: neighbor-search throughput of the fixed-point model.
 * For each flock size, in a world scaled to the density of 1024 boids on
 * 640x480, it times frames with each engine and update order and prints the
 * median over repeats: steps per second and pair checks per second. */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
#include "flock_sim.h"
#include "number_parse.h"
#include "scene.h"
#include "stdout_check.h"

#define REPEATS 5

typedef struct {
    uint32_t n;
    int neighbors, order;
    unsigned warmup, frames; /* frames per repeat */
} bench_case_t;

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int run_case(const bench_case_t *c, double *steps_per_s, double *checks_per_s)
{
    double scale = sqrt(c->n / 1024.0), rate[REPEATS], checks[REPEATS];
    param_set_t ps;
    scene_spec_t spec;
    state_table_t t;
    flock_sim_t sim;
    char err[256];
    unsigned r, f;

    params_defaults(&ps);
    ps.world_w = round(640 * scale);
    ps.world_h = round(480 * scale);
    ps.order = c->order;
    spec = (scene_spec_t){c->n, 0, 0, 0, 0, 0, ps.world_w, ps.world_h, 3, 6, 1};
    if (scene_random(&spec, &t) != 0 ||
        flock_sim_open(&sim, MODEL_FIXED, c->neighbors, &ps, &t, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "bench: out of memory at %u boids\n", c->n);
        return -1;
    }
    state_table_free(&t);
    for (f = 0; f < c->warmup; f++) /* let the flock form: clusters cost more */
        flock_sim_step(&sim, err, sizeof err);
    for (r = 0; r < REPEATS; r++) {
        uint64_t before = flock_sim_pair_checks(&sim);
        double start = now(), elapsed;
        for (f = 0; f < c->frames; f++)
            flock_sim_step(&sim, err, sizeof err);
        elapsed = now() - start;
        rate[r] = c->frames / elapsed;
        checks[r] = (flock_sim_pair_checks(&sim) - before) / elapsed;
    }
    flock_sim_close(&sim);
    qsort(rate, REPEATS, sizeof rate[0], cmp_double);
    qsort(checks, REPEATS, sizeof checks[0], cmp_double);
    *steps_per_s = rate[REPEATS / 2];
    *checks_per_s = checks[REPEATS / 2];
    return 0;
}

#define HELP ((unsigned long)-1)

static void print_help(FILE *out)
{
    fprintf(out,
            "Usage: bench [--boids N]\n"
            "Times the fixed-point flock with each neighbor engine and update order at\n"
            "256 to 65536 boids, or N only (1 to %u; world scaled to the density of 1024\n"
            "boids on 640x480), median of %d repeats after a 100-frame warm-up.\n",
            BOIDS_MAX, REPEATS);
}

/* --boids N (0: every size), or --help (*only = HELP). 0, or -1 after a message. */
static int parse_flags(int argc, char **argv, unsigned long *only)
{
    static const struct option flags[] = {
        {"boids", required_argument, NULL, 'b'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    char err[128];
    int c;

    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", flags, NULL)) != -1) {
        if (c == 'h') {
            print_help(stdout);
            *only = HELP;
            return -1;
        }
        if (c == 'b' && number_parse_whole("--boids", optarg, 1, BOIDS_MAX, only, err,
                                           sizeof err) == NUMBER_OK)
            continue;
        if (c == 'b')
            fprintf(stderr, "bench: %s\n", err);
        else if (c == ':')
            fprintf(stderr, "bench: %s needs a value (try --help)\n", argv[optind - 1]);
        else
            fprintf(stderr, "bench: unknown option \"%s\" (try --help)\n", argv[optind - 1]);
        return -1;
    }
    if (optind < argc) {
        fprintf(stderr, "bench: unexpected argument \"%s\" (try --help)\n", argv[optind]);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const uint32_t sizes[] = {256, 1024, 4096, 16384, 65536};
    static const char *const engine[] = {"brute", "grid"}, *const order[] = {"sequential", "synchronous"};
    double grid_65536[2] = {0, 0};
    unsigned long only = 0;
    size_t k;
    int e, o;

    stdout_check_at_exit("bench");
    if (parse_flags(argc, argv, &only) != 0)
        return only == HELP ? 0 : 1;
    printf("%-6s %-12s %6s %10s %12s %16s\n", "engine", "order", "boids", "world", "steps/s",
           "pair checks/s");
    for (k = 0; k < (only ? 1 : sizeof sizes / sizeof sizes[0]); k++)
        for (e = NEIGHBORS_BRUTE; e <= NEIGHBORS_GRID; e++)
            for (o = ORDER_SEQUENTIAL; o <= ORDER_SYNCHRONOUS; o++) {
                uint32_t n = only ? (uint32_t)only : sizes[k];
                double pairs = e == NEIGHBORS_BRUTE ? (double)n * n : 60.0 * n;
                unsigned frames = (unsigned)fmax(1, fmin(200, 2e7 / pairs));
                /* brute force at 16384 and up: seconds a frame, so no warm-up */
                bench_case_t c = {n, e, o, e == NEIGHBORS_BRUTE && n > 4096 ? 0 : 100, frames};
                double steps, checks;
                char world[32];
                if (run_case(&c, &steps, &checks) != 0)
                    return 1;
                snprintf(world, sizeof world, "%.0fx%.0f", round(640 * sqrt(n / 1024.0)),
                         round(480 * sqrt(n / 1024.0)));
                printf("%-6s %-12s %6u %10s %12.1f %16.3g\n", engine[e], order[o], n, world, steps,
                       checks);
                fflush(stdout);
                if (e == NEIGHBORS_GRID && n == 65536)
                    grid_65536[o] = steps;
            }
    if (only)
        return 0;
    printf("\nIn the synchronous order a pair examined once credits both boids.\n"
           "goal: 65536 boids with the grid at 60 steps/s or more on one core:\n"
           "  synchronous %.1f steps/s (%s), sequential %.1f steps/s (%s)\n",
           grid_65536[1], grid_65536[1] >= 60 ? "met" : "not met", grid_65536[0],
           grid_65536[0] >= 60 ? "met" : "not met");
    return 0;
}
