/* Small helpers shared by the cmocka tests: parameter sets, scenes, flocks. */
#ifndef TEST_SUPPORT_H
#define TEST_SUPPORT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "../firmware/flock.h"
#include "../host/flock_state.h"
#include "../host/params.h"
#include "../host/scene.h"
#include "../firmware/neighbors_brute.h"
#include "../firmware/neighbors_grid.h"
#include "../firmware/steering.h"

/* Reference defaults with no edges, no speed limits: rules in isolation. */
static inline param_set_t isolated_params(void)
{
    param_set_t ps;

    params_defaults(&ps);
    ps.margin = 0;
    ps.minspeed = 0;
    ps.maxspeed = 64;
    return ps;
}

static inline flock_params_t fixed_of(const param_set_t *ps)
{
    flock_params_t p;

    params_to_fixed(ps, &p);
    return p;
}

static inline boid_t boid_px(double x, double y, double vx, double vy)
{
    boid_t b = {(q16_t)(x * Q16_ONE), (q16_t)(y * Q16_ONE), (q16_t)(vx * Q16_ONE),
                (q16_t)(vy * Q16_ONE)};
    return b;
}

/* |fixed - expected px| within lsb steps of 2^-16. */
#define assert_q16_near(fixed, px, lsb)                                                           \
    assert_true(fabs((double)(fixed) / Q16_ONE - (px)) <= (lsb) / 65536.0 + 1e-12)

static inline state_table_t random_scene(uint32_t boids, uint32_t predators, uint32_t scouts1,
                                         uint32_t scouts2, double w, double h, uint64_t seed)
{
    scene_spec_t s = {boids, predators, scouts1, scouts2, 0.001, 0.002, w, h, 3, 6, seed};
    state_table_t t = {0, NULL};

    assert_int_equal(scene_random(&s, &t), 0);
    return t;
}

#endif
