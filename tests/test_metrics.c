/* Tests of the flock metrics (host/metrics.c) and of the double-precision
 * reference model (host/float_model.c). Every float_step expectation is worked
 * out by hand in the comment beside it, from the reference rules.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "boid.h"
#include "flock_params.h"
#include "float_model.h"
#include "metrics.h"
#include "params.h"

#define TOL 1e-12

/* cmocka 1.1 compares only floats; this reports both doubles on failure. */
#define assert_near(actual, expected, tolerance)                                                    \
    do {                                                                                            \
        double actual_ = (actual), expected_ = (expected);                                          \
        if (!(fabs(actual_ - expected_) <= (tolerance)))                                            \
            fail_msg("%s = %.17g, expected %.17g (tolerance %g)", #actual, actual_, expected_,     \
                     (double)(tolerance));                                                          \
    } while (0)

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* The reference documents' values, set here one by one (not params_defaults())
 * so these tests state every number they depend on. */
static void reference_params(param_set_t *p)
{
    p->world_w = 640;
    p->world_h = 480;
    p->margin = 100;
    p->turnfactor = 0.2;
    p->visualrange = 40;
    p->protectedrange = 8;
    p->centeringfactor = 0.0005;
    p->avoidfactor = 0.05;
    p->matchingfactor = 0.05;
    p->maxspeed = 6;
    p->minspeed = 3;
    p->predatorturnfactor = 0.5;
    p->predatorrange = 100;
    p->maxbias = 0.01;
    p->bias_increment = 0.00004;
    p->biasval = 0.001;
    p->cohesionweight = 0.05;
    p->alignmentweight = 0.05;
    p->separationweight = 0.1;
    p->speed = 4;
    p->maxturn = 180;
    p->dynamic_bias = 0;
    p->rules = RULES_CORNELL;
    p->order = ORDER_SEQUENTIAL;
    p->speed_estimate = SPEED_EXACT;
}

static fboid_t boid_at(double x, double y, double vx, double vy)
{
    fboid_t b = {x, y, vx, vy, 0.001, ROLE_BOID};
    return b;
}

static fboid_t scout_at(double x, double y, double vx, double vy, int role, double biasval)
{
    fboid_t b = {x, y, vx, vy, biasval, role};
    return b;
}

/* Steps boids[0..n) with predators[0..n_predators) once, in place. */
static void step(fboid_t *boids, size_t n, fboid_t *predators, size_t n_predators, const param_set_t *p)
{
    fflock_t f = {n, boids, n_predators, predators};
    float_step(&f, p);
}

static void assert_boid(const fboid_t *b, double x, double y, double vx, double vy)
{
    assert_near(b->x, x, TOL);
    assert_near(b->y, y, TOL);
    assert_near(b->vx, vx, TOL);
    assert_near(b->vy, vy, TOL);
}

/* Centre boid at (320, 240) moving (4, 0) plus one other boid at the given offset
 * with the same velocity, so alignment adds nothing: returns the centre boid. */
static fboid_t centre_with_one_other(double dx, double dy)
{
    param_set_t p;
    reference_params(&p);
    fboid_t b[2] = {boid_at(320, 240, 4, 0), boid_at(320 + dx, 240 + dy, 4, 0)};
    step(b, 2, NULL, 0, &p);
    return b[0];
}

/* A lone boid at (320, 240) moving (4, 0), with one resting predator at (px, py). */
static fboid_t lone_boid_with_predator(double px, double py)
{
    param_set_t p;
    reference_params(&p);
    fboid_t b = boid_at(320, 240, 4, 0);
    fboid_t predator = boid_at(px, py, 0, 0);
    step(&b, 1, &predator, 1, &p);
    return b;
}

static fboid_t lone_boid_step(fboid_t b, const param_set_t *p)
{
    step(&b, 1, NULL, 0, p);
    return b;
}

/* ------------------------------------------------------------------------ */
/* Cornell rules                                                            */
/* ------------------------------------------------------------------------ */

static void test_cornell_cohesion_and_alignment(void **state)
{
    (void)state;
    param_set_t p;
    reference_params(&p);
    /* Three neighbours 20, 20 and sqrt(500) = 22.4 px away: all visible, none protected. */
    fboid_t b[4] = {boid_at(320, 240, 3, 0), boid_at(340, 240, 5, 1), boid_at(320, 260, 3, 3),
                    boid_at(300, 250, 4, -1)};
    step(b, 4, NULL, 0, &p);
    /* xpos_avg = (340+320+300)/3 = 320, ypos_avg = (240+260+250)/3 = 250
     * xvel_avg = (5+3+4)/3 = 4,        yvel_avg = (1+3-1)/3 = 1
     * vx = 3 + (320-320)*0.0005 + (4-3)*0.05 = 3.05
     * vy = 0 + (250-240)*0.0005 + (1-0)*0.05 = 0.055
     * speed = 3.0505 lies in [3, 6]; x = 320 + 3.05, y = 240 + 0.055 */
    assert_boid(&b[0], 323.05, 240.055, 3.05, 0.055);
}

static void test_cornell_separation(void **state)
{
    (void)state;
    param_set_t p;
    reference_params(&p);
    /* 5, 3 apart: d^2 = 34 < 8^2, so protected. */
    fboid_t b[2] = {boid_at(320, 240, 4, 0), boid_at(325, 243, 4, 0)};
    step(b, 2, NULL, 0, &p);
    /* close = (320-325, 240-243) = (-5, -3); no visible neighbours
     * vx = 4 + (-5)*0.05 = 3.75, vy = 0 + (-3)*0.05 = -0.15; speed 3.753 in range */
    assert_boid(&b[0], 323.75, 239.85, 3.75, -0.15);
    /* Boid 1 sees boid 0's new position (sequential):
     * close = (325-323.75, 243-239.85) = (1.25, 3.15); d^2 = 11.485 < 64
     * vx = 4 + 1.25*0.05 = 4.0625, vy = 0 + 3.15*0.05 = 0.1575 */
    assert_boid(&b[1], 329.0625, 243.1575, 4.0625, 0.1575);
}

static void test_cornell_coincident_boid_is_protected_not_visible(void **state)
{
    (void)state;
    param_set_t p;
    reference_params(&p);
    fboid_t b[3] = {boid_at(320, 240, 4, 0), boid_at(320, 240, 0, 4), boid_at(340, 240, 4, 0)};
    step(b, 3, NULL, 0, &p);
    /* Boid 1 (d^2 = 0 < 64) adds (0, 0) to close; only boid 2 is a visible neighbour:
     * vx = 4 + (340-320)*0.0005 + (4-4)*0.05 + 0*0.05 = 4.01
     * vy = 0 + (240-240)*0.0005 + (0-0)*0.05 + 0*0.05 = 0
     * (had boid 1 been averaged in, yvel_avg = 2 would give vy = 0.1) */
    assert_boid(&b[0], 324.01, 240, 4.01, 0);
}

static void test_cornell_visual_range_is_a_circle(void **state)
{
    (void)state;
    fboid_t b;
    /* dx = dy = 30: inside the 40 px box but d = 42.4 > 40: ignored, v stays (4, 0). */
    b = centre_with_one_other(30, 30);
    assert_boid(&b, 324, 240, 4, 0);
    /* dx = dy = 39: inside the box, d = 55.2: ignored. */
    b = centre_with_one_other(39, 39);
    assert_boid(&b, 324, 240, 4, 0);
    /* dx = 24, dy = 32: inside the box, d^2 = 576 + 1024 = 1600 is not < 1600: ignored. */
    b = centre_with_one_other(24, 32);
    assert_boid(&b, 324, 240, 4, 0);
    /* dx = 40: |dx| < 40 fails (and d^2 = 1600 is not < 1600): ignored. */
    b = centre_with_one_other(40, 0);
    assert_boid(&b, 324, 240, 4, 0);
    /* dx = 39, dy = 0: visible. vx = 4 + 39*0.0005 = 4.0195 */
    b = centre_with_one_other(39, 0);
    assert_boid(&b, 324.0195, 240, 4.0195, 0);
    /* dx = 30, dy = 20: d = 36.1, visible. vx = 4 + 30*0.0005 = 4.015, vy = 20*0.0005 = 0.01 */
    b = centre_with_one_other(30, 20);
    assert_boid(&b, 324.015, 240.01, 4.015, 0.01);
}

static void test_cornell_protected_range_boundary(void **state)
{
    (void)state;
    fboid_t b;
    /* d = 8: d^2 = 64 is not < 64, so visible. vx = 4 + 8*0.0005 = 4.004 */
    b = centre_with_one_other(8, 0);
    assert_boid(&b, 324.004, 240, 4.004, 0);
    /* d = 7: protected. vx = 4 + (320-327)*0.05 = 3.65 */
    b = centre_with_one_other(7, 0);
    assert_boid(&b, 323.65, 240, 3.65, 0);
}

static void test_cornell_edges(void **state)
{
    (void)state;
    param_set_t p;
    reference_params(&p);
    fboid_t b;
    /* Margins: x < 100, x > 640-100 = 540, y < 100, y > 480-100 = 380. */
    b = lone_boid_step(boid_at(50, 240, 4, 0), &p); /* left: vx = 4 + 0.2 */
    assert_boid(&b, 54.2, 240, 4.2, 0);
    b = lone_boid_step(boid_at(600, 240, 4, 0), &p); /* right: vx = 4 - 0.2 */
    assert_boid(&b, 603.8, 240, 3.8, 0);
    b = lone_boid_step(boid_at(320, 50, 4, 0), &p); /* top: vy = 0 + 0.2 */
    assert_boid(&b, 324, 50.2, 4, 0.2);
    b = lone_boid_step(boid_at(320, 450, 4, 0), &p); /* bottom: vy = 0 - 0.2 */
    assert_boid(&b, 324, 449.8, 4, -0.2);
    b = lone_boid_step(boid_at(50, 450, 4, 0), &p); /* bottom-left corner: both */
    assert_boid(&b, 54.2, 449.8, 4.2, -0.2);
    /* On the margin lines (100, 540 / 100, 380) the strict tests do not turn. */
    b = lone_boid_step(boid_at(100, 100, 4, 0), &p);
    assert_boid(&b, 104, 100, 4, 0);
    b = lone_boid_step(boid_at(540, 380, 4, 0), &p);
    assert_boid(&b, 544, 380, 4, 0);
}

static void test_cornell_predator_on_each_side(void **state)
{
    (void)state;
    fboid_t b;
    /* Predator right of the boid: predator_dx = 320-370 = -50 < 0, vx = 4 - 0.5 */
    b = lone_boid_with_predator(370, 240);
    assert_boid(&b, 323.5, 240, 3.5, 0);
    /* Left: predator_dx = +50, vx = 4 + 0.5 */
    b = lone_boid_with_predator(270, 240);
    assert_boid(&b, 324.5, 240, 4.5, 0);
    /* Below (y down): predator_dy = 240-290 = -50, vy = 0 - 0.5; speed 4.03 */
    b = lone_boid_with_predator(320, 290);
    assert_boid(&b, 324, 239.5, 4, -0.5);
    /* Above: predator_dy = +50, vy = 0 + 0.5 */
    b = lone_boid_with_predator(320, 190);
    assert_boid(&b, 324, 240.5, 4, 0.5);
    /* Diagonal, d^2 = 70^2 + 70^2 = 9800 < 10000: both turns. */
    b = lone_boid_with_predator(390, 310);
    assert_boid(&b, 323.5, 239.5, 3.5, -0.5);
    /* |dx| = 100 is not < predatorrange: no turn. */
    b = lone_boid_with_predator(420, 240);
    assert_boid(&b, 324, 240, 4, 0);
    /* dx = dy = -75: in the box, d = 106 > 100: no turn. */
    b = lone_boid_with_predator(395, 315);
    assert_boid(&b, 324, 240, 4, 0);
    /* dx = -60, dy = -80: in the box, d^2 = 3600 + 6400 = 10000 is not < 10000: no turn. */
    b = lone_boid_with_predator(380, 320);
    assert_boid(&b, 324, 240, 4, 0);
}

static void test_cornell_predators_sum_their_offsets(void **state)
{
    (void)state;
    param_set_t p;
    reference_params(&p);
    fboid_t b = boid_at(320, 240, 4, 0);
    /* predator_dx = (320-370) + (320-270) = 0: no x turn at all. */
    fboid_t balanced[2] = {boid_at(370, 240, 0, 0), boid_at(270, 240, 0, 0)};
    step(&b, 1, balanced, 2, &p);
    assert_boid(&b, 324, 240, 4, 0);

    /* predator_dx = -50 + 70 = 20 > 0: one turn of +0.5, not one per predator. */
    b = boid_at(320, 240, 4, 0);
    fboid_t unbalanced[2] = {boid_at(370, 240, 0, 0), boid_at(250, 240, 0, 0)};
    step(&b, 1, unbalanced, 2, &p);
    assert_boid(&b, 324.5, 240, 4.5, 0);
}

static void test_boids_see_predators_where_they_started(void **state)
{
    (void)state;
    param_set_t p;
    reference_params(&p);
    /* At the start the predator is 101 px away (out of range); it moves to 411 after
     * the flock, which would be in range had it moved first. */
    fboid_t b = boid_at(320, 240, 4, 0);
    fboid_t predator = boid_at(421, 240, -10, 0);
    step(&b, 1, &predator, 1, &p);
    assert_boid(&b, 324, 240, 4, 0);
    assert_boid(&predator, 411, 240, -10, 0);
}

static void test_predators_move_only_by_edges(void **state)
{
    (void)state;
    param_set_t p;
    reference_params(&p);
    fboid_t b = boid_at(55, 240, 4, 0);
    fboid_t predators[2] = {boid_at(50, 240, 2, 1), boid_at(320, 240, 10, 0)};
    step(&b, 1, predators, 2, &p);
    /* Predator 0 ignores the boid 5 px away and only turns at the left edge:
     * vx = 2 + 0.2 = 2.2, position (50 + 2.2, 240 + 1). */
    assert_boid(&predators[0], 52.2, 241, 2.2, 1);
    /* Predator 1, speed 10 > maxspeed, is not limited: (320 + 10, 240). */
    assert_boid(&predators[1], 330, 240, 10, 0);
    /* The boid: left edge +0.2 and predator 0 on its left (dx = +5) +0.5:
     * vx = 4 + 0.2 + 0.5 = 4.7 (predator 1 is 265 px away). */
    assert_boid(&b, 59.7, 240, 4.7, 0);
}

static void test_cornell_scouts_static_bias(void **state)
{
    (void)state;
    param_set_t p;
    reference_params(&p);
    fboid_t b;
    /* scout1: vx = (1-0.001)*4 + 0.001*1 = 3.996 + 0.001 = 3.997; biasval unchanged */
    b = lone_boid_step(scout_at(320, 240, 4, 0, ROLE_SCOUT1, 0.001), &p);
    assert_boid(&b, 323.997, 240, 3.997, 0);
    assert_near(b.biasval, 0.001, TOL);
    /* scout2: vx = (1-0.001)*4 + 0.001*(-1) = 3.996 - 0.001 = 3.995 */
    b = lone_boid_step(scout_at(320, 240, 4, 0, ROLE_SCOUT2, 0.001), &p);
    assert_boid(&b, 323.995, 240, 3.995, 0);
    /* Each scout has its own biasval: vx = 0.99*4 + 0.01 = 3.97 */
    b = lone_boid_step(scout_at(320, 240, 4, 0, ROLE_SCOUT1, 0.01), &p);
    assert_boid(&b, 323.97, 240, 3.97, 0);
    /* A plain boid keeps vx = 4 whatever its biasval. */
    b = lone_boid_step(scout_at(320, 240, 4, 0, ROLE_BOID, 0.5), &p);
    assert_boid(&b, 324, 240, 4, 0);
}

static void test_cornell_scouts_dynamic_bias(void **state)
{
    (void)state;
    param_set_t p;
    reference_params(&p);
    p.dynamic_bias = 1;
    fboid_t b;
    /* scout1 heading right: biasval = min(0.01, 0.001 + 0.00004) = 0.00104
     * vx = (1-0.00104)*4 + 0.00104 = 3.99584 + 0.00104 = 3.99688 */
    b = lone_boid_step(scout_at(320, 240, 4, 0, ROLE_SCOUT1, 0.001), &p);
    assert_near(b.biasval, 0.00104, TOL);
    assert_boid(&b, 323.99688, 240, 3.99688, 0);
    /* Clamped at maxbias: min(0.01, 0.00999 + 0.00004) = 0.01; vx = 0.99*4 + 0.01 = 3.97 */
    b = lone_boid_step(scout_at(320, 240, 4, 0, ROLE_SCOUT1, 0.00999), &p);
    assert_near(b.biasval, 0.01, TOL);
    assert_boid(&b, 323.97, 240, 3.97, 0);
    /* scout1 heading left, clamped at bias_increment: max(0.00004, 0.00005 - 0.00004) = 0.00004
     * vx = (1-0.00004)*(-4) + 0.00004 = -3.99984 + 0.00004 = -3.9998 */
    b = lone_boid_step(scout_at(320, 240, -4, 0, ROLE_SCOUT1, 0.00005), &p);
    assert_near(b.biasval, 0.00004, TOL);
    assert_boid(&b, 316.0002, 240, -3.9998, 0);
    /* scout2 heading right (the wrong way): biasval = max(0.00004, 0.001 - 0.00004) = 0.00096
     * vx = (1-0.00096)*4 - 0.00096 = 3.99616 - 0.00096 = 3.9952 */
    b = lone_boid_step(scout_at(320, 240, 4, 0, ROLE_SCOUT2, 0.001), &p);
    assert_near(b.biasval, 0.00096, TOL);
    assert_boid(&b, 323.9952, 240, 3.9952, 0);
    /* scout2 heading left: biasval = 0.00104; vx = (1-0.00104)*(-4) - 0.00104 = -3.99688 */
    b = lone_boid_step(scout_at(320, 240, -4, 0, ROLE_SCOUT2, 0.001), &p);
    assert_near(b.biasval, 0.00104, TOL);
    assert_boid(&b, 316.00312, 240, -3.99688, 0);
    /* scout1 with vx = 0 is not heading right: biasval = 0.001 - 0.00004 = 0.00096
     * vx = (1-0.00096)*0 + 0.00096 = 0.00096; |v| = 4.0000001 in range */
    b = lone_boid_step(scout_at(320, 240, 0, 4, ROLE_SCOUT1, 0.001), &p);
    assert_near(b.biasval, 0.00096, TOL);
    assert_boid(&b, 320.00096, 244, 0.00096, 4);
    /* A plain boid's biasval is left alone. */
    b = lone_boid_step(scout_at(320, 240, 4, 0, ROLE_BOID, 0.001), &p);
    assert_near(b.biasval, 0.001, TOL);
}

static void test_cornell_speed_limits(void **state)
{
    (void)state;
    param_set_t p;
    reference_params(&p);
    fboid_t b;
    /* Too slow: speed sqrt(2) < 3, v = (1, 1)/sqrt(2)*3 = (2.1213..., 2.1213...) */
    b = lone_boid_step(boid_at(320, 240, 1, 1), &p);
    assert_boid(&b, 320 + 3 / sqrt(2.0), 240 + 3 / sqrt(2.0), 3 / sqrt(2.0), 3 / sqrt(2.0));
    /* Too fast: speed 10 > 6, v = (6, 8)/10*6 = (3.6, 4.8) */
    b = lone_boid_step(boid_at(320, 240, 6, 8), &p);
    assert_boid(&b, 323.6, 244.8, 3.6, 4.8);
    /* At rest: no direction, so the project's rule gives (minspeed, 0) = (3, 0). */
    b = lone_boid_step(boid_at(320, 240, 0, 0), &p);
    assert_boid(&b, 323, 240, 3, 0);
    /* In range: untouched, (3, 4) has speed 5. */
    b = lone_boid_step(boid_at(320, 240, 3, 4), &p);
    assert_boid(&b, 323, 244, 3, 4);
}

static void test_sequential_and_synchronous_orders_differ(void **state)
{
    (void)state;
    param_set_t p;
    reference_params(&p);
    /* Boid 0 (updated first) sees boid 1's start state in both orders:
     * vx = 4 + (340-320)*0.0005 + (0-4)*0.05 = 4 + 0.01 - 0.2 = 3.81
     * vy = 0 + (240-240)*0.0005 + (4-0)*0.05 = 0.2 */
    fboid_t seq[2] = {boid_at(320, 240, 4, 0), boid_at(340, 240, 0, 4)};
    step(seq, 2, NULL, 0, &p);
    assert_boid(&seq[0], 323.81, 240.2, 3.81, 0.2);
    /* Sequential: boid 1 sees boid 0 already at (323.81, 240.2) moving (3.81, 0.2):
     * vx = 0 + (323.81-340)*0.0005 + (3.81-0)*0.05 = -0.008095 + 0.1905 = 0.182405
     * vy = 4 + (240.2-240)*0.0005 + (0.2-4)*0.05 = 4 + 0.0001 - 0.19 = 3.8101 */
    assert_boid(&seq[1], 340.182405, 243.8101, 0.182405, 3.8101);

    p.order = ORDER_SYNCHRONOUS;
    fboid_t sync[2] = {boid_at(320, 240, 4, 0), boid_at(340, 240, 0, 4)};
    step(sync, 2, NULL, 0, &p);
    assert_boid(&sync[0], 323.81, 240.2, 3.81, 0.2);
    /* Synchronous: boid 1 sees boid 0 at its start, (320, 240) moving (4, 0):
     * vx = 0 + (320-340)*0.0005 + (4-0)*0.05 = -0.01 + 0.2 = 0.19
     * vy = 4 + 0 + (0-4)*0.05 = 3.8 */
    assert_boid(&sync[1], 340.19, 243.8, 0.19, 3.8);
}

/* ------------------------------------------------------------------------ */
/* Weighted rules                                                           */
/* ------------------------------------------------------------------------ */

static void weighted_params(param_set_t *p)
{
    reference_params(p);
    p->rules = RULES_WEIGHTED;
}

static void test_weighted_separation_along_the_line(void **state)
{
    (void)state;
    param_set_t p;
    weighted_params(&p);
    p.cohesionweight = 0;
    p.alignmentweight = 0;
    /* The other boid 5 px below: S = (320-320, 240-245)/5 = (0, -1), already unit. */
    fboid_t b[2] = {boid_at(320, 240, 4, 0), boid_at(320, 245, 4, 0)};
    step(b, 2, NULL, 0, &p);
    /* v = (4, 0) + 0.1*(0, -1) = (4, -0.1); the boid moves with it to (324, 239.9),
     * then v is scaled to speed 4: (4, -0.1) * 4/sqrt(16.01) */
    double scale = 4 / sqrt(16.01);
    assert_boid(&b[0], 324, 239.9, 4 * scale, -0.1 * scale);

    /* Two protected neighbours, 4 px below and 6 px right: each adds a unit vector,
     * S = (0, -4)/4 + (-6, 0)/6 = (-1, -1), normalized to (-1/sqrt2, -1/sqrt2).
     * v = (4 - 0.1/sqrt2, -0.1/sqrt2), then scaled to speed 4. */
    fboid_t c[3] = {boid_at(320, 240, 4, 0), boid_at(320, 244, 4, 0), boid_at(326, 240, 4, 0)};
    step(c, 3, NULL, 0, &p);
    double push = 0.1 / sqrt(2.0);
    double vx = 4 - push, vy = -push;
    scale = 4 / sqrt(vx * vx + vy * vy);
    assert_boid(&c[0], 320 + vx, 240 + vy, vx * scale, vy * scale);
}

static void test_weighted_all_rules_and_constant_speed(void **state)
{
    (void)state;
    param_set_t p;
    weighted_params(&p);
    fboid_t b[2] = {boid_at(320, 240, 4, 0), boid_at(320, 245, 4, 0)};
    step(b, 2, NULL, 0, &p);
    /* C = (0, 5) -> (0, 1); A = (4, 0) -> (1, 0); S = (0, -1)
     * v = (4 + 0.05*0 + 0.05*1 + 0.1*0, 0 + 0.05*1 + 0.05*0 + 0.1*(-1)) = (4.05, -0.05)
     * position (324.05, 239.95), then v * 4/sqrt(4.05^2 + 0.05^2) = 4/sqrt(16.405) */
    double scale = 4 / sqrt(16.405);
    assert_boid(&b[0], 324.05, 239.95, 4.05 * scale, -0.05 * scale);
    assert_near(sqrt(b[0].vx * b[0].vx + b[0].vy * b[0].vy), 4, TOL);
}

static void test_weighted_sums_are_normalized(void **state)
{
    (void)state;
    param_set_t p;
    weighted_params(&p);
    /* Two neighbours 20 px away (no separation):
     * C = (20, 0) + (0, 20) = (20, 20) -> (1/sqrt2, 1/sqrt2); A = (0, 8) -> (0, 1) */
    fboid_t b[3] = {boid_at(320, 240, 4, 0), boid_at(340, 240, 0, 4), boid_at(320, 260, 0, 4)};
    step(b, 3, NULL, 0, &p);
    double c = 0.05 / sqrt(2.0);
    double vx = 4 + c, vy = c + 0.05; /* v = (4 + 0.05/sqrt2, 0.05/sqrt2 + 0.05*1) */
    double scale = 4 / sqrt(vx * vx + vy * vy);
    assert_boid(&b[0], 320 + vx, 240 + vy, vx * scale, vy * scale);
}

static void test_weighted_coincident_boid_adds_no_separation(void **state)
{
    (void)state;
    param_set_t p;
    weighted_params(&p);
    fboid_t b[2] = {boid_at(320, 240, 4, 0), boid_at(320, 240, 0, 4)};
    step(b, 2, NULL, 0, &p);
    /* d = 0: no separation term; C = (0, 0) stays zero; A = (0, 4) -> (0, 1)
     * v = (4, 0.05), position (324, 240.05), then v * 4/sqrt(16.0025) */
    double scale = 4 / sqrt(16.0025);
    assert_boid(&b[0], 324, 240.05, 4 * scale, 0.05 * scale);
}

static void test_weighted_lone_boid_constant_speed(void **state)
{
    (void)state;
    param_set_t p;
    weighted_params(&p);
    fboid_t b;
    /* No rule applies: moves by (3, 4), then |v| = 5 is scaled to 4: (2.4, 3.2) */
    b = lone_boid_step(boid_at(320, 240, 3, 4), &p);
    assert_boid(&b, 323, 244, 2.4, 3.2);
    /* At rest with no old heading: stays put, then v = (speed, 0) = (4, 0) */
    b = lone_boid_step(boid_at(320, 240, 0, 0), &p);
    assert_boid(&b, 320, 240, 4, 0);
}

static void test_weighted_zero_velocity_keeps_old_heading(void **state)
{
    (void)state;
    param_set_t p;
    weighted_params(&p);
    fboid_t b = boid_at(320, 240, 0.5, 0.5);
    fboid_t predator = boid_at(370, 290, 0, 0);
    step(&b, 1, &predator, 1, &p);
    /* Predator right and below: v = (0.5 - 0.5, 0.5 - 0.5) = (0, 0), so the boid does
     * not move; v = old heading (1/sqrt2, 1/sqrt2) * 4 = (2*sqrt2, 2*sqrt2) */
    assert_boid(&b, 320, 240, 2 * sqrt(2.0), 2 * sqrt(2.0));
}

static void test_weighted_turn_limit(void **state)
{
    (void)state;
    param_set_t p;
    weighted_params(&p);
    fboid_t predator = boid_at(370, 290, 0, 0);
    fboid_t b;

    /* Predator right and below: v = (0.5 - 0.5, 0 - 0.5) = (0, -0.5), a 90 degree turn
     * (cross = 0.5*(-0.5) - 0*0 < 0, clockwise on the screen). Position (320, 239.5).
     * maxturn 180: unlimited, v = (0, -4). */
    b = boid_at(320, 240, 0.5, 0);
    step(&b, 1, &predator, 1, &p);
    assert_boid(&b, 320, 239.5, 0, -4);

    /* maxturn 30: old heading (1, 0) rotated by -30 degrees, times 4:
     * (cos 30, -sin 30) * 4 = (2*sqrt(3), -2) */
    p.maxturn = 30;
    b = boid_at(320, 240, 0.5, 0);
    predator = boid_at(370, 290, 0, 0);
    step(&b, 1, &predator, 1, &p);
    assert_boid(&b, 320, 239.5, 2 * sqrt(3.0), -2);

    /* Exactly opposite: predator right, v = (0.25 - 0.5, 0) = (-0.25, 0), cross = 0:
     * the positive rotation, (cos 30, sin 30) * 4 = (2*sqrt(3), 2). Position 319.75. */
    b = boid_at(320, 240, 0.25, 0);
    predator = boid_at(370, 240, 0, 0);
    step(&b, 1, &predator, 1, &p);
    assert_boid(&b, 319.75, 240, 2 * sqrt(3.0), 2);

    /* A small turn is within maxturn 30: only the speed changes. Predator below:
     * v = (4, 0 - 0.5), a turn of atan(0.5/4) = 7.1 degrees; position (324, 239.5),
     * v = (4, -0.5) * 4/sqrt(16.25) */
    b = boid_at(320, 240, 4, 0);
    predator = boid_at(320, 290, 0, 0);
    step(&b, 1, &predator, 1, &p);
    double scale = 4 / sqrt(16.25);
    assert_boid(&b, 324, 239.5, 4 * scale, -0.5 * scale);

    /* The same 7.125 degree turn against maxturn 8 (not limited) and 7 (limited to
     * old heading (1, 0) rotated by -7 degrees, times 4). */
    p.maxturn = 8;
    b = boid_at(320, 240, 4, 0);
    step(&b, 1, &predator, 1, &p);
    assert_boid(&b, 324, 239.5, 4 * scale, -0.5 * scale);
    p.maxturn = 7;
    b = boid_at(320, 240, 4, 0);
    step(&b, 1, &predator, 1, &p);
    double seven_degrees = 7 * 3.14159265358979323846 / 180;
    assert_boid(&b, 324, 239.5, 4 * cos(seven_degrees), -4 * sin(seven_degrees));
}

/* ------------------------------------------------------------------------ */
/* Metrics on hand-made inputs                                              */
/* ------------------------------------------------------------------------ */

/* Fills m with a value no metric can produce, so every field must be written. */
static void poison(flock_metrics_t *m)
{
    m->polarization = m->mean_nn = m->mean_speed = m->cx = m->cy = -123.0;
}

static void test_metrics_aligned_flock(void **state)
{
    (void)state;
    double x[4] = {0, 10, 20, 30}, y[4] = {0, 0, 5, 5};
    double vx[4] = {1, 2, 3, 0.5}, vy[4] = {2, 4, 6, 1}; /* all along (1, 2) */
    flock_metrics_t m;
    poison(&m);
    assert_int_equal(metrics_compute(x, y, vx, vy, 4, &m), 0);
    assert_near(m.polarization, 1, TOL);
    /* speeds sqrt(5) * (1 + 2 + 3 + 0.5) / 4 */
    assert_near(m.mean_speed, sqrt(5.0) * 6.5 / 4, TOL);
    assert_near(m.cx, 15, TOL);
    assert_near(m.cy, 2.5, TOL);
    /* nearest: 0 -> 1 (10), 1 -> 0 (10), 2 -> 3 (10), 3 -> 2 (10) */
    assert_near(m.mean_nn, 10, TOL);
}

static void test_metrics_opposite_pairs(void **state)
{
    (void)state;
    double x[5] = {0, 1, 2, 3, 4}, y[5] = {0, 0, 0, 0, 0};
    double vx[5] = {3, -3, 0, 0, 0}, vy[5] = {0, 0, 2, -2, 0};
    flock_metrics_t m;
    poison(&m);
    assert_int_equal(metrics_compute(x, y, vx, vy, 5, &m), 0);
    /* Unit vectors cancel in pairs; the boid at rest is left out of the mean. */
    assert_near(m.polarization, 0, TOL);
    assert_near(m.mean_speed, (3 + 3 + 2 + 2 + 0) / 5.0, TOL);
    assert_near(m.cx, 2, TOL);
    assert_near(m.cy, 0, TOL);
    assert_near(m.mean_nn, 1, TOL);
}

static void test_metrics_boids_at_rest_are_skipped_in_polarization(void **state)
{
    (void)state;
    double x[3] = {0, 5, 9}, y[3] = {0, 0, 0};
    double vx[3] = {1, 2, 0}, vy[3] = {0, 0, 0};
    flock_metrics_t m;
    poison(&m);
    assert_int_equal(metrics_compute(x, y, vx, vy, 3, &m), 0);
    assert_near(m.polarization, 1, TOL); /* not 2/3: the resting boid has no heading */
    assert_near(m.mean_speed, 1, TOL);
    assert_near(m.mean_nn, (5 + 4 + 4) / 3.0, TOL);

    double still[3] = {0, 0, 0};
    poison(&m);
    assert_int_equal(metrics_compute(x, y, still, still, 3, &m), 0);
    assert_near(m.polarization, 0, TOL);
    assert_near(m.mean_speed, 0, TOL);
}

static void test_metrics_square_lattice(void **state)
{
    (void)state;
    enum { COLS = 20, ROWS = 15, N = COLS * ROWS };
    double x[N], y[N], v[N];
    for (int i = 0; i < N; i++) {
        x[i] = 10.0 * (i % COLS);
        y[i] = 10.0 * (i / COLS);
        v[i] = 1;
    }
    flock_metrics_t m;
    poison(&m);
    assert_int_equal(metrics_compute(x, y, v, v, N, &m), 0);
    assert_near(m.mean_nn, 10, TOL);
    assert_near(m.cx, 95, TOL); /* mean of 0, 10, ..., 190 */
    assert_near(m.cy, 70, TOL); /* mean of 0, 10, ..., 140 */
    assert_near(m.polarization, 1, TOL);
    assert_near(m.mean_speed, sqrt(2.0), TOL);
}

static void test_metrics_points_on_a_line(void **state)
{
    (void)state;
    double along[5] = {0, 1, 3, 6, 10}, level[5] = {7, 7, 7, 7, 7}, v[5] = {1, 1, 1, 1, 1};
    flock_metrics_t m;
    /* nearest: 1, 1, 2, 3, 4 */
    poison(&m);
    assert_int_equal(metrics_compute(along, level, v, v, 5, &m), 0);
    assert_near(m.mean_nn, 11 / 5.0, TOL);
    poison(&m);
    assert_int_equal(metrics_compute(level, along, v, v, 5, &m), 0);
    assert_near(m.mean_nn, 11 / 5.0, TOL);
}

static void test_metrics_single_boid(void **state)
{
    (void)state;
    double x = 12, y = 34, vx = 0, vy = -2;
    flock_metrics_t m;
    poison(&m);
    assert_int_equal(metrics_compute(&x, &y, &vx, &vy, 1, &m), 0);
    assert_near(m.mean_nn, 0, TOL);
    assert_near(m.polarization, 1, TOL);
    assert_near(m.mean_speed, 2, TOL);
    assert_near(m.cx, 12, TOL);
    assert_near(m.cy, 34, TOL);
}

static void test_metrics_empty_flock(void **state)
{
    (void)state;
    flock_metrics_t m;
    poison(&m);
    assert_int_equal(metrics_compute(NULL, NULL, NULL, NULL, 0, &m), 0);
    assert_near(m.polarization, 0, 0);
    assert_near(m.mean_nn, 0, 0);
    assert_near(m.mean_speed, 0, 0);
    assert_near(m.cx, 0, 0);
    assert_near(m.cy, 0, 0);
}

static void test_metrics_coincident_points(void **state)
{
    (void)state;
    enum { N = 5000 };
    double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), *v = malloc(N * sizeof *v);
    assert_non_null(x);
    assert_non_null(y);
    assert_non_null(v);
    for (int i = 0; i < N; i++) {
        x[i] = 300.5;
        y[i] = 200.25;
        v[i] = 1;
    }
    flock_metrics_t m;
    poison(&m);
    assert_int_equal(metrics_compute(x, y, v, v, N, &m), 0);
    assert_near(m.mean_nn, 0, 0);
    assert_near(m.cx, 300.5, 1e-9);

    /* Two piles 30 px apart: still 0 for everyone. */
    for (int i = 0; i < N / 2; i++)
        x[i] = 330.5;
    poison(&m);
    assert_int_equal(metrics_compute(x, y, v, v, N, &m), 0);
    assert_near(m.mean_nn, 0, 0);

    /* Two points only, at (0, 0) and (3, 4). */
    double px[2] = {0, 3}, py[2] = {0, 4};
    poison(&m);
    assert_int_equal(metrics_compute(px, py, v, v, 2, &m), 0);
    assert_near(m.mean_nn, 5, TOL);
    free(x);
    free(y);
    free(v);
}

static void test_metrics_non_finite_position(void **state)
{
    (void)state;
    double x[3] = {0, 1, NAN}, y[3] = {0, 0, 0}, v[3] = {1, 1, 1};
    flock_metrics_t m;
    poison(&m);
    assert_int_equal(metrics_compute(x, y, v, v, 3, &m), 0);
    assert_true(isnan(m.mean_nn));
}

/* ------------------------------------------------------------------------ */
/* Metrics: grid search against brute force                                 */
/* ------------------------------------------------------------------------ */

/* splitmix64: small, portable, reproducible across platforms. */
static uint64_t next_random(uint64_t *seed)
{
    uint64_t z = (*seed += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static double uniform(uint64_t *seed)
{
    return (double)(next_random(seed) >> 11) * (1.0 / 9007199254740992.0);
}

/* Roughly normal (sum of four uniforms), mean 0, standard deviation about 1. */
static double bell(uint64_t *seed)
{
    return (uniform(seed) + uniform(seed) + uniform(seed) + uniform(seed) - 2.0) * sqrt(3.0);
}

static double brute_force_mean_nn(const double *x, const double *y, size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        double best2 = INFINITY;
        for (size_t j = 0; j < n; j++) {
            if (j == i)
                continue;
            double dx = x[i] - x[j], dy = y[i] - y[j];
            double d2 = dx * dx + dy * dy;
            if (d2 < best2)
                best2 = d2;
        }
        sum += sqrt(best2);
    }
    return sum / (double)n;
}

enum layout { UNIFORM, CLUSTERED, INTEGER_DUPLICATES, WITH_FAR_OUTLIERS, THIN_STRIP };

static void fill_points(double *x, double *y, size_t n, enum layout layout, uint64_t seed)
{
    double centre_x[5], centre_y[5];
    for (int c = 0; c < 5; c++) {
        centre_x[c] = 640 * uniform(&seed);
        centre_y[c] = 480 * uniform(&seed);
    }
    for (size_t i = 0; i < n; i++) {
        switch (layout) {
        case UNIFORM:
            x[i] = 640 * uniform(&seed);
            y[i] = 480 * uniform(&seed);
            break;
        case CLUSTERED: {
            int c = (int)(next_random(&seed) % 5);
            x[i] = centre_x[c] + 15 * bell(&seed);
            y[i] = centre_y[c] + 15 * bell(&seed);
            break;
        }
        case INTEGER_DUPLICATES: /* 1200 boids on 30 x 20 integer sites: many ties and zeros */
            x[i] = (double)(next_random(&seed) % 30);
            y[i] = (double)(next_random(&seed) % 20);
            break;
        case WITH_FAR_OUTLIERS: /* a dense flock plus a few boids 1e9 px away */
            if (i % 500 == 0) {
                x[i] = 1e9 * (uniform(&seed) - 0.5);
                y[i] = -1e9 * uniform(&seed);
            } else {
                x[i] = 100 * uniform(&seed);
                y[i] = 100 * uniform(&seed);
            }
            break;
        case THIN_STRIP: /* 5000 px long, 0.01 px tall */
            x[i] = 5000 * uniform(&seed);
            y[i] = 0.01 * uniform(&seed);
            break;
        }
    }
}

static void check_against_brute_force(enum layout layout, size_t n, uint64_t seed)
{
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *v = calloc(n, sizeof *v);
    assert_non_null(x);
    assert_non_null(y);
    assert_non_null(v);
    fill_points(x, y, n, layout, seed);
    flock_metrics_t m;
    poison(&m);
    assert_int_equal(metrics_compute(x, y, v, v, n, &m), 0);
    double expected = brute_force_mean_nn(x, y, n);
    if (!(fabs(m.mean_nn - expected) <= 1e-9))
        fail_msg("layout %d seed %llu: mean_nn %.17g, brute force %.17g", (int)layout,
                 (unsigned long long)seed, m.mean_nn, expected);
    free(x);
    free(y);
    free(v);
}

static void test_metrics_nn_uniform_matches_brute_force(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++)
        check_against_brute_force(UNIFORM, 3000, seed);
    check_against_brute_force(UNIFORM, 2, 9);
    check_against_brute_force(UNIFORM, 3, 10);
    check_against_brute_force(UNIFORM, 17, 11);
}

static void test_metrics_nn_clustered_matches_brute_force(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++)
        check_against_brute_force(CLUSTERED, 3000, seed);
}

static void test_metrics_nn_awkward_layouts_match_brute_force(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        check_against_brute_force(INTEGER_DUPLICATES, 1200, seed);
        check_against_brute_force(WITH_FAR_OUTLIERS, 3000, seed);
        check_against_brute_force(THIN_STRIP, 3000, seed);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cornell_cohesion_and_alignment),
        cmocka_unit_test(test_cornell_separation),
        cmocka_unit_test(test_cornell_coincident_boid_is_protected_not_visible),
        cmocka_unit_test(test_cornell_visual_range_is_a_circle),
        cmocka_unit_test(test_cornell_protected_range_boundary),
        cmocka_unit_test(test_cornell_edges),
        cmocka_unit_test(test_cornell_predator_on_each_side),
        cmocka_unit_test(test_cornell_predators_sum_their_offsets),
        cmocka_unit_test(test_boids_see_predators_where_they_started),
        cmocka_unit_test(test_predators_move_only_by_edges),
        cmocka_unit_test(test_cornell_scouts_static_bias),
        cmocka_unit_test(test_cornell_scouts_dynamic_bias),
        cmocka_unit_test(test_cornell_speed_limits),
        cmocka_unit_test(test_sequential_and_synchronous_orders_differ),
        cmocka_unit_test(test_weighted_separation_along_the_line),
        cmocka_unit_test(test_weighted_all_rules_and_constant_speed),
        cmocka_unit_test(test_weighted_sums_are_normalized),
        cmocka_unit_test(test_weighted_coincident_boid_adds_no_separation),
        cmocka_unit_test(test_weighted_lone_boid_constant_speed),
        cmocka_unit_test(test_weighted_zero_velocity_keeps_old_heading),
        cmocka_unit_test(test_weighted_turn_limit),
        cmocka_unit_test(test_metrics_aligned_flock),
        cmocka_unit_test(test_metrics_opposite_pairs),
        cmocka_unit_test(test_metrics_boids_at_rest_are_skipped_in_polarization),
        cmocka_unit_test(test_metrics_square_lattice),
        cmocka_unit_test(test_metrics_points_on_a_line),
        cmocka_unit_test(test_metrics_single_boid),
        cmocka_unit_test(test_metrics_empty_flock),
        cmocka_unit_test(test_metrics_coincident_points),
        cmocka_unit_test(test_metrics_non_finite_position),
        cmocka_unit_test(test_metrics_nn_uniform_matches_brute_force),
        cmocka_unit_test(test_metrics_nn_clustered_matches_brute_force),
        cmocka_unit_test(test_metrics_nn_awkward_layouts_match_brute_force),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
