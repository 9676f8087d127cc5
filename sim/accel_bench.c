/* Benchmark of one accelerator variant: cycles of the neighbor phase (a
 * batch run) for several flock sizes against the ideal ceil(N/LANES)*N, and
 * the co-simulation's host speed. Built per variant like the cosim tests. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "../firmware/neighbors_accel.h"
#include "../host/flock_state.h"
#include "../host/params.h"
#include "../host/scene.h"
#include "accel_sim.h"

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    static const uint32_t sizes[] = {256, 1024, 4096};
    neighbors_accel_t accel;
    neighbor_engine_t e;
    param_set_t ps;
    flock_params_t p;
    size_t k;

    if (argc > 1) {
        printf("Usage: %s\nCycles of the accelerator's neighbor phase (%s) for N = 256, 1024 and "
               "4096, and the co-simulation's host speed.\n", argv[0], accel_sim_variant());
        return 0;
    }
    if (accel_sim_open() != 0 || neighbors_accel_init(&accel) != NEIGHBORS_OK) {
        fprintf(stderr, "accel_bench: the accelerator does not answer\n");
        return 1;
    }
    e = neighbors_accel_engine(&accel);
    params_defaults(&ps);
    ps.order = ORDER_SYNCHRONOUS;
    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint32_t n = sizes[k];
        double scale = n / 1024.0, ideal, t0, t1;
        scene_spec_t spec = {n, 0, 0, 0, 0, 0, 640 * scale, 480 * scale, 3, 6, 1};
        state_table_t t;
        flock_t f;
        neighbor_sums_t *sums;
        uint64_t c0;
        int frames = 0;
        if (n > accel.n_max)
            continue;
        ps.world_w = spec.world_w > 16 ? spec.world_w : 16;
        ps.world_h = spec.world_h > 16 ? spec.world_h : 16;
        params_to_fixed(&ps, &p);
        if (scene_random(&spec, &t) != 0 || flock_from_table(&t, &f) != 0 ||
            (sums = calloc(n, sizeof *sums)) == NULL) {
            fprintf(stderr, "accel_bench: out of memory\n");
            return 1;
        }
        c0 = accel_sim_cycles();
        t0 = now();
        do { /* whole frames: loading boids, the batch, reading results */
            if (flock_step(&f, &p, &e, sums) != 0) {
                fprintf(stderr, "accel_bench: the accelerator failed\n");
                return 1;
            }
            frames++;
            t1 = now();
        } while (t1 - t0 < 1.0 && frames < 50);
        ideal = (double)((n + accel.lanes - 1) / accel.lanes) * n;
        printf("%-22s %5u %10u %12.0f %+7.2f%% %10.2f %12.3g\n", accel_sim_variant(), n,
               (unsigned)accel.last_cycles, ideal, 100.0 * (accel.last_cycles - ideal) / ideal,
               frames / (t1 - t0), (accel_sim_cycles() - c0) / (t1 - t0));
        fflush(stdout);
        free(sums);
        flock_free(&f);
        state_table_free(&t);
    }
    accel_sim_close();
    return 0;
}
