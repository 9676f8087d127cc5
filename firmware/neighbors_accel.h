/* Neighbor engine on the RTL accelerator, through the HAL: the third
 * implementation of neighbors.h, with the same sums bit for bit. Cornell
 * sums only: the weighted rule set's extra sums stay in software. */
#ifndef NEIGHBORS_ACCEL_H
#define NEIGHBORS_ACCEL_H

#include "neighbors.h"

typedef struct {
    const boid_t *boids;
    uint32_t n, n_max, lanes;
    uint32_t max_polls;   /* status reads before a run counts as hung */
    uint32_t polls_left;  /* of the run in progress */
    uint32_t streaming;   /* the batch of sums_stream has started since begin */
    uint32_t last_cycles; /* CYCLES of the last run */
    uint64_t total_cycles;
    uint64_t waits;       /* sums_stream calls that found boid k's sums not yet final */
} neighbors_accel_t;

/* Checks the ID register and reads the build parameters. Returns 0, or
 * NEIGHBORS_E_DEVICE if no accelerator answers. */
int neighbors_accel_init(neighbors_accel_t *a);
neighbor_engine_t neighbors_accel_engine(neighbors_accel_t *a);

#endif
