/* The standalone driver (firmware/boids_accel_driver.h) on the Verilated
 * accelerator through sim/accel_sim.h: its batches, query runs, streamed
 * results and binned batches against the C golden model (brute force) on
 * random scenes, bit for bit, and each error code it returns. Linked with the
 * default model (no binning: the binned calls must refuse), again with a
 * binned one, one with the sorter, and one whose results are a ring of 32
 * entries (Makefile: DRIVER_TEST_VARIANTS). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "../firmware/accel_bins.h"
#include "../firmware/accel_regs.h"
#include "../firmware/boids_accel_driver.h"
#include "../firmware/neighbors_brute.h"
#include "accel_sim.h"

static boids_accel_t dev;
static unsigned bus_failures;

static uint32_t sim_read(void *io, uint32_t offset)
{
    uint32_t v = 0xffffffffu;

    (void)io;
    if (accel_sim_read(offset, &v) != 0)
        bus_failures++;
    return v;
}

static void sim_write(void *io, uint32_t offset, uint32_t value)
{
    (void)io;
    if (accel_sim_write(offset, value) != 0)
        bus_failures++;
}

static int sim_up(void **state)
{
    (void)state;
    bus_failures = 0;
    if (accel_sim_open() != 0)
        return -1;
    return boids_accel_init_io(&dev, sim_read, sim_write, NULL) == BOIDS_ACCEL_OK ? 0 : -1;
}

/* Each test from a reset block and a fresh driver, whatever the last left. */
static int fresh(void **state)
{
    (void)state;
    accel_sim_reset();
    return boids_accel_init_io(&dev, sim_read, sim_write, NULL) == BOIDS_ACCEL_OK ? 0 : -1;
}

static int sim_down(void **state)
{
    (void)state;
    accel_sim_close();
    return bus_failures == 0 ? 0 : -1; /* every access was acknowledged */
}

/* xorshift64*: scenes reproducible from a seed, without the host's scene code. */
static uint64_t rng_state;
static uint32_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}
static int32_t rnd_range(int32_t lo, int32_t hi) /* lo..hi inclusive */
{
    return lo + (int32_t)(rnd() % (uint32_t)(hi - lo + 1));
}

typedef struct {
    uint32_t n;
    boid_t boids[16384];
    boids_accel_boid_t hw[16384];
    neighbor_query_t q;
    neighbor_sums_t gold[16384];
} scene_t;

static scene_t sc;

/* n boids in a square world sized for about 12 boids in a box of twice the
 * visual range, from (ox, oy) px; velocities anywhere in +-64 px/frame;
 * ranges random in Q16.16 (their fraction bits too). */
static void make_scene(uint32_t n, int32_t ox, int32_t oy)
{
    int32_t visual = rnd_range(2 << 16, 255 << 16);
    int32_t protected_range = rnd_range(0, visual);
    double side_px = 2.0 * visual / 65536 * sqrt(n / 12.0 > 1 ? n / 12.0 : 1);
    int64_t side = (int64_t)((side_px < 8000 ? side_px : 8000) * 65536);
    uint32_t i;

    sc.n = n;
    for (i = 0; i < n; i++) {
        boid_t *b = &sc.boids[i];
        b->x = (q16_t)((int64_t)ox * 65536 + (int64_t)(rnd() % (uint32_t)side));
        b->y = (q16_t)((int64_t)oy * 65536 + (int64_t)(rnd() % (uint32_t)side));
        b->vx = rnd_range(-(64 << 16), 64 << 16);
        b->vy = rnd_range(-(64 << 16), 64 << 16);
        sc.hw[i].x = b->x;
        sc.hw[i].y = b->y;
        sc.hw[i].vx = b->vx;
        sc.hw[i].vy = b->vy;
    }
    if (n >= 2) /* a pair at exactly the visual range: outside, by the box test */
        sc.boids[1].x = sc.hw[1].x = sc.hw[0].x + visual, sc.boids[1].y = sc.hw[1].y = sc.hw[0].y;
    sc.q.visualrange = visual;
    sc.q.visual2 = (int64_t)visual * visual;
    sc.q.protected2 = (int64_t)protected_range * protected_range;
    sc.q.weighted = 0;
    sc.q.world_w = (q16_t)side;
    sc.q.world_h = sc.q.world_w;
    assert_int_equal(boids_accel_set_ranges(&dev, visual, protected_range), BOIDS_ACCEL_OK);
}

/* The golden model's sums, gold[i] for boid i. */
static void golden(void)
{
    neighbors_brute_t ctx;
    neighbor_engine_t e = neighbors_brute_engine(&ctx);
    const uint32_t *order = NULL;

    assert_int_equal(e.begin(e.ctx, sc.boids, sc.n, &sc.q), NEIGHBORS_OK);
    assert_int_equal(e.sums_all(e.ctx, sc.gold, &order), NEIGHBORS_OK);
    assert_null(order);
}

static int same(const boids_accel_sums_t *a, const neighbor_sums_t *g)
{
    return a->sep_x == g->sep_x && a->sep_y == g->sep_y && a->coh_x == g->coh_x &&
           a->coh_y == g->coh_y && a->ali_x == g->ali_x && a->ali_y == g->ali_y &&
           a->count == g->count;
}

static void assert_same(const boids_accel_sums_t *a, uint32_t boid)
{
    const neighbor_sums_t *g = &sc.gold[boid];

    if (!same(a, g))
        fail_msg("boid %u of %u: driver (%ld %ld %ld %ld %ld %ld %u) vs C (%ld %ld %ld %ld %ld %ld %u)",
                 boid, sc.n, (long)a->sep_x, (long)a->sep_y, (long)a->coh_x, (long)a->coh_y,
                 (long)a->ali_x, (long)a->ali_y, a->count, (long)g->sep_x, (long)g->sep_y,
                 (long)g->coh_x, (long)g->coh_y, (long)g->ali_x, (long)g->ali_y, g->count);
}

static boids_accel_sums_t got[16384];

static uint32_t scene_size(int k)
{
    if (k == 0)
        return 1;
    if (k == 1)
        return dev.n_max;
    return 2 + rnd() % (dev.n_max - 1);
}

static void batches_equal_the_c_model(void **state)
{
    uint32_t with_neighbours = 0;
    int k;

    (void)state;
    rng_state = 0x9e3779b97f4a7c15ull;
    for (k = 0; k < 8; k++) {
        uint32_t i, n = scene_size(k);
        make_scene(n, k == 3 ? -16380 : 0, k == 3 ? -16380 : 0); /* one at the world's corner */
        golden();
        assert_int_equal(boids_accel_batch(&dev, sc.hw, n, got), BOIDS_ACCEL_OK);
        for (i = 0; i < n; i++) {
            assert_same(&got[i], i);
            with_neighbours += got[i].count > 0 && got[i].sep_x != 0;
        }
        assert_true(dev.last_cycles > n / dev.lanes * n);
    }
    assert_true(with_neighbours > dev.n_max / 2); /* the scenes are not empty */
}

static void query_runs_equal_the_c_model(void **state)
{
    int k;

    (void)state;
    rng_state = 0x2545f4914f6cdd1dull;
    for (k = 0; k < 4; k++) {
        uint32_t j, n = scene_size(k);
        make_scene(n, 0, 0);
        golden();
        assert_int_equal(boids_accel_load(&dev, 0, sc.hw, n), BOIDS_ACCEL_OK);
        for (j = 0; j < 6; j++) {
            uint32_t i = j == 0 ? n - 1 : rnd() % n;
            assert_int_equal(boids_accel_start(&dev, BOIDS_ACCEL_QUERY, n, i, 0), BOIDS_ACCEL_OK);
            assert_int_equal(boids_accel_wait(&dev, boids_accel_polls_for(&dev, BOIDS_ACCEL_QUERY, n)),
                             BOIDS_ACCEL_OK);
            assert_int_equal(boids_accel_results_ready(&dev), 1);
            assert_int_equal(boids_accel_read_sums(&dev, i, &got[0]), BOIDS_ACCEL_OK);
            assert_same(&got[0], i);
        }
    }
}

/* Each entry read as soon as RESULTS_READY counts it, while later passes run. */
static void streamed_results_equal_the_c_model(void **state)
{
    uint32_t k = 0, ready = 0, polls = 0, early = 0;
    int rc;

    (void)state;
    rng_state = 0x5851f42d4c957f2dull;
    make_scene(dev.n_max, 0, 0);
    golden();
    assert_int_equal(boids_accel_load(&dev, 0, sc.hw, sc.n), BOIDS_ACCEL_OK);
    assert_int_equal(boids_accel_start(&dev, BOIDS_ACCEL_BATCH, sc.n, 0, 0), BOIDS_ACCEL_OK);
    while (k < sc.n) {
        uint32_t now = boids_accel_results_ready(&dev);
        assert_true(now >= ready && now <= sc.n);
        ready = now;
        for (; k < ready; k++) {
            assert_int_equal(boids_accel_read_sums(&dev, k, &got[k]), BOIDS_ACCEL_OK);
            assert_same(&got[k], k);
            early += dev.running && boids_accel_poll(&dev) == 1;
        }
        if (dev.running) /* a ring goes on only as entries are freed */
            assert_int_equal(boids_accel_free_results(&dev, k), BOIDS_ACCEL_OK);
        assert_true(++polls < 10u * sc.n * sc.n);
    }
    rc = dev.running ? boids_accel_wait(&dev, boids_accel_polls_for(&dev, BOIDS_ACCEL_BATCH, sc.n))
                     : BOIDS_ACCEL_OK;
    assert_int_equal(rc, BOIDS_ACCEL_OK);
    if (sc.n > 2 * dev.lanes)
        assert_true(early > 0); /* some entries were used before DONE */
}

/* The boids sorted by cell (the firmware's accel_bins.c), each pass's ranges
 * written with the driver: slot s's sums are boid slot_id[s]'s. */
static void binned_batches_equal_the_c_model(void **state)
{
    accel_bins_t bins;
    void *mem = malloc(accel_bins_bytes(dev.n_max));
    int k;

    (void)state;
    assert_non_null(mem);
    if (dev.bin_passes == 0) { /* a build without binning refuses, and says so */
        boids_accel_pass_t pass = {{0, 0, 0}, {1, 1, 1}};
        assert_int_equal(boids_accel_set_pass(&dev, 0, &pass), BOIDS_ACCEL_E_UNSUPPORTED);
        assert_int_equal(boids_accel_start(&dev, BOIDS_ACCEL_BINNED, 1, 0, 0), BOIDS_ACCEL_E_UNSUPPORTED);
        free(mem);
        return;
    }
    assert_int_equal(dev.bin_passes, (dev.n_max + dev.lanes - 1) / dev.lanes);
    rng_state = 0xda942042e4dd58b5ull;
    accel_bins_init(&bins, dev.n_max, dev.lanes, mem);
    for (k = 0; k < 6; k++) {
        uint32_t s, p, r, n = scene_size(k);
        make_scene(n, 0, 0);
        golden();
        assert_int_equal(accel_bins_sort(&bins, sc.boids, n, &sc.q), NEIGHBORS_OK);
        for (s = 0; s < n; s++)
            assert_int_equal(boids_accel_load(&dev, s, &sc.hw[bins.slot_id[s]], 1), BOIDS_ACCEL_OK);
        for (p = 0; p < accel_bins_passes(&bins); p++) {
            accel_pass_ranges_t pr = accel_bins_pass(&bins, p);
            boids_accel_pass_t pass;
            for (r = 0; r < BOIDS_ACCEL_PASS_RANGES; r++)
                pass.first[r] = pr.first[r], pass.end[r] = pr.end[r];
            assert_int_equal(boids_accel_set_pass(&dev, p, &pass), BOIDS_ACCEL_OK);
        }
        assert_int_equal(boids_accel_start(&dev, BOIDS_ACCEL_BINNED, n, 0, 0), BOIDS_ACCEL_OK);
        assert_int_equal(boids_accel_wait(&dev, boids_accel_polls_for(&dev, BOIDS_ACCEL_BINNED, n)),
                         BOIDS_ACCEL_OK);
        for (s = 0; s < n; s++) {
            assert_int_equal(boids_accel_read_sums(&dev, s, &got[s]), BOIDS_ACCEL_OK);
            assert_same(&got[s], bins.slot_id[s]);
        }
    }
    free(mem);
}

/* The sorter (SORTER builds): the driver's grid is accel_bins_shape's, the
 * block files the boids as accel_bins_sort does (each entry's ID), and the
 * sorted batch's sums, put at each boid's id, are the C model's. A build
 * without the sorter refuses each call. */
static void sorted_batches_equal_the_c_model(void **state)
{
    accel_bins_t bins;
    void *mem = malloc(accel_bins_bytes(dev.n_max));
    boids_accel_grid_t grid;
    uint32_t bin_cells = 0xffffffffu;
    int k;

    (void)state;
    assert_non_null(mem);
    assert_int_equal(accel_sim_read(ACCEL_BIN_CELLS, &bin_cells), 0);
    assert_int_equal(dev.bin_cells, bin_cells);
    if (dev.bin_cells == 0) {
        grid.cell_px = 40, grid.cols = grid.rows = 1;
        assert_int_equal(boids_accel_grid(&dev, 640, 480, &grid), BOIDS_ACCEL_E_UNSUPPORTED);
        assert_int_equal(boids_accel_sort(&dev, sc.hw, 1, &grid), BOIDS_ACCEL_E_UNSUPPORTED);
        assert_int_equal(boids_accel_start(&dev, BOIDS_ACCEL_SORTED, 1, 0, 0), BOIDS_ACCEL_E_UNSUPPORTED);
        free(mem);
        return;
    }
    rng_state = 0x5eed50f7ull;
    accel_bins_init(&bins, dev.n_max, dev.lanes, mem);
    accel_bins_limit_cells(&bins, dev.bin_cells);
    for (k = 0; k < 6; k++) {
        uint32_t s, side_px, cols, rows, recip, n = scene_size(k);
        make_scene(n, 0, 0);
        side_px = (uint32_t)(((int64_t)sc.q.world_w + 0xffff) >> 16);
        golden();
        assert_int_equal(boids_accel_grid(&dev, side_px, side_px, &grid), BOIDS_ACCEL_OK);
        accel_bins_shape(dev.bin_cells, &sc.q, &cols, &rows, &recip);
        assert_int_equal(grid.cols, cols);
        assert_int_equal(grid.rows, rows);
        assert_int_equal(0x7fffffffu / grid.cell_px + 1u, recip);
        assert_int_equal(accel_bins_sort(&bins, sc.boids, n, &sc.q), NEIGHBORS_OK);
        memset(got, 0, sizeof got);
        assert_int_equal(boids_accel_sorted_batch(&dev, sc.hw, n, &grid, got), BOIDS_ACCEL_OK);
        for (s = 0; s < n; s++) {
            uint32_t id;
            assert_int_equal(boids_accel_read_id(&dev, s, &id), BOIDS_ACCEL_OK);
            assert_int_equal(id, bins.slot_id[s]);
            assert_same(&got[s], s);
        }
    }
    /* refusals: the driver's (cells narrower than VISUAL, too many, a cell
     * too wide) and the block's (a sorted run of another count than placed) */
    assert_int_equal(boids_accel_set_ranges(&dev, 20 << 16, 8 << 16), BOIDS_ACCEL_OK);
    grid.cell_px = 19, grid.cols = grid.rows = 1;
    assert_int_equal(boids_accel_sort(&dev, sc.hw, 4, &grid), BOIDS_ACCEL_E_RANGE);
    grid.cell_px = 20, grid.cols = dev.bin_cells, grid.rows = 2;
    assert_int_equal(boids_accel_sort(&dev, sc.hw, 4, &grid), BOIDS_ACCEL_E_RANGE);
    grid.cell_px = 0x8000, grid.cols = grid.rows = 1;
    assert_int_equal(boids_accel_sort(&dev, sc.hw, 4, &grid), BOIDS_ACCEL_E_RANGE);
    grid.cell_px = 20, grid.cols = grid.rows = 1;
    assert_int_equal(boids_accel_sort(&dev, sc.hw, dev.n_max + 1, &grid), BOIDS_ACCEL_E_RANGE);
    assert_int_equal(boids_accel_sort(&dev, sc.hw, 4, &grid), BOIDS_ACCEL_OK);
    assert_int_equal(boids_accel_start(&dev, BOIDS_ACCEL_SORTED, 3, 0, 0), BOIDS_ACCEL_E_PARAM);
    assert_int_equal(boids_accel_start(&dev, BOIDS_ACCEL_SORTED, 4, 0, 0), BOIDS_ACCEL_OK);
    assert_int_equal(boids_accel_wait(&dev, boids_accel_polls_for(&dev, BOIDS_ACCEL_SORTED, 4)),
                     BOIDS_ACCEL_OK);
    /* the world's widest and a device of two cells: one cell, at most 2^15 - 1 px */
    assert_int_equal(boids_accel_grid(&dev, 0x7fff, 0x7fff, &grid), BOIDS_ACCEL_OK);
    assert_true(grid.cols * grid.rows <= dev.bin_cells && grid.cell_px <= 0x7fff);
    assert_int_equal(boids_accel_grid(&dev, 0x8000, 10, &grid), BOIDS_ACCEL_E_RANGE);
    free(mem);
}

/* The comparison can fail: one boid moved by a pixel in the block alone. */
static void a_wrong_boid_shows(void **state)
{
    boids_accel_boid_t moved;
    uint32_t i, differ = 0;

    (void)state;
    rng_state = 0x12345678ull;
    make_scene(dev.n_max < 200 ? dev.n_max : 200, 0, 0);
    golden();
    moved = sc.hw[5];
    sc.hw[5].x += 1 << 16;
    assert_int_equal(boids_accel_batch(&dev, sc.hw, sc.n, got), BOIDS_ACCEL_OK);
    sc.hw[5] = moved;
    for (i = 0; i < sc.n; i++)
        differ += !same(&got[i], &sc.gold[i]);
    assert_true(differ > 0);
}

static void run_batch_of(uint32_t n, int irq)
{
    assert_int_equal(boids_accel_start(&dev, BOIDS_ACCEL_BATCH, n, 0, irq), BOIDS_ACCEL_OK);
}

static void refusals_return_codes(void **state)
{
    boids_accel_boid_t b = {0, 0, 0, 0};
    boids_accel_t other;

    (void)state;
    rng_state = 7;
    make_scene(dev.n_max, 0, 0);
    assert_int_equal(boids_accel_load(&dev, 0, sc.hw, sc.n), BOIDS_ACCEL_OK);
    /* the driver's own checks: nothing reaches the bus */
    assert_int_equal(boids_accel_load(&dev, dev.n_max, &b, 1), BOIDS_ACCEL_E_RANGE);
    assert_int_equal(boids_accel_load(&dev, 1, sc.hw, dev.n_max), BOIDS_ACCEL_E_RANGE);
    assert_int_equal(boids_accel_start(&dev, BOIDS_ACCEL_BATCH, dev.n_max + 1, 0, 0), BOIDS_ACCEL_E_RANGE);
    assert_int_equal(boids_accel_start(&dev, BOIDS_ACCEL_QUERY, 4, 4, 0), BOIDS_ACCEL_E_RANGE);
    assert_int_equal(boids_accel_set_ranges(&dev, (255 << 16) + 1, 0), BOIDS_ACCEL_E_RANGE);
    assert_int_equal(boids_accel_set_ranges(&dev, 10 << 16, (10 << 16) + 1), BOIDS_ACCEL_E_RANGE);
    assert_int_equal(boids_accel_read_sums(&dev, dev.n_max, &got[0]), BOIDS_ACCEL_E_RANGE);
    assert_int_equal(boids_accel_poll(&dev), BOIDS_ACCEL_E_IDLE);
    /* the block's: PROTECTED2 above VISUAL2, written past the driver */
    sim_write(NULL, ACCEL_PROTECTED2_HI, 0x7fffffffu);
    assert_int_equal(boids_accel_start(&dev, BOIDS_ACCEL_BATCH, 8, 0, 0), BOIDS_ACCEL_E_PARAM);
    assert_false(dev.running);
    assert_int_equal(boids_accel_set_ranges(&dev, 20 << 16, 8 << 16), BOIDS_ACCEL_OK);
    /* while running: refused by the driver; an unmapped access reported by poll */
    run_batch_of(dev.result_slots, 0); /* one that needs no reader (a ring holds the rest) */
    assert_int_equal(boids_accel_load(&dev, 0, &b, 1), BOIDS_ACCEL_E_BUSY);
    assert_int_equal(boids_accel_set_ranges(&dev, 20 << 16, 8 << 16), BOIDS_ACCEL_E_BUSY);
    assert_int_equal(boids_accel_start(&dev, BOIDS_ACCEL_BATCH, 8, 0, 0), BOIDS_ACCEL_E_BUSY);
    assert_int_equal(boids_accel_wait(&dev, 1), BOIDS_ACCEL_E_TIMEOUT);
    (void)sim_read(NULL, 0xffffcu); /* past every window */
    assert_int_equal(boids_accel_poll(&dev), BOIDS_ACCEL_E_BUS);
    /* a second driver that does not know about the run: the block refuses */
    assert_int_equal(boids_accel_init_io(&other, sim_read, sim_write, NULL), BOIDS_ACCEL_OK);
    assert_int_equal(boids_accel_start(&other, BOIDS_ACCEL_BATCH, 8, 0, 0), BOIDS_ACCEL_E_BUSY);
    assert_int_equal(boids_accel_wait(&dev, boids_accel_polls_for(&dev, BOIDS_ACCEL_BATCH, dev.n_max)),
                     BOIDS_ACCEL_OK);
    assert_int_equal(boids_accel_poll(&dev), BOIDS_ACCEL_E_IDLE);
    assert_int_equal(boids_accel_free_results(&dev, 1), BOIDS_ACCEL_E_IDLE);
    /* reset under a run */
    run_batch_of(dev.result_slots, 0); /* one that needs no reader (a ring holds the rest) */
    accel_sim_reset();
    assert_int_equal(boids_accel_poll(&dev), BOIDS_ACCEL_E_IDLE);
    assert_string_equal(boids_accel_strerror(BOIDS_ACCEL_E_PARAM), "the accelerator refused the run's parameters");
}

/* RESULT_SLOTS: NMAX, or a ring. On a ring a batch of every boid holds with
 * the ring full until entries are freed, and boids_accel_batch (which frees
 * them as it reads) equals the C model. */
static void a_ring_holds_until_freed(void **state)
{
    uint32_t i, t, ready = 0, full = dev.result_slots / dev.lanes * dev.lanes;

    (void)state;
    if (dev.result_slots == dev.n_max) {
        assert_int_equal(sim_read(NULL, ACCEL_RESULT_SLOTS), dev.n_max);
        return;
    }
    assert_true(dev.result_slots < dev.n_max);
    rng_state = 0x7f4a7c159e3779b9ull;
    make_scene(dev.n_max, 0, 0);
    golden();
    assert_int_equal(boids_accel_load(&dev, 0, sc.hw, sc.n), BOIDS_ACCEL_OK);
    run_batch_of(sc.n, 0);
    assert_int_equal(boids_accel_wait(&dev, 40u * sc.n), BOIDS_ACCEL_E_TIMEOUT);
    assert_int_equal(boids_accel_results_ready(&dev), full); /* the ring full, not beyond */
    assert_int_equal(boids_accel_free_results(&dev, sc.n + 1), BOIDS_ACCEL_E_RANGE);
    for (i = 0; i < sc.n; i++) { /* read and free one at a time */
        for (t = 0; ready <= i; t++) {
            ready = boids_accel_results_ready(&dev);
            assert_true(t < 100000);
        }
        assert_int_equal(boids_accel_read_sums(&dev, i, &got[i]), BOIDS_ACCEL_OK);
        assert_same(&got[i], i);
        assert_int_equal(boids_accel_free_results(&dev, i + 1), BOIDS_ACCEL_OK);
    }
    assert_int_equal(boids_accel_wait(&dev, boids_accel_polls_for(&dev, BOIDS_ACCEL_BATCH, sc.n)),
                     BOIDS_ACCEL_OK);
    for (t = 0; t < 3; t++) { /* whole batches through the ring, the driver freeing */
        uint32_t n = t == 0 ? dev.n_max : dev.result_slots + 1 + rnd() % (dev.n_max - dev.result_slots);
        make_scene(n, 0, 0);
        golden();
        assert_int_equal(boids_accel_batch(&dev, sc.hw, n, got), BOIDS_ACCEL_OK);
        for (i = 0; i < n; i++)
            assert_same(&got[i], i);
    }
}

static void irq_rises_at_done_and_poll_drops_it(void **state)
{
    uint32_t t;
    int irq;

    (void)state;
    rng_state = 11;
    make_scene(64 < dev.result_slots ? 64 : dev.result_slots, 0, 0); /* a ring needs no reader */
    assert_int_equal(boids_accel_load(&dev, 0, sc.hw, sc.n), BOIDS_ACCEL_OK);
    for (irq = 0; irq <= 1; irq++) {
        run_batch_of(sc.n, irq);
        assert_int_equal(accel_sim_irq(), 0);
        for (t = 0; t < 100000 && !accel_sim_irq(); t++)
            accel_sim_tick(1);
        assert_int_equal(accel_sim_irq(), irq);
        assert_int_equal(boids_accel_poll(&dev), BOIDS_ACCEL_OK);
        assert_int_equal(accel_sim_irq(), 0);
    }
}

/* The pointer path: the same offsets, as volatile words of a window in RAM. */
static void mmio_path_uses_the_map(void **state)
{
    static uint32_t window[(1u << ACCEL_ADDRESS_BITS) / 4];
    boids_accel_t m;
    boids_accel_boid_t b = {1, -2, 3, -4};
    boids_accel_pass_t pass = {{0, 5, 9}, {5, 9, 12}};
    boids_accel_sums_t s;
    uint32_t at = (ACCEL_BOIDS_BASE + 3 * ACCEL_BOID_STRIDE) / 4, res = (ACCEL_RESULTS_BASE + 2 * 32) / 4;

    (void)state;
    assert_int_equal(boids_accel_init_mmio(&m, window), BOIDS_ACCEL_E_NO_DEVICE);
    window[ACCEL_ID / 4] = ACCEL_ID_VALUE;
    window[ACCEL_NMAX / 4] = 64;
    window[ACCEL_LANES / 4] = 3;
    window[ACCEL_BIN_PASSES / 4] = 22;
    assert_int_equal(boids_accel_init_mmio(&m, window), BOIDS_ACCEL_OK);
    assert_int_equal(m.n_max, 64);
    assert_int_equal(m.lanes, 3);
    assert_int_equal(window[ACCEL_STATUS / 4], 0x1eu);
    assert_int_equal(boids_accel_load(&m, 3, &b, 1), BOIDS_ACCEL_OK);
    assert_int_equal(window[at], 1);
    assert_int_equal(window[at + 1], 0xfffffffeu);
    assert_int_equal(window[at + 3], 0xfffffffcu);
    assert_int_equal(boids_accel_set_ranges(&m, 3 << 16, 1 << 16), BOIDS_ACCEL_OK);
    assert_int_equal(window[ACCEL_VISUAL2_HI / 4], 9);
    assert_int_equal(window[ACCEL_PROTECTED2_HI / 4], 1);
    assert_int_equal(boids_accel_set_pass(&m, 21, &pass), BOIDS_ACCEL_OK);
    assert_int_equal(window[(ACCEL_PASSES_BASE + 21 * 16) / 4 + 1], 9u << 16 | 5u);
    assert_int_equal(boids_accel_set_pass(&m, 22, &pass), BOIDS_ACCEL_E_RANGE);
    window[res + 0] = 0xffffff00u;
    window[res + 6] = 17;
    assert_int_equal(boids_accel_read_sums(&m, 2, &s), BOIDS_ACCEL_OK);
    assert_int_equal(s.sep_x, -256);
    assert_int_equal(s.count, 17);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(batches_equal_the_c_model, fresh),
        cmocka_unit_test_setup(query_runs_equal_the_c_model, fresh),
        cmocka_unit_test_setup(streamed_results_equal_the_c_model, fresh),
        cmocka_unit_test_setup(binned_batches_equal_the_c_model, fresh),
        cmocka_unit_test_setup(sorted_batches_equal_the_c_model, fresh),
        cmocka_unit_test_setup(a_wrong_boid_shows, fresh),
        cmocka_unit_test_setup(refusals_return_codes, fresh),
        cmocka_unit_test_setup(a_ring_holds_until_freed, fresh),
        cmocka_unit_test_setup(irq_rises_at_done_and_poll_drops_it, fresh),
        cmocka_unit_test_setup(mmio_path_uses_the_map, fresh),
    };

    return cmocka_run_group_tests_name(accel_sim_variant(), tests, sim_up, sim_down);
}
