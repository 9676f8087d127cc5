/* Uniform-grid neighbor engine for a small CPU (the SoC's RV32IM: in order,
 * no cache, no branch predictor, tens of KiB of RAM). The app's grid, on the
 * SoC and in build/sim; the host's command-line tools keep the grid built for
 * large flocks (neighbors_grid.c). Same sums as brute force, bit for bit.
 *
 * Memory is the caller's (neighbors_grid_small_bytes): 4 bytes a boid and 2 a
 * cell. Slots hold 16-bit boid ids, not copies of the boids (a copy would
 * cost 16 bytes a boid more: 8 KiB of the iCEBreaker's 64 at 512 boids), so
 * at most 65535 boids and cells. */
#ifndef NEIGHBORS_GRID_SMALL_H
#define NEIGHBORS_GRID_SMALL_H

#include <stddef.h>
#include "neighbors.h"

#define GRID_SMALL_MAX 65535u /* boids and cells */

typedef struct {
    /* capacity */
    uint32_t n_max, cells_max;
    uint16_t *slot_id;    /* [n_max]: boid ids sorted by cell */
    uint16_t *id_cell;    /* [n_max]: the cell each boid is filed under */
    uint16_t *cell_start; /* [cells_max + 1]: cell c holds slots [start[c], start[c+1]) */
    /* this frame */
    const boid_t *boids;
    uint32_t n, cols, rows;
    uint32_t cell_px;         /* a cell's side, whole px, at least 2 */
    uint32_t cell_recip;      /* ceil(2^32 / cell_px): px / cell_px is one mulhu */
    uint32_t cols_recip;      /* the same for cols (0 when cols is 1) */
    uint32_t span_x, span_y;  /* cols and rows times cell_px */
    neighbor_query_t q;
    int64_t stray_x, stray_y; /* furthest any moved boid is from its filed cell, Q16 */
    uint64_t pair_checks;     /* candidate pairs since creation, for benchmarks */
} neighbors_grid_small_t;

/* The cells worth having for a query's world and visual range (a cell half
 * the range wide), at most 4 n_max + 256 (fewer make the cells larger). */
uint32_t neighbors_grid_small_cells(uint32_t n_max, const neighbor_query_t *q);
/* Bytes of memory for up to n_max boids and cells_max cells. */
size_t neighbors_grid_small_bytes(uint32_t n_max, uint32_t cells_max);
/* The most cells whose grid for n_max boids fits in bytes (0: not even one). */
uint32_t neighbors_grid_small_cells_in(uint32_t n_max, size_t bytes);
/* mem: aligned for uint32_t, neighbors_grid_small_bytes(n_max, cells_max) long. */
void neighbors_grid_small_init(neighbors_grid_small_t *g, uint32_t n_max, uint32_t cells_max,
                               void *mem);
neighbor_engine_t neighbors_grid_small_engine(neighbors_grid_small_t *g);

#endif
