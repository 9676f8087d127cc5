/* Each rule of the Cornell set on hand-made cases, expectations worked out by
 * hand in the comments (px and px/frame; the fixed model may differ from the
 * exact value by a few steps of 2^-16). */
#include <math.h>
#include <string.h>
#include "test_support.h"

static const neighbor_sums_t NO_NEIGHBORS;

/* One boid, its sums, the isolated parameters: run the rule steps. */
static boid_t apply(boid_t b, const neighbor_sums_t *s, const param_set_t *ps)
{
    flock_params_t p = fixed_of(ps);
    gain_t bias = 0;

    flock_rules_cornell(&b, ROLE_BOID, &bias, s, NULL, 0, &p);
    return b;
}

static neighbor_sums_t sums_between(const boid_t *self, const boid_t *others, uint32_t n,
                                    const param_set_t *ps)
{
    flock_params_t p = fixed_of(ps);
    neighbor_query_t q = neighbor_query_make(&p);
    neighbors_brute_t ctx;
    neighbor_engine_t e = neighbors_brute_engine(&ctx);
    boid_t all[8];
    neighbor_sums_t s;

    all[0] = *self;
    memcpy(&all[1], others, n * sizeof *others);
    assert_int_equal(e.begin(e.ctx, all, n + 1, &q), 0);
    assert_int_equal(e.sums_one(e.ctx, 0, &s), 0);
    return s;
}

static void cohesion_and_alignment_follow_the_pseudocode(void **state)
{
    param_set_t ps = isolated_params();
    boid_t self = boid_px(300, 200, 1, 0);
    boid_t others[2] = {boid_px(320, 200, 0, 1), boid_px(300, 230, 2, 1)};
    neighbor_sums_t s = sums_between(&self, others, 2, &ps);
    boid_t b;

    (void)state;
    /* both at 20 and 30 px: outside protected (8), inside visual (40) */
    assert_int_equal(s.count, 2);
    /* mean position (310, 215): offset (10, 15); mean velocity (1, 1)
     * vx = 1 + 10*0.0005 + (1 - 1)*0.05 = 1.005
     * vy = 0 + 15*0.0005 + (1 - 0)*0.05 = 0.0575 */
    b = apply(self, &s, &ps);
    assert_q16_near(b.vx, 1.005, 2);
    assert_q16_near(b.vy, 0.0575, 2);
    assert_q16_near(b.x, 301.005, 2);
    assert_q16_near(b.y, 200.0575, 2);
}

static void separation_ignores_ring_neighbors(void **state)
{
    param_set_t ps = isolated_params();
    boid_t self = boid_px(100, 100, 0, 0);
    boid_t others[2] = {boid_px(105, 100, 3, 3), boid_px(100, 96, -3, 0)};
    neighbor_sums_t s = sums_between(&self, others, 2, &ps);
    boid_t b;

    (void)state;
    /* both inside protected range 8: close_dx = -5, close_dy = +4, no ring */
    assert_int_equal(s.count, 0);
    b = apply(self, &s, &ps);
    assert_q16_near(b.vx, -5 * 0.05, 2); /* -0.25 */
    assert_q16_near(b.vy, 4 * 0.05, 2);  /* 0.2 */
}

static void box_test_and_range_boundaries_are_exclusive(void **state)
{
    param_set_t ps = isolated_params();
    boid_t self = boid_px(200, 200, 0, 0);
    boid_t others[5] = {
        boid_px(240, 200, 0, 0), /* dx = 40: box test fails (not < 40) */
        boid_px(230, 230, 0, 0), /* in the box, d = 42.4: out of visual range */
        boid_px(200, 208, 0, 0), /* d = 8 exactly: not protected, in the ring */
        boid_px(232, 224, 0, 0), /* d = 40 exactly: out */
        boid_px(200, 192.00001525878906, 0, 0), /* d just under 8: protected */
    };
    neighbor_sums_t s = sums_between(&self, others, 5, &ps);

    (void)state;
    assert_int_equal(s.count, 1);
    assert_int_equal(s.coh_y, 8 * 128);        /* Q7: 8 px */
    assert_int_equal(s.sep_y, 8 * 128);        /* 8 px - 2^-16 rounds to 8 px */
    assert_int_equal(s.sep_x, 0);
}

static void edges_turn_by_turnfactor(void **state)
{
    param_set_t ps = isolated_params();
    boid_t b;

    (void)state;
    ps.margin = 100;
    b = apply(boid_px(50, 240, 0, 0), &NO_NEIGHBORS, &ps); /* left */
    assert_q16_near(b.vx, 0.2, 1);
    assert_int_equal(b.vy, 0);
    b = apply(boid_px(600, 240, 0, 0), &NO_NEIGHBORS, &ps); /* right: 600 > 540 */
    assert_q16_near(b.vx, -0.2, 1);
    b = apply(boid_px(320, 20, 0, 0), &NO_NEIGHBORS, &ps); /* top */
    assert_q16_near(b.vy, 0.2, 1);
    b = apply(boid_px(320, 400, 0, 0), &NO_NEIGHBORS, &ps); /* bottom: 400 > 380 */
    assert_q16_near(b.vy, -0.2, 1);
    b = apply(boid_px(10, 470, 0, 0), &NO_NEIGHBORS, &ps); /* corner: both */
    assert_q16_near(b.vx, 0.2, 1);
    assert_q16_near(b.vy, -0.2, 1);
    b = apply(boid_px(100, 380, 0, 0), &NO_NEIGHBORS, &ps); /* on the lines: none */
    assert_int_equal(b.vx, 0);
    assert_int_equal(b.vy, 0);
}

static void predators_push_by_the_sign_of_the_summed_offset(void **state)
{
    param_set_t ps = isolated_params();
    flock_params_t p = fixed_of(&ps);
    boid_t predators[3] = {boid_px(330, 240, 0, 0), boid_px(320, 180, 0, 0),
                           boid_px(500, 240, 0, 0)}; /* the third is out of range */
    boid_t b = boid_px(320, 240, 0, 0);
    gain_t bias = 0;

    (void)state;
    /* offsets boid - predator: (-10, 0) and (0, 60): sum (-10, 60)
     * -> vx -= 0.5, vy += 0.5 */
    flock_rules_cornell(&b, ROLE_BOID, &bias, &NO_NEIGHBORS, predators, 3, &p);
    assert_q16_near(b.vx, -0.5, 1);
    assert_q16_near(b.vy, 0.5, 1);
    /* a predator at exactly predatorrange (100) does nothing */
    b = boid_px(320, 240, 0, 0);
    predators[0] = boid_px(420, 240, 0, 0);
    flock_rules_cornell(&b, ROLE_BOID, &bias, &NO_NEIGHBORS, predators, 1, &p);
    assert_int_equal(b.vx, 0);
}

static void predators_move_and_turn_only_at_edges(void **state)
{
    param_set_t ps = isolated_params();
    flock_params_t p;
    boid_t pr = boid_px(320, 240, 9, -1); /* faster than maxspeed: no limit */

    (void)state;
    ps.margin = 100;
    p = fixed_of(&ps);
    flock_move_predator(&pr, &p);
    assert_q16_near(pr.vx, 9, 0);
    assert_q16_near(pr.x, 329, 0);
    pr = boid_px(20, 240, -2, 0);
    flock_move_predator(&pr, &p);
    assert_q16_near(pr.vx, -1.8, 1);
    assert_q16_near(pr.x, 18.2, 1);
}

static void static_bias_is_a_weighted_average(void **state)
{
    param_set_t ps = isolated_params();
    flock_params_t p = fixed_of(&ps);
    boid_t b = boid_px(320, 240, 2, 0);
    gain_t bias = (gain_t)(0.01 * GAIN_ONE + 0.5);

    (void)state;
    /* scout 1: vx = 0.99*2 + 0.01*1 = 1.99 */
    flock_rules_cornell(&b, ROLE_SCOUT1, &bias, &NO_NEIGHBORS, NULL, 0, &p);
    assert_q16_near(b.vx, 1.99, 2);
    /* scout 2: vx = 0.99*2 - 0.01 = 1.97; bias unchanged when static */
    b = boid_px(320, 240, 2, 0);
    flock_rules_cornell(&b, ROLE_SCOUT2, &bias, &NO_NEIGHBORS, NULL, 0, &p);
    assert_q16_near(b.vx, 1.97, 2);
    assert_int_equal(bias, (gain_t)(0.01 * GAIN_ONE + 0.5));
}

static void dynamic_bias_grows_shrinks_and_clamps(void **state)
{
    param_set_t ps = isolated_params();
    flock_params_t p;
    boid_t b;
    gain_t bias, inc, maxbias;

    (void)state;
    ps.dynamic_bias = 1;
    p = fixed_of(&ps);
    inc = p.bias_increment;
    maxbias = p.maxbias;
    /* scout 1 heading right: biasval grows by bias_increment */
    bias = 100 * inc;
    b = boid_px(320, 240, 2, 0);
    flock_rules_cornell(&b, ROLE_SCOUT1, &bias, &NO_NEIGHBORS, NULL, 0, &p);
    assert_int_equal(bias, 101 * inc);
    /* ... and stops at maxbias */
    bias = maxbias - 1;
    flock_rules_cornell(&b, ROLE_SCOUT1, &bias, &NO_NEIGHBORS, NULL, 0, &p);
    assert_int_equal(bias, maxbias);
    /* heading left it shrinks, never below bias_increment */
    bias = inc + 1;
    b = boid_px(320, 240, -2, 0);
    flock_rules_cornell(&b, ROLE_SCOUT1, &bias, &NO_NEIGHBORS, NULL, 0, &p);
    assert_int_equal(bias, inc);
    /* scout 2 mirrors it: heading left grows */
    bias = 10 * inc;
    b = boid_px(320, 240, -2, 0);
    flock_rules_cornell(&b, ROLE_SCOUT2, &bias, &NO_NEIGHBORS, NULL, 0, &p);
    assert_int_equal(bias, 11 * inc);
    /* plain boids never change it */
    bias = 10 * inc;
    flock_rules_cornell(&b, ROLE_BOID, &bias, &NO_NEIGHBORS, NULL, 0, &p);
    assert_int_equal(bias, 10 * inc);
}

static void speed_limits_scale_both_components(void **state)
{
    param_set_t ps = isolated_params();
    boid_t b;

    (void)state;
    ps.minspeed = 3;
    ps.maxspeed = 6;
    /* (6, 8): speed 10 > 6 -> (3.6, 4.8). vy scales by maxspeed, not minspeed. */
    b = apply(boid_px(320, 240, 6, 8), &NO_NEIGHBORS, &ps);
    assert_q16_near(b.vx, 3.6, 1);
    assert_q16_near(b.vy, 4.8, 1);
    /* (0.375, 0.5): speed 0.625 < 3 -> (1.8, 2.4) */
    b = apply(boid_px(320, 240, 0.375, 0.5), &NO_NEIGHBORS, &ps);
    assert_q16_near(b.vx, 1.8, 1);
    assert_q16_near(b.vy, 2.4, 1);
    /* in range: untouched */
    b = apply(boid_px(320, 240, 3, 4), &NO_NEIGHBORS, &ps);
    assert_int_equal(b.vx, 3 * Q16_ONE);
    /* at rest: heads right at minspeed */
    b = apply(boid_px(320, 240, 0, 0), &NO_NEIGHBORS, &ps);
    assert_int_equal(b.vx, 3 * Q16_ONE);
    assert_int_equal(b.vy, 0);
    assert_int_equal(b.x, 323 * Q16_ONE);
}

static void ambm_estimate_stays_within_its_bound(void **state)
{
    uint64_t rng = 7;
    int i;

    (void)state;
    for (i = 0; i < 10000; i++) {
        int32_t vx = (int32_t)(rng_next(&rng) % (128 * Q16_ONE)) - 64 * Q16_ONE;
        int32_t vy = (int32_t)(rng_next(&rng) % (128 * Q16_ONE)) - 64 * Q16_ONE;
        double exact = sqrt((double)vx * vx + (double)vy * vy);
        double est = speed_ambm(vx, vy);
        assert_true(est >= exact * 0.9375 - 1 && est <= exact * 1.0484 + 1);
    }
}

/* Out of range, the speed limit scales to within a step or two of the
 * target along the same heading, for speeds from 2^-16 to 8000 px/frame. */
static void speed_limits_scale_to_the_target_on_any_heading(void **state)
{
    param_set_t ps = isolated_params();
    flock_params_t p;
    uint64_t rng = 9;
    double worst = 0;
    int i;

    (void)state;
    ps.minspeed = 3;
    ps.maxspeed = 6;
    p = fixed_of(&ps);
    for (i = 0; i < 20000; i++) {
        int32_t vx = (int32_t)(rng_next(&rng) >> (35 + rng_next(&rng) % 29));
        int32_t vy = (int32_t)(rng_next(&rng) >> (35 + rng_next(&rng) % 29));
        boid_t b = {0, 0, i & 1 ? -vx : vx, i & 2 ? -vy : vy};
        double speed = hypot(b.vx, b.vy) / Q16_ONE, target;
        if (speed == 0 || (speed > 2.99 && speed < 6.01))
            continue;
        target = speed < 3 ? 3 : 6;
        limit_speed(&b, (edge_turn_t){0, 0}, &p);
        worst = fmax(worst, fabs(b.vx - target * Q16_ONE * (i & 1 ? -vx : vx) / (speed * Q16_ONE)));
        worst = fmax(worst, fabs(b.vy - target * Q16_ONE * (i & 2 ? -vy : vy) / (speed * Q16_ONE)));
    }
    print_message("# speed limit: largest error %.3f steps of 2^-16\n", worst);
    assert_true(worst <= 2);
}

static void weighted_rules_keep_constant_speed_and_limit_turns(void **state)
{
    param_set_t ps = isolated_params();
    flock_params_t p;
    neighbor_sums_t s;
    boid_t self = boid_px(300, 300, 4, 0), b;
    boid_t other = boid_px(300, 305, 4, 0); /* 5 px below: protected */
    gain_t bias = 0;

    (void)state;
    ps.rules = RULES_WEIGHTED;
    ps.separationweight = 1;
    ps.cohesionweight = 0;
    ps.alignmentweight = 0;
    s = sums_between(&self, &other, 1, &ps);
    p = fixed_of(&ps);
    assert_int_equal(s.close_count, 1);
    assert_int_equal(s.unit_y, -NEIGHBOR_UNIT_ONE); /* straight up, away from it */
    /* steered v = (4, -1); moves by it, then speed 4 along it:
     * (4, -1) * 4 / sqrt(17) = (3.8806, -0.9701) */
    b = self;
    flock_rules_weighted(&b, ROLE_BOID, &bias, &s, NULL, 0, &p);
    assert_q16_near(b.x, 304, 1);
    assert_q16_near(b.y, 299, 1);
    assert_q16_near(b.vx, 16 / sqrt(17), 4);
    assert_q16_near(b.vy, -4 / sqrt(17), 4);
    /* a 90 degree pull is cut to maxturn = 5 degrees */
    ps.maxturn = 5;
    ps.separationweight = 40;
    p = fixed_of(&ps);
    b = self;
    flock_rules_weighted(&b, ROLE_BOID, &bias, &s, NULL, 0, &p);
    assert_q16_near(b.vx, 4 * cos(5 * 3.14159265358979 / 180), 8);
    assert_q16_near(b.vy, -4 * sin(5 * 3.14159265358979 / 180), 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cohesion_and_alignment_follow_the_pseudocode),
        cmocka_unit_test(separation_ignores_ring_neighbors),
        cmocka_unit_test(box_test_and_range_boundaries_are_exclusive),
        cmocka_unit_test(edges_turn_by_turnfactor),
        cmocka_unit_test(predators_push_by_the_sign_of_the_summed_offset),
        cmocka_unit_test(predators_move_and_turn_only_at_edges),
        cmocka_unit_test(static_bias_is_a_weighted_average),
        cmocka_unit_test(dynamic_bias_grows_shrinks_and_clamps),
        cmocka_unit_test(speed_limits_scale_both_components),
        cmocka_unit_test(ambm_estimate_stays_within_its_bound),
        cmocka_unit_test(speed_limits_scale_to_the_target_on_any_heading),
        cmocka_unit_test(weighted_rules_keep_constant_speed_and_limit_turns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
