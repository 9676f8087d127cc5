/* Flock statistics (metrics.h): polarization, mean speed, centre of mass and the
 * exact mean nearest-neighbour distance.
 *
 * Nearest neighbours use a uniform grid over the bounding box with about two
 * points a cell. Each point searches square rings of cells outward and stops
 * once every unvisited cell lies farther away than the best distance so far, so
 * the result equals a brute-force search. The cell count is capped at 4n + 16 so
 * memory stays O(n) whatever the spread of the coordinates. Time is O(n) for an
 * even density. A few points far from the rest stretch the box until the rest
 * share a handful of cells, costing O(n^2): still exact, only slow (the edge
 * rules keep a simulated flock near its world, so this does not arise there).
 */
#include <math.h>
#include <stdlib.h>

#include "metrics.h"

typedef struct {
    double min_x, min_y;
    double cell;      /* cell side, px */
    size_t nx, ny;    /* cells across and down */
    size_t *start;    /* points of cell c are [start[c], start[c + 1]) of xs/ys */
    double *xs, *ys;  /* positions sorted by cell */
    size_t *original; /* index in the caller's arrays of each sorted point */
} grid_t;

/* Slack, in cells, on the ring stopping bound: it absorbs rounding in the cell
 * coordinates so the search errs toward visiting one more ring, never fewer. */
static const double ring_bound_slack = 1e-6;

/* Polarization, mean speed and centre of mass. */
static void motion_metrics(const double *x, const double *y, const double *vx, const double *vy, size_t n,
                           flock_metrics_t *m)
{
    double sum_ux = 0, sum_uy = 0, sum_speed = 0, sum_x = 0, sum_y = 0;
    size_t moving = 0;

    for (size_t i = 0; i < n; i++) {
        double speed = sqrt(vx[i] * vx[i] + vy[i] * vy[i]);
        sum_speed += speed;
        sum_x += x[i];
        sum_y += y[i];
        if (speed > 0) { /* a boid at rest has no heading */
            sum_ux += vx[i] / speed;
            sum_uy += vy[i] / speed;
            moving++;
        }
    }
    if (moving > 0)
        m->polarization = sqrt(sum_ux * sum_ux + sum_uy * sum_uy) / (double)moving;
    m->mean_speed = sum_speed / (double)n;
    m->cx = sum_x / (double)n;
    m->cy = sum_y / (double)n;
}

/* Side of a square cell for about two points a cell over a w x h box, grown
 * until the grid has at most max_cells cells. */
static double choose_cell_size(double w, double h, size_t n, size_t max_cells)
{
    double target_cells = (double)n / 2.0 > 1 ? (double)n / 2.0 : 1;
    double cell;

    if (w > 0 && h > 0)
        cell = sqrt(w) * sqrt(h / target_cells); /* split so w * h cannot overflow */
    else
        cell = (w > h ? w : h) / target_cells; /* all on a horizontal or vertical line */
    if (!(cell > 0) || !isfinite(cell))
        return 1.0; /* all points coincide (or underflow): one cell holds them all */

    for (;;) {
        double cells = (floor(w / cell) + 1) * (floor(h / cell) + 1);
        if (cells <= (double)max_cells)
            return cell;
        double ratio = cells / (double)max_cells;
        cell *= isfinite(ratio) && ratio > 1.21 ? sqrt(ratio) : 1.1;
    }
}

/* Cell coordinate along one axis: floor(offset / cell), kept inside the grid. */
static size_t cell_index(double offset, double cell, size_t count)
{
    double u = floor(offset / cell);
    if (!(u > 0))
        return 0;
    if (u >= (double)(count - 1))
        return count - 1;
    return (size_t)u;
}

static void grid_free(grid_t *g)
{
    free(g->start);
    free(g->xs);
    free(g->ys);
    free(g->original);
}

/* Sorts the points, whose bounding box starts at (min_x, min_y) and is w x h,
 * into cells (counting sort). Returns 0, or -1 if out of memory. */
static int grid_build(grid_t *g, const double *x, const double *y, size_t n, double min_x, double min_y,
                      double w, double h)
{
    g->min_x = min_x;
    g->min_y = min_y;
    g->cell = choose_cell_size(w, h, n, 4 * n + 16);
    g->nx = (size_t)floor(w / g->cell) + 1;
    g->ny = (size_t)floor(h / g->cell) + 1;

    size_t cells = g->nx * g->ny;
    size_t *cell_of = malloc(n * sizeof *cell_of);
    g->start = calloc(cells + 1, sizeof *g->start);
    g->xs = malloc(n * sizeof *g->xs);
    g->ys = malloc(n * sizeof *g->ys);
    g->original = malloc(n * sizeof *g->original);
    if (cell_of == NULL || g->start == NULL || g->xs == NULL || g->ys == NULL || g->original == NULL) {
        free(cell_of);
        grid_free(g);
        return -1;
    }

    for (size_t i = 0; i < n; i++) {
        size_t cx = cell_index(x[i] - g->min_x, g->cell, g->nx);
        size_t cy = cell_index(y[i] - g->min_y, g->cell, g->ny);
        cell_of[i] = cy * g->nx + cx;
        g->start[cell_of[i] + 1]++;
    }
    for (size_t c = 0; c < cells; c++)
        g->start[c + 1] += g->start[c];
    /* Place each point at the next free slot of its cell, using start[c] as the
     * cursor; afterwards start[c] has moved to where cell c + 1 begins. */
    for (size_t i = 0; i < n; i++) {
        size_t slot = g->start[cell_of[i]]++;
        g->xs[slot] = x[i];
        g->ys[slot] = y[i];
        g->original[slot] = i;
    }
    /* Shift the cursors back so start[c] is again where cell c begins. */
    for (size_t c = cells; c > 0; c--)
        g->start[c] = g->start[c - 1];
    g->start[0] = 0;

    free(cell_of);
    return 0;
}

/* Smallest squared distance from sorted point k to the other points of cell (cx, cy). */
static double nearest_in_cell(const grid_t *g, size_t k, size_t cx, size_t cy, double best2)
{
    size_t c = cy * g->nx + cx;
    for (size_t j = g->start[c]; j < g->start[c + 1] && best2 > 0; j++) {
        if (j == k)
            continue;
        double dx = g->xs[k] - g->xs[j];
        double dy = g->ys[k] - g->ys[j];
        double d2 = dx * dx + dy * dy;
        if (d2 < best2)
            best2 = d2;
    }
    return best2;
}

/* Distance, in cells, from the point at cell coordinates (u, v) to the nearest
 * edge of the block of cells within ring r of (cx, cy) that has cells beyond it.
 * Infinite when the block covers the whole grid. */
static double distance_out_of_block(const grid_t *g, double u, double v, size_t cx, size_t cy, size_t r)
{
    double d = INFINITY;
    if (cx >= r + 1)
        d = fmin(d, u - (double)(cx - r));
    if (cx + r + 1 < g->nx)
        d = fmin(d, (double)(cx + r + 1) - u);
    if (cy >= r + 1)
        d = fmin(d, v - (double)(cy - r));
    if (cy + r + 1 < g->ny)
        d = fmin(d, (double)(cy + r + 1) - v);
    return d;
}

/* Squared distance from sorted point k to its nearest other point (n >= 2). */
static double nearest_squared(const grid_t *g, size_t k)
{
    double u = (g->xs[k] - g->min_x) / g->cell;
    double v = (g->ys[k] - g->min_y) / g->cell;
    size_t cx = cell_index(g->xs[k] - g->min_x, g->cell, g->nx);
    size_t cy = cell_index(g->ys[k] - g->min_y, g->cell, g->ny);
    double best2 = INFINITY;

    for (size_t r = 0;; r++) {
        /* Visit the cells at Chebyshev distance exactly r, clipped to the grid. */
        size_t y_lo = cy >= r ? cy - r : 0, y_hi = cy + r < g->ny ? cy + r : g->ny - 1;
        size_t x_lo = cx >= r ? cx - r : 0, x_hi = cx + r < g->nx ? cx + r : g->nx - 1;
        for (size_t gy = y_lo; gy <= y_hi; gy++) {
            int on_row_edge = gy + r == cy || gy == cy + r;
            for (size_t gx = x_lo; gx <= x_hi; gx++) {
                int on_ring = on_row_edge || gx + r == cx || gx == cx + r;
                if (on_ring)
                    best2 = nearest_in_cell(g, k, gx, gy, best2);
                else
                    gx = cx + r - 1; /* jump over the interior, already visited */
            }
        }

        double bound_cells = distance_out_of_block(g, u, v, cx, cy, r);
        if (bound_cells == INFINITY)
            return best2; /* every cell visited */
        double bound = (bound_cells - ring_bound_slack) * g->cell;
        if (bound > 0 && best2 <= bound * bound)
            return best2;
        if (best2 == 0)
            return 0;
    }
}

/* Mean distance to the nearest other point; 0 for n < 2. Returns -1 if out of memory. */
static int mean_nearest_neighbour(const double *x, const double *y, size_t n, double *mean_nn)
{
    *mean_nn = 0;
    if (n < 2)
        return 0;
    int all_finite = 1;
    double min_x = x[0], max_x = x[0], min_y = y[0], max_y = y[0];
    for (size_t i = 0; i < n; i++) {
        all_finite = all_finite && isfinite(x[i]) && isfinite(y[i]);
        min_x = fmin(min_x, x[i]);
        max_x = fmax(max_x, x[i]);
        min_y = fmin(min_y, y[i]);
        max_y = fmax(max_y, y[i]);
    }
    double w = max_x - min_x, h = max_y - min_y;
    /* Infinite or NaN coordinates, or a spread beyond the range of a double,
     * have no meaningful distances, and the grid could not place them. */
    if (!all_finite || !isfinite(w) || !isfinite(h)) {
        *mean_nn = NAN;
        return 0;
    }

    grid_t g;
    double *nearest = malloc(n * sizeof *nearest);
    if (nearest == NULL)
        return -1;
    if (grid_build(&g, x, y, n, min_x, min_y, w, h) != 0) {
        free(nearest);
        return -1;
    }
    for (size_t k = 0; k < n; k++)
        nearest[g.original[k]] = sqrt(nearest_squared(&g, k));
    grid_free(&g);

    /* Summed in the caller's order, so the result is bit for bit that of a
     * brute-force search (the grid's order would round differently). */
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += nearest[i];
    free(nearest);
    *mean_nn = sum / (double)n;
    return 0;
}

int metrics_compute(const double *x, const double *y, const double *vx, const double *vy, size_t n,
                    flock_metrics_t *m)
{
    m->polarization = 0;
    m->mean_nn = 0;
    m->mean_speed = 0;
    m->cx = 0;
    m->cy = 0;
    if (n == 0)
        return 0;
    motion_metrics(x, y, vx, vy, n, m);
    return mean_nearest_neighbour(x, y, n, &m->mean_nn);
}
