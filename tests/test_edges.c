/* A boid that reaches an edge turns back, whatever its heading: in both
 * models, both rule sets, at every edge and corner, from straight out (where
 * the speed rule used to undo the edge's braking every frame, docs/rules.md)
 * to nearly straight out. A lone boid with the default parameters never
 * leaves the world; the rule that makes it so is checked step by step. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "test_support.h"
#include "../host/flock_sim.h"

#define FRAMES 400 /* a boid at maxspeed turns within 30 frames; this is ample */

/* One boid from (x, y) with velocity (vx, vy): the farthest it gets beyond
 * the world's edges (px, negative inside) and whether, once it reached a
 * margin, it came back inside the margins. */
static double farthest_out(int model, int rules, int order, double x, double y, double vx,
                           double vy, int *back_inside)
{
    param_set_t ps;
    state_row_t row = {ROLE_BOID, x, y, vx, vy, 0};
    state_table_t t = {1, &row}, now;
    flock_sim_t s;
    char err[200];
    double worst = -1e300;
    unsigned f;
    int reached = 0;

    *back_inside = 0;
    params_defaults(&ps);
    ps.rules = rules;
    ps.order = order;
    assert_int_equal(flock_sim_open(&s, model, NEIGHBORS_BRUTE, &ps, &t, NULL, err, sizeof err), 0);
    for (f = 0; f < FRAMES; f++) {
        double d;
        assert_int_equal(flock_sim_step(&s, err, sizeof err), 0);
        assert_int_equal(flock_sim_table(&s, &now), 0);
        d = fmax(fmax(-now.row[0].x, now.row[0].x - ps.world_w),
                 fmax(-now.row[0].y, now.row[0].y - ps.world_h));
        worst = fmax(worst, d);
        if (now.row[0].x > ps.margin && now.row[0].x < ps.world_w - ps.margin &&
            now.row[0].y > ps.margin && now.row[0].y < ps.world_h - ps.margin)
            *back_inside |= reached;
        else
            reached = 1;
        state_table_free(&now);
    }
    flock_sim_close(&s);
    return worst;
}

/* Every edge and corner, headings straight out and a hair off it, at
 * minspeed and at maxspeed, in both models, rule sets and orders. */
static void a_lone_boid_turns_back_at_every_edge(void **state)
{
    static const double side[][4] = {
        /* x, y, outward direction: 10 px before the margins */
        {530, 240, 1, 0},  {110, 240, -1, 0}, {320, 370, 0, 1},  {320, 110, 0, -1},
        {530, 370, 1, 1},  {110, 110, -1, -1}, {530, 110, 1, -1}, {110, 370, -1, 1},
    };
    static const double speeds[] = {3, 6};
    static const double offsets[] = {0, 1.0 / 65536, 0.0001, 0.01};
    int model, rules, back;
    size_t e, s, o;
    double worst = -1e300;

    (void)state;
    for (model = MODEL_FIXED; model <= MODEL_FLOAT; model++)
        for (rules = RULES_CORNELL; rules <= RULES_WEIGHTED; rules++)
            for (e = 0; e < sizeof side / sizeof side[0]; e++)
                for (s = 0; s < 2; s++)
                    for (o = 0; o < 4; o++) {
                        double dx = side[e][2], dy = side[e][3], len = sqrt(dx * dx + dy * dy);
                        /* the offset is sideways to the heading */
                        double vx = (dx / len) * speeds[s] - (dy / len) * offsets[o];
                        double vy = (dy / len) * speeds[s] + (dx / len) * offsets[o];
                        double d = farthest_out(model, rules, ORDER_SEQUENTIAL, side[e][0],
                                                side[e][1], vx, vy, &back);
                        if (d > 0 || !back)
                            fail_msg("model %d rules %d from (%g, %g) v (%g, %g): %.2f px "
                                     "beyond the world, %s",
                                     model, rules, side[e][0], side[e][1], vx, vy, d,
                                     back ? "came back" : "never came back inside the margins");
                        worst = fmax(worst, d);
                    }
    printf("# lone boids: closest approach to the world's edge %.2f px inside\n", -worst);
}

/* The case: (500, 240) at (3, 0.0001) ran off to x = 6,500 in 2,000
 * frames in the fixed model. */
static void the_reported_escape_turns_back(void **state)
{
    int model, back;

    (void)state;
    for (model = MODEL_FIXED; model <= MODEL_FLOAT; model++) {
        double d = farthest_out(model, RULES_CORNELL, ORDER_SEQUENTIAL, 500, 240, 3, 0.0001,
                                &back);
        assert_true(d < 0);
        assert_true(back);
    }
}

/* The speed beside a held Q16 component. */
static double made_up(q16_t held, double target)
{
    double h = held / 65536.0;
    return sqrt(target * target - h * h);
}

/* The rule itself: below minspeed, braked on x and heading out, vx is held
 * and vy makes up the speed, keeping its sign or heading for the middle. */
static void braking_is_held_and_the_other_axis_makes_up_the_speed(void **state)
{
    param_set_t ps;
    flock_params_t p;
    boid_t b;
    edge_turn_t right = {-1, 0}, none = {0, 0}, corner = {-1, 1};

    (void)state;
    params_defaults(&ps);
    p = fixed_of(&ps);

    b = boid_px(600, 100, 2.8, 0); /* upper half: vy 0 heads down, to the middle */
    limit_speed(&b, right, &p);
    assert_int_equal(b.vx, boid_px(0, 0, 2.8, 0).vx);
    assert_q16_near(b.vy, made_up(b.vx, 3), 1);

    b = boid_px(600, 400, 2.8, 0); /* lower half: up */
    limit_speed(&b, right, &p);
    assert_q16_near(b.vy, -made_up(b.vx, 3), 1);

    b = boid_px(600, 100, 2.8, -0.5); /* a sign of its own: kept */
    limit_speed(&b, right, &p);
    assert_int_equal(b.vx, boid_px(0, 0, 2.8, 0).vx);
    assert_q16_near(b.vy, -made_up(b.vx, 3), 1);

    b = boid_px(600, 100, -2.8, 0); /* already heading back in: plain scaling */
    limit_speed(&b, right, &p);
    assert_q16_near(b.vx, -3, 1);
    assert_int_equal(b.vy, 0);

    b = boid_px(600, 100, 2.8, 0); /* no edge: plain scaling */
    limit_speed(&b, none, &p);
    assert_q16_near(b.vx, 3, 1);

    b = boid_px(600, 50, 2.0, -2.0); /* a corner: x held, y turns in */
    limit_speed(&b, corner, &p);
    assert_int_equal(b.vx, 2 * Q16_ONE);
    assert_q16_near(b.vy, made_up(b.vx, 3), 1);
}

/* Velocities stay within what a state file may hold, even where maxspeed
 * 64 and the alpha-max-plus-beta-min estimate overshoot it. */
static void speed_limits_keep_components_loadable(void **state)
{
    param_set_t ps;
    flock_params_t p;
    boid_t b;
    edge_turn_t none = {0, 0};
    int estimate;

    (void)state;
    params_defaults(&ps);
    ps.maxspeed = 64;
    ps.minspeed = 64;
    for (estimate = SPEED_EXACT; estimate <= SPEED_AMBM; estimate++) {
        ps.speed_estimate = estimate;
        p = fixed_of(&ps);
        b = boid_px(300, 200, 100, 0);
        limit_speed(&b, none, &p);
        assert_true(b.vx <= SPEED_MAX_PX * Q16_ONE);
        b = boid_px(300, 200, 0, -1);
        limit_speed(&b, none, &p);
        assert_true(b.vy >= -SPEED_MAX_PX * Q16_ONE);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(braking_is_held_and_the_other_axis_makes_up_the_speed),
        cmocka_unit_test(the_reported_escape_turns_back),
        cmocka_unit_test(a_lone_boid_turns_back_at_every_edge),
        cmocka_unit_test(speed_limits_keep_components_loadable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
