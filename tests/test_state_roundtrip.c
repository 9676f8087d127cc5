/* A property: every state a run can reach saves to a file that loads again,
 * and in the fixed model loads back bit for bit. Random extreme states (at
 * the position guard, the speed limit, both ends of every range) are run for
 * a few frames under extreme parameters in both models, saved, read and
 * checked as --load checks them. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "test_support.h"
#include "../host/flock_sim.h"

#define CASES 300

static uint64_t rng = 0x243f6a8885a308d3ull;

static uint32_t next32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

static double uniform(double lo, double hi) { return lo + (hi - lo) * (next32() / 4294967296.0); }

/* Half the time a bound or one Q16 step inside it, else anywhere between. */
static double extreme(double lo, double hi)
{
    switch (next32() % 8) {
    case 0: return lo;
    case 1: return hi;
    case 2: return lo + 1.0 / 65536;
    case 3: return hi - 1.0 / 65536;
    default: return uniform(lo, hi);
    }
}

static double pick(const double *v, size_t n) { return v[next32() % n]; }

static state_table_t extreme_table(void)
{
    size_t n = 1 + next32() % 40, i;
    state_table_t t = {n, calloc(n, sizeof(state_row_t))};

    assert_non_null(t.row);
    for (i = 0; i < n; i++) {
        state_row_t *r = &t.row[i];
        r->role = i == 0 ? STATE_BOID : (int)(next32() % 4);
        r->x = extreme(-POSITION_MAX_PX, POSITION_GUARD_PX);
        r->y = extreme(-POSITION_MAX_PX, POSITION_GUARD_PX);
        r->vx = extreme(-SPEED_MAX_PX, SPEED_MAX_PX);
        r->vy = extreme(-SPEED_MAX_PX, SPEED_MAX_PX);
        r->biasval = extreme(0, 1);
    }
    return t;
}

static param_set_t extreme_params(void)
{
    static const double worlds[] = {16, 640, 8192}, turns[] = {0, 0.2, 64},
                        speeds[] = {0, 3, 6, 64}, margins[] = {0, 100, 8192},
                        gains[] = {0, 0.05, 1};
    param_set_t ps;
    char err[200];

    params_defaults(&ps);
    ps.world_w = pick(worlds, 3);
    ps.world_h = pick(worlds, 3);
    ps.turnfactor = pick(turns, 3);
    ps.predatorturnfactor = pick(turns, 3);
    ps.maxspeed = pick(speeds, 4);
    ps.minspeed = fmin(ps.maxspeed, pick(speeds, 4));
    ps.speed = pick(speeds, 4);
    ps.margin = pick(margins, 3);
    ps.avoidfactor = pick(gains, 3);
    ps.matchingfactor = pick(gains, 3);
    ps.centeringfactor = pick(gains, 3);
    ps.cohesionweight = ps.alignmentweight = ps.separationweight = pick(turns, 3);
    ps.predatorrange = pick(margins, 3);
    ps.visualrange = 255;
    ps.protectedrange = pick(turns, 3) > 1 ? 255 : 8;
    ps.rules = (int)(next32() % 2);
    ps.order = (int)(next32() % 2);
    ps.speed_estimate = (int)(next32() % 2);
    ps.dynamic_bias = (int)(next32() % 2);
    ps.maxbias = 1;
    ps.bias_increment = pick(gains, 3);
    assert_int_equal(params_validate(&ps, err, sizeof err), 0);
    return ps;
}

/* Saves, reads and checks t as --save and --load do; returns what was read. */
static state_table_t save_and_load(const state_table_t *t, const char *path)
{
    state_table_t back = {0, NULL};
    char err[300];

    if (state_csv_write(path, t, err, sizeof err) != 0)
        fail_msg("save: %s", err);
    if (state_csv_read(path, &back, err, sizeof err) != 0)
        fail_msg("read: %s", err);
    if (state_table_check(&back, err, sizeof err) != 0)
        fail_msg("a saved state does not load: %s", err);
    assert_int_equal(back.n, t->n);
    return back;
}

static void assert_same_flock(const flock_t *a, const flock_t *b)
{
    uint32_t i;

    assert_int_equal(a->n, b->n);
    assert_int_equal(a->n_predators, b->n_predators);
    for (i = 0; i < a->n; i++) {
        assert_memory_equal(&a->boid[i], &b->boid[i], sizeof a->boid[i]);
        assert_int_equal(a->role[i], b->role[i]);
        assert_int_equal(a->biasval[i], b->biasval[i]);
    }
    for (i = 0; i < a->n_predators; i++)
        assert_memory_equal(&a->predator[i], &b->predator[i], sizeof a->predator[i]);
}

static void every_reachable_state_saves_and_loads(void **state)
{
    char path[] = "/tmp/boids-roundtrip-XXXXXX";
    int fd = mkstemp(path), k, model;
    size_t saved = 0;

    (void)state;
    assert_true(fd >= 0);
    close(fd);
    for (k = 0; k < CASES; k++) {
        state_table_t start = extreme_table(), now, back;
        param_set_t ps = extreme_params();
        unsigned frames = next32() % 4, f;
        char err[300];

        if (state_table_check(&start, err, sizeof err) != 0) { /* only predators */
            state_table_free(&start);
            continue;
        }
        for (model = MODEL_FIXED; model <= MODEL_FLOAT; model++) {
            flock_sim_t s;
            assert_int_equal(flock_sim_open(&s, model, NEIGHBORS_BRUTE, &ps, &start, NULL, err,
                                            sizeof err), 0);
            for (f = 0; f < frames; f++)
                assert_int_equal(flock_sim_step(&s, err, sizeof err), 0);
            assert_int_equal(flock_sim_table(&s, &now), 0);
            back = save_and_load(&now, path);
            if (model == MODEL_FIXED) { /* the file gives the flock back exactly */
                flock_t again;
                assert_int_equal(flock_from_table(&back, &again), 0);
                assert_same_flock(&s.fixed, &again);
                flock_free(&again);
            }
            state_table_free(&back);
            state_table_free(&now);
            flock_sim_close(&s);
            saved++;
        }
        state_table_free(&start);
    }
    unlink(path);
    printf("# %zu states saved and loaded\n", saved);
    assert_true(saved > CASES);
}

/* The case: a boid pinned at the guard saved as 16383.99998 and
 * loaded as "16384 is out of range". */
static void a_boid_at_the_guard_loads(void **state)
{
    state_row_t rows[2] = {{STATE_BOID, POSITION_GUARD_PX, -POSITION_GUARD_PX, 64, -64, 1},
                           {STATE_PREDATOR, -POSITION_MAX_PX, POSITION_GUARD_PX, -64, 64, 0}};
    state_table_t t = {2, rows}, back;
    char path[] = "/tmp/boids-guard-XXXXXX";
    int fd = mkstemp(path);

    (void)state;
    assert_true(fd >= 0);
    close(fd);
    back = save_and_load(&t, path);
    assert_true(back.row[0].x == POSITION_GUARD_PX || fabs(back.row[0].x - POSITION_GUARD_PX) < 1e-8);
    state_table_free(&back);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_boid_at_the_guard_loads),
        cmocka_unit_test(every_reachable_state_saves_and_loads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
