/* Uniform-grid neighbor engine.
 *
 * begin() files every boid under cell (floor(x/cs), floor(y/cs)), clamped to
 * the grid, with cs >= visual range: boids outside the world share the edge
 * cells, which only adds candidates. Cells are row-major, so the cells of one
 * row of a query are one contiguous run of slots.
 *
 * In the sequential order boids move during the frame but stay filed where
 * they were. moved() records how far the moved boid now lies outside its filed
 * cell (stray); queries widen their box by the largest stray, which still finds
 * every boid whose current position is within range, so results stay exact.
 */
#include "grid_stray.h"
#include "neighbor_pair.h"
#include "neighbors_grid.h"

static uint32_t cells_cap(uint32_t n_max) { return 4u * n_max + 256u; }

size_t neighbors_grid_bytes(uint32_t n_max)
{
    return (size_t)n_max * (sizeof(boid_t) + 3 * sizeof(uint32_t)) +
           ((size_t)cells_cap(n_max) + 1) * sizeof(uint32_t);
}

void neighbors_grid_init(neighbors_grid_t *g, uint32_t n_max, void *mem)
{
    unsigned char *p = mem;
    neighbors_grid_t empty = {0};

    *g = empty;
    g->n_max = n_max;
    g->cells_max = cells_cap(n_max);
    g->slot = (boid_t *)(void *)p;
    p += (size_t)n_max * sizeof(boid_t);
    g->slot_id = (uint32_t *)(void *)p;
    p += (size_t)n_max * sizeof(uint32_t);
    g->slot_cell = (uint32_t *)(void *)p;
    p += (size_t)n_max * sizeof(uint32_t);
    g->id_slot = (uint32_t *)(void *)p;
    p += (size_t)n_max * sizeof(uint32_t);
    g->cell_start = (uint32_t *)(void *)p;
}

/* Column (or row) of coordinate v, clamped to [0, count). Clamping first
 * leaves a value below 2^31, so a 32-bit division does: several times faster
 * than a 64-bit one, and this runs four times a query. */
static uint32_t grid_coord(int64_t v, int64_t cell_size, uint32_t count)
{
    if (v < 0)
        return 0;
    if (v >= cell_size * count)
        return count - 1;
    return (uint32_t)v / (uint32_t)cell_size;
}

/* Whole-pixel cell size: the visual range rounded up, grown until the grid
 * fits the cell budget (a tiny range in a huge world would want millions). */
static void grid_shape(neighbors_grid_t *g)
{
    int64_t w_px = (g->q.world_w + Q16_ONE - 1) / Q16_ONE;
    int64_t h_px = (g->q.world_h + Q16_ONE - 1) / Q16_ONE;
    int64_t cs_px = (g->q.visualrange + Q16_ONE - 1) / Q16_ONE;

    if (cs_px < 1)
        cs_px = 1;
    for (;;) {
        int64_t cols = (w_px + cs_px - 1) / cs_px, rows = (h_px + cs_px - 1) / cs_px;
        if (cols < 1)
            cols = 1;
        if (rows < 1)
            rows = 1;
        if (cols * rows <= g->cells_max) {
            g->cols = (uint32_t)cols;
            g->rows = (uint32_t)rows;
            break;
        }
        cs_px += cs_px / 4 + 1;
    }
    g->cell_size = cs_px * Q16_ONE;
}

static uint32_t grid_cell_of(const neighbors_grid_t *g, const boid_t *b)
{
    return grid_coord(b->y, g->cell_size, g->rows) * g->cols +
           grid_coord(b->x, g->cell_size, g->cols);
}

/* Counting sort by cell; ids ascend within a cell. */
static int grid_begin(void *ctx, const boid_t *boids, uint32_t n, const neighbor_query_t *q)
{
    neighbors_grid_t *g = ctx;
    uint32_t i, c, cells, sum = 0;

    if (n > g->n_max)
        return NEIGHBORS_E_CAPACITY;
    g->boids = boids;
    g->n = n;
    g->q = *q;
    g->stray_x = g->stray_y = 0;
    grid_shape(g);
    cells = g->cols * g->rows;
    for (c = 0; c <= cells; c++)
        g->cell_start[c] = 0;
    for (i = 0; i < n; i++) {
        g->slot_cell[i] = grid_cell_of(g, &boids[i]); /* by id for now */
        g->cell_start[g->slot_cell[i] + 1]++;
    }
    for (c = 0; c <= cells; c++) {
        sum += g->cell_start[c];
        g->cell_start[c] = sum;
    }
    /* cell_start[c] now ends cell c-1; fill each cell from its start. */
    for (i = 0; i < n; i++)
        g->id_slot[i] = g->cell_start[g->slot_cell[i]]++;
    for (c = cells; c > 0; c--)
        g->cell_start[c] = g->cell_start[c - 1];
    g->cell_start[0] = 0;
    for (i = 0; i < n; i++) {
        uint32_t s = g->id_slot[i];
        g->slot[s] = boids[i];
        g->slot_id[s] = i;
    }
    for (c = 0; c < cells; c++) /* now file slots, not ids, under their cell */
        for (i = g->cell_start[c]; i < g->cell_start[c + 1]; i++)
            g->slot_cell[i] = c;
    return NEIGHBORS_OK;
}

/* Sums for the boid in slot self_slot over the cells its widened box touches.
 * Sums and query live in locals so the compiler can keep them in registers
 * (stores through out could otherwise alias the query's int64 fields). */
static void grid_query(neighbors_grid_t *g, uint32_t self_slot, const boid_t *self,
                       neighbor_sums_t *out)
{
    const neighbor_query_t q = g->q;
    int64_t reach_x = (int64_t)q.visualrange + g->stray_x;
    int64_t reach_y = (int64_t)q.visualrange + g->stray_y;
    uint32_t x0 = grid_coord(self->x - reach_x, g->cell_size, g->cols);
    uint32_t x1 = grid_coord(self->x + reach_x, g->cell_size, g->cols);
    uint32_t y0 = grid_coord(self->y - reach_y, g->cell_size, g->rows);
    uint32_t y1 = grid_coord(self->y + reach_y, g->cell_size, g->rows);
    const boid_t me = *self;
    neighbor_sums_t sums;
    neighbor_hits_t hits;
    uint64_t checks = 0;
    uint32_t row;

    sums = NEIGHBOR_SUMS_ZERO;
    hits.n = 0;
    for (row = y0; row <= y1; row++) {
        uint32_t first = g->cell_start[row * g->cols + x0];
        uint32_t end = g->cell_start[row * g->cols + x1 + 1];
        neighbor_hits_collect(&hits, &sums, NULL, &me, g->slot, first, end, self_slot, &q);
        checks += end - first - (self_slot >= first && self_slot < end);
    }
    neighbor_hits_credit(&hits, &sums, NULL, &me, g->slot, &q);
    g->pair_checks += checks;
    *out = sums;
}

static int grid_sums_one(void *ctx, uint32_t i, neighbor_sums_t *out)
{
    neighbors_grid_t *g = ctx;

    grid_query(g, g->id_slot[i], &g->boids[i], out);
    return NEIGHBORS_OK;
}

static int grid_moved(void *ctx, uint32_t i)
{
    neighbors_grid_t *g = ctx;
    uint32_t s = g->id_slot[i], cell = g->slot_cell[s];
    const boid_t *b = &g->boids[i];
    int64_t sx = grid_stray_from_cell(b->x, cell % g->cols, g->cols, g->cell_size);
    int64_t sy = grid_stray_from_cell(b->y, cell / g->cols, g->rows, g->cell_size);

    g->slot[s] = *b;
    if (sx > g->stray_x)
        g->stray_x = sx;
    if (sy > g->stray_y)
        g->stray_y = sy;
    return NEIGHBORS_OK;
}

/* Each unordered pair once, credited to both boids: a boid meets the boids
 * after it in its own cell and the next cell of its row (one run of slots),
 * and the three cells below (another run). Every pair in range lies in cells
 * at most one apart, so each is met exactly once. Sums are kept in slot
 * order, where the neighbours' sums are close in memory, and handed out so.
 * Valid only for the state of begin(): a moved boid sends us the slow way. */
static void grid_sums_symmetric(neighbors_grid_t *g, neighbor_sums_t *out)
{
    const neighbor_query_t q = g->q;
    uint32_t cx, cy, a;
    uint64_t checks = 0;

    for (a = 0; a < g->n; a++)
        out[a] = NEIGHBOR_SUMS_ZERO;
    for (cy = 0; cy < g->rows; cy++)
        for (cx = 0; cx < g->cols; cx++) {
            const uint32_t *row = &g->cell_start[cy * g->cols];
            uint32_t same_end = row[cx + 2 < g->cols ? cx + 2 : g->cols];
            uint32_t below_first = 0, below_end = 0;
            if (cy + 1 < g->rows) {
                below_first = row[g->cols + (cx > 0 ? cx - 1 : 0)];
                below_end = row[g->cols + (cx + 2 < g->cols ? cx + 2 : g->cols)];
            }
            for (a = row[cx]; a < row[cx + 1]; a++) {
                neighbor_sums_t mine;
                neighbor_hits_t hits;
                mine = NEIGHBOR_SUMS_ZERO;
                hits.n = 0;
                neighbor_hits_collect(&hits, &mine, out, &g->slot[a], g->slot, a + 1, same_end, a,
                                      &q);
                neighbor_hits_collect(&hits, &mine, out, &g->slot[a], g->slot, below_first,
                                      below_end, a, &q);
                neighbor_hits_credit(&hits, &mine, out, &g->slot[a], g->slot, &q);
                neighbor_sums_add(&out[a], &mine);
                checks += (same_end - a - 1) + (below_end - below_first);
            }
        }
    g->pair_checks += checks;
}

/* Sums in slot order: out[s] belongs to boid slot_id[s]. */
static int grid_sums_all(void *ctx, neighbor_sums_t *out, const uint32_t **order)
{
    neighbors_grid_t *g = ctx;
    uint32_t s;

    *order = g->slot_id;
    if (g->stray_x == 0 && g->stray_y == 0) {
        grid_sums_symmetric(g, out);
        return NEIGHBORS_OK;
    }
    for (s = 0; s < g->n; s++)
        grid_query(g, s, &g->slot[s], &out[s]);
    return NEIGHBORS_OK;
}

neighbor_engine_t neighbors_grid_engine(neighbors_grid_t *g)
{
    neighbor_engine_t e = {"grid", g, grid_begin, grid_sums_one, grid_moved, grid_sums_all, NULL};

    return e;
}
