/* Spatial binning for the accelerator's binned batch: the boids sorted by
 * cell (cells at least as wide as the visual range), and for each pass of
 * LANES consecutive sorted boids the three boid ranges that hold every
 * candidate of its queries (docs/accelerator.md, "Binned batch").
 * Memory is the caller's (accel_bins_bytes), so no malloc in the firmware. */
#ifndef ACCEL_BINS_H
#define ACCEL_BINS_H

#include <stddef.h>
#include "neighbors.h"

#define ACCEL_BINS_RANGES 3u

typedef struct {
    /* capacity */
    uint32_t n_max, cells_max, lanes;
    uint32_t *slot_id;    /* [n_max]: the boid in sorted slot s */
    uint32_t *id_slot;    /* [n_max]: the slot of boid i */
    uint32_t *slot_cell;  /* [n_max]: the cell of slot s (non-decreasing) */
    uint32_t *cell_start; /* [cells_max + 1]: slots of cell c are [start[c], start[c+1]) */
    /* this frame */
    uint32_t n, cols, rows;
    int64_t cell_size;   /* Q16 px, whole px, at least the visual range */
    uint32_t cell_recip; /* ceil(2^31 / cell px): a column without a division */
} accel_bins_t;

/* One pass's candidates: slots first[r] to end[r] - 1 for r below
 * ACCEL_BINS_RANGES; the ranges ascend and never overlap; empty ones are
 * (0, 0) and come last. */
typedef struct {
    uint32_t first[ACCEL_BINS_RANGES], end[ACCEL_BINS_RANGES];
} accel_pass_ranges_t;

size_t accel_bins_bytes(uint32_t n_max);
/* mem must be aligned for uint32_t and accel_bins_bytes(n_max) long; lanes >= 1. */
void accel_bins_init(accel_bins_t *b, uint32_t n_max, uint32_t lanes, void *mem);
/* The grid a frame of query q is binned on, with at most cells_max cells
 * (at least 1): whole-pixel cells of the visual range rounded up, grown until
 * cols * rows fits; cell_recip = ceil(2^31 / cell px). accel_bins_sort uses
 * it with b->cells_max; the accelerator's sorter takes the same three values
 * with its BIN_CELLS (GRID, CELL_RECIP), so both sort alike. */
void accel_bins_shape(uint32_t cells_max, const neighbor_query_t *q, uint32_t *cols,
                      uint32_t *rows, uint32_t *cell_recip);
/* Sorts with at most cells_max cells (at least 1) from the next sort on, as
 * a sorter of that many cells does: lowers b->cells_max, never raises it
 * (the memory holds no more; accel_bins_init gives the full budget again). */
void accel_bins_limit_cells(accel_bins_t *b, uint32_t cells_max);
/* A boid's CELL_POS word for the accelerator's sorter: the whole px of x
 * (bits 15:0) and y (31:16), signed, from which it finds the boid's cell as
 * accel_bins_sort does. */
static inline uint32_t accel_bins_cell_pos(const boid_t *b)
{
    return ((uint32_t)b->x >> 16) | ((uint32_t)b->y & 0xffff0000u);
}
/* Sorts boids[0..n) by cell (counting sort; ids ascend within a cell).
 * Returns NEIGHBORS_E_CAPACITY if n > n_max. */
int accel_bins_sort(accel_bins_t *b, const boid_t *boids, uint32_t n, const neighbor_query_t *q);
/* Passes of the sorted flock: ceil(n / lanes). */
uint32_t accel_bins_passes(const accel_bins_t *b);
/* The ranges of pass p (queries: slots p lanes to p lanes + lanes - 1 below n). */
accel_pass_ranges_t accel_bins_pass(const accel_bins_t *b, uint32_t p);

#endif
