/* Brute force, the host's grid and the small CPU's grid must give the same
 * sums, bit for bit: per query, for a whole frame, and over many frames in
 * both update orders, on random and adversarial scenes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "test_support.h"
#include "../firmware/accel_bins.h"
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_scenes_match),
        cmocka_unit_test(binned_stream_is_short_and_a_wrong_table_shows),
        cmocka_unit_test(coincident_and_single_cell_scenes_match),
        cmocka_unit_test(edges_corners_and_outside_match),
        cmocka_unit_test(exact_range_boundaries_match),
        cmocka_unit_test(pairs_within_a_hair_of_the_ranges_match),
        cmocka_unit_test(tiny_range_in_huge_world_grows_cells),
        cmocka_unit_test(small_grid_with_few_cells_matches),
        cmocka_unit_test(grids_refuse_more_boids_than_their_memory),
        cmocka_unit_test(whole_runs_match_in_both_orders),
        cmocka_unit_test(fast_boids_crossing_cells_match_in_sequential_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
