/* Uniform-grid neighbor engine: cells as wide as the visual range, boids
 * sorted by cell each frame, so a query scans a few contiguous slot ranges
 * instead of the whole flock. Same sums as brute force, bit for bit.
 * Memory is the caller's (neighbors_grid_bytes), so no malloc in the firmware.
 */
#ifndef NEIGHBORS_GRID_H
#define NEIGHBORS_GRID_H

#include <stddef.h>
#include "neighbors.h"

typedef struct {
    /* capacity */
    uint32_t n_max, cells_max;
    uint32_t *cell_start; /* [cells_max + 1]: slots of cell c are [start[c], start[c+1]) */
    boid_t *slot;         /* [n_max]: boids sorted by cell, kept current by moved() */
    uint32_t *slot_id;    /* [n_max] */
    uint32_t *slot_cell;  /* [n_max]: the cell each slot is filed under */
    uint32_t *id_slot;    /* [n_max] */
    /* this frame */
    const boid_t *boids;
    uint32_t n, cols, rows;
    int64_t cell_size; /* Q16 px */
    neighbor_query_t q;
    int64_t stray_x, stray_y; /* furthest any moved boid is from its filed cell */
    uint64_t pair_checks;     /* pairs examined since creation, for benchmarks */
} neighbors_grid_t;

/* Bytes of memory neighbors_grid_init needs for up to n_max boids. */
size_t neighbors_grid_bytes(uint32_t n_max);
/* mem must be aligned for uint64_t (malloc's is) and neighbors_grid_bytes long. */
void neighbors_grid_init(neighbors_grid_t *g, uint32_t n_max, void *mem);
neighbor_engine_t neighbors_grid_engine(neighbors_grid_t *g);

#endif
