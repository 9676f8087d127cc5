/* Brute force and grid must give the same sums, bit for bit: per query, for
 * a whole frame, and over many frames in both update orders, on random and
 * adversarial scenes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "test_support.h"

typedef struct {
    neighbors_brute_t brute;
    neighbors_grid_t grid;
    void *grid_mem;
    neighbor_engine_t b, g;
} engines_t;

static void engines_open(engines_t *e, uint32_t n_max)
{
    e->b = neighbors_brute_engine(&e->brute);
    e->grid_mem = malloc(neighbors_grid_bytes(n_max));
    assert_non_null(e->grid_mem);
    neighbors_grid_init(&e->grid, n_max, e->grid_mem);
    e->g = neighbors_grid_engine(&e->grid);
}

static void engines_close(engines_t *e) { free(e->grid_mem); }

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

/* Every query and the batch, both engines, one state. Returns how many boids
 * had any neighbor, so callers can check their scene is not trivially empty. */
static uint32_t compare_engines(const boid_t *boids, uint32_t n, const param_set_t *ps)
{
    flock_params_t p = fixed_of(ps);
    neighbor_query_t q = neighbor_query_make(&p);
    neighbor_sums_t *all_b = calloc(n, sizeof *all_b), *all_g = calloc(n, sizeof *all_g);
    neighbor_sums_t *by_id_b = calloc(n, sizeof *by_id_b), *by_id_g = calloc(n, sizeof *by_id_g);
    const uint32_t *order_b, *order_g;
    engines_t e;
    uint32_t i, busy = 0;

    assert_non_null(all_b);
    assert_non_null(all_g);
    engines_open(&e, n);
    assert_int_equal(e.b.begin(e.b.ctx, boids, n, &q), 0);
    assert_int_equal(e.g.begin(e.g.ctx, boids, n, &q), 0);
    assert_int_equal(e.b.sums_all(e.b.ctx, all_b, &order_b), 0);
    assert_int_equal(e.g.sums_all(e.g.ctx, all_g, &order_g), 0);
    assert_non_null(by_id_b);
    assert_non_null(by_id_g);
    for (i = 0; i < n; i++) { /* every id exactly once in each engine's order */
        uint32_t ib = order_b ? order_b[i] : i, ig = order_g ? order_g[i] : i;
        assert_true(ib < n && ig < n);
        by_id_b[ib] = all_b[i];
        by_id_g[ig] = all_g[i];
        by_id_b[ib].count += 1u << 31; /* marks the id as seen */
        by_id_g[ig].count += 1u << 31;
    }
    for (i = 0; i < n; i++) {
        assert_true(by_id_b[i].count >= 1u << 31 && by_id_g[i].count >= 1u << 31);
        by_id_b[i].count -= 1u << 31;
        by_id_g[i].count -= 1u << 31;
    }
    for (i = 0; i < n; i++) {
        neighbor_sums_t one_b, one_g;
        assert_int_equal(e.b.sums_one(e.b.ctx, i, &one_b), 0);
        assert_int_equal(e.g.sums_one(e.g.ctx, i, &one_g), 0);
        assert_sums_equal(&one_b, &one_g);
        assert_sums_equal(&one_b, &by_id_b[i]);
        assert_sums_equal(&one_b, &by_id_g[i]);
        busy += one_b.count + one_b.close_count > 0 || one_b.sep_x || one_b.sep_y;
    }
    engines_close(&e);
    free(all_b);
    free(all_g);
    free(by_id_b);
    free(by_id_g);
    return busy;
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

static void grid_refuses_more_boids_than_its_memory(void **state)
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
    engines_open(&e, 4);
    assert_int_equal(e.g.begin(e.g.ctx, b, 5, &q), NEIGHBORS_E_CAPACITY);
    assert_int_equal(e.g.begin(e.g.ctx, b, 4, &q), 0);
    engines_close(&e);
}

/* Runs frames with each engine from the same start; states must stay equal. */
static void run_both(const state_table_t *t, const param_set_t *ps, unsigned frames)
{
    flock_params_t p = fixed_of(ps);
    flock_t fb, fg;
    engines_t e;
    neighbor_sums_t *sums;
    unsigned k;

    assert_int_equal(flock_from_table(t, &fb), 0);
    assert_int_equal(flock_from_table(t, &fg), 0);
    sums = calloc(fb.n, sizeof *sums);
    assert_non_null(sums);
    engines_open(&e, fb.n);
    for (k = 0; k < frames; k++) {
        assert_int_equal(flock_step(&fb, &p, &e.b, sums), 0);
        assert_int_equal(flock_step(&fg, &p, &e.g, sums), 0);
        assert_memory_equal(fb.boid, fg.boid, fb.n * sizeof *fb.boid);
        assert_memory_equal(fb.biasval, fg.biasval, fb.n * sizeof *fb.biasval);
        assert_memory_equal(fb.predator, fg.predator, fb.n_predators * sizeof *fb.predator);
    }
    engines_close(&e);
    free(sums);
    flock_free(&fb);
    flock_free(&fg);
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
            run_both(&t, &ps, 60);
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
    run_both(&t, &ps, 40);
    state_table_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_scenes_match),
        cmocka_unit_test(coincident_and_single_cell_scenes_match),
        cmocka_unit_test(edges_corners_and_outside_match),
        cmocka_unit_test(exact_range_boundaries_match),
        cmocka_unit_test(tiny_range_in_huge_world_grows_cells),
        cmocka_unit_test(grid_refuses_more_boids_than_its_memory),
        cmocka_unit_test(whole_runs_match_in_both_orders),
        cmocka_unit_test(fast_boids_crossing_cells_match_in_sequential_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
