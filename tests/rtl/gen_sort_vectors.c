/* Test vectors for tests/rtl/tb_accel_sorter.v: scenes for the accelerator's
 * sorter, with what the firmware's own binning (firmware/accel_bins.c, with the
 * sorter's cell budget) makes of them, and the brute-force sums (the C golden
 * model) that a sorted batch must give, bit for bit.
 *
 * Usage: gen_sort_vectors N_MAX LANES CELLS OUT.txt
 * Scenes of at most N_MAX boids: uniform and clustered flocks, all boids in one
 * cell, boids exactly on cell borders and a hair inside them, the world's
 * corners and past its edges, one row, one column, a grid the cell budget
 * makes coarser, N = 1 and N = N_MAX.
 *
 * File format (whitespace separated, read with $fscanf):
 *   <scenes>
 *   then per scene:
 *   scene <name> <N> <GRID hex> <CELL_RECIP hex> <VISUAL hex> <VISUAL2 hex> <PROTECTED2 hex> <passes>
 *   N lines: x y vx vy of boid i (hex, Q16.16 words), in id order
 *   N lines: the boid in slot s (decimal)
 *   <passes> lines: first0 end0 first1 end1 first2 end2 of pass p (decimal)
 *   N lines: the 7 result words of the boid in slot s (hex)
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "accel_bins.h"
#include "neighbors_brute.h"
#include "params.h"
#include "scene.h"

static uint64_t rng = 0x50e7ed5eedu;
static uint32_t n_max, lanes, cells;

static q16_t px(double v) { return (q16_t)lround(v * Q16_ONE); }
static q16_t rnd_q16(double lo, double hi) { return px(lo + (hi - lo) * rng_unit(&rng)); }

static void die(const char *what)
{
    fprintf(stderr, "gen_sort_vectors: %s\n", what);
    exit(1);
}

/* Writes one scene: boids b[0..n) in a world_w x world_h px world. */
static void write_scene(FILE *out, const char *name, const boid_t *b, uint32_t n, double world_w,
                        double world_h, double visual_px)
{
    param_set_t ps;
    flock_params_t fp;
    neighbor_query_t q;
    neighbors_brute_t ctx;
    neighbor_engine_t e = neighbors_brute_engine(&ctx);
    neighbor_sums_t *all = calloc(n, sizeof *all);
    void *mem = malloc(accel_bins_bytes(n_max));
    accel_bins_t bins;
    const uint32_t *order;
    uint32_t i, s, p, r;

    if (all == NULL || mem == NULL)
        die("out of memory");
    params_defaults(&ps);
    ps.world_w = world_w;
    ps.world_h = world_h;
    ps.visualrange = visual_px;
    ps.protectedrange = visual_px / 5.0;
    params_to_fixed(&ps, &fp);
    q = neighbor_query_make(&fp);
    if (e.begin(e.ctx, b, n, &q) != 0 || e.sums_all(e.ctx, all, &order) != 0 || order != NULL)
        die("the brute-force model failed");
    accel_bins_init(&bins, n_max, lanes, mem);
    accel_bins_limit_cells(&bins, cells); /* the sorter's budget, BIN_CELLS */
    if (accel_bins_sort(&bins, b, n, &q) != NEIGHBORS_OK)
        die("accel_bins_sort failed");
    fprintf(out,
            "scene %s %" PRIu32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %016" PRIx64 " %016" PRIx64
            " %" PRIu32 "\n",
            name, n, bins.cols | bins.rows << 16, bins.cell_recip, (uint32_t)q.visualrange,
            (uint64_t)q.visual2, (uint64_t)q.protected2, accel_bins_passes(&bins));
    for (i = 0; i < n; i++)
        fprintf(out, "%08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32 "\n", (uint32_t)b[i].x,
                (uint32_t)b[i].y, (uint32_t)b[i].vx, (uint32_t)b[i].vy);
    for (s = 0; s < n; s++)
        fprintf(out, "%" PRIu32 "\n", bins.slot_id[s]);
    for (p = 0; p < accel_bins_passes(&bins); p++) {
        accel_pass_ranges_t pr = accel_bins_pass(&bins, p);
        for (r = 0; r < ACCEL_BINS_RANGES; r++)
            fprintf(out, "%" PRIu32 " %" PRIu32 "%s", pr.first[r], pr.end[r],
                    r + 1 < ACCEL_BINS_RANGES ? " " : "\n");
    }
    for (s = 0; s < n; s++) {
        const neighbor_sums_t *o = &all[bins.slot_id[s]];
        fprintf(out, "%08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32
                     " %08" PRIx32 "\n", (uint32_t)o->sep_x, (uint32_t)o->sep_y, (uint32_t)o->coh_x,
                (uint32_t)o->coh_y, (uint32_t)o->ali_x, (uint32_t)o->ali_y, o->count);
    }
    printf("%-20s N %5" PRIu32 ": grid %" PRIu32 " x %" PRIu32 ", %" PRIu32 " passes\n", name, n, bins.cols,
           bins.rows, accel_bins_passes(&bins));
    free(mem);
    free(all);
}

static void random_velocity(boid_t *b)
{
    b->vx = rnd_q16(-4.0, 4.0);
    b->vy = rnd_q16(-4.0, 4.0);
}

int main(int argc, char **argv)
{
    FILE *out;
    boid_t *b;
    uint32_t i, n, scenes = 0, pass;
    const double vis = 40.0; /* whole px: cells of exactly 40 */

    if (argc != 5 || (n_max = (uint32_t)strtoul(argv[1], NULL, 10)) < 2 ||
        (lanes = (uint32_t)strtoul(argv[2], NULL, 10)) < 1 ||
        (cells = (uint32_t)strtoul(argv[3], NULL, 10)) < 2) {
        fprintf(stderr, "usage: gen_sort_vectors N_MAX LANES CELLS OUT.txt (N_MAX, CELLS >= 2, LANES >= 1)\n");
        return 2;
    }
    b = calloc(n_max, sizeof *b);
    if (b == NULL || (out = fopen(argv[4], "w")) == NULL)
        die("cannot write the output");
    /* Twice: first to count the scenes, then to write them. */
    for (pass = 0; pass < 2; pass++) {
        FILE *w = pass ? out : NULL;
        uint32_t k = 0;
#define SCENE(name, nn, ww, hh, vv)                                                                   \
    do {                                                                                              \
        if (w)                                                                                        \
            write_scene(w, name, b, nn, ww, hh, vv);                                                  \
        k++;                                                                                          \
    } while (0)
        if (pass)
            fprintf(out, "%" PRIu32 "\n", scenes);
        rng = 0x50e7ed5eedu;
        /* uniform over 640 x 480 */
        n = n_max < 200 ? n_max : 200;
        for (i = 0; i < n; i++) {
            b[i].x = rnd_q16(0, 640);
            b[i].y = rnd_q16(0, 480);
            random_velocity(&b[i]);
        }
        SCENE("uniform", n, 640, 480, vis);
        /* clustered: three clumps of 20 px */
        for (i = 0; i < n; i++) {
            static const double cx[3] = {100, 330, 600}, cy[3] = {50, 240, 470};
            b[i].x = rnd_q16(cx[i % 3] - 10, cx[i % 3] + 10);
            b[i].y = rnd_q16(cy[i % 3] - 10, cy[i % 3] + 10);
            random_velocity(&b[i]);
        }
        SCENE("clustered", n, 640, 480, vis);
        /* all in one cell (ids' order must hold within it) */
        for (i = 0; i < n; i++) {
            b[i].x = rnd_q16(200.5, 239.5);
            b[i].y = rnd_q16(120.5, 159.5);
            random_velocity(&b[i]);
        }
        SCENE("one-cell", n, 640, 480, vis);
        /* on cell borders and a hair inside them */
        for (i = 0; i < n; i++) {
            int32_t cx = (int32_t)(rng_unit(&rng) * 17), cy = (int32_t)(rng_unit(&rng) * 13);
            int32_t dx = (int32_t)(i % 3) - 1, dy = (int32_t)((i / 3) % 3) - 1; /* -1, 0, +1 LSB */
            b[i].x = px(40.0 * cx) + dx;
            b[i].y = px(40.0 * cy) + dy;
            random_velocity(&b[i]);
        }
        SCENE("borders", n, 640, 480, vis);
        /* the corners, and past the edges by up to 200 px and far */
        for (i = 0; i < n; i++) {
            static const double cxs[] = {0, 640, -0.00001, 640.00001, -200, 840, -30000, 30000};
            b[i].x = px(cxs[i % 8]) + rnd_q16(-1, 1);
            b[i].y = px(cxs[(i / 8) % 8] * 0.75) + rnd_q16(-1, 1);
            random_velocity(&b[i]);
        }
        SCENE("corners", n, 640, 480, vis);
        /* one row of cells, one column */
        for (i = 0; i < n; i++) {
            b[i].x = rnd_q16(-5, 645);
            b[i].y = rnd_q16(0, 30);
            random_velocity(&b[i]);
        }
        SCENE("one-row", n, 640, 30, vis);
        for (i = 0; i < n; i++) {
            b[i].x = rnd_q16(0, 30);
            b[i].y = rnd_q16(-5, 485);
            random_velocity(&b[i]);
        }
        SCENE("one-column", n, 30, 480, vis);
        /* a small visual range: more cells than the budget, so larger ones */
        for (i = 0; i < n; i++) {
            b[i].x = rnd_q16(0, 640);
            b[i].y = rnd_q16(0, 480);
            random_velocity(&b[i]);
        }
        SCENE("coarse-grid", n, 640, 480, 3.0);
        /* N = 1 and N = N_MAX at the density of 1,024 on 640 x 480 */
        b[0].x = px(320);
        b[0].y = px(240);
        random_velocity(&b[0]);
        SCENE("single", 1, 640, 480, vis);
        {
            double scale = sqrt(n_max / 1024.0), ww = 640 * scale, hh = 480 * scale;
            for (i = 0; i < n_max; i++) {
                b[i].x = rnd_q16(0, ww);
                b[i].y = rnd_q16(0, hh);
                random_velocity(&b[i]);
            }
            SCENE("full", n_max, ww < 80 ? 80 : ww, hh < 80 ? 80 : hh, vis);
        }
#undef SCENE
        scenes = k;
    }
    if (fclose(out) != 0)
        die("cannot write the output");
    free(b);
    return 0;
}
