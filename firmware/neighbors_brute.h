/* Brute-force neighbor engine: every pair, O(N^2). The golden model's sums. */
#ifndef NEIGHBORS_BRUTE_H
#define NEIGHBORS_BRUTE_H

#include "neighbors.h"

typedef struct {
    const boid_t *boids;
    uint32_t n;
    neighbor_query_t q;
    uint64_t pair_checks; /* pairs examined since creation, for benchmarks */
} neighbors_brute_t;

neighbor_engine_t neighbors_brute_engine(neighbors_brute_t *ctx);

#endif
