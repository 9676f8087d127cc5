/* Spatial binning for the accelerator's binned batch (accel_bins.h).
 *
 * A boid's cell is (floor(x / cs), floor(y / cs)), each clamped to the grid,
 * row-major, with cs >= the visual range: a pair that passes the box test
 * (|dx|, |dy| < visual) lies in cells at most one column and one row apart,
 * and clamping is monotone, so boids outside the world (in the edge cells)
 * keep that. The queries of a pass are consecutive sorted slots, so their
 * cells are a row-major run [c_lo, c_hi]; every candidate cell is
 * c + r cols + d for r, d in {-1, 0, 1}, which lies in the run
 * [c_lo + r cols - 1, c_hi + r cols + 1] of row-major cells. Three runs, one
 * for each r, clamped to the grid and merged where they meet, each a
 * contiguous range of slots: every candidate exactly once. (A run that
 * wraps past a row's end adds cells that are no neighbours: more candidates,
 * the same sums, as the pair test decides.)
 */
#include "accel_bins.h"

static uint32_t cells_cap(uint32_t n_max) { return 4u * n_max + 256u; }

size_t accel_bins_bytes(uint32_t n_max)
{
    return ((size_t)3 * n_max + cells_cap(n_max) + 1) * sizeof(uint32_t);
}

void accel_bins_init(accel_bins_t *b, uint32_t n_max, uint32_t lanes, void *mem)
{
    uint32_t *p = mem;
    accel_bins_t empty = {0};

    *b = empty;
    b->n_max = n_max;
    b->lanes = lanes ? lanes : 1;
    b->cells_max = cells_cap(n_max);
    b->slot_id = p;
    b->id_slot = p + n_max;
    b->slot_cell = p + 2 * (size_t)n_max;
    b->cell_start = p + 3 * (size_t)n_max;
}

/* Column (or row) of coordinate v, floor(v / cell_size) clamped to
 * [0, count). The division (35 cycles on the SoC's CPU, twice a boid) is a
 * multiply by r = ceil(2^31 / d), d the cell's whole px: with x = v's whole
 * px below 2^15 and r d - 2^31 below d < 2^16, x r / 2^31 exceeds x / d by
 * less than 1/d, so its floor is exactly floor(x / d) = floor(v / cell_size). */
static uint32_t bins_coord(q16_t v, uint32_t recip, uint32_t count)
{
    uint32_t c;

    if (v < 0)
        return 0;
    c = (uint32_t)(((uint64_t)((uint32_t)v >> 16) * recip) >> 31);
    return c < count ? c : count - 1;
}

/* Whole-pixel cells of the visual range rounded up, grown until the grid
 * fits cells_max (at least one cell: a budget of 0 would never fit). Returns
 * the cell's px. In 32 bits (a world within +-2^15 px): no 64-bit division
 * on a 32-bit CPU. */
static uint32_t shape_px(uint32_t cells_max, const neighbor_query_t *q, uint32_t *cols,
                         uint32_t *rows)
{
    uint32_t w_px = ((uint32_t)(q->world_w > 0 ? q->world_w : 0) + 0xffffu) >> 16;
    uint32_t h_px = ((uint32_t)(q->world_h > 0 ? q->world_h : 0) + 0xffffu) >> 16;
    uint32_t cs_px = ((uint32_t)(q->visualrange > 0 ? q->visualrange : 0) + 0xffffu) >> 16;

    if (cells_max < 1)
        cells_max = 1;
    if (cs_px < 1)
        cs_px = 1;
    for (;;) {
        *cols = (w_px + cs_px - 1) / cs_px;
        *rows = (h_px + cs_px - 1) / cs_px;
        if (*cols < 1)
            *cols = 1;
        if (*rows < 1)
            *rows = 1;
        if ((uint64_t)*cols * *rows <= cells_max)
            return cs_px;
        cs_px += cs_px / 4 + 1;
    }
}

/* ceil(2^31 / cs_px): 2^31 / cs_px when that is whole */
static uint32_t recip_of(uint32_t cs_px) { return 0x7fffffffu / cs_px + 1u; }

void accel_bins_shape(uint32_t cells_max, const neighbor_query_t *q, uint32_t *cols,
                      uint32_t *rows, uint32_t *cell_recip)
{
    *cell_recip = recip_of(shape_px(cells_max, q, cols, rows));
}

void accel_bins_limit_cells(accel_bins_t *b, uint32_t cells_max)
{
    if (cells_max < 1)
        cells_max = 1;
    if (cells_max < b->cells_max)
        b->cells_max = cells_max;
}

static void bins_shape(accel_bins_t *b, const neighbor_query_t *q)
{
    uint32_t cs_px = shape_px(b->cells_max, q, &b->cols, &b->rows);

    b->cell_size = (int64_t)cs_px * Q16_ONE;
    b->cell_recip = recip_of(cs_px);
}

int accel_bins_sort(accel_bins_t *b, const boid_t *boids, uint32_t n, const neighbor_query_t *q)
{
    uint32_t i, c, cells, sum = 0;

    if (n > b->n_max)
        return NEIGHBORS_E_CAPACITY;
    b->n = n;
    bins_shape(b, q);
    cells = b->cols * b->rows;
    for (c = 0; c <= cells; c++)
        b->cell_start[c] = 0;
    for (i = 0; i < n; i++) { /* slot_cell by id for now */
        b->slot_cell[i] = bins_coord(boids[i].y, b->cell_recip, b->rows) * b->cols +
                          bins_coord(boids[i].x, b->cell_recip, b->cols);
        b->cell_start[b->slot_cell[i] + 1]++;
    }
    for (c = 0; c <= cells; c++) {
        sum += b->cell_start[c];
        b->cell_start[c] = sum;
    }
    /* cell_start[c] now ends cell c - 1: fill each cell from its start */
    for (i = 0; i < n; i++)
        b->id_slot[i] = b->cell_start[b->slot_cell[i]]++;
    for (c = cells; c > 0; c--)
        b->cell_start[c] = b->cell_start[c - 1];
    b->cell_start[0] = 0;
    for (i = 0; i < n; i++)
        b->slot_id[b->id_slot[i]] = i;
    for (c = 0; c < cells; c++) /* now by slot */
        for (i = b->cell_start[c]; i < b->cell_start[c + 1]; i++)
            b->slot_cell[i] = c;
    return NEIGHBORS_OK;
}

uint32_t accel_bins_passes(const accel_bins_t *b) { return (b->n + b->lanes - 1) / b->lanes; }

accel_pass_ranges_t accel_bins_pass(const accel_bins_t *b, uint32_t p)
{
    accel_pass_ranges_t out = {{0, 0, 0}, {0, 0, 0}};
    /* 32 bits: cells_max (4 n_max + 256) is far below 2^31 */
    int32_t cells = (int32_t)(b->cols * b->rows), cols = (int32_t)b->cols;
    uint32_t first_q = p * b->lanes, last_q = first_q + b->lanes - 1, k = 0;
    int32_t c_lo, c_hi, run_lo = 0, run_hi = -1;
    int r;

    if (first_q >= b->n)
        return out;
    if (last_q >= b->n)
        last_q = b->n - 1;
    c_lo = (int32_t)b->slot_cell[first_q];
    c_hi = (int32_t)b->slot_cell[last_q];
    for (r = -1; r <= 1; r++) {
        int32_t lo = c_lo + r * cols - 1, hi = c_hi + r * cols + 1;
        if (lo < 0)
            lo = 0;
        if (hi > cells - 1)
            hi = cells - 1;
        if (lo > hi)
            continue;
        if (run_hi >= run_lo && lo <= run_hi + 1) { /* meets the run before: merge */
            run_hi = hi > run_hi ? hi : run_hi;
            continue;
        }
        if (run_hi >= run_lo) {
            out.first[k] = b->cell_start[run_lo];
            out.end[k++] = b->cell_start[run_hi + 1];
        }
        run_lo = lo;
        run_hi = hi;
    }
    if (run_hi >= run_lo) {
        out.first[k] = b->cell_start[run_lo];
        out.end[k] = b->cell_start[run_hi + 1];
    }
    return out;
}
