/* The Cornell rule set (reference pseudocode), one boid, in 32-bit fixed
 * point: 1 separation, alignment, cohesion; 2 edges; 3 predators; 4 scout
 * bias; 5 speed limits; 6 position. */
#include "flock.h"
#include "steering.h"

/* The separation push is saturated here, at +-4096 px/frame: it keeps the
 * velocity in progress below 2^29 (docs/fixed-point.md). */
#define SEPARATION_MAX ((int32_t)1 << 28)

/* separation_push for a sum of 4096 px or more: the two words of s g, with
 * the rounding's carry, saturated. */
static int32_t separation_push_wide(int32_t s, gain_t g)
{
    uint32_t lo = (uint32_t)s * (uint32_t)g + (1u << 14);
    int32_t hi = fx_mulhsu(s, (uint32_t)g) + (lo < (1u << 14));

    if (hi >= 1 << 11)
        return SEPARATION_MAX;
    if (hi < -(1 << 11))
        return -SEPARATION_MAX;
    return hi * (1 << 17) + (int32_t)(lo >> 15);
}

/* floor(sum r / 2^shift), 0 < shift < 32, from the two words of the product:
 * a sum's mean when r is the count's reciprocal. The result must fit. */
static inline int32_t mean_of(int32_t sum, uint32_t r, unsigned shift)
{
    uint32_t lo = (uint32_t)sum * r;
    uint32_t hi = (uint32_t)fx_mulhsu(sum, r);

    return fx_i32(hi << (32 - shift) | lo >> shift);
}

/* round(s g / 2^15), saturated: a separation sum (Q7 px) times avoidfactor,
 * in Q16 px/frame. Below 4096 px (nearly always) s 2^9 is a fine operand for
 * fx_mul_gain. */
static inline int32_t separation_push(int32_t s, gain_t g)
{
    if ((uint32_t)s + (1u << 19) < 1u << 20)
        return fx_mul_gain(s * 512, g);
    return separation_push_wide(s, g);
}

/* Step 1. The means come from one division, r = (2^32 - 1) / count, and two
 * words of sum * r each: the cohesion sums are Q7 offsets, the alignment sums
 * Q9 velocities, both means Q16 (docs/fixed-point.md). The sums hold offsets
 * (other - self) rather than positions, so the centre's offset is their mean. */
static void steer_by_neighbors(vec32_t *v, const boid_t *b, const neighbor_sums_t *s,
                               const flock_params_t *p)
{
    if (s->count > 0) {
        uint32_t r = 0xffffffffu / s->count;
        int32_t to_centre_x = mean_of(s->coh_x, r, 32 - NEIGHBOR_OFFSET_SHIFT);
        int32_t to_centre_y = mean_of(s->coh_y, r, 32 - NEIGHBOR_OFFSET_SHIFT);
        int32_t mean_vx = mean_of(s->ali_x, r, 32 - NEIGHBOR_VELOCITY_SHIFT);
        int32_t mean_vy = mean_of(s->ali_y, r, 32 - NEIGHBOR_VELOCITY_SHIFT);
        v->x += fx_mul_gain(to_centre_x, p->centeringfactor) +
                fx_mul_gain(mean_vx - b->vx, p->matchingfactor);
        v->y += fx_mul_gain(to_centre_y, p->centeringfactor) +
                fx_mul_gain(mean_vy - b->vy, p->matchingfactor);
    }
    v->x += separation_push(s->sep_x, p->avoidfactor);
    v->y += separation_push(s->sep_y, p->avoidfactor);
}

void flock_rules_cornell(boid_t *b, uint8_t role, gain_t *biasval, const neighbor_sums_t *s,
                         const boid_t *predators, uint32_t n_predators, const flock_params_t *p)
{
    vec32_t v = {b->vx, b->vy};

    steer_by_neighbors(&v, b, s, p);
    steer_edges(&v, b, p->turnfactor, p);
    steer_from_predators(&v, b, predators, n_predators, p);
    steer_bias(&v, role, biasval, p);
    b->vx = v.x;
    b->vy = v.y;
    /* the edges' turn again only where the speed rule needs it: the boid has
     * not moved yet */
    if (!speed_in_range(b, p))
        limit_speed_slow(b, edge_turn(b, p), p);
    move_boid(b);
}

void flock_move_predator(boid_t *pr, const flock_params_t *p)
{
    vec32_t v = {pr->vx, pr->vy};

    steer_edges(&v, pr, p->turnfactor, p);
    pr->vx = clamp_speed(v.x);
    pr->vy = clamp_speed(v.y);
    move_boid(pr);
}
