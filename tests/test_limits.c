/* Drives every accumulator and intermediate of docs/fixed-point.md to its
 * documented worst case at the largest flock the build allows. The 32-bit
 * sums must come out exact and the velocities saturated as documented; the
 * sanitizer build of this test turns any signed overflow into a failure. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "test_support.h"

/* Extreme parameters: the widest ranges and the strongest gains allowed. */
static param_set_t extreme_params(void)
{
    param_set_t ps;

    params_defaults(&ps);
    ps.world_w = ps.world_h = WORLD_MAX_PX;
    ps.visualrange = VISUALRANGE_MAX_PX;
    ps.protectedrange = VISUALRANGE_MAX_PX / 2.0;
    ps.centeringfactor = ps.avoidfactor = ps.matchingfactor = 1;
    ps.maxspeed = SPEED_MAX_PX;
    ps.minspeed = 0;
    ps.predatorrange = WORLD_MAX_PX;
    return ps;
}

/* Boid 0 at `self`, every other boid of BOIDS_MAX at self - offset. */
static boid_t *crowd(boid_t self, int64_t off_x, int64_t off_y, q16_t vx, q16_t vy)
{
    boid_t *b = malloc(BOIDS_MAX * sizeof *b);
    uint32_t i;

    assert_non_null(b);
    b[0] = self;
    for (i = 1; i < BOIDS_MAX; i++) {
        b[i].x = (q16_t)(self.x - off_x);
        b[i].y = (q16_t)(self.y - off_y);
        b[i].vx = vx;
        b[i].vy = vy;
    }
    return b;
}

static neighbor_sums_t query_first(const boid_t *b, const param_set_t *ps)
{
    flock_params_t p = fixed_of(ps);
    neighbor_query_t q = neighbor_query_make(&p);
    neighbors_brute_t ctx;
    neighbor_engine_t e = neighbors_brute_engine(&ctx);
    neighbor_sums_t s;

    assert_int_equal(e.begin(e.ctx, b, BOIDS_MAX, &q), 0);
    assert_int_equal(e.sums_one(e.ctx, 0, &s), 0);
    return s;
}

static void largest_separation_sum_fits_and_saturates_the_push(void **state)
{
    param_set_t ps = extreme_params();
    flock_params_t p = fixed_of(&ps);
    int32_t off = p.protectedrange - 1; /* just inside */
    boid_t self = boid_px(8000, 8000, 0, 0);
    boid_t *b = crowd(self, off, 0, 0, 0);
    neighbor_sums_t s = query_first(b, &ps);
    gain_t bias = 0;

    (void)state;
    /* 65535 terms of round(off / 2^9) = 16320: about 2^30 */
    assert_int_equal(s.sep_x, (int64_t)(BOIDS_MAX - 1) * neighbor_offset_term(off));
    assert_int_equal(s.count, 0);
    /* sep * avoidfactor saturates at 4096 px/frame, then the speed limit */
    flock_rules_cornell(&self, ROLE_SCOUT1, &bias, &s, NULL, 0, &p);
    assert_int_equal(self.vx, p.maxspeed);
    assert_int_equal(self.vy, 0);
    free(b);
}

static void largest_cohesion_and_alignment_sums_fit(void **state)
{
    param_set_t ps = extreme_params();
    flock_params_t p = fixed_of(&ps);
    int32_t off = p.visualrange - 1;
    q16_t v = -SPEED_MAX_PX * Q16_ONE;
    boid_t self = boid_px(8000, 8000, SPEED_MAX_PX, 0);
    boid_t *b = crowd(self, off, 0, v, v);
    neighbor_sums_t s = query_first(b, &ps);
    gain_t bias = 0;

    (void)state;
    assert_int_equal(s.count, BOIDS_MAX - 1);
    /* 65535 terms of 32640 and of -32768: -2^31 + 2^15 at the widest */
    assert_int_equal(s.coh_x, -(int64_t)(BOIDS_MAX - 1) * neighbor_offset_term(off));
    assert_int_equal(s.ali_x, -(int64_t)(BOIDS_MAX - 1) * 32768);
    assert_int_equal(s.ali_y, -(int64_t)(BOIDS_MAX - 1) * 32768);
    /* vx = 64 + (-255)*1 + (-64 - 64)*1 -> strongly left, clamped to 64 */
    flock_rules_cornell(&self, ROLE_BOID, &bias, &s, NULL, 0, &p);
    assert_true(self.vx < 0);
    assert_true(fabs(hypot(self.vx, self.vy) / Q16_ONE - SPEED_MAX_PX) < 1e-3);
    free(b);
}

static void weighted_sums_at_the_limit_give_unit_directions(void **state)
{
    param_set_t ps = extreme_params();
    flock_params_t p;
    boid_t self = boid_px(8000, 8000, 1, 0);
    boid_t *b;
    neighbor_sums_t s;
    gain_t bias = 0;
    int32_t ux = 3 * Q16_ONE, uy = 4 * Q16_ONE;

    (void)state;
    ps.rules = RULES_WEIGHTED;
    ps.cohesionweight = ps.alignmentweight = ps.separationweight = 64;
    p = fixed_of(&ps);
    b = crowd(self, 3 * Q16_ONE, 4 * Q16_ONE, SPEED_MAX_PX * Q16_ONE, -SPEED_MAX_PX * Q16_ONE);
    s = query_first(b, &ps);
    assert_int_equal(s.close_count, BOIDS_MAX - 1);
    /* each unit vector is (3/5, 4/5) in Q14 */
    assert_int_equal(fx_scale_to(&ux, &uy, NEIGHBOR_UNIT_ONE), 1);
    assert_int_equal(ux, 9830); /* 0.6 * 2^14 = 9830.4 */
    assert_int_equal(s.unit_x, (int64_t)(BOIDS_MAX - 1) * ux);
    assert_int_equal(s.unit_y, (int64_t)(BOIDS_MAX - 1) * uy);
    assert_int_equal(s.close_vx, (int64_t)(BOIDS_MAX - 1) * 32768);
    assert_int_equal(s.close_vy, -(int64_t)(BOIDS_MAX - 1) * 32768);
    flock_rules_weighted(&self, ROLE_BOID, &bias, &s, NULL, 0, &p);
    assert_true(fabs(hypot(self.vx, self.vy) / Q16_ONE - ps.speed) < 1e-3);
    free(b);
}

/* Every term of the Cornell rules at its bound at once, with the sums the
 * widest a flock gives (docs/fixed-point.md): the velocity in progress stays
 * below 2^29 (the sanitizer build fails on any overflow) and ends clamped. */
static void velocity_in_progress_stays_within_its_bound(void **state)
{
    param_set_t ps = extreme_params();
    flock_params_t p;
    static const int32_t signs[2] = {-1, 1};
    boid_t predators[PREDATORS_MAX];
    uint32_t k, i;

    (void)state;
    ps.turnfactor = ps.predatorturnfactor = SPEED_MAX_PX;
    ps.margin = WORLD_MAX_PX; /* every edge turns */
    ps.maxbias = 1;
    ps.dynamic_bias = 1;
    p = fixed_of(&ps);
    for (i = 0; i < 2; i++) {
        const int32_t sign = signs[i], widest = (int32_t)(BOIDS_MAX - 1) * 32768 * sign;
        neighbor_sums_t s = {widest, widest, -widest, -widest, widest, widest, BOIDS_MAX - 1,
                             0, 0, 0, 0, 0};
        boid_t self = {sign * POSITION_MAX, sign * POSITION_MAX, sign * SPEED_MAX_PX * Q16_ONE,
                       -sign * SPEED_MAX_PX * Q16_ONE};
        gain_t bias = GAIN_ONE;
        for (k = 0; k < PREDATORS_MAX; k++)
            predators[k] = (boid_t){self.x - sign * (p.predatorrange - 1), self.y, 0, 0};
        flock_rules_cornell(&self, ROLE_SCOUT2, &bias, &s, predators, PREDATORS_MAX, &p);
        assert_true(fx_uabs(self.vx) <= (uint32_t)SPEED_MAX_PX * Q16_ONE);
        assert_true(fx_uabs(self.vy) <= (uint32_t)SPEED_MAX_PX * Q16_ONE);
        assert_true(fabs(hypot(self.vx, self.vy) / Q16_ONE - SPEED_MAX_PX) < 1e-3);
    }
}

static void speed_limit_takes_the_largest_velocity_in_progress(void **state)
{
    param_set_t ps = extreme_params();
    flock_params_t p = fixed_of(&ps);
    const int32_t big = (1 << 29) - 1;
    boid_t b = {0, 0, -big, -big};

    (void)state;
    limit_speed(&b, (edge_turn_t){0, 0}, &p);
    assert_true(fabs(b.vx / (double)Q16_ONE + SPEED_MAX_PX / sqrt(2)) < 1e-4);
    assert_int_equal(b.vx, b.vy);
    b = (boid_t){0, 0, big, 1};
    limit_speed(&b, (edge_turn_t){0, 0}, &p);
    assert_int_equal(b.vx, SPEED_MAX_PX * Q16_ONE);
    assert_int_equal(b.vy, 0);
}

static void positions_saturate_instead_of_wrapping(void **state)
{
    boid_t b = {POSITION_MAX - 5, -POSITION_MAX + 5, SPEED_MAX_PX * Q16_ONE,
                -SPEED_MAX_PX * Q16_ONE};
    boid_t far[2] = {{POSITION_MAX, POSITION_MAX, 0, 0}, {-POSITION_MAX, -POSITION_MAX, 0, 0}};
    param_set_t ps = extreme_params();
    flock_params_t p = fixed_of(&ps);
    neighbor_query_t q = neighbor_query_make(&p);
    neighbors_brute_t ctx;
    neighbor_engine_t e = neighbors_brute_engine(&ctx);
    neighbor_sums_t s;

    (void)state;
    move_boid(&b);
    assert_int_equal(b.x, POSITION_MAX);
    assert_int_equal(b.y, -POSITION_MAX);
    /* the farthest apart two boids can be still square exactly: no neighbors */
    assert_int_equal(e.begin(e.ctx, far, 2, &q), 0);
    assert_int_equal(e.sums_one(e.ctx, 0, &s), 0);
    assert_int_equal(s.count, 0);
    assert_int_equal(s.sep_x, 0);
}

static void most_predators_at_the_widest_range(void **state)
{
    param_set_t ps = extreme_params();
    flock_params_t p = fixed_of(&ps);
    boid_t predators[PREDATORS_MAX];
    boid_t self = boid_px(8000, 8000, 0, 0); /* away from the margins */
    gain_t bias = 0;
    uint32_t k;

    (void)state;
    for (k = 0; k < PREDATORS_MAX; k++) /* all at 0.707 of the range, up and right */
        predators[k] = (boid_t){self.x + p.predatorrange / 2, self.y - p.predatorrange / 2, 0, 0};
    flock_rules_cornell(&self, ROLE_BOID, &bias, &(neighbor_sums_t){0}, predators,
                        PREDATORS_MAX, &p);
    /* pushed left and down, each by predatorturnfactor (0.5) */
    assert_int_equal(self.vx, -p.predatorturnfactor);
    assert_int_equal(self.vy, p.predatorturnfactor);
}

static void grid_handles_the_whole_flock_in_one_cell(void **state)
{
    param_set_t ps = extreme_params();
    flock_params_t p = fixed_of(&ps);
    neighbor_query_t q = neighbor_query_make(&p);
    boid_t *b = malloc(BOIDS_MAX * sizeof *b);
    void *mem = malloc(neighbors_grid_bytes(BOIDS_MAX));
    neighbors_grid_t g;
    neighbors_brute_t br;
    neighbor_engine_t eg, eb = neighbors_brute_engine(&br);
    uint64_t rng = 1;
    uint32_t i;

    (void)state;
    assert_non_null(b);
    assert_non_null(mem);
    for (i = 0; i < BOIDS_MAX; i++)
        b[i] = boid_px(100 + 200 * rng_unit(&rng), 100 + 200 * rng_unit(&rng), 1, 1);
    neighbors_grid_init(&g, BOIDS_MAX, mem);
    eg = neighbors_grid_engine(&g);
    assert_int_equal(eg.begin(eg.ctx, b, BOIDS_MAX, &q), 0);
    assert_int_equal(eb.begin(eb.ctx, b, BOIDS_MAX, &q), 0);
    for (i = 0; i < BOIDS_MAX; i += BOIDS_MAX / 4 - 1) {
        neighbor_sums_t sg, sb;
        assert_int_equal(eg.sums_one(eg.ctx, i, &sg), 0);
        assert_int_equal(eb.sums_one(eb.ctx, i, &sb), 0);
        assert_true(sb.count > 1000);
        assert_memory_equal(&sg, &sb, sizeof sg);
    }
    free(mem);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(largest_separation_sum_fits_and_saturates_the_push),
        cmocka_unit_test(largest_cohesion_and_alignment_sums_fit),
        cmocka_unit_test(weighted_sums_at_the_limit_give_unit_directions),
        cmocka_unit_test(velocity_in_progress_stays_within_its_bound),
        cmocka_unit_test(speed_limit_takes_the_largest_velocity_in_progress),
        cmocka_unit_test(positions_saturate_instead_of_wrapping),
        cmocka_unit_test(most_predators_at_the_widest_range),
        cmocka_unit_test(grid_handles_the_whole_flock_in_one_cell),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
