/* Brute force, the host's grid and the small CPU's grid must give the same
 * sums, bit for bit: per query, for a whole frame, and over many frames in
 * both update orders, on random and adversarial scenes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "test_support.h"
#include "../firmware/accel_bins.h"
#include "../firmware/accel_regs.h"
#include "../firmware/neighbor_pair.h"
#include "../firmware/neighbors_grid_small.h"

typedef struct {
    neighbors_brute_t brute;
    neighbors_grid_t grid;
    neighbors_grid_small_t small;
    void *grid_mem, *small_mem;
    neighbor_engine_t b, g, s;
} engines_t;

/* The small grid's cells for the query, or cells if that is not 0. */
static void engines_open_cells(engines_t *e, uint32_t n_max, const neighbor_query_t *q,
                               uint32_t cells)
{
    if (cells == 0)
        cells = neighbors_grid_small_cells(n_max, q);
    e->b = neighbors_brute_engine(&e->brute);
    e->grid_mem = malloc(neighbors_grid_bytes(n_max));
    e->small_mem = malloc(neighbors_grid_small_bytes(n_max, cells));
    assert_non_null(e->grid_mem);
    assert_non_null(e->small_mem);
    neighbors_grid_init(&e->grid, n_max, e->grid_mem);
    e->g = neighbors_grid_engine(&e->grid);
    neighbors_grid_small_init(&e->small, n_max, cells, e->small_mem);
    e->s = neighbors_grid_small_engine(&e->small);
}

static void engines_open(engines_t *e, uint32_t n_max, const neighbor_query_t *q)
{
    engines_open_cells(e, n_max, q, 0);
}

static void engines_close(engines_t *e)
{
    free(e->grid_mem);
    free(e->small_mem);
}

static void assert_sums_equal(const neighbor_sums_t *a, const neighbor_sums_t *b)
{
    assert_int_equal(a->count, b->count);
    assert_int_equal(a->sep_x, b->sep_x);
    assert_int_equal(a->sep_y, b->sep_y);
    assert_int_equal(a->coh_x, b->coh_x);
    assert_int_equal(a->coh_y, b->coh_y);
    assert_int_equal(a->ali_x, b->ali_x);
    assert_int_equal(a->ali_y, b->ali_y);
    assert_int_equal(a->close_count, b->close_count);
    assert_int_equal(a->close_vx, b->close_vx);
    assert_int_equal(a->close_vy, b->close_vy);
    assert_int_equal(a->unit_x, b->unit_x);
    assert_int_equal(a->unit_y, b->unit_y);
}

/* The accelerator's binned batch in C: pass p's queries are sorted slots p L
 * to p L + L - 1, and each meets the slots of the pass's ranges, never
 * itself. Puts the sums by slot into out; returns the candidates streamed
 * (pairs a pass examines: its ranges' length times its queries). drop > 0
 * takes that many slots off the end of each pass's middle range (a wrong
 * table, for the negative control). */
static uint64_t binned_model_sums(const accel_bins_t *b, const boid_t *slot_boids,
                                  const neighbor_query_t *q, uint32_t drop, neighbor_sums_t *out)
{
    uint64_t streamed = 0;
    uint32_t p, s, r;

    for (p = 0; p < accel_bins_passes(b); p++) {
        accel_pass_ranges_t pr = accel_bins_pass(b, p);
        uint32_t first_q = p * b->lanes, stop_q = first_q + b->lanes, len = 0;
        if (stop_q > b->n)
            stop_q = b->n;
        for (r = 0; r < ACCEL_BINS_RANGES; r++) { /* ascending, disjoint, inside the flock */
            assert_true(pr.first[r] <= pr.end[r] && pr.end[r] <= b->n);
            if (r > 0 && pr.end[r] > pr.first[r])
                assert_true(pr.first[r] > pr.end[r - 1] || pr.end[r - 1] == pr.first[r]);
            len += pr.end[r] - pr.first[r];
        }
        if (drop > 0 && pr.end[1] - pr.first[1] >= drop)
            pr.end[1] -= drop;
        streamed += (uint64_t)len * (stop_q - first_q);
        for (s = first_q; s < stop_q; s++) {
            neighbor_hits_t hits;
            out[s] = NEIGHBOR_SUMS_ZERO;
            hits.n = 0;
            for (r = 0; r < ACCEL_BINS_RANGES; r++)
                neighbor_hits_collect(&hits, &out[s], NULL, &slot_boids[s], slot_boids,
                                      pr.first[r], pr.end[r], s, q);
            neighbor_hits_credit(&hits, &out[s], NULL, &slot_boids[s], slot_boids, q);
        }
    }
    return streamed;
}

/* The binned batch's sums equal brute force's for boid slot_id[s], at LANES
 * 1, 3 and 8. Returns the candidates streamed at LANES 8. */
static uint64_t binned_model_matches(neighbor_engine_t *brute, const boid_t *boids, uint32_t n,
                                     const neighbor_query_t *q)
{
    static const uint32_t lanes[] = {1, 3, 8};
    neighbor_sums_t *out = calloc(n ? n : 1, sizeof *out);
    boid_t *slot_boids = calloc(n ? n : 1, sizeof *slot_boids);
    void *mem = malloc(accel_bins_bytes(n));
    uint64_t streamed = 0;
    accel_bins_t b;
    size_t k;
    uint32_t s;

    assert_non_null(out);
    assert_non_null(slot_boids);
    assert_non_null(mem);
    for (k = 0; k < sizeof lanes / sizeof lanes[0]; k++) {
        accel_bins_init(&b, n, lanes[k], mem);
        assert_int_equal(accel_bins_sort(&b, boids, n, q), 0);
        for (s = 0; s < n; s++) {
            assert_int_equal(b.id_slot[b.slot_id[s]], s);
            slot_boids[s] = boids[b.slot_id[s]];
        }
        streamed = binned_model_sums(&b, slot_boids, q, 0, out);
        for (s = 0; s < n; s++) {
            neighbor_sums_t one;
            assert_int_equal(brute->sums_one(brute->ctx, b.slot_id[s], &one), 0);
            assert_sums_equal(&one, &out[s]);
        }
    }
    free(mem);
    free(slot_boids);
    free(out);
    return streamed;
}

/* Every query and the batch, every engine, one state. Returns how many boids
 * had any neighbor, so callers can check their scene is not trivially empty.
 * cells: the small grid's (0: as many as the query wants). */
static uint32_t compare_engines_cells(const boid_t *boids, uint32_t n, const param_set_t *ps,
                                      uint32_t cells)
{
    enum { ENGINES = 3 };
    flock_params_t p = fixed_of(ps);
    neighbor_query_t q = neighbor_query_make(&p);
    neighbor_sums_t *all = calloc(n, sizeof *all), *by_id[ENGINES];
    const uint32_t *order;
    neighbor_engine_t *engine[ENGINES];
    engines_t e;
    uint32_t i, k, busy = 0;

    assert_non_null(all);
    engines_open_cells(&e, n, &q, cells);
    engine[0] = &e.b;
    engine[1] = &e.g;
    engine[2] = &e.s;
    for (k = 0; k < ENGINES; k++) {
        by_id[k] = calloc(n, sizeof *by_id[k]);
        assert_non_null(by_id[k]);
        assert_int_equal(engine[k]->begin(engine[k]->ctx, boids, n, &q), 0);
        assert_int_equal(engine[k]->sums_all(engine[k]->ctx, all, &order), 0);
        for (i = 0; i < n; i++) { /* every id exactly once in each engine's order */
            uint32_t id = order ? order[i] : i;
            assert_true(id < n);
            by_id[k][id] = all[i];
            by_id[k][id].count += 1u << 31; /* marks the id as seen */
        }
        for (i = 0; i < n; i++) {
            assert_true(by_id[k][i].count >= 1u << 31);
            by_id[k][i].count -= 1u << 31;
        }
    }
    for (i = 0; i < n; i++) {
        neighbor_sums_t one_b, one;
        assert_int_equal(e.b.sums_one(e.b.ctx, i, &one_b), 0);
        for (k = 0; k < ENGINES; k++) {
            assert_int_equal(engine[k]->sums_one(engine[k]->ctx, i, &one), 0);
            assert_sums_equal(&one_b, &one);
            assert_sums_equal(&one_b, &by_id[k][i]);
        }
        busy += one_b.count + one_b.close_count > 0 || one_b.sep_x || one_b.sep_y;
    }
    binned_model_matches(&e.b, boids, n, &q);
    engines_close(&e);
    free(all);
    for (k = 0; k < ENGINES; k++)
        free(by_id[k]);
    return busy;
}

static uint32_t compare_engines(const boid_t *boids, uint32_t n, const param_set_t *ps)
{
    return compare_engines_cells(boids, n, ps, 0);
}

static boid_t *boids_of(const state_table_t *t)
{
    boid_t *b = calloc(t->n, sizeof *b);
    size_t i;

    assert_non_null(b);
    for (i = 0; i < t->n; i++)
        b[i] = boid_px(t->row[i].x, t->row[i].y, t->row[i].vx, t->row[i].vy);
    return b;
}

static void random_scenes_match(void **state)
{
    static const uint32_t sizes[] = {1, 2, 50, 300, 1500};
    param_set_t ps;
    size_t k;
    uint64_t seed;

    (void)state;
    params_defaults(&ps);
    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (seed = 1; seed <= 3; seed++) {
            state_table_t t = random_scene(sizes[k], 0, 0, 0, 640, 480, seed);
            boid_t *b = boids_of(&t);
            ps.rules = seed == 2 ? RULES_WEIGHTED : RULES_CORNELL;
            compare_engines(b, sizes[k], &ps);
            free(b);
            state_table_free(&t);
        }
}

static void coincident_and_single_cell_scenes_match(void **state)
{
    enum { N = 200 };
    boid_t b[N];
    param_set_t ps;
    uint32_t i;
    uint64_t rng = 5;

    (void)state;
    params_defaults(&ps);
    ps.rules = RULES_WEIGHTED; /* exercises the zero-distance unit vector too */
    for (i = 0; i < N; i++)
        b[i] = boid_px(123.5, 77.25, (double)i / 64, -1);
    assert_int_equal(compare_engines(b, N, &ps), N);
    for (i = 0; i < N; i++) /* all inside one 40 px cell */
        b[i] = boid_px(400 + 39 * rng_unit(&rng), 400 + 39 * rng_unit(&rng), 1, 2);
    assert_int_equal(compare_engines(b, N, &ps), N);
}

static void edges_corners_and_outside_match(void **state)
{
    enum { N = 400 };
    boid_t b[N];
    param_set_t ps;
    uint32_t i;
    uint64_t rng = 9;
    static const double corners[][2] = {{0, 0}, {640, 0}, {0, 480}, {640, 480}};

    (void)state;
    params_defaults(&ps);
    for (i = 0; i < N; i++) {
        const double *c = corners[i % 4];
        double jitter_x = 60 * rng_unit(&rng) - 30, jitter_y = 60 * rng_unit(&rng) - 30;
        if (i % 5 == 0) /* on an edge line exactly */
            jitter_x = 0;
        b[i] = boid_px(c[0] + jitter_x, c[1] + jitter_y, 0, 0);
    }
    b[0] = boid_px(-5000, -3000, 0, 0); /* far outside, clamped into corner cells */
    b[1] = boid_px(-5000, -3010, 0, 0);
    b[2] = boid_px(16000, 16383, 0, 0);
    assert_true(compare_engines(b, N, &ps) > N / 2);
}

static void exact_range_boundaries_match(void **state)
{
    /* A lattice at exactly the protected and visual ranges, plus 3-4-5
     * triangles scaled to 40 px (dx 24, dy 32): every tie of both tests. */
    enum { SIDE = 12 };
    boid_t b[SIDE * SIDE * 2];
    param_set_t ps;
    uint32_t i, j, n = 0;

    (void)state;
    params_defaults(&ps);
    for (i = 0; i < SIDE; i++)
        for (j = 0; j < SIDE; j++) {
            b[n++] = boid_px(40.0 * i, 8.0 * j, 1, 0);
            b[n++] = boid_px(40.0 * i + 24, 8.0 * j + 32, 0, 1);
        }
    assert_int_equal(compare_engines(b, n, &ps), n);
}

/* floor(sqrt(v)) */
static int64_t isqrt64(int64_t v)
{
    int64_t r = (int64_t)sqrt((double)v);

    while (r * r > v)
        r--;
    while ((r + 1) * (r + 1) <= v)
        r++;
    return r;
}

static void pairs_within_a_hair_of_the_ranges_match(void **state)
{
    /* Pairs whose squared distance lies within a few 2^20 (Q32) of a range's
     * square, at every sub-pixel phase, and pairs a step inside the box: the
     * ties and near-ties of the ring tests, where an engine's shortcuts on
     * the offsets or their squares could go wrong. */
    enum { PAIRS = 600 };
    static boid_t b[2 * PAIRS];
    param_set_t ps;
    uint64_t rng = 17;
    uint32_t i;

    (void)state;
    params_defaults(&ps);
    for (i = 0; i < PAIRS; i++) {
        int64_t r = (int64_t)((i % 2 ? ps.visualrange : ps.protectedrange) * Q16_ONE);
        int64_t dx = r * 3 / 5 + (int64_t)i * 977 % (r / 5); /* 0.6 r to 0.8 r */
        int64_t dy = isqrt64(r * r - dx * dx) + (i / 2) % 3 - 1;
        if (i % 10 < 2) { /* along an axis, a step or two inside the box */
            dx = r - 1 - (i / 10) % 2;
            dy = (i / 20) % 3;
        }
        double x = 40 + 560 * rng_unit(&rng), y = 40 + 400 * rng_unit(&rng);
        b[2 * i] = boid_px(x, y, 1, 0);
        b[2 * i + 1] = b[2 * i];
        b[2 * i + 1].x += (int32_t)(i % 4 < 2 ? dx : -dx);
        b[2 * i + 1].y += (int32_t)(i % 8 < 4 ? dy : -dy);
    }
    assert_true(compare_engines(b, 2 * PAIRS, &ps) > PAIRS);
}

static void tiny_range_in_huge_world_grows_cells(void **state)
{
    enum { N = 64 };
    boid_t b[N];
    param_set_t ps;
    uint32_t i;
    uint64_t rng = 11;

    (void)state;
    params_defaults(&ps);
    ps.world_w = ps.world_h = WORLD_MAX_PX;
    ps.visualrange = 0.5;
    ps.protectedrange = 0.25;
    for (i = 0; i < N; i++)
        b[i] = boid_px(WORLD_MAX_PX * rng_unit(&rng), 3 + rng_unit(&rng) / 4, 0, 0);
    b[1] = b[0];
    b[1].x += Q16_ONE / 3;
    compare_engines(b, N, &ps);
}

static void small_grid_with_few_cells_matches(void **state)
{
    /* fewer cells than the world wants: the cells grow past the visual range */
    static const uint32_t cells[] = {1, 2, 7, 40};
    param_set_t ps;
    state_table_t t = random_scene(500, 0, 0, 0, 640, 480, 21);
    boid_t *b = boids_of(&t);
    size_t k;

    (void)state;
    params_defaults(&ps);
    for (k = 0; k < sizeof cells / sizeof cells[0]; k++)
        assert_true(compare_engines_cells(b, 500, &ps, cells[k]) > 400);
    free(b);
    state_table_free(&t);
}

/* Short of memory, the small grid takes the most cells that fit, and its
 * cells grow finely enough to use most of them: the iCEBreaker's 64 KiB holds
 * the grid for 512 boids with a few cells fewer than the 768 it wants, and a
 * coarse growth (a quarter at a time) would have left it 475. */
static void short_memory_keeps_most_of_the_cells(void **state)
{
    static const uint32_t budgets[] = {64, 100, 333, 575, 700, 767};
    param_set_t ps;
    flock_params_t p;
    neighbor_query_t q;
    boid_t b[2] = {{0, 0, 0, 0}, {Q16_ONE, Q16_ONE, 0, 0}};
    size_t k;

    (void)state;
    params_defaults(&ps);
    p = fixed_of(&ps);
    q = neighbor_query_make(&p);
    assert_int_equal(neighbors_grid_small_cells(512, &q), 768); /* 640x480, 20 px cells */
    for (k = 0; k < sizeof budgets / sizeof budgets[0]; k++) {
        size_t bytes = neighbors_grid_small_bytes(512, budgets[k]);
        neighbors_grid_small_t g;
        void *mem = malloc(bytes);
        neighbor_engine_t e;

        assert_int_equal(neighbors_grid_small_cells_in(512, bytes), budgets[k]);
        assert_int_equal(neighbors_grid_small_cells_in(512, bytes + 1), budgets[k]);
        assert_int_equal(neighbors_grid_small_cells_in(512, bytes - 1), budgets[k] - 1);
        assert_non_null(mem);
        neighbors_grid_small_init(&g, 512, budgets[k], mem);
        e = neighbors_grid_small_engine(&g);
        assert_int_equal(e.begin(e.ctx, b, 2, &q), NEIGHBORS_OK);
        assert_true(g.cols * g.rows <= budgets[k]);
        assert_true(4 * g.cols * g.rows >= 3 * budgets[k]);
        free(mem);
    }
    assert_int_equal(neighbors_grid_small_cells_in(512, neighbors_grid_small_bytes(512, 0)), 0);
    assert_int_equal(neighbors_grid_small_cells_in(512, 0), 0);
    assert_int_equal(neighbors_grid_small_cells_in(4, SIZE_MAX), GRID_SMALL_MAX);
}

static void grids_refuse_more_boids_than_their_memory(void **state)
{
    engines_t e;
    boid_t b[5] = {{0, 0, 0, 0}};
    param_set_t ps;
    flock_params_t p;
    neighbor_query_t q;

    (void)state;
    params_defaults(&ps);
    p = fixed_of(&ps);
    q = neighbor_query_make(&p);
    engines_open(&e, 4, &q);
    assert_int_equal(e.g.begin(e.g.ctx, b, 5, &q), NEIGHBORS_E_CAPACITY);
    assert_int_equal(e.g.begin(e.g.ctx, b, 4, &q), 0);
    assert_int_equal(e.s.begin(e.s.ctx, b, 5, &q), NEIGHBORS_E_CAPACITY);
    assert_int_equal(e.s.begin(e.s.ctx, b, 4, &q), 0);
    engines_close(&e);
}

/* Runs frames with each engine from the same start; states must stay equal. */
static void run_all(const state_table_t *t, const param_set_t *ps, unsigned frames)
{
    enum { ENGINES = 3 };
    flock_params_t p = fixed_of(ps);
    neighbor_query_t q = neighbor_query_make(&p);
    flock_t f[ENGINES];
    neighbor_engine_t *engine[ENGINES];
    engines_t e;
    neighbor_sums_t *sums;
    unsigned i, k;

    for (k = 0; k < ENGINES; k++)
        assert_int_equal(flock_from_table(t, &f[k]), 0);
    sums = calloc(f[0].n, sizeof *sums);
    assert_non_null(sums);
    engines_open(&e, f[0].n, &q);
    engine[0] = &e.b;
    engine[1] = &e.g;
    engine[2] = &e.s;
    for (i = 0; i < frames; i++)
        for (k = 0; k < ENGINES; k++) {
            assert_int_equal(flock_step(&f[k], &p, engine[k], sums), 0);
            if (k == 0)
                continue;
            assert_memory_equal(f[0].boid, f[k].boid, f[0].n * sizeof *f[0].boid);
            assert_memory_equal(f[0].biasval, f[k].biasval, f[0].n * sizeof *f[0].biasval);
            assert_memory_equal(f[0].predator, f[k].predator,
                                f[0].n_predators * sizeof *f[0].predator);
        }
    engines_close(&e);
    free(sums);
    for (k = 0; k < ENGINES; k++)
        flock_free(&f[k]);
}

static void whole_runs_match_in_both_orders(void **state)
{
    param_set_t ps;
    state_table_t t = random_scene(400, 3, 20, 20, 640, 480, 77);
    int order, rules;

    (void)state;
    for (order = ORDER_SEQUENTIAL; order <= ORDER_SYNCHRONOUS; order++)
        for (rules = RULES_CORNELL; rules <= RULES_WEIGHTED; rules++) {
            params_defaults(&ps);
            ps.order = order;
            ps.rules = rules;
            ps.dynamic_bias = 1;
            run_all(&t, &ps, 60);
        }
    state_table_free(&t);
}

static void fast_boids_crossing_cells_match_in_sequential_order(void **state)
{
    /* maxspeed above the cell size: boids leave their filed cell mid-frame */
    param_set_t ps;
    state_table_t t = random_scene(600, 0, 0, 0, 320, 240, 3);

    (void)state;
    params_defaults(&ps);
    ps.minspeed = 30;
    ps.maxspeed = 64;
    ps.margin = 40;
    ps.turnfactor = 8;
    run_all(&t, &ps, 40);
    state_table_free(&t);
}

/* The binned stream is far shorter than brute force's N^2 at this density,
 * and a table one slot short in each middle range changes some sums (so the
 * model's comparison can fail). */
static void binned_stream_is_short_and_a_wrong_table_shows(void **state)
{
    enum { N = 1500 };
    param_set_t ps;
    flock_params_t p;
    neighbor_query_t q;
    state_table_t t;
    boid_t *b, slot_boids[N];
    neighbor_sums_t right[N], wrong[N];
    void *mem = malloc(accel_bins_bytes(N));
    accel_bins_t bins;
    uint64_t streamed;
    uint32_t s, differ = 0;

    (void)state;
    params_defaults(&ps);
    p = fixed_of(&ps);
    q = neighbor_query_make(&p);
    t = random_scene(N, 0, 0, 0, 640, 480, 11);
    b = boids_of(&t);
    assert_non_null(mem);
    accel_bins_init(&bins, N, 8, mem);
    assert_int_equal(accel_bins_sort(&bins, b, N, &q), 0);
    for (s = 0; s < N; s++)
        slot_boids[s] = b[bins.slot_id[s]];
    streamed = binned_model_sums(&bins, slot_boids, &q, 0, right);
    print_message("# binned stream: %llu candidates for %u boids (brute force %u)\n",
                  (unsigned long long)streamed, N, N * N);
    assert_true(streamed < (uint64_t)N * N / 4);
    binned_model_sums(&bins, slot_boids, &q, 1, wrong);
    for (s = 0; s < N; s++)
        differ += memcmp(&right[s], &wrong[s], sizeof right[s]) != 0;
    assert_true(differ > 0);
    free(mem);
    free(b);
    state_table_free(&t);
}

/* accel_bins.c's grid as it was before accel_bins_shape was public (its
 * static bins_shape), kept here so that the public one is held to it. */
static void shape_as_before(uint32_t cells_max, const neighbor_query_t *q, uint32_t *cols_out,
                            uint32_t *rows_out, uint32_t *recip_out)
{
    uint32_t w_px = ((uint32_t)(q->world_w > 0 ? q->world_w : 0) + 0xffffu) >> 16;
    uint32_t h_px = ((uint32_t)(q->world_h > 0 ? q->world_h : 0) + 0xffffu) >> 16;
    uint32_t cs_px = ((uint32_t)(q->visualrange > 0 ? q->visualrange : 0) + 0xffffu) >> 16;

    if (cs_px < 1)
        cs_px = 1;
    for (;;) {
        uint32_t cols = (w_px + cs_px - 1) / cs_px, rows = (h_px + cs_px - 1) / cs_px;
        if (cols < 1)
            cols = 1;
        if (rows < 1)
            rows = 1;
        if ((uint64_t)cols * rows <= cells_max) {
            *cols_out = cols;
            *rows_out = rows;
            break;
        }
        cs_px += cs_px / 4 + 1;
    }
    *recip_out = 0x7fffffffu / cs_px + 1u;
}

static neighbor_query_t query_px(double world_w, double world_h, double visual)
{
    param_set_t ps;
    flock_params_t p;

    params_defaults(&ps);
    ps.world_w = world_w;
    ps.world_h = world_h;
    ps.visualrange = visual;
    ps.protectedrange = visual / 5;
    p = fixed_of(&ps);
    return neighbor_query_make(&p);
}

/* The sums of a sort with at most cells_max cells, through the binned
 * batch's C model, equal brute force's. */
static void limited_bins_match_brute_force(const boid_t *boids, uint32_t n,
                                           const neighbor_query_t *q, uint32_t cells_max)
{
    neighbors_brute_t ctx;
    neighbor_engine_t brute = neighbors_brute_engine(&ctx);
    neighbor_sums_t *out = calloc(n, sizeof *out);
    boid_t *slot_boids = calloc(n, sizeof *slot_boids);
    void *mem = malloc(accel_bins_bytes(n));
    accel_bins_t b;
    uint32_t s;

    assert_true(out && slot_boids && mem);
    accel_bins_init(&b, n, 8, mem);
    accel_bins_limit_cells(&b, cells_max);
    assert_int_equal(accel_bins_sort(&b, boids, n, q), 0);
    assert_true(b.cols * b.rows <= (cells_max ? cells_max : 1));
    for (s = 0; s < n; s++)
        slot_boids[s] = boids[b.slot_id[s]];
    binned_model_sums(&b, slot_boids, q, 0, out);
    assert_int_equal(brute.begin(brute.ctx, boids, n, q), 0);
    for (s = 0; s < n; s++) {
        neighbor_sums_t one;
        assert_int_equal(brute.sums_one(brute.ctx, b.slot_id[s], &one), 0);
        assert_sums_equal(&one, &out[s]);
    }
    free(mem);
    free(slot_boids);
    free(out);
}

/* accel_bins_shape is the grid accel_bins_sort used before it was public,
 * and the one the sort uses; accel_bins_limit_cells makes cells coarser,
 * never finer, and the coarser grid still gives brute force's sums. */
static void bins_shape_is_the_sorts_and_limit_cells_coarsens(void **state)
{
    static const uint32_t budgets[] = {1, 2, 7, 48, 192, 656, 4352, 1u << 20};
    const neighbor_query_t queries[] = {
        query_px(640, 480, 40),   query_px(640, 480, 37.3), query_px(640, 480, 0.5),
        query_px(WORLD_MAX_PX, WORLD_MAX_PX, 0.5),          query_px(1, 8000, 3),
        query_px(0, 0, 40),       query_px(640, 480, 0),    query_px(8000, 1, 255)};
    state_table_t t = random_scene(300, 0, 0, 0, 640, 480, 5);
    boid_t *boids = boids_of(&t);
    void *mem = malloc(accel_bins_bytes(100));
    accel_bins_t b;
    uint32_t cols, rows, recip, want_cols, want_rows, want_recip;
    size_t i, k;

    (void)state;
    assert_non_null(mem);
    for (i = 0; i < sizeof queries / sizeof queries[0]; i++) {
        for (k = 0; k < sizeof budgets / sizeof budgets[0]; k++) {
            accel_bins_shape(budgets[k], &queries[i], &cols, &rows, &recip);
            shape_as_before(budgets[k], &queries[i], &want_cols, &want_rows, &want_recip);
            assert_int_equal(cols, want_cols);
            assert_int_equal(rows, want_rows);
            assert_int_equal(recip, want_recip);
            assert_true((uint64_t)cols * rows <= budgets[k]);
        }
        accel_bins_shape(0, &queries[i], &cols, &rows, &recip); /* no cells: one */
        assert_true(cols == 1 && rows == 1);
        accel_bins_init(&b, 100, 8, mem); /* the sort's own budget, 4 n_max + 256 */
        assert_int_equal(b.cells_max, 656);
        assert_int_equal(accel_bins_sort(&b, boids, 100, &queries[i]), 0);
        accel_bins_shape(656, &queries[i], &cols, &rows, &recip);
        assert_true(b.cols == cols && b.rows == rows && b.cell_recip == recip);
    }

    /* 640 x 480 at 40 px: 16 x 12 cells, and coarser only when told */
    accel_bins_init(&b, 100, 8, mem);
    assert_int_equal(accel_bins_sort(&b, boids, 100, &queries[0]), 0);
    assert_true(b.cols == 16 && b.rows == 12 && b.cell_size == 40 * Q16_ONE);
    accel_bins_limit_cells(&b, 48);
    assert_int_equal(b.cells_max, 48);
    assert_int_equal(accel_bins_sort(&b, boids, 100, &queries[0]), 0);
    accel_bins_shape(48, &queries[0], &cols, &rows, &recip);
    assert_true(b.cols == cols && b.rows == rows && b.cell_recip == recip);
    assert_true(b.cols * b.rows <= 48 && b.cell_size > 40 * Q16_ONE);
    assert_true(b.cell_recip == 0x7fffffffu / (uint32_t)(b.cell_size >> 16) + 1u);
    accel_bins_limit_cells(&b, 5000); /* never raised: not past the memory, nor back */
    assert_int_equal(b.cells_max, 48);
    accel_bins_limit_cells(&b, 0); /* at least one cell */
    assert_int_equal(b.cells_max, 1);
    assert_int_equal(accel_bins_sort(&b, boids, 100, &queries[0]), 0);
    assert_true(b.cols == 1 && b.rows == 1 && b.cell_start[1] == 100);
    accel_bins_init(&b, 100, 8, mem); /* init gives the whole budget again */
    assert_int_equal(b.cells_max, 656);

    for (k = 0; k < 6; k++)
        limited_bins_match_brute_force(boids, 300, &queries[0], budgets[k]);
    free(mem);
    free(boids);
    state_table_free(&t);
}

/* The accelerator's sorter as docs/register-map.md describes it, from what
 * the firmware writes: GRID, CELL_RECIP, each boid's CELL_POS in id order,
 * then each boid placed at the next slot of its cell. Fills slot_id. */
static uint32_t sorter_coord(int32_t px, uint32_t recip, uint32_t count)
{
    uint32_t c;

    if (px < 0)
        return 0;
    c = (uint32_t)(((uint64_t)(uint32_t)px * recip) >> 31);
    return c < count - 1 ? c : count - 1;
}

static void sorter_model(uint32_t grid, uint32_t recip, const uint32_t *cell_pos, uint32_t n,
                         uint32_t *slot_id)
{
    uint32_t cols = grid & ACCEL_GRID_COLS, rows = grid >> 16, cells = cols * rows;
    uint32_t *next = calloc(cells + 1, sizeof *next), *cell = calloc(n ? n : 1, sizeof *cell);
    uint32_t k, c, sum = 0;

    assert_true(next && cell && cells > 0);
    for (k = 0; k < n; k++) { /* counting */
        int32_t x_px = (int16_t)(cell_pos[k] & ACCEL_CELL_POS_X);
        int32_t y_px = (int16_t)(cell_pos[k] >> 16);
        cell[k] = sorter_coord(y_px, recip, rows) * cols + sorter_coord(x_px, recip, cols);
        next[cell[k]]++;
    }
    for (c = 0; c < cells; c++) { /* scanning: each cell's first slot */
        uint32_t here = next[c];
        next[c] = sum;
        sum += here;
    }
    for (k = 0; k < n; k++) /* placing, in id order */
        slot_id[next[cell[k]]++] = k;
    free(cell);
    free(next);
}

/* The device's sort, modelled from the register map, puts every boid where
 * accel_bins_sort does with the device's cell budget (accel_bins_limit_cells
 * to BIN_CELLS), for boids inside, on the borders of and outside the world. */
static void device_sorter_model_sorts_as_accel_bins(void **state)
{
    enum { N = 400, N_MAX = 1024 }; /* 4 N_MAX + 256 cells hold every budget below */
    static const uint32_t bin_cells[] = {1, 16, 100, 256, 4096};
    static const double visual[] = {40, 25.5, 3};
    state_table_t t = random_scene(N, 0, 0, 0, 640, 480, 17);
    boid_t *boids = boids_of(&t);
    uint32_t cell_pos[N], slot_id[N];
    void *mem = malloc(accel_bins_bytes(N_MAX));
    accel_bins_t b;
    uint32_t i, s;
    size_t k, v;

    (void)state;
    assert_non_null(mem);
    /* the edges, the borders of 40 px cells and a hair either side, outside */
    boids[0] = boid_px(0, 0, 1, 1);
    boids[1] = boid_px(-0.5, 0, 0, 0);
    boids[1].y = -1; /* 2^-16 px above the world */
    boids[2] = boid_px(-16380, 16380, 0, 0);
    boids[3] = boid_px(16380, -16380, 0, 0);
    boids[4] = boid_px(40, 80, 0, 0);
    boids[5] = boid_px(39.99999, 79.99999, 0, 0);
    boids[6] = boid_px(640, 480, 0, 0);
    boids[7] = boid_px(639.99999, 479.99999, 0, 0);
    boids[8] = boid_px(700, 500, 0, 0);
    boids[9] = boids[4];
    for (i = 0; i < N; i++)
        cell_pos[i] = accel_bins_cell_pos(&boids[i]);
    assert_int_equal(cell_pos[1], 0xffffffffu); /* floor(-0.5) = floor(-2^-16) = -1 */
    for (v = 0; v < sizeof visual / sizeof visual[0]; v++) {
        neighbor_query_t q = query_px(640, 480, visual[v]);
        for (k = 0; k < sizeof bin_cells / sizeof bin_cells[0]; k++) {
            uint32_t cols, rows, recip;
            accel_bins_init(&b, N_MAX, 8, mem);
            accel_bins_limit_cells(&b, bin_cells[k]);
            assert_int_equal(b.cells_max, bin_cells[k]);
            assert_int_equal(accel_bins_sort(&b, boids, N, &q), 0);
            accel_bins_shape(bin_cells[k], &q, &cols, &rows, &recip);
            sorter_model(cols | rows << 16, recip, cell_pos, N, slot_id);
            for (s = 0; s < N; s++)
                assert_int_equal(slot_id[s], b.slot_id[s]);
        }
    }
    free(mem);
    free(boids);
    state_table_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_scenes_match),
        cmocka_unit_test(binned_stream_is_short_and_a_wrong_table_shows),
        cmocka_unit_test(bins_shape_is_the_sorts_and_limit_cells_coarsens),
        cmocka_unit_test(device_sorter_model_sorts_as_accel_bins),
        cmocka_unit_test(coincident_and_single_cell_scenes_match),
        cmocka_unit_test(edges_corners_and_outside_match),
        cmocka_unit_test(exact_range_boundaries_match),
        cmocka_unit_test(pairs_within_a_hair_of_the_ranges_match),
        cmocka_unit_test(tiny_range_in_huge_world_grows_cells),
        cmocka_unit_test(small_grid_with_few_cells_matches),
        cmocka_unit_test(short_memory_keeps_most_of_the_cells),
        cmocka_unit_test(grids_refuse_more_boids_than_their_memory),
        cmocka_unit_test(whole_runs_match_in_both_orders),
        cmocka_unit_test(fast_boids_crossing_cells_match_in_sequential_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
