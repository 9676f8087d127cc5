/* One running flock, in either model: the fixed-point firmware with a chosen
 * neighbor engine, or the float reference. The boids command, the tests and
 * the benchmarks all drive flocks through this. The brute-force and grid
 * engines are built in; the accelerator is a device the program brings
 * (sim/accel_device.h on the Verilated model), so nothing here needs a
 * simulator. */
#ifndef FLOCK_SIM_H
#define FLOCK_SIM_H

#include "../firmware/flock.h"
#include "../firmware/neighbors_brute.h"
#include "../firmware/neighbors_grid.h"
#include "float_model.h"
#include "metrics.h"
#include "options.h"
#include "state_csv.h"

/* A neighbor engine outside this library: open() readies it for n boids and
 * fills *engine (0, or -1 with a message); close() gives back what open took. */
typedef struct flock_device {
    int (*open)(struct flock_device *d, uint32_t n, neighbor_engine_t *engine, char *err,
                size_t errlen);
    void (*close)(struct flock_device *d);
    void *ctx;
} flock_device_t;

typedef struct {
    int model; /* enum model_kind */
    param_set_t ps;
    flock_params_t fp;
    flock_t fixed;
    fflock_t flt;
    neighbor_engine_t engine;
    neighbors_brute_t brute;
    neighbors_grid_t grid;
    void *grid_mem;
    flock_device_t *device; /* open for --neighbors accel, else NULL */
    neighbor_sums_t *sums; /* synchronous order */
    double *scratch;       /* metrics input: x, y, vx, vy */
} flock_sim_t;

/* Starts from a checked state table (state_table_check). -1 with a message.
 * The engine points into *s: open it where it will stay, never copy it.
 * NEIGHBORS_ACCEL takes its engine from device (NULL: this program has none). */
int flock_sim_open(flock_sim_t *s, int model, int neighbors, const param_set_t *ps,
                   const state_table_t *start, flock_device_t *device, char *err, size_t errlen);
/* One frame; -1 with a message if the neighbor engine failed. */
int flock_sim_step(flock_sim_t *s, char *err, size_t errlen);
int flock_sim_metrics(flock_sim_t *s, flock_metrics_t *m);
int flock_sim_table(const flock_sim_t *s, state_table_t *t);
/* Pairs the neighbor engine has examined so far (fixed model). */
uint64_t flock_sim_pair_checks(const flock_sim_t *s);
void flock_sim_close(flock_sim_t *s);

#endif
