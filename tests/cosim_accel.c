/* Co-simulation: the Verilated accelerator against the C model, bit for bit,
 * and its defined behaviour under wrong use. Built once per model variant
 * (N_MAX, LANES); tests/test_cosim.sh runs every variant. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../firmware/accel_regs.h"
#include "limit_reference.h"
#include "../firmware/neighbor_steer.h"
#include "../firmware/neighbors_accel.h"
#include "../firmware/neighbors_brute.h"
#include "../firmware/neighbors_grid.h"
#include "../firmware/steering.h"
#include "../host/flock_state.h"
#include "../host/params.h"
#include "../host/scene.h"
#include "accel_sim.h"

static neighbors_accel_t accel;
static uint32_t batch_cycles; /* CYCLES of the last batch run */

static int sim_up(void **state)
{
    (void)state;
    if (accel_sim_open() != 0 || neighbors_accel_init(&accel) != NEIGHBORS_OK)
        return -1;
    return 0;
}

static int sim_down(void **state)
{
    (void)state;
    accel_sim_close();
    return 0;
}

static uint32_t rd(uint32_t addr)
{
    uint32_t v = 0;
    assert_int_equal(accel_sim_read(addr, &v), 0);
    return v;
}

static void wr(uint32_t addr, uint32_t v) { assert_int_equal(accel_sim_write(addr, v), 0); }

static boid_t boid_px(double x, double y, double vx, double vy)
{
    boid_t b = {(q16_t)(x * 65536), (q16_t)(y * 65536), (q16_t)(vx * 65536), (q16_t)(vy * 65536)};
    return b;
}

static neighbor_query_t default_query(void)
{
    param_set_t ps;
    flock_params_t p;

    params_defaults(&ps);
    params_to_fixed(&ps, &p);
    return neighbor_query_make(&p);
}

static void assert_same_sums(const neighbor_sums_t *a, const neighbor_sums_t *b, uint32_t i)
{
    if (a->sep_x != b->sep_x || a->sep_y != b->sep_y || a->coh_x != b->coh_x ||
        a->coh_y != b->coh_y || a->ali_x != b->ali_x || a->ali_y != b->ali_y ||
        a->count != b->count)
        fail_msg("boid %u: accel (%ld %ld %ld %ld %ld %ld %u) vs C (%ld %ld %ld %ld %ld %ld %u)", i,
                 (long)a->sep_x, (long)a->sep_y, (long)a->coh_x, (long)a->coh_y, (long)a->ali_x,
                 (long)a->ali_y, a->count, (long)b->sep_x, (long)b->sep_y, (long)b->coh_x,
                 (long)b->coh_y, (long)b->ali_x, (long)b->ali_y, b->count);
}

/* Keeps a streamed entry k: as its steering at out[k] (neighbor_steer_t), or
 * as its velocity at out[its boid] (vec32_t). */
typedef void (*stream_take_fn)(const neighbor_stream_t *st, uint32_t k, const neighbor_query_t *q,
                               void *out);

/* As steering: read as steering where the engine steers, else as sums and
 * steered in C. */
static void take_steer(const neighbor_stream_t *st, uint32_t k, const neighbor_query_t *q, void *out)
{
    ((neighbor_steer_t *)out)[k] =
        neighbor_stream_steer(st->base + k * st->stride, st->steered, q->centering, q->avoid);
}

/* As the velocity after steps 1 and 2 (NEIGHBOR_STREAM_VELOCITY). */
static void take_velocity(const neighbor_stream_t *st, uint32_t k, const neighbor_query_t *q,
                          void *out)
{
    uint32_t at = st->base + k * st->stride, id = neighbor_stream_id(st, k);
    vec32_t *v = out;

    (void)q;
    v[id].x = fx_i32(hal_read32(at + ACCEL_VELOCITY_VX));
    v[id].y = fx_i32(hal_read32(at + ACCEL_VELOCITY_VY));
}

/* As the velocity after steps 1 and 2 and its step 5 (NEIGHBOR_STREAM_LIMITED):
 * out[2 id] and out[2 id + 1] (vec32_t). */
static void take_limited(const neighbor_stream_t *st, uint32_t k, const neighbor_query_t *q,
                         void *out)
{
    uint32_t at = st->base + k * st->stride, id = neighbor_stream_id(st, k);
    vec32_t *v = out;

    (void)q;
    v[2 * id].x = fx_i32(hal_read32(at + ACCEL_VELOCITY_VX));
    v[2 * id].y = fx_i32(hal_read32(at + ACCEL_VELOCITY_VY));
    v[2 * id + 1].x = fx_i32(hal_read32(at + ACCEL_LIMIT_LIMITED_VX));
    v[2 * id + 1].y = fx_i32(hal_read32(at + ACCEL_LIMIT_LIMITED_VY));
}

/* The batch through sums_stream with the device making `what` of its entries
 * (NEIGHBOR_STREAM_SUMS, _STEERING, _VELOCITY or _LIMITED), each kept by take; the
 * newest entry the engine calls final is read at once (the host takes no
 * simulated time between bus accesses: the hardest case for a RESULTS_READY
 * ahead of the writes), the others in order. The engine's mode is left as it
 * was. */
static void stream_batch(neighbor_engine_t *a, const boid_t *boids, uint32_t n,
                         const neighbor_query_t *q, int what, stream_take_fn take, void *out)
{
    const int was = (int)accel.steer;
    neighbor_stream_t st = {0, 0, 0, NULL, 0, 0, 0};
    uint32_t k;

    assert_int_equal(neighbors_accel_use_steer(&accel, what), 0);
    assert_int_equal(a->begin(a->ctx, boids, n, q), 0);
    for (k = 0; k < n; k++) {
        if (k >= st.ready) {
            uint32_t before = st.ready;
            assert_int_equal(a->sums_stream(a->ctx, k, &st), 0);
            assert_true(st.ready > k && st.ready <= n && st.ready >= before);
            assert_int_equal(st.steered, what);
            /* step 3 on the device with velocity, where the table holds the predators */
            assert_int_equal(st.fled, what >= NEIGHBOR_STREAM_VELOCITY && accel.predators_max != 0 &&
                                          q->n_predators <= accel.predators_max);
            take(&st, st.ready - 1, q, out);
        }
        if (k != st.ready - 1)
            take(&st, k, q, out);
    }
    assert_int_equal(neighbors_accel_use_steer(&accel, was), 0);
}

/* The parameters of the rules' steps 1, 2, 3 and 5 as the query has them. */
static flock_params_t params_of_query(const neighbor_query_t *q)
{
    flock_params_t p;

    memset(&p, 0, sizeof p);
    p.world_w = q->world_w;
    p.world_h = q->world_h;
    p.margin = q->margin;
    p.turnfactor = q->turn;
    p.minspeed = q->minspeed;
    p.maxspeed = q->maxspeed;
    p.speed_estimate = q->speed_exact ? SPEED_EXACT : SPEED_AMBM;
    p.edges = q->edges_pseudocode ? EDGES_PSEUDOCODE : EDGES_BRAKE;
    p.predatorrange = q->predatorrange;
    p.predatorturnfactor = q->predatorturn;
    return p;
}

/* Boids whose step 3 on the device turned them, so that the scenes cover it. */
static uint32_t fled_boids;

/* The rules' steps 1 and 2 in C (cornell_one's), for boid b with sums s; and
 * step 3 too if fled (the query's predators). */
static vec32_t velocity_in_c(const boid_t *b, const neighbor_sums_t *s, const neighbor_query_t *q,
                             int fled)
{
    const neighbor_steer_t t = neighbor_steer(s, q->centering, q->avoid);
    const flock_params_t p = params_of_query(q);
    vec32_t v = {b->vx, b->vy};

    neighbor_steer_apply(&v.x, &v.y, b->vx, b->vy, &t, q->matching);
    steer_edges(&v, b, q->turn, &p);
    if (fled) {
        const vec32_t before = v;
        steer_from_predators(&v, b, q->predators, q->n_predators, &p);
        fled_boids += v.x != before.x || v.y != before.y;
    }
    return v;
}

static uint32_t limit_outcomes[LIMIT_OUTCOMES]; /* step 5's, so that the scenes cover them */

static void assert_same_steer(const neighbor_steer_t *a, const neighbor_steer_t *b, uint32_t i,
                              int steered)
{
    if (a->push_x != b->push_x || a->push_y != b->push_y || a->mean_vx != b->mean_vx ||
        a->mean_vy != b->mean_vy || a->count != b->count)
        fail_msg("boid %u, %s: accel (%ld %ld %ld %ld %u) vs C (%ld %ld %ld %ld %u)", i,
                 steered ? "steered by the device" : "streamed sums", (long)a->push_x,
                 (long)a->push_y, (long)a->mean_vx, (long)a->mean_vy, a->count, (long)b->push_x,
                 (long)b->push_y, (long)b->mean_vx, (long)b->mean_vy, b->count);
}

/* Batch and query sums of the accelerator against brute force in C, the
 * batch's both copied (sums_all) and streamed. Query runs cost N cycles each,
 * so large scenes check a sample of them. */
static void compare_scene(const boid_t *boids, uint32_t n, const neighbor_query_t *q)
{
    neighbors_brute_t bctx;
    neighbor_engine_t b = neighbors_brute_engine(&bctx), a = neighbors_accel_engine(&accel);
    neighbor_sums_t *batch = calloc(n, sizeof *batch);
    neighbor_steer_t *streamed = calloc(n, sizeof *streamed), *steered = calloc(n, sizeof *steered);
    vec32_t *moved = calloc(n, sizeof *moved), *limited = calloc(2 * (size_t)n, sizeof *limited);
    neighbor_sums_t one, want;
    const uint32_t *order;
    uint32_t i, step = n > 256 ? n / 61 + 1 : 1;
    const flock_params_t p = params_of_query(q);
    const int fled = accel.predators_max != 0 && q->n_predators <= accel.predators_max;

    assert_non_null(batch);
    assert_non_null(streamed);
    assert_non_null(steered);
    assert_non_null(moved);
    assert_non_null(limited);
    assert_true(accel.can_steer); /* every co-simulated build has steering, */
    assert_true(accel.can_velocity); /* and velocity, */
    assert_true(accel.can_limit); /* and the speed limit */
    assert_int_equal(b.begin(b.ctx, boids, n, q), 0);
    stream_batch(&a, boids, n, q, NEIGHBOR_STREAM_SUMS, take_steer, streamed);
    if (accel.can_steer)
        stream_batch(&a, boids, n, q, NEIGHBOR_STREAM_STEERING, take_steer, steered);
    if (accel.can_velocity)
        stream_batch(&a, boids, n, q, NEIGHBOR_STREAM_VELOCITY, take_velocity, moved);
    if (accel.can_limit && q->speed_exact)
        assert_true(!q->edges_pseudocode || accel.can_limit_pseudocode); /* and both edge rules */
    if (accel.can_limit && q->speed_exact)
        stream_batch(&a, boids, n, q, NEIGHBOR_STREAM_LIMITED, take_limited, limited);
    assert_int_equal(a.begin(a.ctx, boids, n, q), 0);
    assert_int_equal(a.sums_all(a.ctx, batch, &order), 0);
    assert_null(order);
    batch_cycles = accel.last_cycles;
    for (i = 0; i < n; i++) {
        assert_int_equal(b.sums_one(b.ctx, i, &want), 0);
        const neighbor_steer_t t = neighbor_steer(&want, q->centering, q->avoid);
        assert_same_sums(&batch[i], &want, i);
        assert_same_steer(&streamed[i], &t, i, 0);
        if (accel.can_steer)
            assert_same_steer(&steered[i], &t, i, 1);
        if (accel.can_velocity) {
            const vec32_t v = velocity_in_c(&boids[i], &want, q, fled);
            if (moved[i].x != v.x || moved[i].y != v.y)
                fail_msg("boid %u: the device's velocity after steps 1 and 2%s (%ld %ld) vs C (%ld %ld)",
                         i, fled ? " and 3" : "", (long)moved[i].x, (long)moved[i].y, (long)v.x,
                         (long)v.y);
            if (accel.can_limit && q->speed_exact) {
                const vec32_t *got = &limited[2 * i];
                vec32_t lim;
                limit_outcomes[limit_reference(&boids[i], v, &p, &lim)]++;
                if (got[0].x != v.x || got[0].y != v.y || got[1].x != lim.x || got[1].y != lim.y)
                    fail_msg("boid %u: the device's velocity and step 5 (%ld %ld, %ld %ld) vs C "
                             "(%ld %ld, %ld %ld)", i, (long)got[0].x, (long)got[0].y,
                             (long)got[1].x, (long)got[1].y, (long)v.x, (long)v.y, (long)lim.x,
                             (long)lim.y);
            }
        }
        if (i % step == 0 || i == n - 1) {
            assert_int_equal(a.sums_one(a.ctx, i, &one), 0);
            assert_same_sums(&one, &want, i);
        }
    }
    free(batch);
    free(streamed);
    free(steered);
    free(moved);
    free(limited);
}

static uint32_t scene_size(uint32_t want) { return want < accel.n_max ? want : accel.n_max; }

/* Random scenes, with their predators in the query: 1 (in the middle of the
 * world, among many boids), 16 (the table full), 5, and 17 (more than the
 * table: step 3 is then the CPU's, and the device's velocity is that of
 * steps 1 and 2). */
static void random_scenes_match(void **state)
{
    static const uint32_t predators[] = {1, 16, 5, 17};
    neighbor_query_t q = default_query();
    uint64_t seed;

    (void)state;
    memset(limit_outcomes, 0, sizeof limit_outcomes);
    fled_boids = 0;
    for (seed = 1; seed <= 4; seed++) {
        uint32_t n = scene_size(seed == 3 ? 1000 : 150);
        scene_spec_t spec = {n, predators[seed - 1], 0, 0, 0, 0, seed == 2 ? 160 : 640,
                             seed == 2 ? 120 : 480, 3, 6, seed};
        state_table_t t;
        flock_t f;
        assert_int_equal(scene_random(&spec, &t), 0);
        assert_int_equal(flock_from_table(&t, &f), 0);
        if (seed == 1) { /* the one predator where the boids are */
            f.predator[0].x = 320 << 16;
            f.predator[0].y = 240 << 16;
        }
        q.predators = f.predator;
        q.n_predators = f.n_predators;
        compare_scene(f.boid, f.n, &q);
        flock_free(&f);
        state_table_free(&t);
    }
    if (accel.can_limit && (limit_outcomes[LIMIT_AT_ONCE] == 0 ||
                            limit_outcomes[LIMIT_SCALED] == 0 || limit_outcomes[LIMIT_BRAKED] == 0))
        fail_msg("step 5: %u boids decided at once, %u scaled, %u braked: the scenes miss an "
                 "outcome", limit_outcomes[1], limit_outcomes[2], limit_outcomes[3]);
    if (accel.predators_max != 0 && fled_boids < 20)
        fail_msg("step 3: only %u boids turned from predators on the device: the scenes miss it",
                 fled_boids);
}

/* The pseudocode's edges (CTRL.EDGES_PSEUDOCODE): boids heading slowly out
 * of every edge and corner, and a random flock, whose step 5 on the device
 * equals limit_speed_slow's with EDGES_PSEUDOCODE; the same scenes under the
 * default's edges brake some of them, so the two rules differ there. */
static void pseudocode_edges_match(void **state)
{
    neighbor_query_t q = default_query();
    uint32_t n = scene_size(200), i, braked;
    boid_t *b = calloc(n, sizeof *b);
    uint64_t rng = 9;

    (void)state;
    assert_non_null(b);
    for (i = 0; i < n; i++) { /* within 60 px of an edge or corner, 0.5 to 3 px/frame outward */
        static const double c[4][2] = {{0, 0}, {640, 0}, {0, 480}, {640, 480}};
        const double *at = c[i % 4];
        double speed = 0.5 + 2.5 * rng_unit(&rng);
        b[i] = boid_px(at[0] + (at[0] > 0 ? -1 : 1) * 60 * rng_unit(&rng),
                       at[1] + (at[1] > 0 ? -1 : 1) * 60 * rng_unit(&rng),
                       (at[0] > 0 ? 1 : -1) * speed * rng_unit(&rng),
                       (at[1] > 0 ? 1 : -1) * speed * rng_unit(&rng));
    }
    memset(limit_outcomes, 0, sizeof limit_outcomes);
    compare_scene(b, n, &q);
    braked = limit_outcomes[LIMIT_BRAKED];
    q.edges_pseudocode = 1;
    memset(limit_outcomes, 0, sizeof limit_outcomes);
    compare_scene(b, n, &q);
    if (braked < 10 || limit_outcomes[LIMIT_BRAKED] != 0 || limit_outcomes[LIMIT_SCALED] < braked)
        fail_msg("the edges: %u boids braked by default; with the pseudocode's %u braked, %u "
                 "scaled", braked, limit_outcomes[LIMIT_BRAKED], limit_outcomes[LIMIT_SCALED]);
    free(b);
    {
        scene_spec_t spec = {scene_size(400), 1, 20, 10, 0.05, 0.05, 640, 480, 3, 6, 21};
        state_table_t t;
        flock_t f;
        assert_int_equal(scene_random(&spec, &t), 0);
        assert_int_equal(flock_from_table(&t, &f), 0);
        q.predators = f.predator;
        q.n_predators = f.n_predators;
        compare_scene(f.boid, f.n, &q);
        flock_free(&f);
        state_table_free(&t);
    }
}

static void adversarial_scenes_match(void **state)
{
    neighbor_query_t q = default_query();
    uint32_t n = scene_size(64), i;
    boid_t *b = calloc(n, sizeof *b);
    uint64_t rng = 3;

    (void)state;
    assert_non_null(b);
    for (i = 0; i < n; i++) /* coincident */
        b[i] = boid_px(100.5, 200.25, (double)i / 8, -2);
    compare_scene(b, n, &q);
    for (i = 0; i < n; i++) /* all inside everyone's protected range */
        b[i] = boid_px(300 + 3.9 * rng_unit(&rng), 300 + 3.9 * rng_unit(&rng), 1, -1);
    compare_scene(b, n, &q);
    for (i = 0; i < n; i++) { /* edges and corners, some outside the world */
        static const double c[4][2] = {{0, 0}, {640, 0}, {0, 480}, {640, 480}};
        b[i] = boid_px(c[i % 4][0] + 50 * rng_unit(&rng) - 25, c[i % 4][1] + 50 * rng_unit(&rng) - 25,
                       6 * rng_unit(&rng) - 3, -6 + 12 * rng_unit(&rng));
    }
    compare_scene(b, n, &q);
    for (i = 0; i < n; i++) /* exactly on the range boundaries: 8, 40, 3-4-5 at 40 */
        b[i] = (i % 3 == 0)   ? boid_px(40.0 * (i % 8), 8.0 * (i / 8), 1, 0)
               : (i % 3 == 1) ? boid_px(40.0 * (i % 8) + 24, 8.0 * (i / 8) + 32, 0, 1)
                              : boid_px(40.0 * (i % 8) + 40, 8.0 * (i / 8), -1, 1);
    compare_scene(b, n, &q);
    for (i = 0; i < n; i++) /* terms on their rounding halves: offsets 2^8 times odd numbers */
        b[i] = (boid_t){Q16_ONE * 100 + 256 * 77 * (int32_t)i, Q16_ONE * 50 - 256 * 31 * (int32_t)i,
                        64 * (int32_t)(2 * i + 1) - 4096, 64 - 128 * (int32_t)i};
    compare_scene(b, n, &q);
    b[0] = boid_px(10, 10, 1, 1); /* a single boid: no neighbours */
    compare_scene(b, 1, &q);
    free(b);
}

/* The widest terms: every boid within 255 px of every other, at +-64
 * px/frame, under the largest ranges. */
static void widest_sums_match(void **state)
{
    neighbor_query_t q = default_query();
    uint32_t n = scene_size(200), i;
    boid_t *b = calloc(n, sizeof *b);
    uint64_t rng = 5;

    (void)state;
    assert_non_null(b);
    q.visualrange = 255 * Q16_ONE;
    q.visual2 = (int64_t)q.visualrange * q.visualrange;
    for (i = 0; i < n; i++) {
        q16_t v = i % 2 ? SPEED_MAX_PX * Q16_ONE : -SPEED_MAX_PX * Q16_ONE;
        b[i] = boid_px(1000 + 180 * rng_unit(&rng), 1000 + 180 * rng_unit(&rng), 0, 0);
        b[i].vx = v;
        b[i].vy = i % 3 ? v : -v;
    }
    q.protected2 = q.visual2 / 4;
    compare_scene(b, n, &q);
    q.protected2 = q.visual2;
    compare_scene(b, n, &q);
    free(b);
}

static void largest_flock_matches_and_meets_the_cycle_budget(void **state)
{
    neighbor_query_t q = default_query();
    uint32_t n = accel.n_max;
    scene_spec_t spec = {n, 0, 0, 0, 0, 0, 640, 480, 3, 6, 9};
    state_table_t t;
    flock_t f;
    double ideal;

    (void)state;
    assert_int_equal(scene_random(&spec, &t), 0);
    assert_int_equal(flock_from_table(&t, &f), 0);
    compare_scene(f.boid, n, &q);
    ideal = (double)((n + accel.lanes - 1) / accel.lanes) * n;
    print_message("# N = %u, LANES = %u: batch %u cycles, ideal %.0f (%+.2f%%)\n", n, accel.lanes,
                  (unsigned)batch_cycles, ideal, 100.0 * (batch_cycles - ideal) / ideal);
    /* the budget: at most 5% over the ideal (a few cycles more for tiny flocks) */
    assert_true(batch_cycles >= ideal);
    assert_true(batch_cycles <= 1.05 * ideal + (n < 256 ? 64 : 0));
    flock_free(&f);
    state_table_free(&t);
}

/* The default parameters in an update order, with dynamic bias. */
static flock_params_t frame_params(int order)
{
    param_set_t ps;
    flock_params_t p;

    params_defaults(&ps);
    ps.order = order;
    ps.dynamic_bias = 1;
    params_to_fixed(&ps, &p);
    return p;
}

static void assert_same_flock(const flock_t *x, const flock_t *y)
{
    assert_int_equal(x->n, y->n);
    assert_memory_equal(x->boid, y->boid, x->n * sizeof *x->boid);
    assert_memory_equal(x->biasval, y->biasval, x->n * sizeof *x->biasval);
    assert_memory_equal(x->predator, y->predator, x->n_predators * sizeof *x->predator);
}

/* The flock loop unchanged, sums from the RTL, against the software engine. */
/* FRAMES frames of SPEC's scene in ORDER on engine A and on brute force in C
 * end in the same flock, bit for bit; A's sums are streamed (NULL array) when
 * STREAMED. */
static void frames_match_software(const scene_spec_t *spec, int order, int edges,
                                  neighbor_engine_t *a, int streamed, int frames)
{
    neighbors_brute_t bctx;
    neighbor_engine_t b = neighbors_brute_engine(&bctx);
    flock_params_t p = frame_params(order);
    state_table_t t;
    flock_t fs, fa;
    neighbor_sums_t *sums = calloc(spec->boids, sizeof *sums);
    int frame;

    assert_non_null(sums);
    p.edges = (uint8_t)edges;
    assert_int_equal(scene_random(spec, &t), 0);
    assert_int_equal(flock_from_table(&t, &fs), 0);
    assert_int_equal(flock_from_table(&t, &fa), 0);
    for (frame = 0; frame < frames; frame++) {
        assert_int_equal(flock_step(&fs, &p, &b, sums), 0);
        assert_int_equal(flock_step(&fa, &p, a, streamed ? NULL : sums), 0);
    }
    assert_same_flock(&fs, &fa);
    assert_true(fs.boid[0].x != (q16_t)lround(t.row[0].x * 65536)); /* it did fly */
    flock_free(&fs);
    flock_free(&fa);
    state_table_free(&t);
    free(sums);
}

static void frames_match_software_in_both_orders(void **state)
{
    uint32_t n = scene_size(100);
    scene_spec_t spec = {n, 1, n / 10, n / 10, 0.01, 0.01, 640, 480, 3, 6, 21};
    neighbor_engine_t a = neighbors_accel_engine(&accel);
    int order, edges;

    (void)state;
    for (edges = EDGES_BRAKE; edges <= EDGES_PSEUDOCODE; edges++)
        for (order = ORDER_SEQUENTIAL; order <= ORDER_SYNCHRONOUS; order++)
            frames_match_software(&spec, order, edges, &a, 0, 200);
}

/* The synchronous order reads the accelerator's sums as they become final
 * (sums_stream, no sums array); the copied path (sums_all, as for an engine
 * without sums_stream) gives the same flock, bit for bit. */
static void streamed_frames_equal_copied_frames(void **state)
{
    uint32_t n = scene_size(300);
    scene_spec_t spec = {n, 2, n / 10, n / 16, 0.01, 0.01, 640, 480, 3, 6, 33};
    neighbor_engine_t streamed = neighbors_accel_engine(&accel), copied = streamed;
    neighbor_sums_t *sums = calloc(n, sizeof *sums);
    flock_params_t p = frame_params(ORDER_SYNCHRONOUS);
    state_table_t t;
    flock_t fs, fc;
    uint64_t waits = accel.waits;
    int frame;

    (void)state;
    assert_non_null(sums);
    copied.sums_stream = NULL;
    assert_int_equal(scene_random(&spec, &t), 0);
    assert_int_equal(flock_from_table(&t, &fs), 0);
    assert_int_equal(flock_from_table(&t, &fc), 0);
    for (frame = 0; frame < 100; frame++) {
        assert_int_equal(flock_step(&fs, &p, &streamed, NULL), 0);
        assert_int_equal(flock_step(&fc, &p, &copied, sums), 0);
    }
    assert_same_flock(&fs, &fc);
    /* it streamed: each frame's first boid waits for the first pass */
    assert_true(accel.waits - waits >= 100u);
    flock_free(&fs);
    flock_free(&fc);
    state_table_free(&t);
    free(sums);
}

/* ---- the binned batch (a build with BINNING = 1) ---------------------------- */
static neighbors_accel_t accel_binned;
static accel_bins_t bins;
static void *bins_mem;

/* The binned engine on this model (the binned tests run only on a BINNING=1 build:
 * main). */
static void binned_engine(neighbor_engine_t *e)
{
    assert_int_not_equal(rd(ACCEL_BIN_PASSES), 0);
    if (bins_mem == NULL) {
        bins_mem = malloc(accel_bins_bytes(accel.n_max));
        assert_non_null(bins_mem);
    }
    assert_int_equal(neighbors_accel_init(&accel_binned), 0);
    accel_bins_init(&bins, accel.n_max, accel_binned.lanes, bins_mem);
    assert_int_equal(neighbors_accel_use_bins(&accel_binned, &bins), 0);
    *e = neighbors_accel_engine(&accel_binned);
    assert_non_null(e->sums_stream);
}

/* The binned batch, the brute-force batch and brute force in C agree on
 * every boid; their CYCLES into *binned, *brute. */
static void compare_binned(neighbor_engine_t *e, const boid_t *boids, uint32_t n,
                           const neighbor_query_t *q, uint32_t *binned, uint32_t *brute)
{
    neighbors_brute_t bctx;
    neighbor_engine_t b = neighbors_brute_engine(&bctx), a = neighbors_accel_engine(&accel);
    neighbor_sums_t *by_slot = calloc(n, sizeof *by_slot), *plain = calloc(n, sizeof *plain);
    neighbor_sums_t want;
    const uint32_t *order, *plain_order;
    uint32_t s;

    assert_non_null(by_slot);
    assert_non_null(plain);
    assert_int_equal(b.begin(b.ctx, boids, n, q), 0);
    assert_int_equal(e->begin(e->ctx, boids, n, q), 0);
    assert_int_equal(e->sums_all(e->ctx, by_slot, &order), 0);
    /* slot order with the firmware's bins; by id from the device's own sort */
    assert_true((order != NULL) == (e->ctx == &accel_binned));
    *binned = ((neighbors_accel_t *)e->ctx)->last_cycles;
    assert_int_equal(a.begin(a.ctx, boids, n, q), 0);
    assert_int_equal(a.sums_all(a.ctx, plain, &plain_order), 0);
    assert_null(plain_order);
    *brute = accel.last_cycles;
    for (s = 0; s < n; s++) {
        uint32_t id = order != NULL ? order[s] : s;
        assert_true(id < n);
        assert_int_equal(b.sums_one(b.ctx, id, &want), 0);
        assert_same_sums(&by_slot[s], &want, id);
        assert_same_sums(&plain[id], &want, id);
    }
    free(by_slot);
    free(plain);
}

static void binned_scene(neighbor_engine_t *e, const boid_t *boids, uint32_t n,
                         const neighbor_query_t *q)
{
    uint32_t binned, brute;

    compare_binned(e, boids, n, q, &binned, &brute);
}

/* The engine of the device's own sort (a build with SORTER = 1). */
static neighbors_accel_t accel_sorted;

static void sorted_engine(neighbor_engine_t *e)
{
    assert_int_not_equal(rd(ACCEL_BIN_CELLS), 0);
    assert_int_equal(neighbors_accel_init(&accel_sorted), 0);
    assert_true(accel_sorted.can_sort);
    assert_int_equal(neighbors_accel_use_sorter(&accel_sorted, 1), 0);
    *e = neighbors_accel_engine(&accel_sorted);
}

/* Random, clustered and adversarial scenes: cell borders, exact ranges, one
 * cell, corners and far outside the world, N = 1 and N = N_MAX, through the
 * engine e (the firmware's bins, or the device's sort). */
static void binned_scenes(neighbor_engine_t e)
{
    neighbor_query_t q = default_query();
    uint32_t n = scene_size(400), i, sizes[] = {1, 2, scene_size(150), accel.n_max};
    boid_t *b = calloc(accel.n_max, sizeof *b);
    uint64_t rng = 17;
    size_t k;

    assert_non_null(b);
    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) { /* uniform */
        for (i = 0; i < sizes[k]; i++)
            b[i] = boid_px(640 * rng_unit(&rng), 480 * rng_unit(&rng), 6 * rng_unit(&rng) - 3,
                           6 * rng_unit(&rng) - 3);
        binned_scene(&e, b, sizes[k], &q);
    }
    for (i = 0; i < n; i++) { /* clustered: four clumps */
        double cx = 100 + 140 * (i % 4), cy = 90 + 100 * (i % 3);
        b[i] = boid_px(cx + 15 * (rng_unit(&rng) + rng_unit(&rng) - 1),
                       cy + 15 * (rng_unit(&rng) + rng_unit(&rng) - 1), 1, -1);
    }
    binned_scene(&e, b, n, &q);
    for (i = 0; i < n; i++) /* all in one cell */
        b[i] = boid_px(200 + 39 * rng_unit(&rng), 160 + 39 * rng_unit(&rng), 2, 1);
    binned_scene(&e, b, n, &q);
    for (i = 0; i < n; i++) /* on cell borders, pairs exactly at the visual and protected ranges */
        b[i] = (i % 3 == 0)   ? boid_px(40.0 * (i % 16), 40.0 * (i / 48), 1, 0)
               : (i % 3 == 1) ? boid_px(40.0 * (i % 16) + 24, 40.0 * (i / 48) + 32, 0, 1)
                              : boid_px(40.0 * (i % 16) + 8, 40.0 * (i / 48), -1, 1);
    binned_scene(&e, b, n, &q);
    for (i = 0; i < n; i++) { /* the world's corners, and far outside it */
        static const double c[6][2] = {{0, 0}, {640, 0}, {0, 480}, {640, 480}, {-16380, -16380},
                                       {16380, 16380}};
        b[i] = boid_px(c[i % 6][0] + 60 * rng_unit(&rng) - 30, c[i % 6][1] + 60 * rng_unit(&rng) - 30,
                       1, 1);
    }
    binned_scene(&e, b, n, &q);
    q.visualrange = 255 * Q16_ONE; /* the widest range: cells of 255 px */
    q.visual2 = (int64_t)q.visualrange * q.visualrange;
    for (i = 0; i < n; i++)
        b[i] = boid_px(640 * rng_unit(&rng), 480 * rng_unit(&rng), 1, 1);
    binned_scene(&e, b, n, &q);
    free(b);
}

static void binned_batches_match_brute_force(void **state)
{
    neighbor_engine_t e;

    (void)state;
    binned_engine(&e);
    binned_scenes(e);
}

/* The same scenes sorted by the device, which also writes the pass table. */
static void sorted_batches_match_brute_force(void **state)
{
    neighbor_engine_t e;

    (void)state;
    sorted_engine(&e);
    binned_scenes(e);
}

/* The flock loop on the device's sort against software in the synchronous
 * order, streamed (each entry's boid from its ID word) and copied; the
 * sequential order is refused (the sorted memory has no id to slot map). */
static void sorted_frames_match_software(void **state)
{
    uint32_t n = scene_size(300);
    scene_spec_t spec = {n, 1, n / 10, n / 16, 0.01, 0.01, 640, 480, 3, 6, 47};
    neighbor_engine_t e;
    neighbor_sums_t one;
    boid_t b[2] = {{0, 0, 0, 0}, {0, 0, 0, 0}};
    neighbor_query_t q = default_query();

    (void)state;
    sorted_engine(&e);
    frames_match_software(&spec, ORDER_SYNCHRONOUS, EDGES_BRAKE, &e, 1, 100);
    e.sums_stream = NULL;
    frames_match_software(&spec, ORDER_SYNCHRONOUS, EDGES_BRAKE, &e, 0, 30);
    assert_int_equal(e.begin(e.ctx, b, 2, &q), 0);
    assert_int_equal(e.sums_one(e.ctx, 0, &one), NEIGHBORS_E_UNSUPPORTED);
    assert_int_equal(e.moved(e.ctx, 0), NEIGHBORS_E_UNSUPPORTED);
}

/* A wrong pass table gives other sums (so the comparison can fail), and
 * never a hang: pass 0 told to stream nothing, then ranges past N. */
static void wrong_pass_table_shows(void **state)
{
    neighbor_query_t q = default_query();
    neighbor_engine_t e;
    uint32_t n = scene_size(300), i, differ = 0;
    boid_t *b = calloc(n, sizeof *b);
    neighbor_sums_t *out = calloc(n, sizeof *out), want;
    neighbors_brute_t bctx;
    neighbor_engine_t brute = neighbors_brute_engine(&bctx);
    const uint32_t *order;
    uint64_t rng = 23;

    (void)state;
    assert_non_null(b);
    assert_non_null(out);
    binned_engine(&e);
    for (i = 0; i < n; i++) /* dense: every boid has neighbours */
        b[i] = boid_px(100 + 60 * rng_unit(&rng), 100 + 60 * rng_unit(&rng), 1, 1);
    assert_int_equal(brute.begin(brute.ctx, b, n, &q), 0);
    assert_int_equal(e.begin(e.ctx, b, n, &q), 0);
    for (i = 0; i < ACCEL_PASS_RANGES; i++)
        wr(ACCEL_PASSES_BASE + 4 * i, 0);
    assert_int_equal(e.sums_all(e.ctx, out, &order), 0);
    for (i = 0; i < n; i++) {
        assert_int_equal(brute.sums_one(brute.ctx, order[i], &want), 0);
        differ += memcmp(&want, &out[i], 7 * sizeof(int32_t)) != 0;
    }
    assert_true(differ >= (n < accel_binned.lanes ? n : accel_binned.lanes));
    wr(ACCEL_PASSES_BASE, (uint32_t)(accel.n_max - 1) | 0xffffu << 16); /* far past N */
    assert_int_equal(e.sums_all(e.ctx, out, &order), 0);
    free(b);
    free(out);
}

/* A formed flock: 300 synchronous frames of the software grid from a random start. */
static void formed_flock(boid_t *b, uint32_t n)
{
    scene_spec_t spec = {n, 0, 0, 0, 0, 0, 640, 480, 3, 6, 41};
    flock_params_t p = frame_params(ORDER_SYNCHRONOUS);
    neighbors_grid_t g;
    void *mem = malloc(neighbors_grid_bytes(n));
    neighbor_sums_t *sums = calloc(n, sizeof *sums);
    neighbor_engine_t ge;
    state_table_t t;
    flock_t f;
    int frame;

    assert_non_null(mem);
    assert_non_null(sums);
    neighbors_grid_init(&g, n, mem);
    ge = neighbors_grid_engine(&g);
    assert_int_equal(scene_random(&spec, &t), 0);
    assert_int_equal(flock_from_table(&t, &f), 0);
    for (frame = 0; frame < 300; frame++)
        assert_int_equal(flock_step(&f, &p, &ge, sums), 0);
    memcpy(b, f.boid, n * sizeof *b);
    flock_free(&f);
    state_table_free(&t);
    free(sums);
    free(mem);
}

/* CYCLES of the binned batch against brute force, a uniform random start and
 * a formed flock, N = 256, 1024, 2048 as the build holds (docs/performance.md). */
static void binned_batch_cycles(void **state)
{
    static const uint32_t sizes[] = {256, 1024, 2048};
    neighbor_query_t q = default_query();
    neighbor_engine_t e;
    boid_t *b = calloc(accel.n_max, sizeof *b);
    uint64_t rng = 29;
    size_t k;
    int formed;

    (void)state;
    assert_non_null(b);
    binned_engine(&e);
    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (formed = 0; formed <= 1 && sizes[k] <= accel.n_max; formed++) {
            uint32_t n = sizes[k], i, binned, brute;
            if (formed)
                formed_flock(b, n);
            else
                for (i = 0; i < n; i++)
                    b[i] = boid_px(640 * rng_unit(&rng), 480 * rng_unit(&rng), 1, 1);
            compare_binned(&e, b, n, &q, &binned, &brute);
            print_message("# binned N %u LANES %u %s: %u cycles, brute force %u (%.1fx)\n", n,
                          accel.lanes, formed ? "formed flock" : "uniform", binned, brute,
                          (double)brute / binned);
            assert_true(binned < brute); /* it streamed fewer than N^2 / LANES candidates */
            if (rd(ACCEL_BIN_CELLS) != 0) { /* the device's sort: its table adds 16 a pass */
                neighbor_engine_t se;
                uint32_t sorted, passes = (n + accel.lanes - 1) / accel.lanes;
                sorted_engine(&se);
                compare_binned(&se, b, n, &q, &sorted, &brute);
                print_message("# sorted by the device: %u cycles, the pass table's %u of them\n",
                              sorted, 16 * passes + 3);
                /* CYCLES counts the builder's; the rest is a binned batch (read through the
                 * ring here at the reader's pace, one word more an entry) */
                assert_true(sorted > 16 * passes + 3 && sorted < brute);
            }
        }
    free(b);
}

/* The flock loop on the binned engine against software: the sequential
 * order, and the synchronous order both streamed in slot order and copied. */
static void binned_frames_match_software(void **state)
{
    uint32_t n = scene_size(300);
    scene_spec_t spec = {n, 1, n / 10, n / 16, 0.01, 0.01, 640, 480, 3, 6, 43};
    neighbor_engine_t e;
    uint64_t waits;

    (void)state;
    binned_engine(&e);
    frames_match_software(&spec, ORDER_SEQUENTIAL, EDGES_BRAKE, &e, 0, 20);
    waits = accel_binned.waits;
    frames_match_software(&spec, ORDER_SYNCHRONOUS, EDGES_BRAKE, &e, 1, 100);
    /* it streamed: each frame's first entry waits for the first pass */
    assert_true(accel_binned.waits - waits >= 100u);
    e.sums_stream = NULL;
    frames_match_software(&spec, ORDER_SYNCHRONOUS, EDGES_BRAKE, &e, 0, 100);
}

static void identity_registers(void **state)
{
    char expect[80], ring[32] = "";
    uint32_t slots = rd(ACCEL_RESULT_SLOTS);

    (void)state;
    assert_int_equal(rd(ACCEL_ID), ACCEL_ID_VALUE);
    /* RESULT_SLOTS: NMAX, or a ring (a power of two below it) */
    assert_true(slots == rd(ACCEL_NMAX) || (slots < rd(ACCEL_NMAX) && (slots & (slots - 1)) == 0));
    if (slots < rd(ACCEL_NMAX))
        snprintf(ring, sizeof ring, " RESULT_SLOTS=%u", slots);
    snprintf(expect, sizeof expect, "N_MAX=%u LANES=%u%s%s%s", rd(ACCEL_NMAX), rd(ACCEL_LANES),
             rd(ACCEL_BIN_PASSES) ? " BINNING=1" : "", rd(ACCEL_BIN_CELLS) ? " SORTER=1" : "", ring);
    assert_string_equal(expect, accel_sim_variant());
    /* the pass table's size says the build has binning; without, BINNED reads 0 */
    if (rd(ACCEL_BIN_PASSES) != 0)
        assert_int_equal(rd(ACCEL_BIN_PASSES), (rd(ACCEL_NMAX) + rd(ACCEL_LANES) - 1) / rd(ACCEL_LANES));
    wr(ACCEL_CTRL, ACCEL_CTRL_BINNED);
    assert_int_equal(rd(ACCEL_CTRL) & ACCEL_CTRL_BINNED, rd(ACCEL_BIN_PASSES) ? ACCEL_CTRL_BINNED : 0);
    wr(ACCEL_CTRL, 0);
}

static void clear_status(void) { wr(ACCEL_STATUS, 0x1f); }

static void unmapped_access_is_acknowledged_and_flagged(void **state)
{
    (void)state;
    clear_status();
    /* between the predator table and the boids */
    assert_int_equal(rd(ACCEL_PREDATORS_BASE + ACCEL_PREDATORS_TABLE_MAX * ACCEL_PREDATOR_STRIDE), 0);
    assert_true(rd(ACCEL_STATUS) & ACCEL_STATUS_ERR_BUS);
    clear_status();
    wr(0x0ff00, 123);
    assert_true(rd(ACCEL_STATUS) & ACCEL_STATUS_ERR_BUS);
    clear_status();
    assert_false(rd(ACCEL_STATUS) & ACCEL_STATUS_ERR_BUS);
    /* past the boid memory */
    assert_int_equal(rd(ACCEL_BOIDS_BASE + accel.n_max * ACCEL_BOID_STRIDE), 0);
    assert_true(rd(ACCEL_STATUS) & ACCEL_STATUS_ERR_BUS);
    clear_status();
}

/* Sets up a valid batch over n boids already in the memory. */
static void set_params(uint32_t n)
{
    neighbor_query_t q = default_query();

    wr(ACCEL_COUNT, n);
    wr(ACCEL_VISUAL, (uint32_t)q.visualrange);
    wr(ACCEL_VISUAL2_LO, (uint32_t)q.visual2);
    wr(ACCEL_VISUAL2_HI, (uint32_t)((uint64_t)q.visual2 >> 32));
    wr(ACCEL_PROTECTED2_LO, (uint32_t)q.protected2);
    wr(ACCEL_PROTECTED2_HI, (uint32_t)((uint64_t)q.protected2 >> 32));
}

static void wait_done(void)
{
    int polls;
    for (polls = 0; polls < 1000000 && !(rd(ACCEL_STATUS) & ACCEL_STATUS_DONE); polls++)
        ;
    assert_true(rd(ACCEL_STATUS) & ACCEL_STATUS_DONE);
}

static void bad_parameters_refuse_to_start(void **state)
{
    neighbor_query_t q = default_query();

    (void)state;
    clear_status();
    set_params(accel.n_max + 1); /* N above N_MAX */
    wr(ACCEL_CTRL, ACCEL_CTRL_START | ACCEL_CTRL_BATCH);
    assert_int_equal(rd(ACCEL_STATUS) & (ACCEL_STATUS_BUSY | ACCEL_STATUS_ERR_PARAM),
                     ACCEL_STATUS_ERR_PARAM);
    clear_status();
    set_params(1);
    wr(ACCEL_QUERY, 1); /* query not below COUNT */
    wr(ACCEL_CTRL, ACCEL_CTRL_START);
    assert_true(rd(ACCEL_STATUS) & ACCEL_STATUS_ERR_PARAM);
    clear_status();
    wr(ACCEL_VISUAL, 256u << 16); /* above 255 px */
    wr(ACCEL_CTRL, ACCEL_CTRL_START | ACCEL_CTRL_BATCH);
    assert_true(rd(ACCEL_STATUS) & ACCEL_STATUS_ERR_PARAM);
    clear_status();
    set_params(1);
    wr(ACCEL_PROTECTED2_LO, (uint32_t)q.visual2 + 1); /* protected above visual */
    wr(ACCEL_PROTECTED2_HI, (uint32_t)((uint64_t)q.visual2 >> 32));
    wr(ACCEL_CTRL, ACCEL_CTRL_START | ACCEL_CTRL_BATCH);
    assert_true(rd(ACCEL_STATUS) & ACCEL_STATUS_ERR_PARAM);
    assert_false(rd(ACCEL_STATUS) & (ACCEL_STATUS_BUSY | ACCEL_STATUS_DONE));
    clear_status();
    /* the engine reports a flock too large for the memory */
    {
        neighbor_engine_t a = neighbors_accel_engine(&accel);
        boid_t b[1] = {{0, 0, 0, 0}};
        assert_int_equal(a.begin(a.ctx, b, accel.n_max + 1, &q), NEIGHBORS_E_CAPACITY);
    }
}

/* RESULTS_READY through a batch: 0 at the start, never falling, never above
 * COUNT, COUNT at DONE; 0 again after a reset. */
static void results_ready_counts_up_to_count(void **state)
{
    uint32_t n = scene_size(200), r, last = 0, rises = 0;
    int polls;

    (void)state;
    clear_status();
    set_params(n);
    wr(ACCEL_CTRL, ACCEL_CTRL_START | ACCEL_CTRL_BATCH);
    assert_true(rd(ACCEL_RESULTS_READY) < n);
    for (polls = 0; polls < 1000000 && !(rd(ACCEL_STATUS) & ACCEL_STATUS_DONE); polls++) {
        r = rd(ACCEL_RESULTS_READY);
        assert_true(r >= last && r <= n);
        rises += r > last;
        last = r;
    }
    assert_int_equal(rd(ACCEL_RESULTS_READY), n);
    if (n > 2 * accel.lanes)
        assert_true(rises >= 2);
    clear_status();
    accel_sim_reset();
    assert_int_equal(rd(ACCEL_RESULTS_READY), 0);
    assert_int_equal(neighbors_accel_init(&accel), NEIGHBORS_OK);
}

/* A refused start leaves RESULTS_READY at the last batch's count: the
 * stream must report it at once, not take the old results for its own (with
 * fewer boids then, the first of them would look final). */
static void stream_reports_a_refused_start(void **state)
{
    neighbor_query_t q = default_query();
    neighbor_engine_t a = neighbors_accel_engine(&accel);
    uint32_t n = scene_size(40), i;
    boid_t *b = calloc(n, sizeof *b);
    neighbor_steer_t *out = calloc(n, sizeof *out);
    neighbor_stream_t st = {0, 0, 0, NULL, 0, 0, 0};

    (void)state;
    assert_non_null(b);
    assert_non_null(out);
    for (i = 0; i < n; i++)
        b[i] = boid_px(100 + 3 * i, 100 + 2 * (i % 7), 1, 0);
    stream_batch(&a, b, n / 2, &q, (int)accel.can_steer, take_steer, out);
    assert_int_equal(rd(ACCEL_RESULTS_READY), n / 2);
    q.visualrange = Q16_PX(256); /* above what the accelerator takes */
    q.visual2 = (int64_t)q.visualrange * q.visualrange;
    assert_int_equal(a.begin(a.ctx, b, n, &q), 0);
    assert_int_equal(a.sums_stream(a.ctx, 0, &st), NEIGHBORS_E_DEVICE);
    assert_int_equal(rd(ACCEL_STATUS) & 0x1c, 0); /* the error flags were cleared */
    free(b);
    free(out);
}

static void start_while_busy_is_ignored_and_flagged(void **state)
{
    uint32_t n = scene_size(64), i, cycles_before;
    boid_t b;

    (void)state;
    clear_status();
    for (i = 0; i < n; i++) {
        b = boid_px(10 + 5 * i % 300, 20 + 3 * i % 200, 1, 1);
        wr(ACCEL_BOIDS_BASE + i * 16 + 0, (uint32_t)b.x);
        wr(ACCEL_BOIDS_BASE + i * 16 + 4, (uint32_t)b.y);
    }
    set_params(n);
    wr(ACCEL_CTRL, ACCEL_CTRL_START | ACCEL_CTRL_BATCH);
    assert_true(rd(ACCEL_STATUS) & ACCEL_STATUS_BUSY);
    wr(ACCEL_CTRL, ACCEL_CTRL_START);          /* a second start */
    wr(ACCEL_BOIDS_BASE, 0x12345678);          /* a boid write */
    wr(ACCEL_COUNT, 1);                         /* a parameter write */
    assert_true(rd(ACCEL_STATUS) & ACCEL_STATUS_ERR_BUSY);
    wait_done();
    assert_int_equal(rd(ACCEL_COUNT), n);       /* ignored */
    assert_int_not_equal(rd(ACCEL_BOIDS_BASE), 0x12345678);
    cycles_before = rd(ACCEL_CYCLES);
    assert_true(cycles_before > 0);
    clear_status();
}

static void reset_mid_run_returns_to_idle(void **state)
{
    neighbor_query_t q = default_query();
    uint32_t n = scene_size(200);
    scene_spec_t spec = {n, 0, 0, 0, 0, 0, 320, 240, 3, 6, 4};
    state_table_t t;
    flock_t f;

    (void)state;
    assert_int_equal(scene_random(&spec, &t), 0);
    assert_int_equal(flock_from_table(&t, &f), 0);
    clear_status();
    set_params(n);
    wr(ACCEL_CTRL, ACCEL_CTRL_START | ACCEL_CTRL_BATCH | ACCEL_CTRL_IRQ_EN);
    accel_sim_tick(50);
    assert_true(rd(ACCEL_STATUS) & ACCEL_STATUS_BUSY);
    accel_sim_reset();
    assert_int_equal(rd(ACCEL_STATUS), 0);
    assert_int_equal(rd(ACCEL_CTRL), 0);
    assert_int_equal(accel_sim_irq(), 0);
    compare_scene(f.boid, n, &q); /* and the next runs are right */
    flock_free(&f);
    state_table_free(&t);
}

static void irq_follows_done_when_enabled(void **state)
{
    (void)state;
    clear_status();
    set_params(2);
    wr(ACCEL_CTRL, ACCEL_CTRL_START | ACCEL_CTRL_BATCH);
    wait_done();
    assert_int_equal(accel_sim_irq(), 0); /* not enabled */
    wr(ACCEL_CTRL, ACCEL_CTRL_IRQ_EN);
    assert_int_equal(accel_sim_irq(), 1);
    wr(ACCEL_STATUS, ACCEL_STATUS_DONE);
    assert_int_equal(accel_sim_irq(), 0);
    wr(ACCEL_CTRL, 0);
}

/* BIN_PASSES says whether the build bins: ceil(N_MAX / LANES) entries with BINNING=1,
 * 0 without, and then the engine refuses to bin. */
static void bin_passes_match_the_build(void **state)
{
    const uint32_t passes = rd(ACCEL_BIN_PASSES);

    (void)state;
    if (strstr(accel_sim_variant(), "BINNING=1")) {
        assert_int_equal(passes, (accel.n_max + accel.lanes - 1) / accel.lanes);
    } else {
        neighbors_accel_t plain;
        accel_bins_t none;
        assert_int_equal(passes, 0);
        assert_int_equal(neighbors_accel_init(&plain), 0);
        memset(&none, 0, sizeof none);
        none.lanes = plain.lanes;
        assert_int_equal(neighbors_accel_use_bins(&plain, &none), NEIGHBORS_E_UNSUPPORTED);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(identity_registers),
        cmocka_unit_test(random_scenes_match),
        cmocka_unit_test(adversarial_scenes_match),
        cmocka_unit_test(pseudocode_edges_match),
        cmocka_unit_test(widest_sums_match),
        cmocka_unit_test(largest_flock_matches_and_meets_the_cycle_budget),
        cmocka_unit_test(frames_match_software_in_both_orders),
        cmocka_unit_test(streamed_frames_equal_copied_frames),
        cmocka_unit_test(bin_passes_match_the_build),
        cmocka_unit_test(unmapped_access_is_acknowledged_and_flagged),
        cmocka_unit_test(bad_parameters_refuse_to_start),
        cmocka_unit_test(results_ready_counts_up_to_count),
        cmocka_unit_test(stream_reports_a_refused_start),
        cmocka_unit_test(start_while_busy_is_ignored_and_flagged),
        cmocka_unit_test(reset_mid_run_returns_to_idle),
        cmocka_unit_test(irq_follows_done_when_enabled),
    };
    /* the binned batch's tests, on the builds that have it */
    const struct CMUnitTest binned_tests[] = {
        cmocka_unit_test(binned_batches_match_brute_force),
        cmocka_unit_test(wrong_pass_table_shows),
        cmocka_unit_test(binned_batch_cycles),
        cmocka_unit_test(binned_frames_match_software),
    };
    /* the device's own sort, on the builds that have it */
    const struct CMUnitTest sorted_tests[] = {
        cmocka_unit_test(sorted_batches_match_brute_force),
        cmocka_unit_test(sorted_frames_match_software),
    };
    int failed = cmocka_run_group_tests_name(accel_sim_variant(), tests, sim_up, sim_down);
    if (strstr(accel_sim_variant(), "BINNING=1"))
        failed += cmocka_run_group_tests_name("binned batch", binned_tests, sim_up, sim_down);
    if (strstr(accel_sim_variant(), "SORTER=1"))
        failed += cmocka_run_group_tests_name("sorted batch", sorted_tests, sim_up, sim_down);
    return failed;
}
