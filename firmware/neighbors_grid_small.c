/* Grid engine for a small CPU (neighbors_grid_small.h).
 *
 * begin() files every boid under cell (floor(x/cs), floor(y/cs)), clamped to
 * the grid, with cs >= half the visual range in whole px, and sorts the
 * boids' ids by cell (a counting sort). Cells are row-major, so the cells of
 * one row of a neighbourhood are one run of slots.
 *
 * sums_all meets each unordered pair once and credits both boids: a boid meets
 * the slots after it in its own cell and the next cells of its row within
 * reach (one run), and the cells within reach in the rows below (a run a
 * row). Every pair in range lies in cells at most the reach apart, so each is
 * met exactly once. A candidate is dropped by a box test on each axis (32-bit,
 * no multiply), then by the high words of the squares (two mulh); only a pair
 * near a ring's edge, or in the separation ring, takes the exact 64-bit test.
 * The sums are in id order.
 *
 * Sequential order: as in the host's grid (neighbors_grid.c), boids stay
 * filed where they were, and queries widen their box by the largest stray.
 */
#include "grid_stray.h"
#include "neighbor_pair.h"
#include "neighbors_grid_small.h"

/* The tests on a candidate's offset (dx, dy), worked out once a frame:
 *   |d| < visualrange  <=>  (uint32_t)d + box_bias < box_span;
 *   h = floor(dx^2 / 2^18) + floor(dy^2 / 2^18), so d2 / 2^18 - 2 < h <= d2 / 2^18:
 *   coh_at <= h < in_below, i.e. h - coh_at < coh_span (unsigned): in the
 *   cohesion ring, with coh_at = ceil(protected2 / 2^18) and in_below =
 *   floor(visual2 / 2^18) - 1;
 *   h >= out_at = ceil(visual2 / 2^18): out of range;
 *   otherwise d2 decides. */
typedef struct {
    uint32_t box_bias, box_span;
    uint32_t coh_at, coh_span, out_at;
} grid_small_tests_t;

/* Cells a visual range spans: a pair in range lies in cells at most this far
 * apart. Two cuts the candidates of a half neighbourhood from 4.5 squares of
 * the range to 3.1 (the half disc is 1.6), for one more run a boid and four
 * times the cells (2 bytes each). */
#define GRID_SMALL_REACH 2u

#define SQUARE_SHIFT 18
#define SQUARE_SCALE 128 /* (d 2^7)^2 / 2^32 = d^2 / 2^18; |d| < 2^24 keeps d 2^7 in int32 */

static uint32_t squares_ceil(int64_t v)
{
    return (uint32_t)((v + ((int64_t)1 << SQUARE_SHIFT) - 1) >> SQUARE_SHIFT);
}

static grid_small_tests_t tests_of(const neighbor_query_t *q)
{
    grid_small_tests_t t;
    uint32_t vr = (uint32_t)q->visualrange, in = (uint32_t)(q->visual2 >> SQUARE_SHIFT);
    uint32_t in_below = in > 0 ? in - 1 : 0;

    t.box_bias = vr - 1;
    t.box_span = 2 * vr - 1;
    t.coh_at = squares_ceil(q->protected2);
    t.coh_span = in_below > t.coh_at ? in_below - t.coh_at : 0;
    t.out_at = squares_ceil(q->visual2);
    return t;
}

enum { RING_OUT = -1, RING_COHESION = 0, RING_SEPARATION = 1 };

/* The ring of other as seen from (mx, my), and the offset (*dx, *dy) = self -
 * other; other's y is read only if x is within the box. */
static inline int grid_small_ring(int32_t mx, int32_t my, const boid_t *other, int32_t *dx,
                                  int32_t *dy, const grid_small_tests_t *t,
                                  const neighbor_query_t *q)
{
    uint32_t h;
    int64_t d2;

    *dx = mx - other->x; /* exact: positions within +-2^30 */
    if ((uint32_t)*dx + t->box_bias >= t->box_span)
        return RING_OUT;
    *dy = my - other->y;
    if ((uint32_t)*dy + t->box_bias >= t->box_span)
        return RING_OUT;
    h = (uint32_t)fx_mulh(*dx * SQUARE_SCALE, *dx * SQUARE_SCALE) +
        (uint32_t)fx_mulh(*dy * SQUARE_SCALE, *dy * SQUARE_SCALE);
    if (h - t->coh_at < t->coh_span)
        return RING_COHESION;
    if (h >= t->out_at)
        return RING_OUT;
    d2 = (int64_t)*dx * *dx + (int64_t)*dy * *dy;
    if (d2 >= q->visual2)
        return RING_OUT;
    return d2 < q->protected2 ? RING_SEPARATION : RING_COHESION;
}

/* Column (or row) of a coordinate, clamped to [0, count): px / cell_px as a
 * multiply, exact for px below 2^32 / cell_px (the span is below 2^15). */
static uint32_t grid_small_coord(const neighbors_grid_small_t *g, q16_t v, uint32_t span,
                                 uint32_t count)
{
    int32_t px = fx_sra(v, 16);

    if ((uint32_t)px >= span)
        return px < 0 ? 0 : count - 1;
    return fx_mulhu((uint32_t)px, g->cell_recip);
}

/* The same for a coordinate that may lie beyond +-2^31 (a widened box). */
static uint32_t grid_small_coord_wide(const neighbors_grid_small_t *g, int64_t v, uint32_t span,
                                      uint32_t count)
{
    if (v < 0)
        return 0;
    if (v >= (int64_t)span << 16)
        return count - 1;
    return grid_small_coord(g, (q16_t)v, span, count);
}

static uint32_t ceil_px(q16_t v) { return ((uint32_t)v + Q16_ONE - 1) >> 16; }

/* ceil(2^32 / d) for d >= 2: v / d is then one mulhu for v * (the error) <
 * 2^32, which the grid's sizes keep (below 2^15 px and 2^16 cells). */
static uint32_t reciprocal(uint32_t d) { return 0xffffffffu / d + 1; }

/* Whole-px cells of at least 1/GRID_SMALL_REACH of the visual range (and 2
 * px, for the reciprocal), grown until the grid fits cells_max; the world's
 * size is capped at the largest a world may have, since the edge cells take
 * whatever lies beyond. The cells grow by 1/64 at a time (1 px while small):
 * a coarser step would leave much of a short budget unused (a quarter at a
 * time took the iCEBreaker from 768 cells to 475 when 700 fitted), and each
 * px more a cell is more candidates for every query. */
static void grid_small_shape(neighbors_grid_small_t *g)
{
    uint32_t w = ceil_px(g->q.world_w), h = ceil_px(g->q.world_h);
    uint32_t cs = (ceil_px(g->q.visualrange) + GRID_SMALL_REACH - 1) / GRID_SMALL_REACH;

    w = w < 1 ? 1 : w > WORLD_MAX_PX ? WORLD_MAX_PX : w;
    h = h < 1 ? 1 : h > WORLD_MAX_PX ? WORLD_MAX_PX : h;
    if (cs < 2)
        cs = 2;
    for (;;) {
        g->cols = (w + cs - 1) / cs;
        g->rows = (h + cs - 1) / cs;
        if (g->cols * g->rows <= g->cells_max || g->cols * g->rows == 1)
            break;
        cs += cs / 64 + 1;
    }
    g->cell_px = cs;
    g->cell_recip = reciprocal(cs);
    g->cols_recip = g->cols > 1 ? reciprocal(g->cols) : 0;
    g->span_x = g->cols * cs;
    g->span_y = g->rows * cs;
}

uint32_t neighbors_grid_small_cells(uint32_t n_max, const neighbor_query_t *q)
{
    neighbors_grid_small_t g;

    g.q = *q;
    g.cells_max = n_max < (GRID_SMALL_MAX - 256) / 4 ? 4 * n_max + 256 : GRID_SMALL_MAX;
    grid_small_shape(&g);
    return g.cols * g.rows;
}

static uint32_t capped(uint32_t v) { return v < GRID_SMALL_MAX ? v : GRID_SMALL_MAX; }

size_t neighbors_grid_small_bytes(uint32_t n_max, uint32_t cells_max)
{
    return (2 * (size_t)capped(n_max) + capped(cells_max) + 1) * sizeof(uint16_t);
}

uint32_t neighbors_grid_small_cells_in(uint32_t n_max, size_t bytes)
{
    size_t words = bytes / sizeof(uint16_t), fixed = 2 * (size_t)capped(n_max) + 1;

    if (words <= fixed)
        return 0;
    return words - fixed < GRID_SMALL_MAX ? (uint32_t)(words - fixed) : GRID_SMALL_MAX;
}

void neighbors_grid_small_init(neighbors_grid_small_t *g, uint32_t n_max, uint32_t cells_max,
                               void *mem)
{
    neighbors_grid_small_t empty = {0};

    *g = empty;
    g->n_max = capped(n_max);
    g->cells_max = capped(cells_max) > 0 ? capped(cells_max) : 1;
    g->slot_id = mem;
    g->id_cell = g->slot_id + g->n_max;
    g->cell_start = g->id_cell + g->n_max;
}

/* Counting sort by cell: counts, their running sums (the cells' ends), then
 * each boid from the last placed at its cell's end, so that ids ascend
 * within a cell and every cell's end has come down to its start. */
static int grid_small_begin(void *ctx, const boid_t *boids, uint32_t n, const neighbor_query_t *q)
{
    neighbors_grid_small_t *g = ctx;
    uint16_t *const start = g->cell_start, *const id_cell = g->id_cell;
    uint32_t i, c, cells, sum = 0;

    if (n > g->n_max)
        return NEIGHBORS_E_CAPACITY;
    if (q->visualrange < 0 || q->visualrange > Q16_PX(VISUALRANGE_MAX_PX))
        return NEIGHBORS_E_UNSUPPORTED; /* the tests' widths assume it */
    g->boids = boids;
    g->n = n;
    g->q = *q;
    g->stray_x = g->stray_y = 0;
    grid_small_shape(g);
    cells = g->cols * g->rows;
    for (c = 0; c < cells; c++)
        start[c] = 0;
    for (i = 0; i < n; i++) {
        c = grid_small_coord(g, boids[i].y, g->span_y, g->rows) * g->cols +
            grid_small_coord(g, boids[i].x, g->span_x, g->cols);
        id_cell[i] = (uint16_t)c;
        start[c]++;
    }
    for (c = 0; c < cells; c++) {
        sum += start[c];
        start[c] = (uint16_t)sum;
    }
    start[cells] = (uint16_t)n;
    for (i = n; i-- > 0;)
        g->slot_id[--start[id_cell[i]]] = (uint16_t)i;
    return NEIGHBORS_OK;
}

/* Sums for boid self, as it is now, over the cells its box, widened by the
 * stray, touches. */
static void grid_small_query(neighbors_grid_small_t *g, uint32_t self, neighbor_sums_t *out)
{
    const neighbor_query_t q = g->q; /* locals: a store to the sums could alias */
    const grid_small_tests_t t = tests_of(&q);
    const boid_t *const boids = g->boids, me = boids[self];
    int64_t reach_x = (int64_t)q.visualrange + g->stray_x;
    int64_t reach_y = (int64_t)q.visualrange + g->stray_y;
    uint32_t x0 = grid_small_coord_wide(g, (int64_t)me.x - reach_x, g->span_x, g->cols);
    uint32_t x1 = grid_small_coord_wide(g, (int64_t)me.x + reach_x, g->span_x, g->cols);
    uint32_t y0 = grid_small_coord_wide(g, (int64_t)me.y - reach_y, g->span_y, g->rows);
    uint32_t y1 = grid_small_coord_wide(g, (int64_t)me.y + reach_y, g->span_y, g->rows);
    neighbor_sums_t sums = {0};
    uint32_t row, checks = 0;

    for (row = y0; row <= y1 && q.visual2 > 0; row++) {
        const uint16_t *p = &g->slot_id[g->cell_start[row * g->cols + x0]];
        const uint16_t *end = &g->slot_id[g->cell_start[row * g->cols + x1 + 1]];
        checks += (uint32_t)(end - p);
        for (; p < end; p++) {
            int32_t dx, dy;
            int ring = grid_small_ring(me.x, me.y, &boids[*p], &dx, &dy, &t, &q);
            if (ring != RING_OUT && *p != self)
                neighbor_credit(&sums, neighbor_other_of(&boids[*p]), dx, dy, ring, &q);
        }
    }
    g->pair_checks += checks - (checks > 0); /* not itself */
    *out = sums;
}

static int grid_small_sums_one(void *ctx, uint32_t i, neighbor_sums_t *out)
{
    grid_small_query(ctx, i, out);
    return NEIGHBORS_OK;
}

static int grid_small_moved(void *ctx, uint32_t i)
{
    neighbors_grid_small_t *g = ctx;
    uint32_t cell = g->id_cell[i];
    uint32_t row = g->cols > 1 ? fx_mulhu(cell, g->cols_recip) : cell;
    int64_t cell_size = (int64_t)g->cell_px << 16;
    int64_t sx = grid_stray_from_cell(g->boids[i].x, cell - row * g->cols, g->cols, cell_size);
    int64_t sy = grid_stray_from_cell(g->boids[i].y, row, g->rows, cell_size);

    if (sx > g->stray_x)
        g->stray_x = sx;
    if (sy > g->stray_y)
        g->stray_y = sy;
    return NEIGHBORS_OK;
}

/* Each unordered pair once, credited to both boids: the boid in slot a meets
 * the run from a + 1 to the end of the cells on its right within reach, and in
 * each row below within reach the run of the cells from reach to its left to
 * reach to its right. */
static void grid_small_symmetric(neighbors_grid_small_t *g, neighbor_sums_t *out)
{
    const neighbor_query_t q = g->q;
    const grid_small_tests_t t = tests_of(&q);
    const boid_t *const boids = g->boids;
    const uint16_t *const slot_id = g->slot_id;
    const uint32_t cols = g->cols, rows = g->rows, n = g->n;
    const neighbor_sums_t zero = {0};
    uint32_t cx, cy, a, checks = 0;

    for (a = 0; a < n; a++)
        out[a] = zero;
    if (q.visual2 <= 0)
        return;
    for (cy = 0; cy < rows; cy++) {
        const uint16_t *row = &g->cell_start[cy * cols];
        for (cx = 0; cx < cols; cx++) {
            uint32_t right, left, runs[1 + GRID_SMALL_REACH][2], r;
            if (row[cx] == row[cx + 1])
                continue; /* most cells, once the flock has gathered */
            right = cx + GRID_SMALL_REACH + 1 < cols ? cx + GRID_SMALL_REACH + 1 : cols;
            left = cx > GRID_SMALL_REACH ? cx - GRID_SMALL_REACH : 0;
            runs[0][1] = row[right];
            for (r = 1; r <= GRID_SMALL_REACH; r++) { /* rows below, or none */
                runs[r][0] = cy + r < rows ? row[r * cols + left] : 0;
                runs[r][1] = cy + r < rows ? row[r * cols + right] : 0;
            }
            for (a = row[cx]; a < row[cx + 1]; a++) {
                const uint32_t id = slot_id[a];
                const boid_t me = boids[id];
                const neighbor_other_t me_as_other = neighbor_other_of(&me);
                neighbor_sums_t mine = zero;
                runs[0][0] = a + 1;
                for (r = 0; r <= GRID_SMALL_REACH; r++) {
                    const uint16_t *p = &slot_id[runs[r][0]], *end = &slot_id[runs[r][1]];
                    checks += (uint32_t)(end - p);
                    for (; p < end; p++) {
                        const boid_t *o = &boids[*p];
                        int32_t dx, dy, tx, ty;
                        const int ring = grid_small_ring(me.x, me.y, o, &dx, &dy, &t, &q);
                        if (ring == RING_OUT)
                            continue;
                        tx = neighbor_offset_term_negated(dx);
                        ty = neighbor_offset_term_negated(dy);
                        if (ring == RING_COHESION) {
                            neighbor_credit(&mine, neighbor_other_of(o), dx, dy, 0, &q);
                            neighbor_credit_terms(&out[*p], me_as_other, tx, ty, -dx, -dy, 0,
                                                  &q);
                        } else {
                            /* rare: straight into memory, which leaves mine's
                             * fields for this ring out of the registers */
                            neighbor_credit(&out[id], neighbor_other_of(o), dx, dy, 1, &q);
                            neighbor_credit_terms(&out[*p], me_as_other, tx, ty, -dx, -dy, 1,
                                                  &q);
                        }
                    }
                }
                neighbor_sums_add(&out[id], &mine);
            }
        }
    }
    g->pair_checks += checks;
}

/* Sums in id order. */
static int grid_small_sums_all(void *ctx, neighbor_sums_t *out, const uint32_t **order)
{
    neighbors_grid_small_t *g = ctx;
    uint32_t i;

    *order = NULL;
    if (g->stray_x == 0 && g->stray_y == 0) {
        grid_small_symmetric(g, out);
        return NEIGHBORS_OK;
    }
    for (i = 0; i < g->n; i++) /* boids have moved since begin: the slow way */
        grid_small_query(g, i, &out[i]);
    return NEIGHBORS_OK;
}

neighbor_engine_t neighbors_grid_small_engine(neighbors_grid_small_t *g)
{
    neighbor_engine_t e = {"grid", g, grid_small_begin, grid_small_sums_one, grid_small_moved,
                           grid_small_sums_all, NULL};

    return e;
}
