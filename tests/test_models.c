/* Fixed-point firmware against the float reference: one frame stays within
 * 0.05 px on any random scene, long runs give the same flock statistics, and
 * runs are deterministic for a seed. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "test_support.h"
#include "../host/flock_sim.h"

static void sim_open(flock_sim_t *s, int model, const param_set_t *ps, const state_table_t *t)
{
    char err[200];

    assert_int_equal(flock_sim_open(s, model, NEIGHBORS_GRID, ps, t, NULL, err, sizeof err), 0);
}

static void step(flock_sim_t *s)
{
    char err[200];

    assert_int_equal(flock_sim_step(s, err, sizeof err), 0);
}

/* Largest position difference between the models after `frames` frames. */
static double model_gap(const param_set_t *ps, const state_table_t *t, unsigned frames)
{
    flock_sim_t a, b;
    state_table_t ta, tb;
    double worst = 0;
    size_t i;
    unsigned f;

    sim_open(&a, MODEL_FIXED, ps, t);
    sim_open(&b, MODEL_FLOAT, ps, t);
    for (f = 0; f < frames; f++) {
        step(&a);
        step(&b);
    }
    assert_int_equal(flock_sim_table(&a, &ta), 0);
    assert_int_equal(flock_sim_table(&b, &tb), 0);
    for (i = 0; i < ta.n; i++) {
        worst = fmax(worst, fabs(ta.row[i].x - tb.row[i].x));
        worst = fmax(worst, fabs(ta.row[i].y - tb.row[i].y));
    }
    state_table_free(&ta);
    state_table_free(&tb);
    flock_sim_close(&a);
    flock_sim_close(&b);
    return worst;
}

static void one_frame_within_five_hundredths_of_a_pixel(void **state)
{
    static const uint32_t sizes[] = {2, 40, 300, 1000};
    static const double cramped[] = {640, 160}; /* normal and 16x denser */
    double worst = 0;
    int order, rules, dynamic;
    size_t k, c;

    (void)state;
    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (c = 0; c < 2; c++)
            for (order = 0; order <= 1; order++)
                for (rules = 0; rules <= 1; rules++)
                    for (dynamic = 0; dynamic <= 1; dynamic++) {
                        uint32_t n = sizes[k];
                        state_table_t t = random_scene(n, 3, n / 8, n / 8, cramped[c],
                                                       cramped[c] * 0.75, 100 + k);
                        param_set_t ps;
                        params_defaults(&ps);
                        ps.world_w = cramped[c];
                        ps.world_h = cramped[c] * 0.75;
                        ps.margin = cramped[c] / 6;
                        ps.order = order;
                        ps.rules = rules;
                        ps.dynamic_bias = dynamic;
                        worst = fmax(worst, model_gap(&ps, &t, 1));
                        state_table_free(&t);
                    }
    print_message("# largest one-frame gap: %.6f px\n", worst);
    assert_true(worst < 0.05);
    assert_true(worst > 0); /* the models are independent: some rounding shows */
}

typedef struct {
    double polarization, mean_nn;
} flock_stats_t;

/* Statistics averaged over frames [frames/5, frames] and over seeds. */
static flock_stats_t long_run_stats(int model, const param_set_t *ps, unsigned seeds,
                                    unsigned frames)
{
    flock_stats_t st = {0, 0};
    unsigned seed, f, samples = 0;

    for (seed = 1; seed <= seeds; seed++) {
        state_table_t t = random_scene(150, 0, 0, 0, 640, 480, seed);
        flock_sim_t s;
        sim_open(&s, model, ps, &t);
        for (f = 1; f <= frames; f++) {
            step(&s);
            if (f >= frames / 5 && f % 4 == 0) {
                flock_metrics_t m;
                assert_int_equal(flock_sim_metrics(&s, &m), 0);
                st.polarization += m.polarization;
                st.mean_nn += m.mean_nn;
                samples++;
            }
        }
        flock_sim_close(&s);
        state_table_free(&t);
    }
    st.polarization /= samples;
    st.mean_nn /= samples;
    return st;
}

#define STAT_SEEDS 16
#define STAT_FRAMES 1000
#define POLARIZATION_TOLERANCE 0.12
#define NN_TOLERANCE 0.10 /* relative */

static int stats_agree(flock_stats_t a, flock_stats_t b)
{
    return fabs(a.polarization - b.polarization) < POLARIZATION_TOLERANCE &&
           fabs(a.mean_nn - b.mean_nn) < NN_TOLERANCE * b.mean_nn;
}

static void thousand_frames_give_the_same_statistics(void **state)
{
    param_set_t ps, no_alignment;
    flock_stats_t fixed, flt, broken;

    (void)state;
    params_defaults(&ps);
    fixed = long_run_stats(MODEL_FIXED, &ps, STAT_SEEDS, STAT_FRAMES);
    flt = long_run_stats(MODEL_FLOAT, &ps, STAT_SEEDS, STAT_FRAMES);
    print_message("# fixed: polarization %.3f, mean nn %.2f px; float: %.3f, %.2f px\n",
                  fixed.polarization, fixed.mean_nn, flt.polarization, flt.mean_nn);
    assert_true(stats_agree(fixed, flt));
    /* The comparison can tell a broken rule: without alignment the flock
     * statistics move well outside the tolerance. */
    no_alignment = ps;
    no_alignment.matchingfactor = 0;
    broken = long_run_stats(MODEL_FIXED, &no_alignment, STAT_SEEDS / 4, STAT_FRAMES);
    print_message("# fixed without alignment: polarization %.3f, mean nn %.2f px\n",
                  broken.polarization, broken.mean_nn);
    assert_false(stats_agree(broken, flt));
}

static void same_seed_same_flock(void **state)
{
    param_set_t ps;
    state_table_t t1 = random_scene(300, 2, 10, 10, 640, 480, 5);
    state_table_t t2 = random_scene(300, 2, 10, 10, 640, 480, 5);
    state_table_t t3 = random_scene(300, 2, 10, 10, 640, 480, 6);
    flock_sim_t a, b;
    state_table_t ea, eb;
    int i;

    (void)state;
    params_defaults(&ps);
    ps.dynamic_bias = 1;
    assert_memory_equal(t1.row, t2.row, t1.n * sizeof *t1.row);
    assert_memory_not_equal(t1.row, t3.row, t1.n * sizeof *t1.row);
    sim_open(&a, MODEL_FIXED, &ps, &t1);
    sim_open(&b, MODEL_FIXED, &ps, &t2);
    for (i = 0; i < 200; i++) {
        step(&a);
        step(&b);
    }
    assert_int_equal(flock_sim_table(&a, &ea), 0);
    assert_int_equal(flock_sim_table(&b, &eb), 0);
    assert_memory_equal(ea.row, eb.row, ea.n * sizeof *ea.row);
    assert_memory_not_equal(ea.row, t1.row, ea.n * sizeof *ea.row);
    state_table_free(&ea);
    state_table_free(&eb);
    flock_sim_close(&a);
    flock_sim_close(&b);
    state_table_free(&t1);
    state_table_free(&t2);
    state_table_free(&t3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_frame_within_five_hundredths_of_a_pixel),
        cmocka_unit_test(thousand_frames_give_the_same_statistics),
        cmocka_unit_test(same_seed_same_flock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
