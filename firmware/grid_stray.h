/* What both grid engines (neighbors_grid.c, neighbors_grid_small.c) need in
 * the sequential order: how far a boid that moved lies outside the cell it
 * is still filed under, so that queries can widen their box by as much. */
#ifndef GRID_STRAY_H
#define GRID_STRAY_H

#include <stdint.h>

/* How far v lies outside [lo, hi) of cell c in a run of count cells of
 * cell_size (Q16); the outermost cells reach to infinity because coordinates
 * are clamped. */
static inline int64_t grid_stray_from_cell(int64_t v, uint32_t c, uint32_t count,
                                           int64_t cell_size)
{
    int64_t lo = (int64_t)c * cell_size, hi = lo + cell_size;

    if (c > 0 && v < lo)
        return lo - v;
    if (c + 1 < count && v >= hi)
        return v - hi + 1;
    return 0;
}

#endif
